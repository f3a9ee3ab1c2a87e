# treasurekit — developer / CI entry points.  `make help` lists the targets.
#
# Everything runs from a project-local virtualenv in $(VENV).  Install steps are
# guarded by stamp files inside the venv (re-run only when pyproject.toml changes
# or the venv is removed), so repeated `make test` / `make serve` are fast.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules --no-print-directory

PYTHON   ?= python3
VENV     ?= .venv
BIN      := $(VENV)/bin
STAMP    := $(VENV)/.treasurekit-stamp
HOST     ?= 127.0.0.1
PORT     ?= 8866
# The address the class opens, before the page's path (e.g. https://games.example.org);
# empty: worked out from HOST (the LAN address when HOST=0.0.0.0).
PUBLIC_URL ?=
LAB_PORT ?= 8888
CHROMIUM ?= /usr/bin/chromium
# xdist workers for the engine tests (the machine has 2 cores).
PYTEST_WORKERS ?= 2
NBVAL_SANITIZE ?= tests/notebooks/sanitize.cfg
# e.g. make bench BENCH_ARGS=--no-dashboard
BENCH_ARGS ?=
# Classroom mode: kernels kept ready for APP (a notebook in notebooks/) before the lesson.
CLASS    ?= 30
APP      ?= diving_bell
# e.g. make bench-class CLASS_ARGS="--viewers 30 --normal-viewers 60"
CLASS_ARGS ?=
# e.g. make bench-coach COACH_ARGS="--part strength --game coralia --games 50"
COACH_ARGS ?=
PRACTICE_ARGS ?=

# Non-interactive, reproducible tool behaviour (CI runs as root, CI=true, no stdin).
export PIP_DISABLE_PIP_VERSION_CHECK := 1
export PIP_NO_INPUT := 1
export PIP_PROGRESS_BAR := off
export PYTHONUNBUFFERED := 1
export DEBIAN_FRONTEND := noninteractive
# Browsers are never downloaded: Playwright drives Debian's chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export TK_CHROMIUM := $(CHROMIUM)
# The treasurekit Voila template (share/jupyter/voila/templates/treasurekit).
export JUPYTER_PATH := $(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH))

.PHONY: help install install-test install-bench install-hub chromium serve serve-class lab \
        test test-engine test-notebooks test-browser test-hub lint notebooks bench \
        bench-class bench-live bench-coach bench-practice clean

help:
	@echo "make install   venv in $(VENV) + uv pip install -e '.[app]'"
	@echo "make serve     Voila on http://$(HOST):$(PORT)/ (PORT=... to change)"
	@echo "make serve-class  classroom mode: $(CLASS) kernels ready for $(APP) (CLASS=, APP=,"
	@echo "               HOST=0.0.0.0 to let the class's devices in, PUBLIC_URL= behind a proxy)"
	@echo "make lab       the same notebooks in JupyterLab on port $(LAB_PORT) (LAB_PORT=...)"
	@echo "make test      ruff, mypy, engine tests, nbval notebooks, browser tests"
	@echo "make lint      ruff + mypy only"
	@echo "make notebooks rebuild notebooks/**/*.ipynb from their .py sources and re-run them"
	@echo "make bench     python benchmarks/run.py \$$BENCH_ARGS (installs '.[app,bench]')"
	@echo "make bench-class  a class arriving at once (benchmarks/classroom.py \$$CLASS_ARGS)"
	@echo "make bench-live   a live class: 30 phones answering, a restart, two classes"
	@echo "               (benchmarks/live_class.py \$$LIVE_ARGS)"
	@echo "make bench-coach  the coach's strength and speed (benchmarks/coach.py \$$COACH_ARGS;"
	@echo "               hours: resumable, each game appended to benchmarks/coach_games.jsonl)"
	@echo "make bench-practice  practice questions: distinct and generation time (benchmarks/practice.py)"
	@echo "make test-hub  JupyterHub recipe (deploy/jupyterhub) smoke test in Chromium"
	@echo "make clean     remove venv, caches and build/test artefacts"

# --- environment -------------------------------------------------------------

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# uv installs what pip would (same resolver rules, PyPI), ~10x faster: a fresh clone's
# `make test` spends ~5 s instead of ~65 s here. uv itself comes from pip, into the venv.
# Unlike pip, uv writes no bytecode unless asked (--compile-bytecode): without it every
# kernel compiled ipykernel, IPython, ipywidgets... from source at each start (3.4 CPU-s
# a kernel instead of 1.25), and every page load of the apps paid for it.
$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv
PIP := $(BIN)/uv pip install --compile-bytecode --python $(BIN)/python

