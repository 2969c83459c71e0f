"""The version stamped into the bundles, from ``beloz.__version__`` (the one place it is
written): the Windows executable's version resource and the macOS bundle's Info.plist.

pyinstaller.spec writes ``windows_version_file()`` to its work folder and hands the path to
``EXE(version=...)`` on Windows; PyInstaller reads such a file with ``eval`` into its
``VSVersionInfo`` classes, so the text below is Python calling those classes.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = "BeloZ"
DESCRIPTION = "BeloZ: belote with savanna-animal cards"
COPYRIGHT = "MIT licence, the BeloZ authors"


def read_version(root: Path = ROOT) -> str:
    """``__version__`` from beloz/__init__.py, read as text (the spec runs outside the game)."""
    text = (root / "beloz" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__ = "([^"]+)"$', text, re.M)
    if m is None:
        raise ValueError("no __version__ = \"...\" line in beloz/__init__.py")
    return m[1]


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """The four 16-bit numbers Windows wants: "1.2.3" -> (1, 2, 3, 0); a pre-release or local
    suffix ("0.2.0rc1", "1.0+dev") keeps its leading numbers."""
    numbers = [int(n) for n in re.findall(r"\d+", version.split("+")[0])[:4]]
    if not numbers or not re.match(r"\d", version):
        raise ValueError(f"not a version: {version!r}")
    numbers += [0] * (4 - len(numbers))
    if any(n > 0xFFFF for n in numbers):
        raise ValueError(f"a part of {version!r} is over 65535")
    return (numbers[0], numbers[1], numbers[2], numbers[3])


def windows_version_file(version: str) -> str:
    """A PyInstaller version file (``pyi-grab_version`` writes the same form)."""
    nums = version_tuple(version)
    strings = {
        "CompanyName": PRODUCT,
        "FileDescription": DESCRIPTION,
        "FileVersion": version,
        "InternalName": PRODUCT,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{PRODUCT}.exe",
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={nums!r},
    prodvers={nums!r},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
          {table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


if __name__ == "__main__":
    print(windows_version_file(read_version()), end="")
