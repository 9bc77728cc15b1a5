# The two commands of the README: `make run` and `make test`. Everything else is a helper of those.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/gin-rummy serve --host 127.0.0.1 --port 8000

lint: $(STAMP)
	$(BIN)/ruff check backend tests

typecheck: $(STAMP)
	$(BIN)/mypy backend/ginrummy

test: $(STAMP) lint typecheck
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/gin-rummy bench engine

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
