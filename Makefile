# Two commands on a fresh machine: `make play` and `make test`. Each makes its own .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BIN_ABS := $(abspath $(BIN))
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: play test lint bench exe soak clean

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

# dist/BeloZ/ (the one-folder application) and dist/BeloZ.zip (symlinks stored as copies,
# so any unzip tool gives a working folder).  On Linux PyInstaller needs binutils.
exe: $(VENV)/.build
	rm -rf build/pyinstaller dist/BeloZ dist/BeloZ.zip
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN pyinstaller.spec
	cd dist && $(BIN_ABS)/python -m zipfile -c BeloZ.zip BeloZ

# Long autoplay run, headless: no exception, memory flat (bench/bench_soak.py).  The
# search-free heuristic players by default: the soak tests the game's plumbing, not the AI.
SOAK_MATCHES ?= 200
SOAK_LEVEL ?= heuristic
soak: $(VENV)/.runtime
	$(BIN)/python -m bench.bench_soak --matches $(SOAK_MATCHES) --level $(SOAK_LEVEL)

bench: $(VENV)/.dev
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m bench

clean:
	rm -rf $(VENV) build dist
