"""Keep numba's on-disk cache of compiled kernels true to the source.

numba checks a cached kernel only against the file the function is written in; a kernel
that inlines functions or constants from other modules of its package keeps running the
old compiled code after those modules change. So a package with compiled kernels calls
:func:`drop_stale` before compiling: when any of its source files changed since the cache
was written, the package's cached kernels are removed and compiled afresh.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

__all__ = ["drop_stale"]

STAMP = "numba-sources.sha256"


def drop_stale(package_file: str) -> bool:
    """Remove the package's cached kernels if its sources changed; True when removed."""
    package = Path(package_file).resolve().parent
    digest = hashlib.sha256()
    for source in sorted(package.glob("*.py")):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    cache = package / "__pycache__"
    stamp = cache / STAMP
    try:
        if stamp.read_text() == digest.hexdigest():
            return False
    except OSError:
        pass
    removed = False
    for stale in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
        try:
            stale.unlink()
            removed = True
        except OSError:  # another process removed it first
            pass
    try:
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:  # a read-only install: numba will not cache there either
        pass
    return removed
