"""The bundle's licences: LICENSE.txt (BeloZ's own) and THIRD-PARTY-NOTICES.txt (every other
component inside it, with its licence text and where to get its source), written beside the
executable by pyinstaller.spec once PyInstaller has collected the folder.

    python tools/notices.py BUNDLE            (re)write the two files in BUNDLE (dist/BeloZ)
    python tools/notices.py --check BUNDLE    exit 1 when a file or module of BUNDLE has no
                                              component, or the notices name other ones

The notices are generated from what the bundle holds, not written by hand: every file under
the bundle and every Python module in its archive is attributed to a component of
``COMPONENTS`` (by file pattern, or for a module by the distribution that installed it), so
a new dependency, a library pygame-ce starts shipping or a system library PyInstaller picks
up shows as "not identified" in the notices and fails tests/test_package.py, rather than
going out without its licence.  They are generated at build time rather than committed
because the two bundles hold different libraries (libstdc++ on Linux, the MSVC runtime on
Windows) and the Python packages' texts come from the exact versions bundled.

Licence texts come from the installed distributions (their dist-info, pygame-ce's LGPL.txt),
from the building Python (its LICENSE.txt), or from licenses/ in this repository for the C
libraries whose wheels carry none (licenses/README.md says where each was taken from).
"""

from __future__ import annotations

import argparse
import fnmatch
import importlib.metadata as md
import platform
import re
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AUTHORS = "The BeloZ authors"  # LICENSE, the installer and the version resource say the same
NOTICES = "THIRD-PARTY-NOTICES.txt"
LICENSE = "LICENSE.txt"  # the project's LICENSE, named so that Windows opens it
#: A component's section in the notices starts with this, then its name (what --check reads).
HEADING = "## "
UNIDENTIFIED = "Not identified"
RULE = "=" * 78
PYGAME_SOURCE = ("https://github.com/pygame-community/pygame-ce/tree/{v} (the release's "
                 "source; also https://pypi.org/project/pygame-ce/{v}/#files). The versions "
                 "and download addresses of the libraries it bundles are in its "
                 "buildconfig/ folder (manylinux-build/docker_base/ for Linux, "
                 "download_win_prebuilt.py for Windows).")


@dataclass(frozen=True)
class Component:
    """One thing inside the bundle under one licence.

    ``files``: patterns of paths relative to the bundle's ``_internal/`` folder (or its top,
    for the executable), matched part by part, case-insensitively (``*`` never crosses a
    ``/``).  ``fallback``: claims only the files no other component claims (a package's
    folder, after the libraries inside it).  ``dist``: the distribution whose modules,
    version and dist-info licence files are this component's.  ``texts``: more licence
    files, as ``repo:PATH`` (this repository), ``dist:NAME:PATH`` (inside the installed
    distribution NAME), ``licenses:PATH`` (the ``licenses/`` folder of ``dist``'s dist-info,
    for a distribution with texts of parts the bundle does not hold) or
    ``python:LICENSE.txt`` (the building CPython's)."""

    name: str
    what: str
    licence: str
    texts: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    dist: str | None = None
    modules: tuple[str, ...] = ()
    source: str = ""
    fallback: bool = False
    third_party: bool = True


def _libs(*stems: str) -> tuple[str, ...]:
    """A shared library as the Linux bundle holds it (in pygame_ce.libs/ and linked from the
    top) and as the Windows one does (pygame/NAME.dll, and at the top for those pygame's
    modules link to)."""
    out: list[str] = []
    for stem in stems:
        if stem.endswith(".dll"):
            out += [f"pygame/{stem}", stem]
        else:
            out += [f"{stem}*", f"pygame_ce.libs/{stem}*"]
    return tuple(out)


SDL_SOURCE = "https://github.com/libsdl-org/{0}/releases (the release named in pygame-ce's " \
             "buildconfig/; pygame-ce's Windows SDL2_image is pygame-community/SDL_image)"
VIA_PYGAME = "bundled by pygame-ce; source: see pygame-ce's buildconfig/"

