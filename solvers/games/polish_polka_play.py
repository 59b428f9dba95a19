"""Polish Polka's rules of thumb: value each column by what it is expected to score.

What a player knows: every face-up card on the table, the discard pile and the card they
drew. A face-down card is valued by the pack's make-up (what a random card of the pack
would score there, pairs included), so a column is worth:

* both cards up: its score;
* one card up: the expected score of that card with a random partner (a chance to pair);
* both down: the expected score of two random cards.

The rules of thumb, from the rule text's object (lower your layout by swapping in low
cards and pairing equal ranks in a column):

* Take the discard when putting it in its best place gains at least as much as a stock
  card is expected to gain; otherwise draw from the stock.
* Swap a card into the place where it lowers the expected score most; discard a stock card
  that lowers nothing.
* After discarding, turn up a face-down card (a column whose other card is face down
  first: it tells you most), which brings the end of the hole nearer.
* Do not turn your last card (which ends the hole for everyone) unless your score is no
  worse than what each opponent is expected to score; the longer the hole lasts the less
  you ask for.
* At setup, turn up two cards in different columns.
"""

from __future__ import annotations

from functools import lru_cache

from solvers.cards import Card, Kind, Rng
from solvers.game import Action
from solvers.games.polish_polka import (CHOOSE, DISCARD, DRAW, FLIP, PASS, PLACE, POSITIONS, REVEAL,
                                        SWAP, TAKE, PolkaOptions, PolkaState)
from solvers.games.polish_polka_deal import LAYOUT, pack
from solvers.games.polish_polka_scoring import COLUMNS, card_value, column_score, is_wild

__all__ = ["heuristic_bot", "heuristic_choice", "expected_layout", "expected_after_swap", "Prior", "prior",
           "going_out_ok", "swap_gains"]

PARTNER = {i: j for a, b in COLUMNS for i, j in ((a, b), (b, a))}
LATE_MARGIN = 0.5      # points a round of turns adds to what a player accepts when going out


class Prior:
    """What a face-down card is expected to score, from the pack's make-up (memoised)."""

    def __init__(self, options: PolkaOptions):
        groups: dict[tuple, list] = {}
        for card in pack(options.jokers):
            groups.setdefault(_class_key(card, options), []).append(card)
        total = sum(len(v) for v in groups.values())
        self.options = options
        self.classes = [(cards[0], len(cards) / total) for cards in groups.values()]
        self._key: dict[Card, tuple] = {}
        self._column: dict[tuple, int] = {}
        self._with: dict[tuple, float] = {}
        self.two_down = sum(p * q * column_score(a, b, options) for a, p in self.classes for b, q in self.classes)

    def key(self, card: Card) -> tuple:
        """The card's scoring class."""
        key = self._key.get(card)
        if key is None:
            key = self._key[card] = _class_key(card, self.options)
        return key

    def column(self, a: Card, b: Card) -> int:
        """A column's score (memoised by scoring class)."""
        pair = (self.key(a), self.key(b))
        value = self._column.get(pair)
        if value is None:
            value = self._column[pair] = column_score(a, b, self.options)
        return value

    def with_card(self, card: Card) -> float:
        """Expected score of a column holding ``card`` and a face-down card."""
        key = self.key(card)
        value = self._with.get(key)
        if value is None:
            value = self._with[key] = sum(p * self.column(card, b) for b, p in self.classes)
        return value


def _class_key(card: Card, options) -> tuple:
    """Cards that score alike in every column share a key."""
    return (card.kind, card.rank if card.kind != Kind.JOKER else 0, card_value(card, options), is_wild(card, options))


@lru_cache(maxsize=64)
def prior(options: PolkaOptions) -> Prior:
    """The (cached) prior of a match's options."""
    return Prior(options)


def _column_expectation(cards, up, i: int, j: int, pr: Prior) -> float:
    if up[i] and up[j]:
        return pr.column(cards[i], cards[j])
    if up[i]:
        return pr.with_card(cards[i])
    if up[j]:
        return pr.with_card(cards[j])
    return pr.two_down


def expected_layout(state: PolkaState, seat: int) -> float:
    """What ``seat``'s layout is expected to score, from the face-up cards only."""
    pr = prior(state.options)
    cards, up = state.layouts[seat], state.face_up[seat]
    return sum(_column_expectation(cards, up, i, j, pr) for i, j in COLUMNS)


def _placed(cards, up, card: Card, index: int, pr: Prior) -> float:
    """The expected score of the column of place ``index`` once ``card`` lies face up there."""
    partner = PARTNER[index]
    return pr.column(card, cards[partner]) if up[partner] else pr.with_card(card)


def expected_after_swap(state: PolkaState, seat: int, card: Card, index: int) -> float:
    """The expected layout score once ``card`` lies face up at place ``index``."""
    pr = prior(state.options)
    cards, up = state.layouts[seat], state.face_up[seat]
    column = _column_expectation(cards, up, index, PARTNER[index], pr)
    return expected_layout(state, seat) - column + _placed(cards, up, card, index, pr)


