"""Diloti (GAMES.md G17): the Greek fishing game of sums, declarations and xeris.

Players and pack. Two play alone, or four in two partnerships sitting opposite (seats 0
and 2 against 1 and 3), partners sharing one pile of captured cards. Play is clockwise.
A 52-card pack; for sums an ace is 1 and two to ten count their pips; jacks, queens and
kings have no value and are taken only by a card of their rank.

Deal. The first dealer comes from the match seed; the deal passes to the left after each
hand. The dealer gives six cards to each player, one at a time from the left, then turns
four cards face up on the table. If three or more of those four share a rank, they go
back into the stock, which is shuffled, and four more are turned. When every hand is
empty the dealer deals six more each from the stock (two players: four deals a hand;
four players: two).

Turn. The player left of the dealer begins; each turn a player plays one card and:

* captures with it: a jack, queen or king takes one loose card of its rank and, by
  default, must take one when it can (``face_must_capture``); a number card takes every
  loose card of its rank, and as many disjoint sets of loose number cards adding up to
  its value as the player chooses, and any declarations of its value;
* lays it loose on the table;
* forms a declaration: the card with one or more loose number cards into a pile worth
  their total (at most 10), which only a card of that value can capture; the player must
  still hold a card of that value;
* raises an opponent's regular declaration by adding the card to it (the new value at
  most 10 and held by the raiser); the raiser becomes its owner;
* forms a group declaration ("group of 9s"): the card with loose number cards and/or
  declarations into two or more units of one value, holding another card of that value.
  A unit may be the player's own pending declaration, their partner's, or an opponent's
  regular declaration raised by the played card in this same move.

Obligation. The owner of a declaration must keep a card of its value and may use that
card only to capture it (with any other units of the same value); with two such cards
only one is kept back. While it lies on the table the owner may not lay cards, form a
regular declaration or raise, and may form a group only by taking the pending declaration
into it. The obligation ends when anyone captures it or an opponent raises it. A player
may not raise their own or their partner's declaration; group declarations cannot be
raised. Face cards are never part of a declaration.

Xeri. From the second play of the hand on, a card that captures everything on the table
scores a xeri (10 points); the last play of the hand may score one too.

End of a hand. When the stock is gone and the hands are played out, the last player to
capture takes what is left on the table (never a xeri; if nobody captured at all, the
dealer's side takes it). Each side scores 10 a xeri, 4 for most cards (nobody at 26–26),
2 for the 10♦, 1 an ace and 1 for the 2♣: 11 points a hand besides xeris.

Match. The first side to ``target`` points (61) or more at the end of a hand wins, the
higher score if both pass it; level scores at or above the target play another hand. A
guard ends a match after ``max_hands`` hands as a draw if it is still level.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.games.diloti_moves import (CAPTURE, DECLARE, GROUP, LAY, RAISE, Decl, Move, card_order, generate,
                                         parse_key, value_of)

HAND = 6
TABLE = 4
PACK = tuple(standard_pack())
XERI = 10
MOST_CARDS = 4
TEN_OF_DIAMONDS = parse_card("TD")
TWO_OF_CLUBS = parse_card("2C")
HAND_POINTS = 11          # the rule text's checksum: 4 + 2 + 4 aces + 1, xeris aside
SEAT_NAMES = {2: ("South", "North"), 4: ("South", "West", "North", "East")}


def card_points(cards) -> int:
    """Points in captured cards: 2 for the 10♦, 1 for each ace and 1 for the 2♣."""
    return sum(2 if c == TEN_OF_DIAMONDS else 1 if (c.rank == 14 or c == TWO_OF_CLUBS) else 0 for c in cards)


@serializable
@dataclass(frozen=True)
class DilotiOptions:
    """Variants of Diloti."""

    players: int = option(2, "number of players: 2 alone, or 4 in two partnerships sitting opposite",
                          choices=(2, 4))
    target: int = option(61, "points a side needs at the end of a hand to win the match", minimum=1, maximum=500)
    face_must_capture: bool = option(True, "a jack, queen or king must capture a loose card of its rank "
                                           "when there is one (it may not be laid beside it)")
    max_hands: int = option(60, "a match still level after this many hands ends as a draw", minimum=1,
                            maximum=500)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One row of the score sheet: a finished hand."""

    dealer: int
    cards: tuple[int, int]            # cards each side captured
    xeris: tuple[int, int]
    points: tuple[tuple[int, int, int, int, int], tuple[int, int, int, int, int]]  # per side: xeri, most, 10D, aces, 2C
    totals: tuple[int, int]


