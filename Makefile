# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install run serve test test-fast lint format bench clean

$(STAMP): requirements.txt requirements-dev.txt build-constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# XStatic-Bootstrap builds from an sdist whose setup.py still needs pkg_resources.
	$(BIN)/pip install --quiet --build-constraint build-constraints.txt -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

# `make run PORT=8101 HOST=0.0.0.0` serves elsewhere (0.0.0.0: other devices on the network).
HOST ?= 127.0.0.1
PORT ?= 8000

run: $(STAMP)
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

serve: $(STAMP) $(SERVE_KEY)
	$(SERVE_ENV) $(BIN)/python manage.py migrate --noinput
	$(SERVE_ENV) $(BIN)/python manage.py collectstatic --noinput
	@echo ""
	@echo "Paddock (production settings, gunicorn) is at http://localhost:8000/"
	@echo ""
	$(SERVE_ENV) $(BIN)/gunicorn --config config/gunicorn.py

test: $(STAMP)
	$(BIN)/python -m pytest

test-fast: $(STAMP)
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
