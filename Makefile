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

# dist/BeloZ/ (the one-folder application) and dist/BeloZ.zip.  On Linux PyInstaller needs
# binutils.  The zip keeps the file modes and stores symlinks as symlinks (the bundle's
# top-level links to pygame_ce.libs/: nothing loads them by that name, so an unzip tool that
# writes them as small files still gives a working folder).
define ZIP_BUNDLE
import os, stat, zipfile
with zipfile.ZipFile("BeloZ.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for root, dirs, files in os.walk("BeloZ"):
        dirs.sort()
        for path in sorted(os.path.join(root, n) for n in files + dirs):
            if os.path.islink(path):
                info = zipfile.ZipInfo(path)
                info.create_system = 3
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                z.writestr(info, os.readlink(path))
            elif os.path.isfile(path):
                z.write(path)
endef
export ZIP_BUNDLE

exe: $(VENV)/.build
	rm -rf build/pyinstaller dist/BeloZ dist/BeloZ.zip
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN pyinstaller.spec
	cd dist && $(BIN_ABS)/python -c "$$ZIP_BUNDLE"

# Long autoplay run, headless: saved, left and resumed, counted; no exception, memory flat
# once warmed up (bench/bench_soak.py).  The
# search-free heuristic players by default: the soak tests the game's plumbing, not the AI.
SOAK_MATCHES ?= 400
SOAK_LEVEL ?= heuristic
soak: $(VENV)/.runtime
	$(BIN)/python -m bench.bench_soak --matches $(SOAK_MATCHES) --level $(SOAK_LEVEL)

bench: $(VENV)/.dev
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m bench

clean:
	rm -rf $(VENV) build dist
