# AddMe: `make run` serves the site at http://127.0.0.1:8000; `make test` runs every check.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

UV := python3 -m uv
BACKEND := backend
WEB := web
PY := cd $(BACKEND) && $(UV) run --frozen
E2E_PORT ?= 8123
# Extra Playwright arguments, e.g. PW_ARGS='e2e/economy.spec.ts --workers=1' to run one file.
PW_ARGS ?=
FUZZ_PORT ?= 8124
# Seconds of schemathesis per identity (anonymous, member): the whole CI run must stay under 20 min.
FUZZ_SECONDS ?= 30
PG_TEST_URL ?= postgresql://postgres@127.0.0.1:5432/test
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
# Some machines set PYTHONDONTWRITEBYTECODE: every start of a server would then compile the whole
# backend again (about 3 s of a 6 s cold start). Bytecode is written; __pycache__ is git-ignored.
unexport PYTHONDONTWRITEBYTECODE
# Each suite's own result line goes here too, so that `make test` ends with every suite's count.
LOGS := $(CURDIR)/.test-logs
SUMMARY := $(LOGS)/summary
# $(call summary,label,log,pattern): the suite's last line matching pattern, under its label.
# Within `make test`, each line also says when the suite ended, counted from the run's start
# (the whole run has 20 minutes on CI: the figures show where they go).
summary = echo "$(1): $$(sed -E 's/\x1b\[[0-9;]*m//g' $(LOGS)/$(2).log | grep -E '$(3)' | tail -1 | sed -E 's/^[ =]+|[ =]+$$//g')$(elapsed)" >> $(SUMMARY)
elapsed = $$(t0=$$(cat $(LOGS)/start 2>/dev/null) && echo " [+$$(( $$(date +%s) - t0 ))s]")

.PHONY: help run test test-summary-reset deps backend-deps web-deps web-build chromium migrate seed serve lint typecheck \
	api-types api-types-check prod-check test-backend test-backend-sqlite test-backend-pg test-web test-web-build test-weight test-e2e \
	test-fuzz bench nginx nginx-check prod-local

help:
	@echo "make run    install, migrate, seed demo data once, build the web app, serve http://127.0.0.1:8000"
	@echo "make test   lint, types, backend tests (SQLite + PostgreSQL, fault drills), schemathesis, web unit tests, browser tests"

## --- installing -------------------------------------------------------------------------------
# `uv sync` only when the lock or the project file changed since the last sync (a stamp in the venv).
$(BACKEND)/.venv/.synced: $(BACKEND)/uv.lock $(BACKEND)/pyproject.toml
	@python3 -m uv --version >/dev/null 2>&1 || python3 -m pip install --quiet uv
	cd $(BACKEND) && $(UV) sync --frozen --quiet --compile-bytecode
	@touch $@

backend-deps: $(BACKEND)/.venv/.synced

# npm ci only when the lock file changed since the last install.
$(WEB)/node_modules/.installed: $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

web-deps: $(WEB)/node_modules/.installed

deps: backend-deps web-deps

# The browser tests run Chromium's headless shell (lighter on two cores; CHROMIUM_PATH=/usr/bin/chromium
# picks the full browser), Lighthouse the full browser. Both from Debian's packages, never a download.
# The shell is a speed-up only: where apt cannot give it, the tests run in the full browser.
chromium:
	@SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); updated=; \
	if [ ! -x /usr/bin/chromium ]; then \
		echo "Installing Debian's chromium for the browser tests..."; \
		$$SUDO apt-get update -qq && updated=1 \
		&& DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null || exit 1; \
	fi; \
	if [ ! -x /usr/bin/chromium-headless-shell ]; then \
		echo "Installing Debian's chromium-headless-shell for the browser tests..."; \
		{ { [ -n "$$updated" ] || $$SUDO apt-get update -qq; } \
			&& DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium-headless-shell >/dev/null; } \
		|| echo "WARNING: chromium-headless-shell is not installed: the browser tests run in the full browser"; \
	fi

nginx:
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then \
		echo "Installing Debian's nginx for the production profile..."; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx >/dev/null; \
	fi
	@# The build's .br files are sent as they are only with Debian's brotli module (deploy/profile.py).
	@if [ ! -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ]; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libnginx-mod-http-brotli-static >/dev/null 2>&1 || \
		{ $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libnginx-mod-http-brotli-static >/dev/null; } || \
		echo "WARNING: libnginx-mod-http-brotli-static not installed: nginx sends the .gz files"; \
	fi

