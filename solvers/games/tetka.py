"""Tëtka (GAMES.md G6): four players each for themselves, avoiding penalty points.

Four players, clockwise, one 52-card pack, aces high, no trumps. The first dealer is
drawn from the match seed; the deal then passes to the left (clockwise) after every
hand. The dealer deals all the cards, thirteen each; the last card dealt, which goes to
the dealer, is shown to everyone: the **bum card**. Its suit is the bum suit and its
rank the bum rank. It stays face up in front of the dealer, part of the dealer's hand,
until the dealer plays it (so everyone knows where it is until then).

The player left of the dealer leads to the first trick. Players must follow suit if
they can, otherwise they may play any card; the highest card of the suit led wins the
trick and its winner leads to the next. Thirteen tricks make a hand.

Penalty points (see :mod:`solvers.games.tetka_penalties`), to the winner of the trick:
the trick holding the bum card 1; Tëtka, the queen of the bum suit, 2; every other
queen 1; the trick whose number is the bum rank (ace 1st … 10 10th, jack 11th, queen
12th, king 13th) 1; the last trick 1. After the hand the player with most tricks takes
1 more; ties go to the tied player with most cards of the bum suit captured, then to
the one with the highest card of that suit captured, and (a gap in the rule text) tied
players who captured no card of the bum suit are told apart by who won the latest
trick. Several penalties may fall on one trick. Exactly nine points are given out in
every hand.

A match is ``orbits`` rounds of four hands (one by each dealer; one round by
default). The lowest total wins; equal totals share the place.

Review: a finished trick is turned face down; it may be looked at again only until the
next card is led (``review_limit``), unless ``show_full_history`` is on.

Score sheet (``score_events``): one line per penalty, with its rule as the source
("bum card", "Tëtka", "queens", "bum-rank trick", "last trick", "most tricks") and the
trick number and cards as the detail.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.games.tetka_penalties import (
    MOST_TRICKS, TRICKS, Penalty, hand_penalties, most_tricks, penalty_totals, penalty_trick_number,
    tetka_of, trick_penalties,
)
from solvers.tricks import cards_that_follow, parse_four_hands, trick_winner

SEATS = 4
SEAT_NAMES = ("South", "West", "North", "East")


@serializable
@dataclass(frozen=True)
class TetkaOptions:
    """Variants of Tëtka."""

    orbits: int = option(1, "how many times the deal goes round the table; each round is four hands, "
                            "one dealt by each player", minimum=1, maximum=10)
    show_full_history: bool = option(False, "let players look back at every trick, not only the last "
                                            "one before the next lead")


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished hand."""

    dealer: int
    bum: Card
    tricks: tuple[int, ...]           # tricks each seat took
    penalties: tuple[Penalty, ...]    # every penalty of the hand, in the order it fell
    points: tuple[int, ...]           # penalty points each seat took in the hand
    totals: tuple[int, ...]           # running totals after the hand
    most_tricks_by: str = "tricks"    # how the most-tricks point was decided


