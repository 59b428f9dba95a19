"""One module per game (its registry name with ``-`` as ``_``) that brings the game's
conformance entries without touching the shared suite:

* ``VARIANTS``: option sets that change how a match unfolds, each played as whole matches;
* ``check(state)``: the game's own invariants (card conservation, the rule text's
  checksums…), run after every action; it raises AssertionError when one breaks.
"""

from __future__ import annotations

import importlib
import importlib.util


def entries(name: str):
    """The per-game module for registry ``name``, or None."""
    module = f"{__name__}.{name.replace('-', '_')}"
    if importlib.util.find_spec(module) is None:
        return None
    return importlib.import_module(module)