COMPONENTS: tuple[Component, ...] = (
    Component("BeloZ", "the game", "MIT", files=(
        "beloz/*", "beloz/*/*", "beloz/*/*/*", "assets/*", "assets/*/*", "assets/*/*/*",
        "BeloZ.desktop", "beloz.png", LICENSE, NOTICES), modules=("beloz", "main"),
        third_party=False, fallback=True),
    Component("PyInstaller bootloader", "starts the game: the BeloZ executable and the "
              "modules that unpack its archive", "GPL-2.0-or-later with the bootloader "
              "exception (the bundled program may be under any licence)", dist="pyinstaller",
              files=("BeloZ", "BeloZ.exe"), modules=("pyimod0*", "pyi_rth_*", "_pyi_rth_utils",
                                                      "pyi_splash"),
              source="https://github.com/pyinstaller/pyinstaller"),
    Component("CPython", "the Python interpreter and its standard library", "PSF-2.0 (with "
              "the licences of the code it includes, in the same text)",
              texts=("python:LICENSE.txt",),
              # the standard library's names that sys.stdlib_module_names lacks: generated
              # ones, and those newer than the Python that checks a bundle (3.11 here, the
              # Windows bundle's is 3.13)
              modules=("_sysconfigdata_*", "_colorize", "_opcode_metadata", "_pydatetime"),
              files=("libpython3*", "python3*/lib-dynload/*", "lib-dynload/*", "base_library.zip",
                     "python3*.dll", "vcruntime140*.dll", "libffi-*.dll", "sqlite3.dll", "*.pyd"),
              source="https://www.python.org/downloads/source/"),
    Component("pygame-ce", "window, drawing, sound and input (imports as pygame)",
              "LGPL-2.1", dist="pygame-ce",
              texts=("dist:pygame-ce:pygame/docs/generated/LGPL.txt",),
              files=("pygame/*", "pygame/*/*", "pygame_ce.libs/*"), fallback=True,
              source=PYGAME_SOURCE),
    Component("SDL2", "Simple DirectMedia Layer: the window, events, sound output", "Zlib",
              texts=("repo:licenses/sdl2.txt",), files=_libs("libSDL2-2", "SDL2.dll"),
              source=SDL_SOURCE.format("SDL")),
    Component("SDL2_image", "loads the PNG and SVG images", "Zlib",
              texts=("repo:licenses/sdl2_image.txt",),
              files=_libs("libSDL2_image", "SDL2_image.dll"),
              source=SDL_SOURCE.format("SDL_image")),
    Component("SDL2_ttf", "draws text with TrueType fonts", "Zlib",
              texts=("repo:licenses/sdl2_ttf.txt",), files=_libs("libSDL2_ttf", "SDL2_ttf.dll"),
              source=SDL_SOURCE.format("SDL_ttf")),
    Component("SDL2_mixer", "plays the sounds", "Zlib",
              texts=("repo:licenses/sdl2_mixer.txt",),
              files=_libs("libSDL2_mixer", "SDL2_mixer.dll"),
              source=SDL_SOURCE.format("SDL_mixer")),
    Component("zlib", "compression (used by libpng and Python)", "Zlib",
              texts=("repo:licenses/zlib.txt",),
              # built into libpng on Windows
              files=("libz.so*", "pygame/libpng16-16.dll", "libpng16-16.dll"),
              source="https://zlib.net/"),
    Component("libpng", "PNG images", "libpng-2.0", texts=("repo:licenses/png.txt",),
              files=_libs("libpng16", "libpng16-16.dll"), source="http://www.libpng.org/"),
    Component("libjpeg-turbo", "JPEG images", "IJG and BSD-3-Clause",
              texts=("repo:licenses/jpeg.txt",), files=_libs("libjpeg", "libjpeg-62.dll"),
              source="https://libjpeg-turbo.org/"),
    Component("LibTIFF", "TIFF images", "libtiff", texts=("repo:licenses/tiff.txt",),
              files=_libs("libtiff", "libtiff-5.dll"), source="https://libtiff.gitlab.io/"),
    Component("libwebp", "WebP images", "BSD-3-Clause", texts=("repo:licenses/webp.txt",),
              files=_libs("libwebp", "libsharpyuv", "libwebp-7.dll", "libwebpdemux-2.dll"),
              source="https://chromium.googlesource.com/webm/libwebp"),
    Component("FreeType", "font rendering", "FTL (FreeType licence)",
              texts=("repo:licenses/freetype.txt",), files=_libs("libfreetype", "freetype.dll"),
              source="https://freetype.org/"),
    Component("HarfBuzz", "text shaping for SDL2_ttf (on Windows inside SDL2_ttf.dll)",
              "MIT (Old MIT)", texts=("repo:licenses/harfbuzz.debian-copyright.txt",),
              files=(*_libs("libharfbuzz"), "pygame/SDL2_ttf.dll", "SDL2_ttf.dll"),
              source="https://github.com/harfbuzz/harfbuzz"),
    Component("Brotli", "decompression of WOFF2 fonts for FreeType", "MIT",
              texts=("repo:licenses/brotli.debian-copyright.txt",), files=_libs("libbrotli"),
              source="https://github.com/google/brotli"),
    Component("Ogg and Vorbis", "Ogg Vorbis sound", "BSD-3-Clause",
              texts=("repo:licenses/ogg-vorbis.txt",),
              files=_libs("libogg", "libvorbis", "libogg-0.dll"),
              source="https://xiph.org/downloads/"),
    Component("Opus", "Opus sound", "BSD-3-Clause", texts=("repo:licenses/opus.txt",),
              files=(*_libs("libopus-", "libopus-0.dll"),), source="https://opus-codec.org/"),
    Component("opusfile", "Opus sound files", "BSD-3-Clause",
              texts=("repo:licenses/opusfile.txt",),
              files=_libs("libopusfile", "libopusfile-0.dll"), source="https://opus-codec.org/"),
    Component("FLAC", "FLAC sound", "BSD-3-Clause", texts=("repo:licenses/flac.txt",),
              files=_libs("libFLAC"), source="https://xiph.org/flac/"),
    Component("mpg123", "MP3 sound", "LGPL-2.1", texts=("repo:licenses/mpg123.txt",),
              files=_libs("libmpg123"), source="https://www.mpg123.de/ (" + VIA_PYGAME + ")"),
    Component("FluidSynth", "MIDI music", "LGPL-2.1", texts=("repo:licenses/fluidsynth.txt",),
              files=_libs("libfluidsynth"),
              source="https://github.com/FluidSynth/fluidsynth (" + VIA_PYGAME + ")"),
    Component("libsndfile", "sound files for FluidSynth", "LGPL-2.1",
              texts=("repo:licenses/lgpl-2.1.txt",), files=_libs("libsndfile"),
              source="https://github.com/libsndfile/libsndfile (" + VIA_PYGAME + ")"),
    Component("WavPack", "WavPack sound", "BSD-3-Clause", texts=("repo:licenses/wavpack.txt",),
              files=_libs("libwavpack", "libwavpack-1.dll"),
              source="https://github.com/dbry/WavPack"),
    Component("libxmp", "tracker module music", "MIT", texts=("repo:licenses/libxmp.txt",),
              files=_libs("libxmp", "libxmp.dll"), source="https://github.com/libxmp/libxmp"),
    Component("PortMidi", "MIDI devices", "as in its text", texts=("repo:licenses/portmidi.txt",),
              files=_libs("portmidi.dll", "libportmidi"),
              source="https://github.com/PortMidi/portmidi"),
    Component("GNU FreeFont (FreeSansBold)", "pygame's default font (pygame/freesansbold.ttf)",
              "GPL (the font says: \"The use of this font is granted subject to GNU General "
              "Public License\"; no version named, so any, per section 9 of the GPL 2)",
              texts=("repo:licenses/gpl-2.txt",), files=("pygame/freesansbold.ttf",),
              source="https://www.gnu.org/software/freefont/ (and pygame-ce's source, "
                     "src_py/freesansbold.ttf)"),
    Component("pygame_gui", "menus, buttons and text boxes", "MIT", dist="pygame-gui",
              files=("pygame_gui/*", "pygame_gui/*/*", "pygame_gui/*/*/*"), fallback=True,
              source="https://github.com/MyreMylar/pygame_gui"),
    Component("Noto Sans (pygame_gui's font)", "pygame_gui's default font", "OFL-1.1",
              texts=("dist:pygame-gui:pygame_gui/data/licenses/NotoSans-LICENSE.txt",),
              files=("pygame_gui/data/NotoSans*",
                                        "pygame_gui/data/licenses/NotoSans-LICENSE.txt"),
              source="https://github.com/notofonts/latin-greek-cyrillic"),
    Component("Fira Code (pygame_gui's font)", "pygame_gui's monospaced font", "OFL-1.1",
              texts=("dist:pygame-gui:pygame_gui/data/licenses/FiraCode-LICENSE.txt",),
              files=("pygame_gui/data/FiraCode*",
                                        "pygame_gui/data/licenses/FiraCode-LICENSE.txt"),
              source="https://github.com/tonsky/FiraCode"),
    Component("python-i18n", "the English and French strings", "MIT", dist="python-i18n",
              source="https://github.com/danhper/python-i18n"),
    Component("platformdirs", "where the settings and saves go", "MIT", dist="platformdirs",
              source="https://github.com/tox-dev/platformdirs"),
    Component("filelock", "one game at a time per data folder", "Unlicense", dist="filelock",
              source="https://github.com/tox-dev/filelock"),
    Component("pytweening", "animation easing", "MIT", dist="pytweening",
              source="https://github.com/asweigart/pytweening"),
    Component("pyttsx3", "the spoken table's voice", "MPL-2.0", dist="pyttsx3",
              source="https://github.com/nateshmbhat/pyttsx3"),
    # pyttsx3's Windows driver (sapi5) and what it needs; only the Windows bundle holds them,
    # so their modules are named here: the Linux Python that checks that bundle has neither.
    Component("comtypes", "Windows: the spoken table's voice reaches SAPI 5 through it", "MIT",
              dist="comtypes", modules=("comtypes",), source="https://github.com/enthought/comtypes"),
    Component("pywin32", "Windows: COM for the spoken table's voice (pythoncom, pywintypes)",
              "PSF-2.0 (as its metadata says), with the BSD-style notices of its win32 and COM "
              "parts, the ones in the bundle (the others' texts are in its dist-info)",
              dist="pywin32", texts=("licenses:win32/License.txt", "licenses:com/License.txt"),
              modules=("pythoncom", "pywintypes", "win32*", "winerror", "_win32sysloader",
                       "pywin32_bootstrap", "pywin32_system32"),
              # its DLLs at the top when not from a pywin32_system32 folder (hook-pythoncom)
              files=("pywin32_system32/*", "win32/*", "pythoncom*.dll", "pywintypes*.dll"),
              source="https://github.com/mhammond/pywin32"),
    Component("typing_extensions", "typing helpers some packages import when present",
              "PSF-2.0", dist="typing-extensions",
              source="https://github.com/python/typing_extensions"),
    Component("DejaVu fonts", "the game's font (DejaVu Sans)", "Bitstream Vera (DejaVu "
              "changes: public domain)", texts=("repo:assets/fonts/LICENSE-DejaVu.txt",),
              files=("assets/fonts/DejaVu*", "assets/fonts/LICENSE-DejaVu.txt"),
              source="https://dejavu-fonts.github.io/"),
    # System libraries PyInstaller copies from the Linux build machine (Debian 12) beside
    # libpython; their texts are Debian's copyright files for them.
    Component("bzip2 (libbz2)", "Python's bz2 module", "bzip2-1.0.6",
              texts=("repo:licenses/bzip2.debian-copyright.txt",), files=("libbz2.so*",),
              source="https://sourceware.org/bzip2/ (Debian: apt-get source bzip2)"),
    Component("XZ Utils (liblzma)", "Python's lzma module", "0BSD / public domain",
              texts=("repo:licenses/xz.debian-copyright.txt",), files=("liblzma.so*",),
              source="https://tukaani.org/xz/ (Debian: apt-get source xz-utils)"),
    Component("libffi", "Python's ctypes module", "MIT",
              texts=("repo:licenses/libffi.debian-copyright.txt",), files=("libffi.so*",),
              source="https://github.com/libffi/libffi (Debian: apt-get source libffi)"),
    Component("SQLite", "Python's sqlite3 module", "public domain",
              texts=("repo:licenses/sqlite.debian-copyright.txt",), files=("libsqlite3.so*",),
              source="https://sqlite.org/ (Debian: apt-get source sqlite3)"),
    Component("libuuid (util-linux)", "Python's uuid module", "BSD-3-Clause",
              texts=("repo:licenses/libuuid.debian-copyright.txt",), files=("libuuid.so*",),
              source="https://github.com/util-linux/util-linux (Debian: apt-get source "
                     "util-linux)"),
    Component("GCC runtime (libstdc++, libgcc_s)", "the C++ and C runtime some libraries need",
              "GPL-3.0 with the GCC Runtime Library Exception",
              texts=("repo:licenses/gcc-runtime.debian-copyright.txt",),
              files=("libstdc++.so*", "libgcc_s.so*"),
              source="https://gcc.gnu.org/ (Debian: apt-get source gcc-12)"),
)