@serializable
@dataclass(frozen=True)
class DilotiState(State):
    """A moment of a Diloti match."""

    options: DilotiOptions
    rng_state: int
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]               # face down, the next card dealt first
    loose: tuple[Card, ...]               # loose cards on the table, in the order they came
    decls: tuple[Decl, ...]
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]   # captured cards per side, face down
    xeris: tuple[int, int]
    last_capturer: int                    # -1 before the first capture of the hand
    plays: int                            # cards played this hand
    next_ident: int
    totals: tuple[int, int]
    sheet: tuple[HandRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- seats and sides
    @property
    def players(self) -> int:
        return self.options.players

    def side_of(self, seat: int) -> int:
        """0 for seats 0 and 2, 1 for seats 1 and 3."""
        return seat % 2

    def partner(self, seat: int) -> int | None:
        """The partner's seat with four players, else None."""
        return (seat + 2) % 4 if self.players == 4 else None

    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0,), (1,)) if self.players == 2 else ((0, 2), (1, 3))

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    # ------------------------------------------------------------- moves
    def moves(self, seat: int) -> list[Move]:
        """Every legal move of ``seat`` (empty when it is not to move)."""
        if self.over or seat != self.turn:
            return []
        return generate(self.hands[seat], self.loose, self.decls, seat, self.partner(seat),
                        self.options.face_must_capture, self.plays == 0)

    def legal_actions(self, seat: int) -> list[Action]:
        return [m.action for m in self.moves(seat)]

    def parse_action(self, data: Any, seat: int) -> Action:
        """Read a typed move; one written with its units in another order is the listed one."""
        action = Action.from_json(data)
        if action.kind not in (LAY, CAPTURE, DECLARE, RAISE, GROUP):
            return action
        key = parse_key(action)
        for move in self.moves(seat):
            if (move.kind, move.card, move.value, frozenset(move.loose), frozenset(move.decls)) == key:
                return move.action
        return action

    def _apply(self, action: Action, seat: int) -> "DilotiState":
        move = next(m for m in self.moves(seat) if m.action == action)
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        loose = tuple(c for c in self.loose if c not in move.loose)
        kept = tuple(d for d in self.decls if d.ident not in move.decls)
        used = [d for d in self.decls if d.ident in move.decls]
        state = replace(self, hands=tuple(hands), plays=self.plays + 1)
        if move.kind == LAY:
            state = replace(state, loose=self.loose + (move.card,))
        elif move.kind == CAPTURE:
            taken = (move.card,) + move.loose + tuple(c for d in used for c in d.cards)
            side = self.side_of(seat)
            piles = list(self.piles)
            piles[side] = piles[side] + taken
            xeri = self.plays > 0 and not loose and not kept
            xeris = _with(self.xeris, side, self.xeris[side] + 1) if xeri else self.xeris
            state = replace(state, loose=loose, decls=kept, piles=(piles[0], piles[1]), xeris=xeris,
                            last_capturer=seat)
        elif move.kind == RAISE:
            (d,) = used
            raised = replace(d, owner=seat, value=move.value, cards=d.cards + (move.card,))
            state = replace(state, decls=tuple(raised if x.ident == d.ident else x for x in self.decls))
        else:
            cards = (move.card,) + move.loose + tuple(c for d in used for c in d.cards)
            new = Decl(self.next_ident, seat, move.value, cards, group=move.kind == GROUP)
            state = replace(state, loose=loose, decls=kept + (new,), next_ident=self.next_ident + 1)
        return state._next_turn()

    def _next_turn(self) -> "DilotiState":
        n = self.players
        if any(self.hands):
            return replace(self, turn=(self.turn + 1) % n)
        if self.stock:
            hands, stock = _deal_hands(self.stock, self.dealer, n)
            return replace(self, hands=hands, stock=stock, turn=(self.turn + 1) % n)
        return self._end_hand()

    def _end_hand(self) -> "DilotiState":
        rest = self.loose + tuple(c for d in self.decls for c in d.cards)
        taker = self.last_capturer if self.last_capturer >= 0 else self.dealer
        piles = list(self.piles)
        piles[self.side_of(taker)] += rest
        counts = (len(piles[0]), len(piles[1]))
        rows = []
        for side in (0, 1):
            most = MOST_CARDS if counts[side] > counts[1 - side] else 0
            ten = 2 if TEN_OF_DIAMONDS in piles[side] else 0
            aces = sum(1 for c in piles[side] if c.rank == 14)
            two = 1 if TWO_OF_CLUBS in piles[side] else 0
            rows.append((XERI * self.xeris[side], most, ten, aces, two))
        totals = tuple(self.totals[s] + sum(rows[s]) for s in (0, 1))
        record = HandRecord(self.dealer, counts, self.xeris, (rows[0], rows[1]), totals)
        state = replace(self, loose=(), decls=(), piles=(piles[0], piles[1]), totals=totals,
                        sheet=self.sheet + (record,))
        target = self.options.target
        if (max(totals) >= target and totals[0] != totals[1]) or len(state.sheet) >= self.options.max_hands:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        return _start_hand(self.options, rng, (self.dealer + 1) % self.players, rng.shuffled(PACK),
                           totals=totals, sheet=state.sheet)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.totals[self.side_of(s)] for s in range(self.players))

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """Per hand and side: xeris, most cards, the 10♦, aces and the 2♣."""
        sides = self.sides()
        names = ("xeri", "most cards", "ten of diamonds", "aces", "two of clubs")
        events = []
        for number, record in enumerate(self.sheet, 1):
            for side in (0, 1):
                for name, points in zip(names, record.points[side]):
                    if points:
                        detail = {"cards": record.cards[side], "opponents_cards": record.cards[1 - side]}
                        if name == "xeri":
                            detail["xeris"] = record.xeris[side]
                        events.append(ScoreEvent(number, sides[side], points, name, detail))
        return events

    def utility(self, seat: int) -> float:
        """Score difference, plus the points already in the piles of the hand being played
        (cards count a little) so a search sees progress within a hand."""
        own = self.side_of(seat)
        base = float(self.totals[own] - self.totals[1 - own])
        if not self.over and (self.piles[0] or self.piles[1]):
            now = [XERI * self.xeris[s] + card_points(self.piles[s]) + len(self.piles[s]) * 4 / 27 for s in (0, 1)]
            base += now[own] - now[1 - own]
        return base

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["table"] = Zone(self.loose, Visibility.PUBLIC)
        for d in self.decls:
            zones[f"declaration {d.label}"] = Zone(d.cards, Visibility.PUBLIC)
        for side in (0, 1):
            zones[f"captured:{side}"] = Zone(self.piles[side], Visibility.SEEN, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "DilotiState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """An owner keeps a card of the declared value: one such card unseen by ``seat`` (the
        lowest suit, chosen from what the seat knows only) is placed in the owner's hand."""
        fixed: dict[str, tuple[Card, ...]] = {}
        # only cards that really lie where the seat cannot see them, each kept for one owner
        hidden = {c for z in self.zones().values() if not z.known_to(seat) for c in z.cards}
        used: set[Card] = set()
        for d in self.decls:
            zone = f"hand:{d.owner}"
            if d.owner == seat or zone in fixed or not self.hands[d.owner]:
                continue
            unseen = sorted((c for c in hidden if value_of(c) == d.value and c not in used), key=card_order)
            if unseen:
                fixed[zone] = (unseen[0],)
                used.add(unseen[0])
        return fixed

    def public(self, seat: int | None) -> dict:
        return {
            "seat_names": list(SEAT_NAMES[self.players]),
            "partnerships": [list(side) for side in self.sides()],
            "dealer": self.dealer,
            "declarations": [{"id": d.label, "value": d.value, "owner": d.owner,
                              "kind": "group" if d.group else "regular",
                              "cards": [str(c) for c in d.cards]} for d in self.decls],
            "stock": len(self.stock),
            "captured_cards": [len(p) for p in self.piles],
            "xeris": list(self.xeris),
            "last_capturer": self.last_capturer if self.last_capturer >= 0 else None,
            "plays_this_hand": self.plays,
            "scores": list(self.totals),
            "target": self.options.target,
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "cards": list(r.cards), "xeris": list(r.xeris),
                 "points": [sum(p) for p in r.points], "totals": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_order))


