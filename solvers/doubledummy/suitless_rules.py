"""Suitless trick rules: one global card order, no suit to follow.

A :class:`Suitless` value, given to :class:`~solvers.doubledummy.rules.TrickRules` as
``suitless=``, declares a game whose tricks have no suits: every card has a *power*
(higher beats lower, equal powers allowed), the trick goes to the highest power played
(the first or the last of equal ones), and a card may carry a choice of powers, said as
it is played (Whist 22's Fool: 0 or 22). The search for these rules is
:mod:`solvers.doubledummy.suitless`; the plain exhaustive reference it is checked
against is :mod:`solvers.doubledummy.suitless_reference`.

Legality (``follow``):

* ``"any"``: any card of the hand may be played to any trick (Whist 22).
* ``"head_or_lowest"``: the leader plays any card; a follower plays a card at least as
  high as the trick's highest so far, or else one of its lowest cards (Mätäpesä).

Payoff (``payoff``), per seat, at the end of play:

* ``"tricks"``: the tricks the seat takes from here.
* ``"exact"``: minus ``|tricks taken from here - targets[seat]|`` (exact-trick bids:
  the target is the bid less the tricks already taken, negative when over).
* ``"last_trick"``: minus one for the seat that takes the last trick.
* ``"last_trick_power"``: minus the power of the card that takes the last trick, for
  the seat that takes it (Mätäpesä's cucumber points).

``relative``: a seat's payoff is measured against the others' mean, scaled by
``seats - 1`` to stay an integer: ``(seats - 1) * own - sum(others)`` becomes
``seats * own - total``.

Solution concept (``play``):

* ``"maxn"``: every seat for itself. At each turn the seat to play picks the card best
  for its own payoff, knowing every later seat does the same; among cards of equal
  payoff to it, the first in ``prefer`` order (``"high"``: the highest power first,
  ``"low"``: the lowest first). One stated tie-break, so every position has one result.
* ``"paranoid"``: the seat to play and its side mates (``TrickRules.sides``) maximise the
  sum of their payoffs, every other seat minimises it (what the side can guarantee).

``played_as`` gives the power a choice card already on the current trick was played as.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from solvers.cards import Card, parse_card
from solvers.errors import CardsageError

__all__ = ["Suitless", "FOLLOWS", "TIES", "PAYOFFS", "PLAYS", "PREFERS", "MAX_SUITLESS_SEATS"]

FOLLOWS = ("any", "head_or_lowest")
TIES = ("first", "last")
PAYOFFS = ("tricks", "exact", "last_trick", "last_trick_power")
PLAYS = ("maxn", "paranoid")
PREFERS = ("low", "high")
MAX_SUITLESS_SEATS = 8


def _card(value) -> Card:
    return value if isinstance(value, Card) else parse_card(value)


@dataclass(frozen=True)
class Suitless:
    """The suitless trick rules of one game (see the module docstring)."""

    powers: Mapping[str, int]
    choices: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    follow: str = "any"
    ties: str = "first"
    payoff: str = "tricks"
    targets: tuple[int, ...] = ()
    relative: bool = False
    play: str = "maxn"
    prefer: str = "low"
    played_as: Mapping[str, int] = field(default_factory=dict)
    _powers: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _choices: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _played: dict = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self):
        for name, value, allowed in (("follow", self.follow, FOLLOWS), ("ties", self.ties, TIES),
                                     ("payoff", self.payoff, PAYOFFS), ("play", self.play, PLAYS),
                                     ("prefer", self.prefer, PREFERS)):
            if value not in allowed:
                raise CardsageError(f"suitless {name} must be one of {', '.join(allowed)}, got {value!r}",
                                    field=name)
        powers: dict[Card, int] = {}
        for key, value in dict(self.powers).items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise CardsageError(f"card powers must be integers, got {value!r}", field="powers")
            powers[_card(key)] = value
        if not powers:
            raise CardsageError("suitless rules need the powers of their cards", field="powers")
        choices: dict[Card, tuple[int, ...]] = {}
        for key, values in dict(self.choices).items():
            card = _card(key)
            values = tuple(values)
            if card not in powers:
                raise CardsageError(f"{card} has a choice of powers but is not a card of the game",
                                    field="choices")
            if len(values) < 2 or len(set(values)) != len(values) or \
                    not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                raise CardsageError(f"{card} needs two or more distinct integer powers to choose from",
                                    field="choices")
            choices[card] = tuple(sorted(values))
        if choices and self.follow != "any":
            raise CardsageError("cards with a choice of powers play only where any card may be played",
                                field="choices")
        if choices and self.payoff == "last_trick_power":
            raise CardsageError("the last trick's power payoff takes no cards with a choice of powers",
                                field="choices")
        played: dict[Card, int] = {}
        for key, value in dict(self.played_as).items():
            card = _card(key)
            if value not in choices.get(card, ()):
                raise CardsageError(f"{card} cannot have been played as {value!r}", field="played_as")
            played[card] = value
        object.__setattr__(self, "targets", tuple(int(t) for t in self.targets))
        if self.payoff != "exact" and self.targets:
            raise CardsageError("targets go with the 'exact' payoff", field="targets")
        object.__setattr__(self, "_powers", powers)
        object.__setattr__(self, "_choices", choices)
        object.__setattr__(self, "_played", played)

    def check_seats(self, seats: int) -> None:
        """Raise unless these rules fit a table of ``seats``."""
        if self.payoff == "exact" and len(self.targets) != seats:
            raise CardsageError(f"the 'exact' payoff needs a target for each of the {seats} seats",
                                field="targets")

    # ------------------------------------------------------------ queries

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the game."""
        return tuple(self._powers)

    def power(self, card: Card) -> int:
        """The card's power (for a choice card: the power it is listed with)."""
        return self._powers[card]

    def choices_of(self, card: Card) -> tuple[int, ...]:
        """The powers the card may be played as (one unless it is a choice card)."""
        return self._choices.get(card, (self._powers[card],))

    def played_power(self, card: Card) -> int:
        """The power of a card already on the current trick."""
        if card in self._choices:
            if card not in self._played:
                raise CardsageError(f"say in played_as what {card} on the trick was played as",
                                    field="played_as")
            return self._played[card]
        return self._powers[card]

    def signature(self) -> tuple:
        """A hashable summary of everything that changes solved values."""
        return (tuple(sorted((str(c), p) for c, p in self._powers.items())),
                tuple(sorted((str(c), v) for c, v in self._choices.items())),
                self.follow, self.ties, self.payoff, self.targets, self.relative, self.play, self.prefer,
                tuple(sorted((str(c), v) for c, v in self._played.items())))