# -- what the bundle holds -----------------------------------------------------------------


def _match(path: str, pattern: str) -> bool:
    parts, pats = path.lower().split("/"), pattern.lower().split("/")
    return len(parts) == len(pats) and all(map(fnmatch.fnmatchcase, parts, pats))


def bundle_files(bundle: Path, ignore: tuple[str, ...] = ()) -> list[str]:
    """Every file (and symlink) of the bundle, as a path relative to its ``_internal/`` for
    what is in there and to its top for the rest; the two licence files and ``ignore`` (the
    installed folder's uninstaller) left out."""
    out = []
    for path in sorted(bundle.rglob("*")):
        if path.is_dir() and not path.is_symlink():
            continue
        rel = path.relative_to(bundle)
        if rel.parts[0] == "_internal":
            rel = rel.relative_to("_internal")
        if str(rel) not in (LICENSE, NOTICES, *ignore):
            out.append(rel.as_posix())
    return out


def executable(bundle: Path) -> Path:
    return next(p for p in (bundle / "BeloZ.exe", bundle / "BeloZ") if p.is_file())


def bundle_modules(bundle: Path) -> list[str]:
    """The top-level names of the Python modules in the executable's archive (the PYZ),
    read with PyInstaller's own reader."""
    from PyInstaller.archive.readers import CArchiveReader

    pkg = CArchiveReader(str(executable(bundle)))
    pyz = pkg.open_embedded_archive(next(n for n in pkg.toc if n.endswith(".pyz")))
    return sorted({name.split(".")[0] for name in pyz.toc})


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def module_owner(module: str, dists: dict[str, list[str]] | None = None) -> Component | None:
    """The component of a top-level module: named in a component's ``modules``, in the
    standard library, or installed by a distribution that is a component's ``dist``."""
    for c in COMPONENTS:
        if any(fnmatch.fnmatchcase(module, m) for m in c.modules):
            return c
    if module in sys.stdlib_module_names:
        return next(c for c in COMPONENTS if c.name == "CPython")
    dists = md.packages_distributions() if dists is None else dists
    names = {_norm(d) for d in dists.get(module, ())}
    return next((c for c in COMPONENTS if c.dist and _norm(c.dist) in names), None)