## --- running ----------------------------------------------------------------------------------
# The build's inputs: when none changed since web/dist/.built, `make run` serves the last build as it
# is (a warm start serves in seconds, docs/performance.md). The build is quiet: warnings and errors
# only; VERBOSE=1 prints Vite's table of assets, BUILD_TIMINGS=1 the slowest plugin callbacks.
WEB_INPUTS := $(shell find $(WEB)/src $(WEB)/public $(WEB)/scripts -type f -not -name '*.test.*' 2>/dev/null) \
	$(wildcard $(WEB)/index.html $(WEB)/vite.config.ts $(WEB)/tsconfig*.json $(WEB)/package.json) \
	$(WEB)/node_modules/.installed
$(WEB)/dist/.built: $(WEB_INPUTS)
	cd $(WEB) && npx tsc -b && npx vite build --logLevel $(if $(VERBOSE),info,warn)
	@touch $@

web-build: web-deps $(WEB)/dist/.built

# The venv's own entry point: `uv run` would check the environment again on every call.
ADDME := cd $(BACKEND) && .venv/bin/addme

migrate: backend-deps
	$(ADDME) migrate

seed: migrate
	$(ADDME) seed

# The dev outbox (/v1/dev/outbox) opens only when ENV=development is said explicitly.
# PORT=8001 (and DATABASE_URL=...) to run a second copy beside the first.
run: deps web-build
	cd $(BACKEND) && ENV=$${ENV:-development} exec .venv/bin/addme serve --prepare

# The production profile on this machine: nginx (micro-cache) -> N web processes, the job runner,
# the machine's PostgreSQL and Redis (deploy/profile.py, docs/operations.md). PORT=8080 by default.
PROFILE_PORT ?= 8080
PROFILE_WORKERS ?= 2
prod-local: deps nginx web-build
	$(PY) python ../deploy/profile.py run --port $(PROFILE_PORT) --workers $(PROFILE_WORKERS)

# What a public server needs: `addme doctor` with ENV=production lists every problem, in words.
prod-check: backend-deps
	cd $(BACKEND) && ENV=production $(UV) run --frozen addme doctor

## --- checks -----------------------------------------------------------------------------------
lint: deps
	$(PY) ruff check addme tests migrations
	$(PY) ruff format --check addme tests migrations
	$(PY) lint-imports --no-cache
	cd $(WEB) && npm run lint --silent

typecheck: deps
	$(PY) mypy
	cd $(WEB) && npm run typecheck --silent

# The web client's API types are generated from the backend's OpenAPI document.
api-types: deps
	$(PY) addme openapi > ../$(WEB)/src/api/openapi.json
	cd $(WEB) && npm run gen:api --silent && npx biome format --write src/api >/dev/null

api-types-check: deps
	@tmp=$$(mktemp); ($(PY) addme openapi) > $$tmp; \
	if ! diff -q $$tmp $(WEB)/src/api/openapi.json >/dev/null; then \
		echo "web/src/api/openapi.json is out of date: run 'make api-types'"; rm -f $$tmp; exit 1; fi; \
	rm -f $$tmp; echo "API types are up to date."

test-backend-sqlite: backend-deps
	@mkdir -p $(LOGS)
	$(PY) pytest -n 2 2>&1 | tee $(LOGS)/backend-sqlite.log
	@$(call summary,backend on SQLite,backend-sqlite,[0-9]+ passed)

# On CI an unreachable PostgreSQL fails the run; on a laptop without one it is skipped, loudly.
test-backend-pg: backend-deps
	@if ! (cd $(BACKEND) && $(UV) run --frozen python -c "import psycopg; psycopg.connect('$(PG_TEST_URL)', connect_timeout=3).close()") 2>/dev/null; then \
		if [ "$${CI:-}" = "true" ]; then echo "PostgreSQL at $(PG_TEST_URL) is unreachable: failing (CI=true)"; exit 1; fi; \
		echo "WARNING: PostgreSQL at $(PG_TEST_URL) is unreachable: PostgreSQL tests SKIPPED"; exit 0; \
	fi
	@mkdir -p $(LOGS)
	cd $(BACKEND) && ADDME_TEST_DB=postgresql TEST_POSTGRES_URL=$(PG_TEST_URL) $(UV) run --frozen pytest -n 2 \
		2>&1 | tee $(LOGS)/backend-pg.log
	@$(call summary,backend on PostgreSQL,backend-pg,[0-9]+ passed)

test-backend: test-backend-sqlite test-backend-pg

test-web: web-deps
	@mkdir -p $(LOGS)
	cd $(WEB) && npm test --silent 2>&1 | tee $(LOGS)/web.log
	@$(call summary,web unit tests (vitest),web,^ +Tests +[0-9]+)

