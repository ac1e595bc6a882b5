# Two commands do everything: `make lab` (set up, open the notebooks) and
# `make test` (set up, run every test). Both create .venv on first use and are
# quick when nothing changed.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
LESSONS_STAMP := $(VENV)/.lessons-installed
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: setup lab test test-e2e test-fast test-pythons test-properties check lint notebooks solutions student html clean lock dist

# Both environments come from lock files with hashes (one source of truth: pyproject.toml's ranges,
# resolved by `make lock`): requirements-lessons.txt for the lessons (make lab), requirements.txt for
# everything (make test); requirements-setup.txt pins uv, which installs them. The package itself is
# installed editable on top, without dependencies.
setup: $(STAMP)

# uv installs the lock files (pip would do the same, in about four times as long: 90 s against 20 s here,
# downloads and byte-compiling included). uv itself comes from its own lock file, with its hash.
$(VENV)/bin/python:
	@$(PYTHON) tools/check_python.py
	tools/make_venv.sh $(PYTHON) $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q --require-hashes -r requirements-setup.txt
UV_INSTALL = $(BIN)/uv pip install -q --python $(BIN)/python

# Every package is byte-compiled as it is installed: without it, every process, kernel and hand-in compiled the
# same modules again wherever Python may not write them back (PYTHONDONTWRITEBYTECODE, the grading kernel):
# make test took longer, not shorter (pip's --no-compile, tried: benchmarks/RESULTS.md).
$(STAMP): requirements.txt pyproject.toml | $(VENV)/bin/python
	$(UV_INSTALL) --require-hashes --compile-bytecode -r requirements.txt
	$(UV_INSTALL) --no-deps -e .
	$(BIN)/python -m compileall -q adversarial tools    # the editable package too (every kernel imports it)
	$(BIN)/python tools/font_cache.py    # matplotlib's font cache, built afresh for this matplotlib (see there)
	$(BIN)/python tools/publish/make_lite.py --move-kernel-extension-aside  # out of the lessons' JupyterLab
	@touch $(STAMP) $(LESSONS_STAMP)

$(LESSONS_STAMP): requirements-lessons.txt pyproject.toml | $(VENV)/bin/python
	$(UV_INSTALL) --require-hashes --compile-bytecode -r requirements-lessons.txt
	$(UV_INSTALL) --no-deps -e .
	$(BIN)/python tools/font_cache.py
	@touch $(LESSONS_STAMP)

# Re-resolve both lock files from pyproject.toml (keeping today's versions where they still fit;
# `make lock UPGRADE=1` takes the newest). uv (requirements-setup.in, pinned) resolves in seconds.
lock: | $(VENV)/bin/python
	$(BIN)/uv pip compile -q --no-header --generate-hashes --universal --no-annotate requirements-setup.in -o requirements-setup.txt
	$(BIN)/uv pip compile -q pyproject.toml --extra lessons --group pyproject.toml:lab $(LOCK_FLAGS) -o requirements-lessons.txt
	$(BIN)/uv pip compile -q pyproject.toml --all-extras --group pyproject.toml:lab --group pyproject.toml:test --group pyproject.toml:grading --group pyproject.toml:publish $(LOCK_FLAGS) -o requirements.txt
	$(BIN)/uv pip compile -q pyproject.toml --extra plots --extra keys --group pyproject.toml:library-test $(subst 3.11,3.10,$(LOCK_FLAGS)) -o requirements-pythons.txt
LOCK_FLAGS = --generate-hashes --universal --python-version 3.11 --no-annotate --custom-compile-command "make lock" $(if $(UPGRADE),--upgrade,)