@dataclass
class Inventory:
    """What a bundle holds, by component; and what no component claims."""

    files: dict[str, list[str]]  # component name -> its files
    modules: dict[str, list[str]]  # component name -> its top-level modules
    unknown_files: list[str]
    unknown_modules: list[str]

    def names(self) -> list[str]:
        """The third-party components present, in the table's order."""
        present = set(self.files) | set(self.modules)
        return [c.name for c in COMPONENTS if c.third_party and c.name in present]


def attribute(files: Iterable[str], modules: Iterable[str],
              dists: dict[str, list[str]] | None = None) -> Inventory:
    """Each file to every component whose pattern matches it (a library inside pygame's
    folder is SDL's, not pygame-ce's fallback), each module to its owner."""
    inv = Inventory({}, {}, [], [])
    for path in files:
        owners = [c for c in COMPONENTS if not c.fallback and any(_match(path, p)
                                                                  for p in c.files)]
        owners = owners or [c for c in COMPONENTS if c.fallback and any(_match(path, p)
                                                                        for p in c.files)]
        if not owners:
            inv.unknown_files.append(path)
        for c in owners:
            inv.files.setdefault(c.name, []).append(path)
    dists = md.packages_distributions() if dists is None else dists
    for module in modules:
        owner = module_owner(module, dists)
        if owner is None:
            inv.unknown_modules.append(module)
        else:
            inv.modules.setdefault(owner.name, []).append(module)
    return inv