# Page weight: each of the four pages of issue 14 loads at most 175 kB brotli of JS and CSS on a first
# visit, React and react-dom included (issue 30, docs/performance.md), and the entry ships react-dom
# (no other runtime). Built in a folder of its own, so web/dist is left alone.
WEIGHT_BUDGET_KB ?= 175
# The build the page-weight check and the browser tests serve: built once per `make` run (a phony
# prerequisite runs once), into the checks' own folder, so a rebuild of web/dist meanwhile cannot
# disturb it. One build instead of two saves the CI run about 40 s.
TEST_DIST := $(LOGS)/dist
test-web-build: web-deps
	@mkdir -p $(LOGS)
	cd $(WEB) && npm run build --silent -- --outDir "$(TEST_DIST)" --emptyOutDir >/dev/null

test-weight: test-web-build
	python3 bench/pagesize.py "$(TEST_DIST)" --budget $(WEIGHT_BUDGET_KB) --runtime react-dom 2>&1 | tee $(LOGS)/weight.log
	@$(call summary,page weight (brotli),weight,passed)

# Browser tests: the real backend on a throwaway SQLite database, serving the built app.
test-e2e: deps chromium test-web-build
	@tmp=$$(mktemp -d); \
	export ENV=development DATABASE_URL="sqlite:///$$tmp/e2e.db" MEDIA_DIR="$$tmp/media" \
		PRIVATE_DIR="$$tmp/private" WEB_DIST="$(TEST_DIST)" \
		SITE_URL="http://127.0.0.1:$(E2E_PORT)" RUN_JOBS_IN_WEB=false RATE_LIMITS_ENABLED=false \
		CONFIRMATION_RESEND_SECONDS=5 \
		TRUSTED_PROXIES='["127.0.0.1/32"]' COUNTRY_HEADER=CF-IPCountry REGION_HEADER=CF-Region-Code; \
	(cd $(BACKEND) && $(UV) run --frozen addme migrate >/dev/null && $(UV) run --frozen addme seed --members 60 >/dev/null); \
	(cd $(BACKEND) && exec .venv/bin/addme serve --port $(E2E_PORT)) > $$tmp/server.log 2>&1 & pid=$$!; \
	trap 'kill $$pid 2>/dev/null; wait $$pid 2>/dev/null || true; rm -rf $$tmp' EXIT; \
	for i in $$(seq 1 60); do curl -sf http://127.0.0.1:$(E2E_PORT)/v1/health >/dev/null && break; sleep 0.5; done; \
	cd $(WEB) && E2E_BASE_URL=http://127.0.0.1:$(E2E_PORT) npx playwright test $(PW_ARGS) 2>&1 | tee $$tmp/pw.log || { \
		echo "--- server log (last 40 lines)"; tail -40 $$tmp/server.log; \
		echo "--- browser tests that failed or were flaky (the list above has their errors)"; \
		grep -E '✘|[0-9]+ (failed|flaky|passed|skipped|did not run)|^ +[0-9]+\) ' $$tmp/pw.log | tail -40; \
		echo "--- why, in short (each failure's title, error and line; a CI log is often read from its end)"; \
		sed -E 's/\x1b\[[0-9;]*m//g' $$tmp/pw.log | grep -E '^ +[0-9]+\) |^ +(Error|TimeoutError|Expected|Received)|^ +> +[0-9]+ \||^ +at .*\.spec\.ts' \
			| grep -v 'Retry #' | tail -30; exit 1; }; \
	mkdir -p $(LOGS); cp $$tmp/pw.log $(LOGS)/e2e.log; \
	echo "browser tests (Playwright): $$(sed -E 's/\x1b\[[0-9;]*m//g' $(LOGS)/e2e.log | grep -E '^ +[0-9]+ (passed|flaky|skipped)' | sed -E 's/^ +//' | paste -sd, - | sed 's/,/, /g')$(elapsed)" >> $(SUMMARY)

# schemathesis over the whole OpenAPI document, anonymous then as a signed-in member, against a real
# server on its own PostgreSQL database (rate limits off): any 5xx or response outside its documented
# schema fails. A member must stay signed in, so the routes that end the session are left out.
# A run that stops on an error inside schemathesis itself (a Hypothesis cache error while it replays a
# case, no check failed) is run once more; any failing check fails at once.
FUZZ_CHECKS := not_a_server_error,response_schema_conformance,status_code_conformance
FUZZ_KEEP_SESSION := --exclude-path /v1/auth/logout --exclude-path /v1/user/password \
	--exclude-path /v1/user/sessions/{session_id} --exclude-path /v1/user/account
