"""The Windows installer, dist/BeloZ-Setup-<version>.exe, built on Linux (`make installer-windows`).

    python tools/windows_installer.py [--version V] [--out FILE]

NSIS's makensis (Debian's ``nsis`` package runs natively on Linux, no Wine) compiles
installer/BeloZ.nsi around the Wine-built bundle dist/BeloZ-windows/ (`make exe-windows`).
The version is ``beloz.__version__`` (tools/version_info.py); ``--version`` stamps another
one (the CI check builds a "newer" installer from the same bundle to test an upgrade).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import version_info  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "installer" / "BeloZ.nsi"
BUNDLE = ROOT / "dist" / "BeloZ-windows"
#: The licences beside BeloZ.exe (tools/notices.py), installed with it; the setup's licence
#: page shows the first.
LICENCES = ("LICENSE.txt", "THIRD-PARTY-NOTICES.txt")
MAKENSIS_TIMEOUT = 900.0  # seconds (about 30 s for the 35 MB bundle)


def installer_name(version: str) -> str:
    return f"BeloZ-Setup-{version}.exe"


def default_output(version: str) -> Path:
    return ROOT / "dist" / installer_name(version)


def installed_size_kb(bundle: Path) -> int:
    """What Apps & features shows (EstimatedSize, in KiB): the bundle's files plus the
    uninstaller (about 100 KiB)."""
    files = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file())
    return (files + 1023) // 1024 + 100


def size_mb(size_kb: int) -> str:
    """The installed size as the directory page says it, in MB with one decimal and a point
    (installer/strings.nsh writes a comma in French)."""
    return f"{size_kb / 1024:.1f}"


def build(version: str, out: Path, bundle: Path = BUNDLE) -> Path:
    makensis = shutil.which("makensis")
    if makensis is None:
        raise SystemExit("windows_installer: makensis is missing (Debian: apt-get install nsis)")
    if not (bundle / "BeloZ.exe").is_file() or not (bundle / "_internal").is_dir():
        raise SystemExit(f"windows_installer: no bundle in {bundle} (make exe-windows)")
    top = ("BeloZ.exe", "_internal", *LICENCES)
    extra = sorted(p.name for p in bundle.iterdir() if p.name not in top)
    if extra:
        # installer/BeloZ.nsi installs (and uninstalls) exactly these.
        raise SystemExit(f"windows_installer: the bundle has more at its top: {extra}")
    missing = [name for name in LICENCES if not (bundle / name).is_file()]
    if missing:  # pyinstaller.spec writes them (tools/notices.py)
        raise SystemExit(f"windows_installer: the bundle lacks {missing}")
    size_kb = installed_size_kb(bundle)
    version4 = ".".join(str(n) for n in version_info.version_tuple(version))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    defines = {"VERSION": version, "VERSION4": version4, "BUNDLE": str(bundle.resolve()),
               "OUTFILE": str(out.resolve()), "SIZE_KB": str(size_kb),
               "SIZE_MB": size_mb(size_kb),
               "ROOT": str(ROOT)}
    start = time.monotonic()
    subprocess.run([makensis, "-V2", "-INPUTCHARSET", "UTF8", "-WX",
                    *(f"-D{k}={v}" for k, v in defines.items()), str(SCRIPT)],
                   check=True, timeout=MAKENSIS_TIMEOUT)
    size = out.stat().st_size
    print(f"windows_installer: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} "
          f"({size / 2**20:.1f} MB, version {version}) in {time.monotonic() - start:.0f} s",
          flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--version", default=version_info.read_version(),
                   help="the version to stamp (default: beloz.__version__)")
    p.add_argument("--out", type=Path, help="the installer (default: dist/BeloZ-Setup-V.exe)")
    args = p.parse_args(argv)
    build(args.version, args.out or default_output(args.version))
    return 0


if __name__ == "__main__":
    sys.exit(main())
