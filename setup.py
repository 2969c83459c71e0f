"""The one build of the double-dummy solver's compiled core, ``beloz/ai/_dds.c``.

Everything else about the package is in pyproject.toml.  The same build runs everywhere:
``pip install .`` / ``pipx install .`` (into the wheel), ``make`` (``python setup.py
build_ext --inplace``, beside the sources) and the release workflow on Windows (MSVC),
macOS (clang) and Linux (gcc); the flags below are the only ones.

The core is plain C loaded with ctypes (``beloz.ai.dds``), not a Python extension module: it
includes no Python header and defines no ``PyInit_``.  So the file keeps a plain library
name (``_dds.so``, ``_dds.dll`` on Windows) rather than ``_dds.cpython-311-…so``, the
linker is not asked to export a ``PyInit__dds`` (MSVC would fail on it), and the wheel is
tagged ``py3-none-<platform>``: any Python 3 of that system, not one interpreter's ABI.

Optional: without a working C compiler the build says so and goes on, and the game uses the
pure-Python twin of the solver (the same decisions, slower thinking).
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

#: Compiler flags by compiler family (setuptools adds position-independent code and the
#: shared-library link itself).
DDS_CFLAGS = {
    "unix": ["-O2", "-std=c11"],  # gcc, clang (Linux, macOS, mingw)
    "msvc": ["/O2"],
}
LIBRARY_SUFFIX = ".dll" if sys.platform == "win32" else ".so"


class BuildLibrary(build_ext):
    """build_ext for a ctypes library: plain file name, no ``PyInit_`` export, our flags."""

    def get_ext_filename(self, fullname: str) -> str:
        return os.path.join(*fullname.split(".")) + LIBRARY_SUFFIX

    def get_export_symbols(self, ext: Extension) -> list[str]:
        return ext.export_symbols  # the C file marks its own exports

    def build_extension(self, ext: Extension) -> None:
        family = "msvc" if self.compiler.compiler_type == "msvc" else "unix"
        ext.extra_compile_args = DDS_CFLAGS[family]
        # A library left by an earlier build must not stand in for this one if it fails
        # (--inplace would copy it back beside the newer source).
        built = self.get_ext_fullpath(ext.name)
        if os.path.exists(built):
            os.remove(built)
        super().build_extension(ext)


class BuildPy(build_py):
    """pyproject maps the top folder to ``beloz.start`` for main.py: not this file too."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        return [m for m in super().find_package_modules(package, package_dir)
                if (m[0], m[1]) != ("beloz.start", "setup")]


class PlatformWheel(bdist_wheel):
    """The wheel holds a native library but no code tied to one Python's ABI."""

    def get_tag(self) -> tuple[str, str, str]:
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(
    ext_modules=[Extension("beloz.ai._dds", ["beloz/ai/_dds.c"], optional=True)],
    cmdclass={"build_ext": BuildLibrary, "build_py": BuildPy, "bdist_wheel": PlatformWheel},
)