test-fuzz: backend-deps
	@if ! (cd $(BACKEND) && $(UV) run --frozen python -c "import psycopg; psycopg.connect('$(PG_TEST_URL)', connect_timeout=3).close()") 2>/dev/null; then \
		if [ "$${CI:-}" = "true" ]; then echo "PostgreSQL at $(PG_TEST_URL) is unreachable: failing (CI=true)"; exit 1; fi; \
		echo "WARNING: PostgreSQL at $(PG_TEST_URL) is unreachable: schemathesis SKIPPED"; exit 0; \
	fi
	@tmp=$$(mktemp -d); db="addme_fuzz_$$$$"; admin_url='$(PG_TEST_URL)'; base="$${admin_url%/*}"; \
	py() { (cd $(BACKEND) && .venv/bin/python -c "$$1"); }; \
	py "import psycopg; psycopg.connect('$$admin_url', autocommit=True).execute('CREATE DATABASE $$db')"; \
	export ENV=development DATABASE_URL="$$base/$$db" MEDIA_DIR="$$tmp/media" PRIVATE_DIR="$$tmp/private" \
		WEB_DIST="$$tmp/dist" SITE_URL="http://127.0.0.1:$(FUZZ_PORT)" RUN_JOBS_IN_WEB=false RATE_LIMITS_ENABLED=false; \
	cleanup() { kill $$pid 2>/dev/null; wait $$pid 2>/dev/null || true; \
		py "import psycopg; psycopg.connect('$$admin_url', autocommit=True).execute('DROP DATABASE IF EXISTS $$db WITH (FORCE)')" || true; \
		rm -rf $$tmp; }; \
	pid=; trap cleanup EXIT; \
	(cd $(BACKEND) && .venv/bin/addme migrate >/dev/null && .venv/bin/addme seed --members 20 >/dev/null); \
	(cd $(BACKEND) && exec .venv/bin/addme serve --port $(FUZZ_PORT)) > $$tmp/server.log 2>&1 & pid=$$!; \
	for i in $$(seq 1 120); do curl -sf http://127.0.0.1:$(FUZZ_PORT)/v1/health >/dev/null && break; sleep 0.5; done; \
	token=$$(curl -sf -X POST http://127.0.0.1:$(FUZZ_PORT)/v1/auth/login -H 'Content-Type: application/json' \
		-d '{"email":"member1@demo.addme.local","password":"demo-member-passphrase"}' \
		| (cd $(BACKEND) && .venv/bin/python -c "import json,sys; print(json.load(sys.stdin)['token'])")); \
	st() { for attempt in 1 2; do \
		if (cd $(BACKEND) && .venv/bin/schemathesis run http://127.0.0.1:$(FUZZ_PORT)/v1/openapi.json \
			--checks $(FUZZ_CHECKS) --max-time $(FUZZ_SECONDS) --workers 2 --seed 2018 --no-color "$$@") \
			> $$tmp/st.log 2>&1; then cat $$tmp/st.log; mkdir -p $(LOGS); \
			echo "schemathesis ($$who): $$(grep -E '[0-9]+ (passed|test cases)' $$tmp/st.log | sed -E 's/^[ =]+|[ =]+$$//g' | paste -sd';' -)$(elapsed)" >> $(SUMMARY); \
			return 0; fi; cat $$tmp/st.log; \
		if [ $$attempt = 1 ] && grep -q 'Runtime Error' $$tmp/st.log && ! grep -q '= FAILURES =' $$tmp/st.log; then \
			echo "schemathesis stopped on an error inside itself, with no failing check: once more"; continue; fi; \
		tail -40 $$tmp/server.log; exit 1; done; }; \
	who=anonymous; echo "schemathesis: anonymous"; st; \
	who="as a member"; echo "schemathesis: as a member"; st -H "Authorization: Bearer $$token" $(FUZZ_KEEP_SESSION)

# The production profile's nginx configuration, rendered and checked by nginx itself.
nginx-check: nginx
	python3 deploy/profile.py check

# The summary starts empty; make runs the prerequisites in order (no -j).
test-summary-reset:
	@rm -f $(SUMMARY); mkdir -p $(LOGS); date +%s > $(LOGS)/start

test: test-summary-reset lint typecheck api-types-check nginx-check test-backend test-fuzz test-web test-weight test-e2e
	@echo "=== what every suite ran ==="; cat $(SUMMARY)
	@echo "All checks passed$(elapsed)."; rm -f $(LOGS)/start

bench: deps
	$(MAKE) -C bench all