def _deal_hands(stock, dealer: int, n: int):
    """Six cards to each player, one at a time from the dealer's left."""
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(stock[:HAND * n]):
        hands[(dealer + 1 + i) % n].append(card)
    return tuple(_sorted(h) for h in hands), tuple(stock[HAND * n:])


def three_of_a_rank(cards) -> bool:
    """True when three or more of the turned cards share a rank (they are turned again)."""
    ranks = [c.rank for c in cards]
    return any(ranks.count(r) >= 3 for r in ranks)


def _start_hand(options: DilotiOptions, rng: Rng, dealer: int, deck, **carry) -> DilotiState:
    """Deal the hands, then turn four cards, turning again while three share a rank."""
    n = options.players
    hands, stock = _deal_hands(tuple(deck), dealer, n)
    table = stock[:TABLE]
    stock = stock[TABLE:]
    while three_of_a_rank(table):
        mixed = rng.shuffled(stock + table)
        table, stock = tuple(mixed[:TABLE]), tuple(mixed[TABLE:])
    return _state(options, rng.state, dealer, hands, stock, table, **carry)


def _state(options, rng_state, dealer, hands, stock, table, **carry) -> DilotiState:
    return DilotiState(
        options=options, rng_state=rng_state, dealer=dealer, turn=(dealer + 1) % options.players,
        hands=hands, stock=tuple(stock), loose=tuple(table), decls=(), piles=((), ()), xeris=(0, 0),
        last_capturer=-1, plays=0, next_ident=1, totals=carry.get("totals", (0, 0)),
        sheet=carry.get("sheet", ()))


