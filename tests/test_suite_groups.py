"""How `make test` splits the suite over pytest-xdist's processes (root conftest.py's ``group`` and ``cost``):
what shares a kernel, a server or a build lands in one process, what shares nothing spreads out, and the
long units are handed out first."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("_root_conftest", ROOT / "conftest.py")
root_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(root_conftest)
group, cost, COST = root_conftest.group, root_conftest.cost, root_conftest.COST
JUPYTERLAB, JUPYTERLAB_FILES = root_conftest.JUPYTERLAB, root_conftest.JUPYTERLAB_FILES


def test_a_notebooks_cells_share_one_unit_and_notebooks_are_apart():
    assert group("notebooks/01_minimax_by_hand.ipynb::Cell 0") == group("notebooks/01_minimax_by_hand.ipynb::Cell 9")
    assert group("notebooks/01_minimax_by_hand.ipynb::Cell 0") != group("notebooks/02_alphabeta_by_hand.ipynb::Cell 0")


def test_a_files_tests_share_one_unit():
    assert group("tests/test_site.py::test_page_shows_its_drawings[00_start_here]") == \
        group("tests/test_site.py::test_the_contents_page_lists_every_notebook")
    assert group("tests/test_site.py::test_x") != group("tests/test_properties.py::test_x")


def test_the_in_browser_editions_tests_share_one_build():
    lite = {group("tests/e2e/test_lite.py::test_notebook_runs_in_the_browser[00_start_here.ipynb]"),
            group("tests/e2e/test_lite.py::test_the_lock_serves_our_packages_from_the_site")}
    assert len(lite) == 1 and lite != {group("tests/e2e/test_jupyterlab.py::test_x")}


def test_the_jupyterlab_files_are_one_unit_and_the_in_browser_edition_another():
    """They share one Chromium and one JupyterLab page (tests/e2e/conftest.py), which needs them run one after the
    other in one process; every e2e file that opens JupyterLab is listed."""
    units = {group(f"{path}::test_x") for path in JUPYTERLAB_FILES}
    assert units == {JUPYTERLAB} and group("tests/e2e/test_lite.py::test_x") != JUPYTERLAB
    opening = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "e2e").glob("test_*.py")
               if re.search(r"\b(open_notebook|run_cells)\(", p.read_text())}
    assert opening == set(JUPYTERLAB_FILES)


def test_the_install_tests_spread_one_by_one():
    assert group("tests/test_install.py::test_a") != group("tests/test_install.py::test_b")


def test_long_units_cost_more_than_many_quick_tests():
    assert min(cost(JUPYTERLAB, 30), cost("tests/e2e/test_lite.py", 20)) > cost("tests/x.py", 500)
    assert cost("tests/x.py", 50) > cost("tests/y.py", 5)


def test_every_unit_named_in_cost_exists():
    """A renamed file or test would otherwise silently lose its place at the front of the queue."""
    for unit in COST:
        if unit == JUPYTERLAB:
            assert all((ROOT / path).exists() for path in JUPYTERLAB_FILES)
            continue
        path, _, test = unit.partition("::")
        assert (ROOT / path).exists(), f"COST names {path}, which does not exist"
        if test:
            assert re.search(rf"def {re.escape(test)}\(", (ROOT / path).read_text()), f"COST names {unit}"


def test_every_test_the_quick_loop_leaves_out_exists():
    """`make check` leaves out tests/conftest.py's SLOW: a renamed test would silently come back into it."""
    from tests.conftest import SLOW
    for prefix in SLOW:
        path, _, name = prefix.partition("::")
        assert re.search(rf"def {re.escape(name)}", (ROOT / path).read_text()), f"SLOW names {prefix}"


def test_the_hub_course_is_one_unit_and_goes_out_early():
    """tests/test_hub.py starts one JupyterHub for all its tests: they must share one process."""
    assert group("tests/test_hub.py::test_a") == group("tests/test_hub.py::test_b") == "tests/test_hub.py"
    assert cost("tests/test_hub.py", 6) > cost("tests/x.py", 300)