@serializable
@dataclass(frozen=True)
class TetkaState(State):
    """A moment of a Tëtka match."""

    options: TetkaOptions
    rng_state: int                        # generator state for the next deal
    dealer: int
    hands: tuple[tuple[Card, ...], ...]   # per seat; the dealer's leaves out the bum card while it is shown
    bum: Card                             # the last card dealt, shown to all
    bum_shown: bool                       # True until the dealer plays the bum card
    leader: int
    trick: tuple[tuple[int, Card], ...]   # plays of the current trick, in order
    last_trick: tuple[tuple[int, Card], ...]
    history: tuple[tuple[tuple[int, Card], ...], ...]  # the finished tricks of this hand
    winners: tuple[int, ...]              # who won each finished trick of this hand
    voids: tuple[frozenset, ...]          # suits each seat has shown it lacks
    totals: tuple[int, ...]               # penalty points of the match so far (finished hands)
    sheet: tuple[HandRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- the hand's dangers
    @property
    def bum_suit(self) -> int:
        """The suit of the bum card."""
        return self.bum.suit

    @property
    def tetka(self) -> Card:
        """Tëtka, the queen of the bum suit (2 penalty points)."""
        return tetka_of(self.bum)

    @property
    def penalty_trick(self) -> int:
        """The number (1–13) of the trick that costs a point because it matches the bum rank."""
        return penalty_trick_number(self.bum)

    @property
    def trick_number(self) -> int:
        """The number (1–13) of the trick being played."""
        return len(self.history) + 1

    # ------------------------------------------------------------- whose turn
    @property
    def turn(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % SEATS

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def players(self) -> int:
        return SEATS

    def holding(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play from (the dealer's include the shown bum card)."""
        if seat == self.dealer and self.bum_shown:
            return self.hands[seat] + (self.bum,)
        return self.hands[seat]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        led = self.trick[0][1] if self.trick else None
        playable = cards_that_follow(self.holding(seat), led)
        return [card_action("play", c) for c in sorted(playable, key=_order)]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "TetkaState":
        card = parse_card(action.args[0])
        hands = list(self.hands)
        bum_shown = self.bum_shown
        if card == self.bum and bum_shown:
            bum_shown = False
        else:
            hands[seat] = tuple(c for c in hands[seat] if c != card)
        voids = self.voids
        if self.trick and card.suit != self.trick[0][1].suit:
            voids = _with(voids, seat, voids[seat] | {self.trick[0][1].suit})
        state = replace(self, hands=tuple(hands), bum_shown=bum_shown,
                        trick=self.trick + ((seat, card),), voids=voids)
        if len(state.trick) == SEATS:
            state = state._close_trick()
        return state

    def _close_trick(self) -> "TetkaState":
        winner = trick_winner(self.trick, None)
        state = replace(self, trick=(), last_trick=self.trick, leader=winner,
                        history=self.history + (self.trick,), winners=self.winners + (winner,))
        if len(state.history) == TRICKS:
            state = state._score_hand()
        return state

    def _score_hand(self) -> "TetkaState":
        penalties = tuple(hand_penalties(self.history, self.winners, self.bum, SEATS))
        points = penalty_totals(penalties, SEATS)
        totals = tuple(t + p for t, p in zip(self.totals, points))
        award = most_tricks(self.winners, self._captured(), self.bum)
        record = HandRecord(self.dealer, self.bum, self.tricks, penalties, points, totals,
                            most_tricks_by=award.decided_by)
        state = replace(self, totals=totals, sheet=self.sheet + (record,))
        if len(state.sheet) >= SEATS * self.options.orbits:
            return replace(state, over=True)
        return state._next_deal()

    def _next_deal(self) -> "TetkaState":
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(standard_pack())
        return _deal(self.options, rng.state, (self.dealer + 1) % SEATS, deck,
                     totals=self.totals, sheet=self.sheet, last_trick=self.last_trick)

    # ------------------------------------------------------------- tricks and penalties so far
    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks each seat has taken in this hand."""
        return tuple(self.winners.count(s) for s in range(SEATS))

    def _captured(self) -> list[list[Card]]:
        captured: list[list[Card]] = [[] for _ in range(SEATS)]
        for plays, winner in zip(self.history, self.winners):
            captured[winner].extend(c for _, c in plays)
        return captured

    def penalties_so_far(self) -> list[Penalty]:
        """The penalties taken in this hand's finished tricks (no most-tricks point yet)."""
        out: list[Penalty] = []
        for number, (plays, winner) in enumerate(zip(self.history, self.winners), 1):
            out.extend(trick_penalties(number, winner, [c for _, c in plays], self.bum))
        return out

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty points of each seat over the finished hands (lower is better)."""
        return self.totals

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One event per penalty of every finished hand, named by its rule."""
        events = []
        for hand, record in enumerate(self.sheet, 1):
            for p in record.penalties:
                detail: dict[str, Any] = {"bum": str(record.bum)}
                if p.trick is not None:
                    detail["trick"] = p.trick
                if p.cards:
                    detail["cards"] = list(p.cards)
                if p.source == MOST_TRICKS:
                    detail.update(tricks=record.tricks[p.seat], decided_by=record.most_tricks_by)
                events.append(ScoreEvent(hand, (p.seat,), p.points, p.source, detail))
        return events

    def review_limit(self, viewer: int | None) -> int | None:
        """The plays of the current trick, or of the last trick until the next card is led."""
        if self.options.show_full_history or self.over:
            return None
        return len(self.trick) if self.trick else len(self.last_trick)

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(SEATS)}
        zones["bum"] = Zone((self.bum,) if self.bum_shown else (), Visibility.PUBLIC, self.dealer)
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        for seat, cards in enumerate(self._captured()):
            zones[f"won:{seat}"] = Zone(tuple(cards), Visibility.SEEN, seat)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "TetkaState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(SEATS))
        return replace(self, hands=hands)

    def determinize_constraints(self, seat: int):
        return {f"hand:{s}": (lambda c, v=self.voids[s]: c.suit not in v)
                for s in range(SEATS) if s != seat and self.voids[s]}

    def public(self, seat: int | None) -> dict:
        show_last = self.options.show_full_history or not self.trick
        so_far = penalty_totals(self.penalties_so_far(), SEATS)
        return {
            "seat_names": list(SEAT_NAMES),
            "dealer": self.dealer,
            "bum_card": str(self.bum),
            "bum_suit": Suit(self.bum_suit).letter,
            "bum_card_held_by": self.dealer if self.bum_shown else None,
            "tetka": str(self.tetka),
            "penalty_trick": self.penalty_trick,
            "trick_number": min(self.trick_number, TRICKS),
            "leader": self.leader,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick] if show_last else None,
            "tricks_won": list(self.tricks),
            "penalties_this_hand": list(so_far),
            "totals": list(self.totals),
            "hand_number": min(len(self.sheet) + 1, SEATS * self.options.orbits),
            "hands_in_match": SEATS * self.options.orbits,
            "low_score_wins": True,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "bum_card": str(r.bum), "tricks": list(r.tricks),
                 "points": list(r.points), "totals": list(r.totals)} for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.suit, card.rank)


def _deal(options: TetkaOptions, rng_state: int, dealer: int, deck: list[Card], **carry) -> TetkaState:
    """Deal ``deck`` one card at a time from the dealer's left; the last card is the bum card."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % SEATS].append(card)
    bum = deck[-1]
    table = [tuple(sorted(h, key=_order)) for h in hands]
    table[dealer] = tuple(c for c in table[dealer] if c != bum)
    return TetkaState(
        options=options, rng_state=rng_state, dealer=dealer, hands=tuple(table), bum=bum, bum_shown=True,
        leader=(dealer + 1) % SEATS, trick=(), last_trick=carry.get("last_trick", ()), history=(),
        winners=(), voids=(frozenset(),) * SEATS, totals=carry.get("totals", (0,) * SEATS),
        sheet=carry.get("sheet", ()))


def parse_deal(deal: Any) -> tuple[int, list[Card]]:
    """Read an explicit first deal: ``{"dealer": 0, "hands": [[13 cards] x4], "bum": "7H"}``.

    ``hands`` lists seat 0's hand first; ``bum`` (default: the last card listed for the
    dealer) must be in the dealer's hand. Returns the dealer and the deck in dealing
    order, so the bum card comes last.
    """
    shape = "a Tëtka deal is an object with 'hands' (four lists of 13 cards), 'dealer' and 'bum'"
    dealer, parsed = parse_four_hands(deal, shape)
    unknown = sorted(set(deal) - {"dealer", "hands", "bum"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {shape}", field="deal")
    bum_text = deal.get("bum", str(parsed[dealer][-1]))
    if not isinstance(bum_text, str):
        raise CardsageError("deal.bum must be a card like '7H'", field="deal.bum")
    bum = parse_card(bum_text)
    if bum not in parsed[dealer]:
        raise CardsageError(f"the bum card {bum} must be in the dealer's hand (seat {dealer})",
                            field="deal.bum")
    parsed[dealer] = [c for c in parsed[dealer] if c != bum] + [bum]
    deck = [parsed[(dealer + 1 + i) % SEATS][i // SEATS] for i in range(52)]
    return dealer, deck


class Tetka(Game):
    """The Tëtka ruleset."""

    name = "tetka"
    title = "Tëtka"
    family = "trick-taking"
    min_players = 4
    max_players = 4
    summary = ("Four players each for themselves dodge penalty points: the bum card, the queens "
               "(its own queen, Tëtka, counts double), the trick matching the bum rank, the last "
               "trick and the most tricks. Lowest total wins.")
    Options = TetkaOptions
    State = TetkaState
    seat_names = SEAT_NAMES
    low_score_wins = True

    def start(self, options: TetkaOptions, seed: int, deal: Any) -> TetkaState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal)
        else:
            dealer = rng.below(SEATS)  # the first dealer comes from the match seed
            deck = rng.shuffled(standard_pack())
        return _deal(options, rng.state, dealer, deck)


GAME = Tetka()
