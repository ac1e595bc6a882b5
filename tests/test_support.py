"""What the project says about itself is true: the Python versions it claims, its version number,
its licences and its Binder environment."""

import re
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

import adversarial

try:
    import tomllib
except ImportError:                 # Python 3.10 (make test-pythons): its backport, from requirements-pythons.txt
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
CANDIDATES = [f"3.{minor}" for minor in range(8, 16)]


def locked(path, python="3.11.0"):
    """{name: version} of a lock file's entries that apply on Linux with this Python (hashes skipped)."""
    env = {"python_full_version": python, "python_version": python.rsplit(".", 1)[0], "sys_platform": "linux",
           "platform_system": "Linux", "os_name": "posix", "implementation_name": "cpython",
           "platform_python_implementation": "CPython", "platform_machine": "x86_64"}
    found = {}
    for line in (ROOT / path).read_text().splitlines():
        line = line.split("#")[0].strip().rstrip("\\").strip()
        if line and not line.startswith("-"):
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate(env):
                found[req.name.lower()] = str(req.specifier).lstrip("=")
    return found


pins = locked


def _installed(name):
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def supports(name, python):
    spec = metadata.metadata(name).get("Requires-Python")
    return not spec or SpecifierSet(spec).contains(python)


def test_requires_python_is_the_librarys_own_floor():
    """The library's dependencies reach further back; its own code needs 3.10 (tests/test_install.py
    installs and runs it on a real 3.10 where one is found)."""
    core = [Requirement(r).name for r in PYPROJECT["dependencies"]]
    assert PYPROJECT["requires-python"] == ">=3.10"
    assert all(supports(name, "3.10.0") for name in core)


def test_make_checks_for_the_python_the_lessons_lock_needs():
    """Every entry of the lessons' lock that applies on 3.11.0 supports 3.11.0 (checked on those installed
    here), some need 3.11 (ipykernel, matplotlib), and tools/check_python.py asks exactly for 3.11."""
    if _installed("ipykernel") is None:
        pytest.skip("the library's own environment (make test-pythons: requirements-pythons.txt), not the lessons")
    applies = {n: v for n, v in locked("requirements-lessons.txt", "3.11.0").items() if _installed(n) == v}
    assert not [n for n in applies if not supports(n, "3.11.0")]
    assert [n for n in applies if not supports(n, "3.10.99")]
    needed = re.search(r"NEEDED = \((\d+), (\d+)\)", (ROOT / "tools" / "check_python.py").read_text())
    assert (needed.group(1), needed.group(2)) == ("3", "11")


def test_the_readme_claims_the_same_pythons():
    readme = (ROOT / "README.md").read_text()
    lessons = re.search(r"Python (3\.\d+) or newer", readme)
    library = re.search(r"library alone runs on Python (3\.\d+)", readme)
    assert lessons and lessons.group(1) == "3.11"
    assert library and f">={library.group(1)}" == PYPROJECT["requires-python"]


def test_the_locks_are_what_is_installed_and_agree():
    if _installed("jupyterlab") is None:
        pytest.skip("the library's own environment (make test-pythons: requirements-pythons.txt), not the full lock")
    full, lessons = locked("requirements.txt", "3.11.7"), locked("requirements-lessons.txt", "3.11.7")
    assert all(full.get(name) == version for name, version in lessons.items())
    text = (ROOT / "requirements.txt").read_text()
    assert all(f"{name}=={version}" in text for name, version in lessons.items())
    for name in ("jupyterlab", "ipywidgets", "matplotlib", "pytest", "graphviz-pure", "playwright"):
        assert _installed(name) == full[name], f"{name}: locked {full[name]}, installed {_installed(name)}"


def test_every_locked_distribution_has_hashes():
    for lock in ("requirements.txt", "requirements-lessons.txt"):
        blocks = re.split(r"\n(?=[a-z0-9])", (ROOT / lock).read_text().split("\n", 2)[2])
        assert blocks and all("--hash=sha256:" in block for block in blocks if "==" in block), lock


def test_binder_is_light_and_uses_the_lessons_lock():
    assert "-r ../requirements-lessons.txt" in (ROOT / "binder" / "requirements.txt").read_text()
    tools = {"pytest", "hypothesis", "playwright", "nbval", "ruff", "sphinx"}
    assert not tools & set(locked("requirements-lessons.txt"))
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert SpecifierSet(">=3.11").contains(runtime.removeprefix("python-") + ".0")
    assert "jupyter trust" in (ROOT / "binder" / "postBuild").read_text()