# Some machines set PYTHONDONTWRITEBYTECODE (this one does): then treasurekit itself, an
# editable install, was compiled again by every process that imported it. Python keeps
# its caches in __pycache__ (ignored by git) and checks them against the sources.
unexport PYTHONDONTWRITEBYTECODE

$(STAMP)-app: pyproject.toml | $(BIN)/uv
	$(PIP) -e ".[app]"
	@touch $@

# '.[test]' includes '.[app]', so it satisfies the app stamp as well.
$(STAMP)-test: pyproject.toml | $(BIN)/uv
	$(PIP) -e ".[test]"
	@touch $@ $(STAMP)-app

# benchmarks/dashboard.py measures Voila, hence the app extra too.
$(STAMP)-bench: pyproject.toml | $(BIN)/uv
	$(PIP) -e ".[app,bench]"
	@touch $@ $(STAMP)-app

install: $(STAMP)-app
install-test: $(STAMP)-test
install-bench: $(STAMP)-bench

# Debian's chromium for the Playwright tests (never `playwright install`).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then \
	  echo "chromium: $(CHROMIUM) ($$("$(CHROMIUM)" --version 2>/dev/null || echo '?'))"; \
	else \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo -n"; fi; \
	  echo "chromium: $(CHROMIUM) missing, installing Debian's chromium"; \
	  $$SUDO apt-get update </dev/null; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive \
	    apt-get -o DPkg::Lock::Timeout=600 install -y chromium </dev/null; \
	fi

# --- app ---------------------------------------------------------------------

# treasurekit.serving is Voila showing only the landing page and the apps, with the
# kernel limits of treasurekit.serving.ClassroomKernelManager; Voila reads ./voila.json
# (cwd) on top of the jupyter config path: no tracebacks, stripped sources, restricted
# /voila/files/, the security headers, no preheated kernels.
# Voila runs in the foreground (Ctrl-C stops it). Once it listens it prints the page to
# hand out and its QR code: with HOST=0.0.0.0 at this machine's LAN address (never
# 0.0.0.0), or at PUBLIC_URL when given (a reverse proxy, a named host); the apps build
# their share links and QR codes from the same address.
serve: $(STAMP)-app
	exec $(BIN)/python -m treasurekit.serving --class-size 0 --public-url "$(PUBLIC_URL)" -- \
	  --Voila.ip=$(HOST) --port=$(PORT) --Voila.port_retries=0

# Same server and settings, plus Voila's preheated kernel pool: start it before the
# lesson; the pool is ready when the log says "Kernel pool of $(APP).ipynb is filled".
serve-class: $(STAMP)-app
	$(BIN)/python -m treasurekit.serving --class-size $(CLASS) --app $(APP) \
	  --public-url "$(PUBLIC_URL)" -- --Voila.ip=$(HOST) --port=$(PORT) --Voila.port_retries=0

# The apps and the walkthroughs as notebooks in JupyterLab (run a notebook's cells to
# get its app); it prints its address with a token. Ctrl-C stops it. (JupyterLab refuses
# to run as root unless told: a container or CI often is root.)
lab: $(STAMP)-app
	$(BIN)/jupyter lab notebooks --ServerApp.ip=$(HOST) --ServerApp.port=$(LAB_PORT) \
	  $(if $(filter 0,$(shell id -u)),--allow-root)

# --- quality -------------------------------------------------------------------

LINTED := treasurekit tests benchmarks tools notebooks deploy
# mypy --strict: the package, and the test helpers other tests import
TYPED := treasurekit tests/checks.py tests/generic/registry.py tests/generic/simulate.py \
  tests/games/coralia/helpers.py tests/games/coralia/invariants.py \
  tests/games/sea_or_shore/helpers.py \
  tests/games/diving_bell/helpers.py tests/games/diving_bell/invariants.py \
  tests/games/captain_lucky/invariants.py tests/widgets/ui.py tests/widgets/teacher_helpers.py \
  tests/widgets/learner_helpers.py tests/browser/harness.py tests/browser/conftest.py \
  tests/browser/screens.py tests/browser/serving.py

lint: $(STAMP)-test
	$(BIN)/ruff check $(LINTED)
	$(BIN)/mypy $(TYPED)

# The notebooks' sources are notebooks/*.py and notebooks/walkthroughs/*.py (jupytext
# py:percent); this writes the .ipynb beside them and executes them to store outputs.
# tests/notebooks checks that the stored notebooks match their sources.
notebooks: $(STAMP)-test
	$(BIN)/python tools/notebooks.py

test-engine: $(STAMP)-test
	$(BIN)/pytest -n $(PYTEST_WORKERS) -m "not browser" --ignore=tests/browser --durations=15 tests

