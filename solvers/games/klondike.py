"""Klondike: build the four suits up from the aces, with seven columns built down.

Twenty-eight cards are dealt to seven columns: column one gets one card, column seven
seven; only the top card of each column is face up. The other twenty-four cards are
the stock. The player builds each foundation up in suit from the ace to the king, and
the columns down in alternating colours. Any face-up run built that way moves as a
unit; an empty column takes only a king, or a run headed by a king. A face-down card
left on top turns face up. The stock deals one or three cards at a time to the waste,
whose top card is playable; when the stock is empty the waste turns over to make a new
stock, as many times as the passes allow. In the seed's draw-three rule the player
may, once, switch to a last pass dealing one card at a time (when the stock is empty
instead of turning the waste over, or when the waste is empty); no turn-over follows
it. By default the top card of a foundation may come back onto a column.

The deal is won when all fifty-two cards are on the foundations; the score is the
number of cards there. Moves use the patience notation (``t3 f``, ``w t5``,
``t2 t6 3``, ``fH t4``, ``draw``, ``redeal``, ``switch``) plus ``undo`` and
``resign``. A match also ends when no move is left, after 150 moves in a row without
progress, or after 2,000 moves (see :mod:`solvers.games.patience_common`).
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.game import option, serializable
from solvers.games.patience_common import PatienceGame, PatienceState
from solvers.patience.options import KlondikeRules

SUIT_LETTERS = "CDHS"


@serializable
@dataclass(frozen=True)
class KlondikeOptions:
    """Variants of Klondike."""

    draw: int = option(1, "cards turned from the stock at a time", choices=(1, 3))
    passes: int = option(0, "passes through the stock: 0 = unlimited, 1 = no turn-over, N passes",
                         minimum=0, maximum=100)
    single_pass_switch: bool = option(True, "draw 3 only: the one-time switch to a last pass dealing "
                                            "one card at a time")
    foundation_to_tableau: bool = option(True, "the top card of a foundation may come back onto a column")

    def to_rules(self) -> KlondikeRules:
        """The library rules these options stand for."""
        return KlondikeRules(draw=self.draw, passes=self.passes or None,
                             single_pass_switch=self.single_pass_switch,
                             foundation_to_tableau=self.foundation_to_tableau)


@serializable
@dataclass(frozen=True)
class KlondikeState(PatienceState):
    """A moment of a Klondike match."""

    def pile_name(self, index: int) -> str:
        return SUIT_LETTERS[index]


class Klondike(PatienceGame):
    """The Klondike ruleset."""

    name = "klondike"
    title = "Klondike"
    summary = "Patience: seven columns built down in alternating colours, draw 1 or 3 from the stock."
    Options = KlondikeOptions
    State = KlondikeState
    no_progress_limit = 150
    move_limit = 2000
    undo_limit = 150


GAME = Klondike()
