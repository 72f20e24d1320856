"""Find the `speechd` module (Speech Dispatcher's Python client) on Linux.

Debian and Ubuntu ship it only as the system package python3-speechd, in
/usr/lib/python3/dist-packages, which a virtual environment cannot see. When the
normal import fails we load the package straight from that directory by file
location, without adding the directory to sys.path (which would expose every other
system package to the venv). The module is pure Python.
"""

from __future__ import annotations

import importlib.util
import logging
import sys
import threading
from pathlib import Path
from types import ModuleType

log = logging.getLogger(__name__)

SYSTEM_DIRS = (
    "/usr/lib/python3/dist-packages",
    "/usr/lib/python3/site-packages",
    "/usr/local/lib/python3/dist-packages",
)

_lock = threading.Lock()  # the screen reader and voice workers start together


def import_speechd(system_dirs: tuple[str, ...] = SYSTEM_DIRS) -> ModuleType | None:
    """The `speechd` module, or None. Registers it in sys.modules as "speechd" so
    accessible_output2's own `import speechd` finds the same module."""
    with _lock:
        return _import_speechd(system_dirs)


def _import_speechd(system_dirs: tuple[str, ...]) -> ModuleType | None:
    try:
        import speechd  # noqa: PLC0415

        return speechd
    except ImportError:
        pass
    if not sys.platform.startswith("linux"):
        return None
    for base in system_dirs:
        init = Path(base) / "speechd" / "__init__.py"
        if not init.is_file():
            continue
        module = _load_package("speechd", init)
        if module is not None:
            return module
    return None


def _load_package(name: str, init: Path) -> ModuleType | None:
    spec = importlib.util.spec_from_file_location(
        name, init, submodule_search_locations=[str(init.parent)]
    )
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception:
        log.debug("could not load %s from %s", name, init, exc_info=True)
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]
        return None
    return module