def inventory(bundle: Path, ignore: tuple[str, ...] = ()) -> Inventory:
    return attribute(bundle_files(bundle, ignore), bundle_modules(bundle))


# -- the texts -----------------------------------------------------------------------------


def _dist(name: str) -> md.Distribution | None:
    try:
        return md.distribution(name)
    except md.PackageNotFoundError:
        return None


def python_licence() -> Path:
    """The building CPython's LICENSE.txt: beside its standard library (Linux, macOS), at
    its top (Windows, the embeddable one too)."""
    for folder in (Path(sysconfig.get_paths()["stdlib"]), Path(sys.base_prefix)):
        if (folder / "LICENSE.txt").is_file():
            return folder / "LICENSE.txt"
    raise FileNotFoundError("the building Python has no LICENSE.txt")


def licence_texts(c: Component) -> list[tuple[str, str]]:
    """(where from, text) of each licence file of the component; a component whose text
    cannot be found raises: a notice without its licence is no notice."""
    out: list[tuple[str, str]] = []
    dist = _dist(c.dist) if c.dist else None
    if c.dist and not c.texts:  # the distribution's own licence files
        if dist is None:
            raise FileNotFoundError(f"{c.name}: the distribution {c.dist} is not installed")
        for f in dist.files or ():
            parts = Path(str(f)).parts
            if parts[0].endswith(".dist-info") and (
                    "licenses" in parts or re.match(r"(LICEN[CS]E|COPYING)", parts[-1], re.I)):
                out.append((f"{dist.metadata['Name']} {dist.version}, {f}",
                            Path(str(dist.locate_file(f))).read_text(encoding="utf-8")))
        if not out:
            raise FileNotFoundError(f"{c.name}: no licence file in {c.dist}'s dist-info")
    for spec in c.texts:
        kind, _, rel = spec.partition(":")
        if kind == "repo":
            path, where = ROOT / rel, f"BeloZ's source, {rel}"
        elif kind == "python":
            path, where = python_licence(), f"CPython {platform.python_version()}, {rel}"
        elif kind == "licenses":  # LICENSES/PATH in the dist-info of the component's dist
            dist_files = (dist.files or ()) if dist is not None else ()
            found = [f for f in dist_files if Path(str(f)).parts[0].endswith(".dist-info")
                     and Path(str(f)).parts[1:] == ("licenses", *rel.split("/"))]
            if dist is None or not found:
                raise FileNotFoundError(f"{c.name}: {spec}: not in {c.dist}'s dist-info")
            path = Path(str(dist.locate_file(found[0])))
            where = f"{dist.metadata['Name']} {dist.version}, {found[0]}"
        else:  # dist:NAME:PATH
            name, _, rel = rel.partition(":")
            owner = _dist(name)
            if owner is None:
                raise FileNotFoundError(f"{c.name}: {spec}: {name} is not installed")
            path, where = Path(str(owner.locate_file(rel))), f"{name} {owner.version}, {rel}"
        out.append((where, path.read_text(encoding="utf-8", errors="replace")))
    return out


