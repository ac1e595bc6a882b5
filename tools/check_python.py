"""Stop `make` early, with what to do, when the Python it would use is too old for the lessons' pins.

The library itself runs on Python 3.10 and newer; the pinned tools the lessons and tests use (ipykernel 7.4,
matplotlib 3.11, ...) need 3.11. Without this check pip spends a minute resolving before it fails with a
message about some dependency's Requires-Python.
"""

import sys

NEEDED = (3, 11)

if sys.version_info < NEEDED:
    found = ".".join(map(str, sys.version_info[:3]))
    sys.exit(
        f"make needs Python >= {NEEDED[0]}.{NEEDED[1]} for the lessons' pinned tools; found {found} at "
        f"{sys.executable}.\nInstall a newer Python (python.org; macOS: brew install python@3.12; "
        f"Ubuntu 22.04: sudo apt install python3.11 python3.11-venv), then run e.g. "
        f"`make PYTHON=python3.11 lab`.\nThe library alone (no lessons) installs on 3.10: pip install ."
    )
