"""BeloZ: belote with savanna-animal cards.

``__version__`` is the one place the version is written: pyproject.toml reads it for the
package metadata (``[tool.setuptools.dynamic]``), the menu and ``--version`` show it, and
the PyInstaller spec stamps it into the Windows executable and the macOS bundle.
"""

__version__ = "0.1.0"
