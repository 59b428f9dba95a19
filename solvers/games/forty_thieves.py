"""Forty Thieves: two packs, ten columns of four face-up cards, one card moves at a time.

Forty cards are dealt face up to ten columns of four; the other sixty-four are the
stock. The player builds eight foundations up in suit from the aces to the kings, and
the columns down in suit. Only the top card of a column moves, one card at a time; an
empty column takes any card. The stock deals one card at a time to the waste, whose
top card is playable. Cards on the foundations never come back. By the seed's rule
the waste turns over into a new stock as often as the player likes; the classic game
allows no turn-over, a variant one.

The deal is won when all 104 cards are on the foundations; the score is the number of
cards there. Moves use the patience notation (``t3 f``, ``w t5``, ``t2 t6``,
``draw``, ``redeal``) plus ``undo`` and ``resign``. A match also ends when no move is
left, after 300 moves in a row without progress, or after 3,000 moves (see
:mod:`solvers.games.patience_common`).
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.game import option, serializable
from solvers.games.patience_common import PatienceGame, PatienceState
from solvers.patience.options import FortyThievesRules, parse_redeals


@serializable
@dataclass(frozen=True)
class FortyThievesOptions:
    """Variants of Forty Thieves."""

    redeals: str = option("unlimited", "turn-overs of the waste: unlimited (this game's usual rule), none "
                                       "(the classic Napoleon at St. Helena) or one", choices=("unlimited", "none", "one"))

    def to_rules(self) -> FortyThievesRules:
        """The library rules these options stand for."""
        return FortyThievesRules(redeals=parse_redeals(self.redeals))


@serializable
@dataclass(frozen=True)
class FortyThievesState(PatienceState):
    """A moment of a Forty Thieves match (every tableau card is face up)."""

    has_face_down = False


class FortyThieves(PatienceGame):
    """The Forty Thieves ruleset."""

    name = "forty-thieves"
    title = "Forty Thieves"
    summary = "Patience with two packs: ten columns built down in suit, one card moves at a time."
    Options = FortyThievesOptions
    State = FortyThievesState
    no_progress_limit = 300
    move_limit = 3000
    undo_limit = 300
    bot_samples = 1           # its long matches need a cheaper bot


GAME = FortyThieves()
