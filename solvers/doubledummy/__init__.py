"""Double-dummy solver for trick-taking games: every hand known, exact best play.

Generic over the trick rules a game declares (:class:`TrickRules`): trumps or a trump
ladder, per-game rank order, must-follow / must-trump / must-head obligations, tricks,
card points, penalties or the last trick as objective, partnerships or every seat for
itself; and suitless tricks (one card order, no suit to follow: :class:`Suitless`). See
``docs/doubledummy.md`` for how it works.
"""

from solvers.doubledummy.position import Position
from solvers.doubledummy.result import DDResult
from solvers.doubledummy.rules import TrickRules
from solvers.doubledummy.solver import Solver, solve
from solvers.doubledummy.suitless_rules import Suitless
from solvers.doubledummy.table import solve_table

__all__ = ["TrickRules", "Suitless", "Position", "DDResult", "Solver", "solve", "solve_table"]