def version_of(c: Component) -> str:
    if c.name == "CPython":
        return platform.python_version()
    dist = _dist(c.dist) if c.dist else None
    return dist.version if dist is not None else ""


def render(inv: Inventory, version: str) -> str:
    """THIRD-PARTY-NOTICES.txt: a summary, then each component with its files, source and
    licence text (a text already given above is referred to, not repeated)."""
    comps = [c for c in COMPONENTS if c.name in inv.names()]
    pg = _dist("pygame-ce")
    lines = [f"BeloZ {version}: third-party notices", "",
             f"BeloZ is copyright {AUTHORS}, under the MIT licence ({LICENSE}, beside this file).",
             "This folder also holds the following components, each under its own licence,",
             "whose texts follow. Nothing here was changed from its authors' release.", ""]
    width = max(len(c.name) for c in comps) + 2
    lines += [f"  {c.name:<{width}}{(version_of(c) or '-'):<10}{c.licence.split(' (')[0]}"
              for c in comps]
    lines += ["", "pygame-ce and the libraries under the LGPL (mpg123, FluidSynth, libsndfile) "
              "are shared libraries you may replace with your own build of the same version; "
              "their source is where each section below says."]
    if inv.unknown_files or inv.unknown_modules:
        lines += ["", f"{UNIDENTIFIED}: these are in the bundle, but tools/notices.py does not "
                  "know their licence yet:"]
        lines += [f"  {p}" for p in inv.unknown_files + [f"(module) {m}" for m in
                                                          inv.unknown_modules]]
    seen: dict[str, str] = {}
    for c in comps:
        held = sorted(set(inv.files.get(c.name, [])))
        mods = sorted(set(inv.modules.get(c.name, [])))
        lines += ["", RULE, f"{HEADING}{c.name}", ""]
        if version_of(c):
            lines.append(f"Version: {version_of(c)}")
        lines += [f"What: {c.what}", f"Licence: {c.licence}"]
        source = c.source.format(v=pg.version if pg else "")
        if source:
            lines.append(f"Source: {source}")
        if held:
            shown = held if len(held) <= 8 else held[:6] + [f"... and {len(held) - 6} more"]
            lines.append("Files: " + ", ".join(shown))
        if mods:
            lines.append("Python modules: " + ", ".join(mods[:12]) + (
                f" ... and {len(mods) - 12} more" if len(mods) > 12 else ""))
        for where, text in licence_texts(c):
            key = text.strip()
            lines += ["", f"--- {where} ---", ""]
            if key in seen:
                lines.append(f"(The same text as for {seen[key]}, above.)")
            else:
                seen[key] = c.name
                lines.append(text.rstrip())
    return "\n".join(lines) + "\n"


