# The two commands of the README: `make run` and `make test`. Everything else is a helper of those.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck bench clean container-check

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	AUTO_MIGRATE=true $(BIN)/gin-rummy serve --host 127.0.0.1 --port 8000

lint: $(STAMP)
	$(BIN)/ruff check backend tests examples

typecheck: $(STAMP)
	$(BIN)/mypy backend/ginrummy

test: $(STAMP) lint typecheck
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	command -v caddy >/dev/null || (apt-get update && apt-get install -y caddy)
	test -d node_modules || npm ci --no-audit --no-fund
	node --test tests/js/
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/gin-rummy bench engine

# Opt-in, as root: build the Dockerfile with podman on a Debian stand-in base and play hands against the image.
# CONTAINER_CHECK_FLAGS=--postgres also runs two containers on the PostgreSQL at 127.0.0.1:5432.
container-check:
	bash scripts/container-check.sh $(CONTAINER_CHECK_FLAGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
