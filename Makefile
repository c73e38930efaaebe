# DD MAU Online. `make run` serves the site; `make test` runs every check. See README.md.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

.PHONY: run test lint checks pytest bench format clean

# The virtualenv and its packages; the stamps make a second run skip pip unless requirements changed.
$(PY):
	@echo "Creating $(VENV) with $(PYTHON) ($$($(PYTHON) --version))"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.runtime: requirements.txt | $(PY)
	@echo "Installing the site's packages into $(VENV)…"
	$(PY) -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(PY)
	@echo "Installing the site's and the test tools' packages into $(VENV)…"
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $(VENV)/.runtime $@

# Serve the site with daphne, a Celery worker and beat; SQLite and an embedded Redis unless
# DATABASE_URL / REDIS_URL say otherwise. Ctrl-C stops everything.
run: $(VENV)/.runtime
	PORT=$(PORT) $(PY) -m ddmau_site.devserver

# Every check, stopping at the first that fails. PYTEST_ARGS passes options to pytest.
test: lint checks pytest

lint: $(VENV)/.dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .

checks: $(VENV)/.dev
	$(PY) -m ddmau_site.checks

# pytest exits non-zero when a test fails and when it collected no test at all (exit code 5).
pytest: $(VENV)/.dev
	$(PY) -m pytest $(PYTEST_ARGS)

format: $(VENV)/.dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: $(VENV)/.dev
	$(PY) bench/engine.py

clean:
	rm -rf $(VENV) var