# nbval executes every code cell of every notebook (apps and walkthroughs) in the
# current venv's kernel and compares the stored outputs (after sanitising, see the
# .cfg); the app cells are tagged nbval-ignore-output (a widget's repr says nothing).
test-notebooks: $(STAMP)-test
	$(BIN)/pytest -p no:xdist -p nbval --nbval --nbval-current-env \
	  --nbval-sanitize-with $(NBVAL_SANITIZE) --nbval-cell-timeout=300 notebooks

# JupyterHub recipe (deploy/jupyterhub): hub extra + configurable-http-proxy from npm.
CHP := $(VENV)/node/node_modules/.bin/configurable-http-proxy
$(STAMP)-hub: pyproject.toml | $(BIN)/uv
	$(PIP) -e ".[test,hub]"
	@touch $@ $(STAMP)-test $(STAMP)-app
$(CHP):
	npm install --prefix $(VENV)/node --no-audit --no-fund configurable-http-proxy@5
install-hub: $(STAMP)-hub $(CHP)

# Not in `make test` (a hub and three single-user servers take about three minutes); also
# the class service tests that need the hub extra (`make test` skips those two).
test-hub: install-hub chromium
	TK_CHP=$(CHP) $(BIN)/pytest -p no:xdist -m "" deploy/jupyterhub/test_hub.py \
	  tests/classroom/test_service.py

# Two workers, a test module each at a time (its server and pages stay together): while
# one waits for a kernel or an idle timeout, the other runs. The modules go out longest
# first (tests/browser/conftest.py, MODULE_SECONDS), so that both workers end together.
test-browser: $(STAMP)-test chromium
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder -m browser \
	  --durations=25 tests/browser

# The engine and widget tests (plain pytest, about 500 CPU-s) run beside the rest at the
# lowest CPU priority: they take a core only while mypy, nbval or the browser tests leave
# it idle (one core for mypy and nbval, and the browser tests wait for kernels and
# timeouts about a tenth of the time), and the rest once the browser tests are done; the
# browser tests' timing is not theirs to share. (Beside the rest at the same priority was
# tried on 26 Nov: the browser tests slowed down, and the whole run took longer.) Their
# output comes after the browser tests'; any step that fails fails `make test`.
ENGINE_LOG := $(VENV)/test-engine.log
test: $(STAMP)-test chromium
	$(BIN)/ruff check $(LINTED)
	@nice -n 19 $(MAKE) --no-print-directory test-engine > $(ENGINE_LOG) 2>&1 & engine=$$!; \
	echo "make test-engine: beside the rest, at nice 19 (its output when it ends)"; \
	failed=""; \
	$(BIN)/mypy $(TYPED) || failed="$$failed mypy"; \
	$(MAKE) test-notebooks || failed="$$failed test-notebooks"; \
	$(MAKE) test-browser || failed="$$failed test-browser"; \
	wait $$engine || failed="$$failed test-engine"; \
	echo "== make test-engine (ran beside the rest)"; cat $(ENGINE_LOG); \
	if [ -n "$$failed" ]; then echo "make test: failed:$$failed"; exit 2; fi; \
	echo "make test: ruff, mypy, test-engine, test-notebooks and test-browser passed"

bench: $(STAMP)-bench
	$(BIN)/python benchmarks/run.py $(BENCH_ARGS)

# Not part of `make bench` (hours at a second a move; stop and run again to go on): the
# expert against the best existing level of every game, and the search's speed.
# Writes benchmarks/coach.json; e.g. make bench-coach COACH_ARGS="--part speed".
bench-coach: $(STAMP)-test
	$(BIN)/python benchmarks/coach.py $(COACH_ARGS)

# Practice questions: 10,000 seeds per game, distinct questions and generation time (CPU
# time per question, so other work on the machine does not count); a few minutes.
# e.g. make bench-practice PRACTICE_ARGS="--seeds 2000 --game coralia"
bench-practice: $(STAMP)-app
	$(BIN)/python benchmarks/practice.py $(PRACTICE_ARGS)

# Not part of `make bench` (several minutes, needs the machine to itself): see
# benchmarks/classroom.py. Writes benchmarks/classroom.json.
bench-class: $(STAMP)-test chromium
	$(BIN)/python benchmarks/run.py --classroom-only $(CLASS_ARGS)

# Not part of `make bench` (a few minutes, needs the machine to itself): see
# benchmarks/live_class.py. Writes benchmarks/live_class.json;
# e.g. make bench-live LIVE_ARGS="--students 30 --two-classes 0"
bench-live: $(STAMP)-test chromium
	$(BIN)/python benchmarks/live_class.py $(LIVE_ARGS)

# --- housekeeping ------------------------------------------------------------

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis \
	  test-results playwright-report htmlcov .coverage
	find . -path ./.git -prune -o \
	  \( -name __pycache__ -o -name .ipynb_checkpoints -o -name '*.egg-info' \) \
	  -prune -exec rm -rf {} +
