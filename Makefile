# Two commands on a fresh machine: `make play` and `make test`. Each makes its own .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BIN_ABS := $(abspath $(BIN))
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: play test lint bench exe clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

play: $(VENV)/.runtime
	$(BIN)/python main.py

test: $(VENV)/.dev
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q

lint: $(VENV)/.dev
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy

$(VENV)/.build: requirements.txt requirements-build.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-build.txt
	touch $@

# dist/BeloZ/ (the one-folder application) and dist/BeloZ.zip.
exe: $(VENV)/.build
	rm -rf build/BeloZ dist/BeloZ dist/BeloZ.zip
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN pyinstaller.spec
	cd dist && $(BIN_ABS)/python -m zipfile -c BeloZ.zip BeloZ

bench: $(VENV)/.dev
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m bench

clean:
	rm -rf $(VENV) build dist