def test_one_version_everywhere():
    version = adversarial.__version__
    assert PYPROJECT["dynamic"] == ["version"]
    assert re.search(r"^version: (\S+)$", (ROOT / "CITATION.cff").read_text(), re.M).group(1) == version
    assert re.search(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M).group(1) == version


def test_licences_are_there():
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert "CC BY 4.0" in (ROOT / "LICENSE-lessons").read_text()
    assert PYPROJECT["license"] == "MIT"            # the code's; the README, the package's description, is CC BY,
    assert PYPROJECT["license-files"] == ["LICENSE", "LICENSE-lessons"]     # so both licences ship (issue 43)


def test_the_cs188_data_keeps_its_notice_verbatim_and_the_readme_says_what_each_licence_covers():
    notice = (ROOT / "tests" / "data" / "cs188" / "NOTICE").read_text()
    assert ("Licensing Information:  You are free to use or extend these projects for\n"
            "educational purposes provided that (1) you do not distribute or publish\n"
            "solutions, (2) you retain this notice, and (3) you provide clear\n"
            "attribution to UC Berkeley, including a link to http://ai.berkeley.edu.\n") in notice
    assert "Attribution Information: The Pacman AI projects were developed at UC Berkeley." in notice
    licences = (ROOT / "README.md").read_text().split("## Licences", 1)[1].split("\n## ", 1)[0]
    for part in ("MIT", "CC BY 4.0", "tests/data/cs188/NOTICE", "description on the package index"):
        assert part in licences, part


def _python(code):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)


def test_a_pure_search_loads_no_widgets_drawing_or_plots():
    done = _python("import sys, adversarial\n"
                   "adversarial.alphabeta(adversarial.tree([[1, 2], [3]]))\n"
                   "print(sorted(m for m in ('IPython', 'ipywidgets', 'graphviz', 'matplotlib') if m in sys.modules))")
    assert done.stdout.strip() == "[]", done.stderr
    done = _python("import adversarial\nprint(adversarial.draw.__module__, adversarial.Stepper.__module__)")
    assert done.stdout.split() == ["adversarial.drawing.render", "adversarial.widgets.stepper"], done.stderr


def test_plots_without_matplotlib_show_numbers_and_say_which_extra_to_install():
    done = _python("import sys\nsys.modules['matplotlib'] = None\nimport adversarial.plots as p\n"
                   "from adversarial.experiments import leaf_counts\n"
                   "print(repr(p.plot_leaves(leaf_counts([2], [2, 3], seeds=(0, 1)), 2)))")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("matplotlib is not available here: pip install 'adversarial-search-lessons[plots]'")
    assert "the chart's numbers" in done.stdout


def test_ci_tests_the_library_on_every_python_the_package_claims():
    """`.ci/run` runs the README's `make test`, then `make test-pythons` on the other claimed Pythons, where a
    missing one is an error; elsewhere it is skipped with a message."""
    import subprocess
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test\n" in ci and "ADVERSARIAL_PYTHONS=required make test-pythons" in ci
    assert ci.index("make test\n") < ci.index("make test-pythons")
    claimed = {c.split(":: ")[-1] for c in PYPROJECT["classifiers"]
               if c.startswith("Programming Language :: Python :: 3.")}
    tested = set(re.search(r"^PYTHONS \?= (.*)$", (ROOT / "Makefile").read_text(), re.M).group(1).split())
    assert tested | {"3.11"} == claimed
    script = ROOT / "tools" / "test_pythons.sh"
    skipped = subprocess.run([str(script)], env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "PYTHONS": "3.99"},
                             capture_output=True, text=True, cwd=ROOT)
    assert skipped.returncode == 0 and "SKIPPED Python 3.99" in skipped.stdout
    assert "pyenv install 3.99" in skipped.stdout
    required = subprocess.run([str(script)], env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent", "PYTHONS": "3.99",
                                                  "ADVERSARIAL_PYTHONS": "required"}, capture_output=True, text=True,
                              cwd=ROOT)
    assert required.returncode == 1 and "Python 3.99 not found" in required.stderr
