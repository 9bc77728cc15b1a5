# The two commands of the README are `make run` and `make test`; `make help` lists every target.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
# Parallel test processes (pytest-xdist): `auto` is one per core; TEST_WORKERS=0 runs in this process.
TEST_WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile
SERVE_STAMP := $(VENV)/.installed-serve
TEST_STAMP := $(VENV)/.installed-test

.PHONY: help run test test-fast test-browser test-js lint typecheck system-packages bench clean container-check

help: ## this list
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-16s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(SERVE_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@ $(SERVE_STAMP)

run: $(SERVE_STAMP) ## install what serving needs and serve the game (HOST=127.0.0.1 PORT=8000 by default)
	AUTO_MIGRATE=true $(BIN)/gin-rummy serve --host $(HOST) --port $(PORT)

test: $(TEST_STAMP) lint typecheck test-js system-packages ## everything: lint, types, the JS tests and every Python test
	$(PYTEST)

test-fast: $(TEST_STAMP) ## the quick loop: engine, computer, store and API in-process (no servers, no browser)
	$(PYTEST) -m "not processes and not browser and not slow"

test-browser: $(TEST_STAMP) system-packages ## the browser tests only (Chromium through Playwright)
	$(PYTEST) tests/browser

test-js: ## the browser client's pure modules under node's test runner
	test -d node_modules || npm ci --no-audit --no-fund
	node --test tests/js/

lint: $(TEST_STAMP) ## ruff, and the layers' import contracts (import-linter, in pyproject.toml)
	$(BIN)/ruff check backend tests examples scripts
	$(BIN)/lint-imports

typecheck: $(TEST_STAMP) ## mypy --strict on the product
	$(BIN)/mypy backend/ginrummy

# The Debian packages the tests use, installed with apt when their commands are missing (root on Debian):
# chromium (browser tests), caddy (the deployment's proxy config). postgresql and redis-server are installed by
# the test session itself, only when no server answers at GINRUMMY_TEST_POSTGRES / GINRUMMY_TEST_REDIS.
system-packages:
	@command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)
	@command -v caddy >/dev/null || (apt-get update && apt-get install -y caddy)

bench: $(SERVE_STAMP) ## the engine's speed next to the references (other benches: gin-rummy bench --help)
	$(BIN)/gin-rummy bench engine

# Opt-in, as root: build the Dockerfile with podman on a Debian stand-in base and play hands against the image.
# CONTAINER_CHECK_FLAGS=--postgres also runs two containers on the PostgreSQL at 127.0.0.1:5432.
container-check: ## build the image with podman and play hands against it (root; see scripts/container-check.sh)
	bash scripts/container-check.sh $(CONTAINER_CHECK_FLAGS)

clean: ## remove the venv and the caches
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
