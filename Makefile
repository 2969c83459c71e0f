# Two commands on a fresh machine: `make play` and `make test`. Each makes its own .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BIN_ABS := $(abspath $(BIN))
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: play test lint bench exe exe-windows installer-windows soak sweep clean install-desktop uninstall-desktop

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The compiled core of the double-dummy solver (beloz/ai/_dds.c, plain C loaded through
# ctypes), built by setup.py as `pip install .` and the release builds build it: one set of
# flags (setup.py's DDS_CFLAGS).  Optional: without a C compiler setup.py says so and the
# game uses the same solver in pure Python (slower).
DDS_LIB := beloz/ai/_dds.so
$(VENV)/.setup: requirements-setup.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -r requirements-setup.txt
	touch $@

$(DDS_LIB): beloz/ai/_dds.c setup.py | $(VENV)/.setup
	$(BIN)/python setup.py --quiet build_ext --inplace --force

$(VENV)/.runtime: requirements.txt | $(BIN)/python $(DDS_LIB)
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt requirements-setup.txt | $(BIN)/python $(DDS_LIB)
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.runtime

play: $(VENV)/.runtime $(DDS_LIB)
	$(BIN)/python main.py

test: $(VENV)/.dev $(DDS_LIB)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy
	$(BIN)/actionlint .github/workflows/*.yml
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q -n 2 --dist loadfile

lint: $(VENV)/.dev
	$(BIN)/python -m ruff check .
	$(BIN)/python -m mypy
	$(BIN)/actionlint .github/workflows/*.yml

$(VENV)/.build: requirements.txt requirements-build.txt | $(BIN)/python $(DDS_LIB)
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

exe: $(VENV)/.build $(DDS_LIB)
	rm -rf build/pyinstaller dist/BeloZ dist/BeloZ.zip
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN pyinstaller.spec
	cd dist && $(BIN_ABS)/python -c "$$ZIP_BUNDLE"

# dist/BeloZ-windows/ (BeloZ.exe, one folder) and dist/BeloZ-windows.zip, built on Linux under
# Wine by tools/windows_build.py: the Windows CPython and wheels pinned with their hashes in
# requirements-windows*.txt, the solver's core cross-compiled by mingw-w64, pyinstaller.spec as
# in the release workflow.  Everything (downloads, Wine prefix, work files) stays in build/wine/.
# Play it: `.venv/bin/python tools/windows_build.py run`.  The Debian packages it needs are
# installed here when missing and we are root (as CI is).
WINDOWS_APT := wine64 wine gcc-mingw-w64-x86-64
exe-windows: $(VENV)/.setup
	@if ! command -v wine >/dev/null || ! command -v x86_64-w64-mingw32-gcc >/dev/null; then \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	        apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	            apt-get install -y -qq --no-install-recommends $(WINDOWS_APT); \
	    else \
	        echo "make exe-windows needs the Debian packages $(WINDOWS_APT): install them" >&2; \
	        exit 1; \
	    fi; \
	fi
	$(BIN)/python tools/windows_build.py build

# dist/BeloZ-Setup-<version>.exe, the Windows installer: installer/BeloZ.nsi compiled by NSIS's
# makensis (Debian's nsis, native on Linux) around dist/BeloZ-windows/, which `make exe-windows`
# builds first when it is not there (tools/windows_installer.py).  Per user, no administrator
# prompt; checked under Wine by tools/windows_installer_check.py (.ci/run).
installer-windows: $(VENV)/.setup
	@if ! command -v makensis >/dev/null; then \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	        apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	            apt-get install -y -qq --no-install-recommends nsis; \
	    else \
	        echo "make installer-windows needs the Debian package nsis: install it" >&2; \
	        exit 1; \
	    fi; \
	fi
	@[ -f dist/BeloZ-windows/BeloZ.exe ] || $(MAKE) exe-windows
	$(BIN)/python tools/windows_installer.py

# Long autoplay run, headless (bench/bench_soak.py): every match saved, left midway and
# resumed from its save, counted in stats.json; no exception, and memory flat once warmed
# up (the slope of the last half).  The search-free heuristic players by default: the soak
# tests the game's plumbing, not the AI.
SOAK_MATCHES ?= 400
SOAK_LEVEL ?= heuristic
soak: $(VENV)/.runtime $(DDS_LIB)
	$(BIN)/python -m bench.bench_soak --matches $(SOAK_MATCHES) --level $(SOAK_LEVEL)

bench: $(VENV)/.dev $(DDS_LIB)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m bench

# Every screen at each window size (960x600, 1280x800, 1920x1080, 2560x1440) in English and French,
# at 100 % and 200 % text (as large as each window allows), drawn headless and checked: no text
# out of its box, nothing drawn on top of anything else (beloz/ui/sweep.py).  The PNGs go to
# build/sweep/ to be looked at; `make test` runs a share.
sweep: $(VENV)/.dev $(DDS_LIB)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m tools.sweep --out build/sweep

# Linux: BeloZ in the desktop's menu, for this user (XDG_DATA_HOME, by default
# ~/.local/share: applications/BeloZ.desktop and icons/hicolor/), started from this tree.
install-desktop: $(VENV)/.runtime
	$(BIN)/python main.py --install-desktop

uninstall-desktop: $(VENV)/.runtime
	$(BIN)/python main.py --uninstall-desktop

clean:
	rm -rf $(VENV) build dist $(DDS_LIB) beloz/ai/_dds.dll *.egg-info
