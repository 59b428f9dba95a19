"""The meld solver shared by the rummy games.

* :mod:`solvers.melds.rules`: what a meld is in a game (``MeldRules``), a meld with the
  place of every card (``Meld``), reading a group of cards as melds and extending a meld.
* :mod:`solvers.melds.options`: every meld a hand could lay down and every lay-off.
* :mod:`solvers.melds.solve`: the best plan (least deadwood, a contract met) by CP-SAT or
  by the exhaustive reference search.
"""

from solvers.melds.options import Option, options_for
from solvers.melds.rules import Meld, MeldRules, extend, face_of, is_joker, readings
from solvers.melds.solve import Plan, can_meet, plan

__all__ = ["Meld", "MeldRules", "Option", "Plan", "can_meet", "extend", "face_of", "is_joker",
           "options_for", "plan", "readings"]
