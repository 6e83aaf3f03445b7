# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: install run test test-fast lint format bench clean

$(STAMP): requirements.txt requirements-dev.txt build-constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# XStatic-Bootstrap builds from an sdist whose setup.py still needs pkg_resources.
	$(BIN)/pip install --quiet --build-constraint build-constraints.txt -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py load_demo
	@echo ""
	@echo "Paddock is at http://127.0.0.1:8000/  (demo organiser: organiser / paddock-demo)"
	@echo ""
	DJANGO_SETTINGS_MODULE=config.settings.local $(BIN)/python manage.py runserver 127.0.0.1:8000

test: $(STAMP)
	$(BIN)/python -m pytest

test-fast: $(STAMP)
	$(BIN)/python -m pytest tests/rules

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