def going_out_ok(state: PolkaState, seat: int, score: float) -> bool:
    """Whether ending the hole with ``score`` is wise: no worse than each opponent's expected
    score, plus a little more for every round the hole has lasted."""
    if state.ender is not None:
        return True
    others = [expected_layout(state, s) for s in range(state.players) if s != seat]
    rounds = state.turns // state.players
    return score <= min(others) + LATE_MARGIN * rounds


def swap_gains(state: PolkaState, seat: int, card: Card) -> list[tuple[float, int]]:
    """(expected points saved, place) for every place ``card`` may sensibly go, best first;
    a place that would turn the last card is left out when going out is unwise."""
    pr = prior(state.options)
    cards, up = state.layouts[seat], state.face_up[seat]
    columns = {i: _column_expectation(cards, up, i, PARTNER[i], pr) for i in range(LAYOUT)}
    down = state.face_down(seat)
    now = expected_layout(state, seat)
    out = []
    for i in range(LAYOUT):
        gain = columns[i] - _placed(cards, up, card, i, pr)
        if down == [i] and not going_out_ok(state, seat, now - gain):
            continue
        out.append((gain, i))
    out.sort(key=lambda t: (-t[0], t[1]))
    return out


def _stock_gain(state: PolkaState, seat: int) -> float:
    """What a stock card is expected to save (nothing when it would be discarded)."""
    pr = prior(state.options)
    cards, up = state.layouts[seat], state.face_up[seat]
    columns = [_column_expectation(cards, up, i, PARTNER[i], pr) for i in range(LAYOUT)]
    down = state.face_down(seat)
    last = down[0] if len(down) == 1 and state.ender is None else None
    total = 0.0
    for card, p in pr.classes:
        best = 0.0
        for i in range(LAYOUT):
            if i != last:   # going out is judged when the card is seen
                best = max(best, columns[i] - _placed(cards, up, card, i, pr))
        total += p * best
    return total


def heuristic_choice(state: PolkaState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb move for ``seat`` and why, in words a player understands."""
    phase = state.phase
    if phase == REVEAL:
        down = state.face_down(seat)
        fresh = [i for i in down if not state.face_up[seat][PARTNER[i]]]
        i = (fresh or down)[0]
        return Action(FLIP, (POSITIONS[i],)), ("your face-down cards are all unknown to you, so any is as good; "
                                               "turning cards in different columns shows what more columns need")
    if phase == CHOOSE:
        top = state.discard[-1]
        gains = swap_gains(state, seat, top)
        take = gains[0][0] if gains else -99.0
        stock = _stock_gain(state, seat) if state.can_draw() else -99.0
        if take > 0 and take >= stock:
            return Action(TAKE, (str(top),)), (f"the {top} saves about {take:.1f} points at "
                                                f"{POSITIONS[gains[0][1]]}, more than a stock card is "
                                                f"expected to ({stock:.1f})")
        if not state.can_draw():
            return Action(TAKE, (str(top),)), "the stock is used up: you must take the discard"
        return Action(DRAW), (f"the {top} would save about {max(take, 0):.1f} points at best; a stock card is "
                              f"expected to save {stock:.1f}")
    if phase == PLACE:
        card = state.drawn[0]
        gains = swap_gains(state, seat, card)
        if state.drawn_from == "stock" and (not gains or gains[0][0] <= 0):
            return Action(DISCARD, (str(card),)), f"the {card} lowers nothing in your layout: discard it"
        if not gains:   # a discard taken with only the last face-down place left and going out unwise
            gains = [(0.0, state.face_down(seat)[0])]
        gain, i = gains[0]
        return Action(SWAP, (POSITIONS[i],)), (f"put the {card} at {POSITIONS[i]}: it lowers your expected "
                                               f"score by about {gain:.1f}")
    down = state.face_down(seat)
    if state.ender is not None or not down:
        return Action(PASS), "this is your last turn: turning a card changes nothing now"
    if len(down) == 1:
        score = expected_layout(state, seat)
        if going_out_ok(state, seat, score):
            return Action(FLIP, (POSITIONS[down[0]],)), ("turn your last card: you are expected to score no "
                                                         "more than the others, so end the hole")
        return Action(PASS), "keep your last card down: ending the hole now would leave you behind"
    both = [i for i in down if not state.face_up[seat][PARTNER[i]]]
    i = (both or down)[0]
    return Action(FLIP, (POSITIONS[i],)), (f"turn up {POSITIONS[i]}: it shows what that column needs and "
                                           f"brings the end of the hole nearer")


def heuristic_bot(state: PolkaState, seat: int, rng: Rng) -> Action:
    """Play the rules-of-thumb move."""
    return heuristic_choice(state, seat)[0]