def parse_deal(options: DilotiOptions, deal: Any, rng: Rng) -> DilotiState:
    """Read an explicit first deal.

    ``{"dealer": 0, "hands": [[6 cards] per seat, seat 0 first], "table": [4 cards],
    "stock": [the rest, next dealt first]}``; without ``stock`` the rest is shuffled from
    the seed. The table is given as it finally lay (three of a rank would be turned again).
    """
    shape = ("a Diloti deal is an object with 'dealer', 'hands' (six cards for each seat, seat 0 first), "
             "'table' (the four cards turned up) and optionally 'stock' (the rest, next dealt first)")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    n = options.players
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {n - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise CardsageError(f"deal.hands must list {n} hands, seat 0 first", field="deal.hands")
    seen: dict[Card, str] = {}

    def read(cards, where: str, field: str, size: int | None) -> list[Card]:
        if not isinstance(cards, (str, list)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        out = [parse_card(c) if isinstance(c, str) else _bad(where, field)
               for c in (cards.split() if isinstance(cards, str) else cards)]
        for c in out:
            if c not in PACK:
                raise CardsageError(f"{c} is not in the 52-card pack", field=field)
            if c in seen:
                raise CardsageError(f"{c} is dealt twice ({seen[c]} and {where})", field=field)
            seen[c] = where
        if size is not None and len(out) != size:
            raise CardsageError(f"{where} has {len(out)} cards; it needs {size}", field=field)
        return out

    parsed = [read(h, f"hand {s}", f"deal.hands.{s}", HAND) for s, h in enumerate(hands)]
    table = read(deal.get("table", []), "the table", "deal.table", TABLE)
    if three_of_a_rank(table):
        raise CardsageError("three or more table cards share a rank: they are turned again; "
                            "give the table as it finally lay", field="deal.table")
    rest = [c for c in PACK if c not in seen]
    if deal.get("stock") is not None:
        stock = read(deal["stock"], "the stock", "deal.stock", None)
        if len(stock) != len(rest):
            missing = ", ".join(str(c) for c in rest if c not in set(stock))
            raise CardsageError(f"the stock must hold the {len(rest)} undealt cards; missing: {missing}",
                                field="deal.stock")
    else:
        stock = rng.shuffled(rest)
    return _state(options, rng.state, dealer, tuple(_sorted(h) for h in parsed), stock, table)


def _bad(where: str, field: str):
    raise CardsageError(f"{where} must list cards as text like '7H'", field=field)


class Diloti(Game):
    """The Diloti ruleset."""

    name = "diloti"
    title = "Diloti"
    family = "fishing"
    min_players = 2
    max_players = 4
    summary = ("Greek fishing game: capture by rank and by sums, bind cards into declarations only a "
               "card of their value can take, and sweep the table for a xeri.")
    Options = DilotiOptions
    State = DilotiState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: DilotiOptions, seed: int, deal: Any) -> DilotiState:
        rng = Rng(seed)
        if deal is not None:
            return parse_deal(options, deal, rng)
        dealer = rng.below(options.players)    # the first dealer comes from the match seed
        return _start_hand(options, rng, dealer, rng.shuffled(PACK))


GAME = Diloti()
