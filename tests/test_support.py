"""What the project says about itself is true: the Python versions it claims, its version number,
its licences and its Binder environment."""

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

import adversarial

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
CANDIDATES = [f"3.{minor}" for minor in range(8, 16)]


def pins(path):
    found = {}
    for line in (ROOT / path).read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            req = Requirement(line)
            found[req.name.lower()] = str(req.specifier).lstrip("=")
    return found


def oldest_python_the_pins_install_on():
    """The oldest 3.x every pinned distribution (as installed here) says it supports."""
    allowed = set(CANDIDATES)
    for name in pins("requirements.txt"):
        spec = metadata.metadata(name).get("Requires-Python")
        if spec:
            allowed &= {v for v in CANDIDATES if SpecifierSet(spec).contains(v + ".0")}
    return min(allowed, key=lambda v: int(v.split(".")[1]))


def test_requires_python_is_what_the_pins_install_on():
    oldest = oldest_python_the_pins_install_on()
    assert PYPROJECT["requires-python"] == f">={oldest}"


def test_the_readme_claims_the_same_python():
    claim = re.search(r"Python (3\.\d+) or newer", (ROOT / "README.md").read_text())
    assert claim and f">={claim.group(1)}" == PYPROJECT["requires-python"]


def test_the_pins_are_what_is_installed():
    for name, version in pins("requirements.txt").items():
        assert metadata.version(name) == version, f"{name}: pinned {version}, installed {metadata.version(name)}"


def test_binder_is_light_and_agrees_with_the_pins():
    binder, full = pins("binder/requirements.txt"), pins("requirements.txt")
    assert not {"pytest", "hypothesis", "playwright", "nbval", "ruff"} & set(binder)
    assert all(full[name] == version for name, version in binder.items())
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()
    assert SpecifierSet(PYPROJECT["requires-python"]).contains(runtime.removeprefix("python-") + ".0")
    assert "jupyter trust" in (ROOT / "binder" / "postBuild").read_text()


def test_one_version_everywhere():
    version = adversarial.__version__
    assert PYPROJECT["dynamic"] == ["version"]
    assert re.search(r"^version: (\S+)$", (ROOT / "CITATION.cff").read_text(), re.M).group(1) == version
    assert re.search(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(), re.M).group(1) == version


def test_licences_are_there():
    assert "MIT License" in (ROOT / "LICENSE").read_text()
    assert "CC BY 4.0" in (ROOT / "LICENSE-lessons").read_text()