# The distributions a course would publish: sdist, then the wheel built from it (so nothing stale in
# the tree ships), both checked by twine. Publish with: .venv/bin/python -m twine upload dist/*
dist: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build -q --outdir dist .
	$(BIN)/python -m twine check --strict dist/*

# JupyterLab shows stored drawings and widgets only in notebooks it trusts: sign ours first.
# jupytext is installed, so saving a notebook in JupyterLab writes both its .ipynb and its .md.
lab: $(LESSONS_STAMP)
	$(BIN)/jupyter trust notebooks/*.ipynb
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/00_start_here.ipynb

# Everything: the linter, every notebook pair in sync, package tests, nbval on every notebook (whose run of each
# check also runs its worked answer, which must pass: the solutions edition), the site and the in-browser edition, and
# the browser tests when a Chromium is available (installed here where possible; otherwise they skip and say
# why). pytest-xdist spreads the tests over JOBS processes (conftest.py keeps together what must share one: a
# notebook's cells, a test file's server or build); --durations lists the ten slowest.
JOBS ?= 2
PYTEST_PARALLEL = $(if $(filter-out 0 1,$(JOBS)),-n $(JOBS) --dist loadgroup,)
test: $(STAMP)
	$(BIN)/ruff check adversarial tests tools benchmarks notebooks
	$(BIN)/python tools/notebooks.py check
	@tools/install_browser.sh
	$(BIN)/python -m pytest $(PYTEST_PARALLEL) --durations=10 -m "not other_pythons"

# The quick loop, to run before every commit: the linter, mypy on the package (configured in pyproject.toml),
# every notebook pair in sync, the doctests and the package's tests with Hypothesis's quick profile (100
# examples a property). It executes no notebook, starts no kernel, browser or server and builds no environment
# or edition: `make test` (and CI) does all that.
CHECK_SKIPS = --ignore=tests/e2e --ignore=tests/test_site.py --ignore=tests/test_install.py -m "not slow"
check: $(STAMP)
	$(BIN)/ruff check adversarial tests tools benchmarks notebooks
	$(BIN)/mypy
	$(BIN)/python tools/notebooks.py check
	ADVERSARIAL_HYPOTHESIS=quick $(BIN)/python -m pytest -p no:nbval $(PYTEST_PARALLEL) -q adversarial tests $(CHECK_SKIPS)

# The library's tests (the quick loop's selection, warnings as errors) on the other Pythons the package claims,
# each in its own .venv-pythons/X.Y from requirements-pythons.txt; a missing Python is skipped with a message
# (an error in CI: .ci/run sets ADVERSARIAL_PYTHONS=required). PYTHONS="3.12" runs one. Then the install tests
# marked other_pythons, which `make test` leaves out: the notebooks' install cell in a fresh virtualenv and
# `pip install --user` on this Python, and with 3.10, the oldest, a plain `pip install .` there.
PYTHONS ?= 3.10 3.12 3.13
test-pythons: $(STAMP)
	PYTHONS="$(PYTHONS)" JOBS=$(JOBS) CHECK_SKIPS='$(CHECK_SKIPS)' tools/test_pythons.sh
	$(BIN)/python -m pytest -p no:nbval -q -m other_pythons tests/test_install.py $(if $(filter 3.10,$(PYTHONS)),,-k "not python_3_10")

# The property tests (every test with Hypothesis's @given) at its full profile: 1,500 random games or trees a
# property instead of make test's 100. CI runs it after make test.
PROPERTY_TESTS = $(shell grep -l "@given" tests/*.py)
test-properties: $(STAMP)
	ADVERSARIAL_HYPOTHESIS=full $(BIN)/python -m pytest -p no:nbval $(PYTEST_PARALLEL) -q $(PROPERTY_TESTS)

lint: $(STAMP)
	$(BIN)/ruff check adversarial tests tools benchmarks notebooks

# Only the browser tests, and a missing browser is an error: JupyterLab in headless Chromium.
# Screenshots land in artifacts/e2e/.
test-e2e: $(STAMP)
	@tools/install_browser.sh --require
	ADVERSARIAL_E2E=required $(BIN)/python -m pytest tests/e2e

# Unit and property tests at full strength, without running the notebooks (nbval) or browsers.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -p no:nbval $(PYTEST_PARALLEL) adversarial tests --ignore=tests/e2e

# Re-execute every notebook (or NB=notebooks/01_minimax_by_hand.md) from its Markdown source on a
# fresh kernel, storing its outputs in the .ipynb beside it.
notebooks: $(STAMP)
	$(BIN)/python tools/notebooks.py run $(NB)

# The solutions edition, executed, every check passing: build/solutions/ (for instructors).
solutions: $(STAMP)
	$(BIN)/python tools/notebooks.py solutions

# The student edition without even the folded answers, as a site would show it: build/student/.
student: $(STAMP)
	$(BIN)/python tools/notebooks.py student

# A static HTML edition of every notebook, drawings included, in build/html/.
html: $(STAMP)
	$(BIN)/jupyter nbconvert --to html --output-dir build/html notebooks/*.ipynb

clean:
	rm -rf $(VENV) .venv-pythons build dist *.egg-info

# Speed as ratios against a reference run in the same process: runs every benchmarks/bench_*.py
# and collects their tables in benchmarks/RESULTS.md.
.PHONY: bench
bench: $(STAMP)
	$(BIN)/python -m pip install -q -r benchmarks/requirements.txt
	@for script in benchmarks/bench_*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

# ---- Published editions (tools/publish/) ----------------------------------------------------------------
# The in-browser edition: JupyterLite + Pyodide, every notebook runnable with nothing installed, in build/lite/.
# Everything it needs comes from the package registries once, cached in build/cache/.
# Serve it: python3 -m http.server -b 127.0.0.1 -d build/lite 8000, open http://127.0.0.1:8000/lab/index.html
# make lite SNAPSHOT=0 leaves the kernel's memory snapshot out (41 MB to transfer instead of 110, a slower start).
.PHONY: lite site
lite: $(STAMP)
	$(BIN)/python tools/publish/make_lite.py $(if $(filter 0,$(SNAPSHOT)),--no-snapshot,)

# The reading site: every notebook a page (drawings, widget pictures, no worked answers), contents,
# previous/next and search, in build/site/. Open build/site/index.html, or serve it:
# python3 -m http.server -b 127.0.0.1 -d build/site 8001, then open http://127.0.0.1:8001/
site: $(STAMP)
	$(BIN)/python tools/publish/make_site.py

# ---- Graded assignments (nbgrader; README "Teaching with this collection") -----------------------------------
# make assignment NB=02 (no NB: every lesson with exercises) writes build/course/{source,release}/; make grade
# NB=02 HANDINS=folder grades a folder of hand-ins (STUDENT.ipynb files, or nbgrader's submitted/ read in place;
# STUDENT=id regrades one); make export writes nbgrader's grade table build/course/grades.csv, a Canvas-style
# gradebook and a feedback bundle per student (build/course/export/). COURSE=dir for another course directory;
# COURSE_ID=id names the course; LATE_PENALTY=zero writes nbgrader's late penalty into its nbgrader_config.py.
.PHONY: assignment grade export
COURSE ?= build/course
assignment: $(STAMP)
	$(BIN)/python tools/assignments.py $(NB) --course $(COURSE) $(if $(COURSE_ID),--course-id $(COURSE_ID),) \
		$(if $(LATE_PENALTY),--late-penalty $(LATE_PENALTY),)

grade: $(STAMP)
	@test -n "$(NB)" -a -n "$(HANDINS)" || { echo "usage: make grade NB=02 HANDINS=folder-of-STUDENT.ipynb [STUDENT=id]"; exit 2; }
	$(BIN)/python tools/grade.py $(NB) $(HANDINS) --course $(COURSE) $(if $(STUDENT),--student "$(STUDENT)",)

export: $(STAMP)
	$(BIN)/python tools/grade.py export --course $(COURSE)
