# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install catalogues messages run serve test test-fast lint format bench clean

$(STAMP): requirements.txt requirements-dev.txt build-constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# XStatic-Bootstrap builds from an sdist whose setup.py still needs pkg_resources.
	$(BIN)/pip install --quiet --build-constraint build-constraints.txt -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP) catalogues

# The translations (docs/translating.md): each catalogue's .mo made from its .po, built here and
# never kept in git. GNU gettext's msgfmt through Django's compilemessages where it is installed
# (.ci/run installs it from Debian), else the standard library's way (config/catalogues.py),
# so the two commands still set everything up on a machine without it.
catalogues: $(STAMP)
	@if command -v msgfmt >/dev/null; then \
		DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py compilemessages \
			--ignore=.venv --ignore=staticfiles --verbosity 0; \
	else \
		$(BIN)/python -m config.catalogues; \
	fi

# For a translator (needs GNU gettext): the words marked in the code into the .po files, the
# site's (locale/) and the rules' (rules/locale/, the standard library's gettext: no Django).
RULES_SOURCES = $$(find rules -name '*.py' | sort)
messages: $(STAMP)
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py makemessages -l fr \
		--no-location --no-wrap --ignore=rules --ignore=tests --ignore=bench --ignore=docs \
		--ignore=staticfiles --ignore=.venv
	xgettext --language=Python --from-code=UTF-8 --no-location --no-wrap --sort-output \
		--keyword=_ --keyword=N_ --keyword=gettext_noop --keyword=ngettext:1,2 \
		--keyword=ngettext_noop:1,2 --package-name=paddock-rules \
		--output=rules/locale/rules.pot $(RULES_SOURCES)
	msgmerge --quiet --update --backup=none --no-location --no-wrap --sort-output --no-fuzzy-matching \
		rules/locale/fr/LC_MESSAGES/rules.po rules/locale/rules.pot

# `make run PORT=8101 HOST=0.0.0.0` serves elsewhere (0.0.0.0: other devices on the network).
HOST ?= 127.0.0.1
PORT ?= 8000

run: $(STAMP) catalogues
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py load_demo
	@echo ""
	@echo "Paddock is at http://$(HOST):$(PORT)/  (demo organiser: organiser / paddock-demo)"
	@echo ""
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py runserver $(HOST):$(PORT)

# `make serve`: the production settings under gunicorn with several workers, whitenoise serving
# the collected static files, on http://localhost:8000/ (docs/deploying.md). For a trial on
# this computer: DATABASE_URL defaults to the same SQLite file as `make run` (so the demo league
# is there once `make run` has built it), the secret key is made once and kept in .venv, the
# site answers to localhost and 127.0.0.1, and plain HTTP is allowed (no redirect to HTTPS,
# cookies not kept for HTTPS only).
SERVE_KEY := $(VENV)/serve-secret-key
SERVE_ENV := DJANGO_SETTINGS_MODULE=config.settings.production \
	DATABASE_URL="$${DATABASE_URL:-sqlite:///$(CURDIR)/db.sqlite3}" \
	DJANGO_SECRET_KEY="$$(cat $(SERVE_KEY))" DJANGO_ALLOWED_HOSTS=localhost,127.0.0.1 \
	DJANGO_SECURE_SSL_REDIRECT=false DJANGO_SECURE_COOKIES=false

$(SERVE_KEY): $(STAMP)
	$(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $@

serve: $(STAMP) $(SERVE_KEY) catalogues
	$(SERVE_ENV) $(BIN)/python manage.py migrate --noinput
	$(SERVE_ENV) $(BIN)/python manage.py collectstatic --noinput
	@echo ""
	@echo "Paddock (production settings, gunicorn) is at http://localhost:8000/"
	@echo ""
	$(SERVE_ENV) $(BIN)/gunicorn --config config/gunicorn.py

# The suite in WORKERS processes (pytest-xdist; `make test WORKERS=0` runs it in this one).
WORKERS ?= 2
test: $(STAMP) catalogues
	$(BIN)/python -m pytest --numprocesses $(WORKERS)

test-fast: $(STAMP) catalogues
	$(BIN)/python -m pytest tests/rules

# mypy checks what [tool.mypy] names in pyproject.toml (`files`): rules strictly, league, races and
# config through django-stubs.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
	find locale rules/locale -name '*.mo' -delete
