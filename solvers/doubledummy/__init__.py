"""Double-dummy solver for trick-taking games: every hand known, exact best play.

Generic over the trick rules a game declares (:class:`TrickRules`): trumps or a trump
ladder, per-game rank order, must-follow / must-trump / must-head obligations, tricks,
card points, penalties or the last trick as objective, partnerships or every seat for
itself. See ``docs/doubledummy.md`` for how it works.
"""

from solvers.doubledummy.position import Position
from solvers.doubledummy.result import DDResult
from solvers.doubledummy.rules import TrickRules
from solvers.doubledummy.solver import Solver, solve
from solvers.doubledummy.table import solve_table

__all__ = ["TrickRules", "Position", "DDResult", "Solver", "solve", "solve_table"]