def listed(text: str) -> list[str]:
    """The component names a notices file gives a section to (the heading after a rule:
    a licence text may hold lines that look like headings)."""
    lines = text.splitlines()
    return [line[len(HEADING):] for before, line in zip(lines, lines[1:], strict=False)
            if before == RULE and line.startswith(HEADING)]


def write(bundle: Path, version: str) -> Inventory:
    """LICENSE.txt and THIRD-PARTY-NOTICES.txt at the bundle's top (CRLF on Windows, where
    Notepad of old shows LF files as one line)."""
    inv = inventory(bundle)
    newline = "\r\n" if (bundle / "BeloZ.exe").is_file() else "\n"
    for name, text in ((LICENSE, (ROOT / "LICENSE").read_text(encoding="utf-8")),
                       (NOTICES, render(inv, version))):
        with open(bundle / name, "w", encoding="utf-8", newline=newline) as f:
            f.write(text)
    return inv


def problems(bundle: Path, ignore: tuple[str, ...] = ()) -> list[str]:
    """What --check (and tests/test_package.py) finds wrong with a bundle's notices."""
    out = []
    for name in (LICENSE, NOTICES):
        if not (bundle / name).is_file():
            out.append(f"{name} is missing")
    if out:
        return out
    inv = inventory(bundle, ignore)
    out += [f"no component for the file {p}" for p in inv.unknown_files]
    out += [f"no component for the module {m}" for m in inv.unknown_modules]
    text = (bundle / NOTICES).read_text(encoding="utf-8")
    if listed(text) != inv.names():
        out.append(f"the notices list {listed(text)}, the bundle holds {inv.names()}")
    if (bundle / LICENSE).read_text(encoding="utf-8").split() != (
            ROOT / "LICENSE").read_text(encoding="utf-8").split():
        out.append(f"{LICENSE} differs from LICENSE")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("bundle", type=Path)
    p.add_argument("--check", action="store_true")
    args = p.parse_args(argv)
    if args.check:
        found = problems(args.bundle)
        for line in found:
            print(f"notices: {line}")
        return 1 if found else 0
    sys.path.insert(0, str(ROOT / "tools"))
    from version_info import read_version

    inv = write(args.bundle, read_version(ROOT))
    print(f"notices: {len(inv.names())} components in {args.bundle / NOTICES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
