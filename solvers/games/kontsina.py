"""Kontsina (GAMES.md G15): a Greek fishing game for two to four players, each for themselves.

Pack and players. A 52-card pack; two to four players, each alone; play goes clockwise
(to the left). Values for sums: ace 1, two to ten their pips; jacks, queens and kings have
no value and are taken only by matching rank.

Deal. The first dealer comes from the match seed; the deal then passes to the left after
every hand. The dealer deals four cards to each player, one at a time from the left, then
four cards face up to the table; the rest is the face-down stock. Whenever every hand is
empty and the stock is not, the dealer deals four more to each player the same way (two
players: six rounds of four, three: four rounds, four: three rounds).

Turn. The player left of the dealer plays first. A turn is one card from the hand:
* a *match* takes one table card of the same rank (only one, even when several share it);
* a *sum* (number cards only) takes two or more table number cards whose values add up to
  the played card's value;
* a *lay* leaves the card face up on the table.
The rule text lets one play take one group only (``capture_sets = "one"``); the variant
``"several"`` lets a play take any number of disjoint groups at once, each a match or a sum.
Capturing is optional (GAMES.md proposal; ``must_capture`` makes it compulsory). The played
card and the cards it takes go face down to the player's pile, which nobody may look
through until the hand ends: a view shows only how many cards each pile holds.

End of a hand. When the stock is gone and every hand is played out, the last player who
captured takes the cards left on the table (if nobody captured at all, they stay out of
play). Each player then counts their pile:
* the most cards: 2 points (a tie for most: nobody scores them);
* the most clubs: 1 point (a tie: nobody, GAMES.md proposal);
* the two of clubs: 1 point (it counts as a club too);
* the ten of diamonds: 1 point.
So a hand gives at most 5 points.

Match. After a hand in which someone reaches ``target`` (21) points, the highest total
wins; players tied for the highest play further hands until one of them is ahead. A match
that is still tied after ``max_hands`` hands ends with the tied leaders sharing the win.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.games.kontsina_captures import (CAPTURE, LAY, canonical_action, capture_action, capture_sets,
                                             card_key, groups, lay_action, read_capture)

HAND = 4                    # cards dealt to each player a round
TABLE = 4                   # cards dealt face up at the start of a hand
PACK = tuple(standard_pack())
TWO_CLUBS = parse_card("2C")
TEN_DIAMONDS = parse_card("TD")
MOST_CARDS, MOST_CLUBS, TWO_CLUBS_POINT, TEN_DIAMONDS_POINT = 2, 1, 1, 1
HAND_POINTS = MOST_CARDS + MOST_CLUBS + TWO_CLUBS_POINT + TEN_DIAMONDS_POINT   # at most 5 a hand
SEAT_NAMES = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}


@serializable
@dataclass(frozen=True)
class KontsinaOptions:
    """Variants of Kontsina."""

    players: int = option(2, "number of players, each playing alone", choices=(2, 3, 4))
    target: int = option(21, "points that end the match after the hand in which someone reaches them",
                         minimum=1, maximum=200)
    capture_sets: str = option("one", "what one played card may take: 'one' group (one matching card or one "
                                      "set adding up to it; the usual rule), or 'several' disjoint groups at once",
                               choices=("one", "several"))
    must_capture: bool = option(False, "a player who can capture must do so (off: laying a card is always allowed)")
    max_hands: int = option(100, "hands after which a match still tied for the lead ends with a shared win",
                            minimum=1, maximum=1000)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished hand."""

    dealer: int
    cards: tuple[int, ...]        # cards in each pile
    clubs: tuple[int, ...]        # clubs in each pile
    two_clubs: int                # who took the two of clubs (-1: nobody)
    ten_diamonds: int             # who took the ten of diamonds (-1: nobody)
    sweeper: int                  # who took the cards left on the table (-1: nobody)
    points: tuple[int, ...]       # points each player scored this hand
    totals: tuple[int, ...]       # match totals after this hand


@serializable
@dataclass(frozen=True)
class KontsinaState(State):
    """A moment of a Kontsina match."""

    options: KontsinaOptions
    rng_state: int                          # generator state for the next hand's shuffle
    dealer: int
    hands: tuple[tuple[Card, ...], ...]     # per seat
    table: tuple[Card, ...]                 # face up, in the order they came
    stock: tuple[Card, ...]                 # face down, the next card to deal first
    piles: tuple[tuple[Card, ...], ...]     # captured cards per seat, face down
    turn: int
    last_capturer: int                      # -1 before anyone captured this hand
    last_play: tuple                        # (seat, played card, taken cards) of the latest turn
    totals: tuple[int, ...]
    sheet: tuple[HandRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- seats and turns
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def captures(self, seat: int) -> list[Action]:
        """Every distinct capture ``seat`` could make now, each once."""
        several = self.options.capture_sets == "several"
        out = []
        for card in sorted(self.hands[seat], key=card_key):
            for _, parts in sorted(capture_sets(card, self.table, several).items(),
                                   key=lambda kv: capture_action(card, self.table, kv[1]).notation):
                out.append(capture_action(card, self.table, parts))
        return out

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        takes = self.captures(seat)
        if takes and self.options.must_capture:
            return takes
        return takes + [lay_action(c) for c in sorted(self.hands[seat], key=card_key)]

    def parse_action(self, data: Any, seat: int) -> Action:
        """Read a lay or capture however it is typed (cards in any order, any grouping of the
        same taken cards) and return it in the written form of the legal move."""
        action = Action.from_json(data)
        try:
            action = canonical_action(action)
        except CardsageError:
            return action
        if action.kind != CAPTURE or seat != self.turn or self.over:
            return action
        played, parts = read_capture(action)
        taken = frozenset(c for p in parts for c in p)
        if not all(_is_group(played, p) for p in parts):
            return action
        for legal in self.captures(seat):
            card, legal_parts = read_capture(legal)
            if card == played and frozenset(c for p in legal_parts for c in p) == taken:
                return legal
        return action

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "KontsinaState":
        n = self.players
        hands = list(self.hands)
        if action.kind == LAY:
            card = parse_card(action.args[0])
            hands[seat] = tuple(c for c in hands[seat] if c != card)
            state = replace(self, hands=tuple(hands), table=self.table + (card,),
                            last_play=(seat, card, ()))
        else:
            card, parts = read_capture(action)
            taken = tuple(c for p in parts for c in p)
            hands[seat] = tuple(c for c in hands[seat] if c != card)
            piles = list(self.piles)
            piles[seat] = piles[seat] + (card,) + taken
            state = replace(self, hands=tuple(hands), table=tuple(c for c in self.table if c not in taken),
                            piles=tuple(piles), last_capturer=seat, last_play=(seat, card, taken))
        state = replace(state, turn=(seat + 1) % n)
        if any(state.hands):
            return state
        if state.stock:
            return state._deal_round()
        return state._end_hand()

    def _deal_round(self) -> "KontsinaState":
        hands, stock = _deal_cards(self.hands, self.stock, self.dealer, self.players)
        return replace(self, hands=hands, stock=stock, turn=(self.dealer + 1) % self.players)

    def _end_hand(self) -> "KontsinaState":
        n = self.players
        piles = list(self.piles)
        sweeper = self.last_capturer
        if sweeper >= 0:
            piles[sweeper] = piles[sweeper] + self.table
        record = score_hand(self.dealer, piles, sweeper, self.totals)
        state = replace(self, piles=tuple(piles), table=() if sweeper >= 0 else self.table,
                        totals=record.totals, sheet=self.sheet + (record,))
        best = max(record.totals)
        leaders = [s for s in range(n) if record.totals[s] == best]
        if best >= self.options.target and (len(leaders) == 1 or len(state.sheet) >= self.options.max_hands):
            return replace(state, over=True)
        if len(state.sheet) >= self.options.max_hands:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return _new_hand(self.options, rng.state, (self.dealer + 1) % n, deck, totals=state.totals,
                         sheet=state.sheet, last_play=state.last_play)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        return self.totals

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def winners(self) -> list[int]:
        """The seats sharing the highest total (the winner alone once the match is decided)."""
        best = max(self.totals)
        return [s for s in range(self.players) if self.totals[s] == best]

    def score_events(self) -> list[ScoreEvent]:
        """Every point of the match with its source, hand by hand."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            most = _sole_max(r.cards)
            if most is not None:
                events.append(ScoreEvent(number, (most,), MOST_CARDS, "most cards",
                                         {"cards": r.cards[most], "all_cards": list(r.cards)}))
            clubs = _sole_max(r.clubs)
            if clubs is not None:
                events.append(ScoreEvent(number, (clubs,), MOST_CLUBS, "most clubs",
                                         {"clubs": r.clubs[clubs], "all_clubs": list(r.clubs)}))
            if r.two_clubs >= 0:
                events.append(ScoreEvent(number, (r.two_clubs,), TWO_CLUBS_POINT, "two of clubs", {"card": "2C"}))
            if r.ten_diamonds >= 0:
                events.append(ScoreEvent(number, (r.ten_diamonds,), TEN_DIAMONDS_POINT, "ten of diamonds",
                                         {"card": "TD"}))
        return events

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["table"] = Zone(self.table, Visibility.PUBLIC)
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        for s in range(self.players):
            # face down and not to be looked through, but every player saw each capture
            zones[f"pile:{s}"] = Zone(self.piles[s], Visibility.SEEN, s, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "KontsinaState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def public(self, seat: int | None) -> dict:
        last = None
        if self.last_play:
            who, card, taken = self.last_play
            last = {"seat": who, "card": str(card), "took": [str(c) for c in taken]}
        return {
            "seat_names": list(SEAT_NAMES[self.players]),
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "stock": len(self.stock),
            "pile_counts": [len(p) for p in self.piles],
            "last_capturer": self.last_capturer if self.last_capturer >= 0 else None,
            "last_play": last,
            "totals": list(self.totals),
            "target": self.options.target,
            "capture_sets": self.options.capture_sets,
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "winners": self.winners() if self.over else None,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "cards": list(r.cards), "clubs": list(r.clubs),
                 "two_of_clubs": r.two_clubs, "ten_of_diamonds": r.ten_diamonds, "swept_by": r.sweeper,
                 "points": list(r.points), "totals": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }

    def log_text(self, action: Action, actor: int, viewer: int | None) -> str:
        return action.notation   # every play is made face up


def _is_group(played: Card, cards: list[Card]) -> bool:
    """True when ``cards`` is one group ``played`` may take (a match or a sum)."""
    table = tuple(cards)
    return (1 << len(table)) - 1 in groups(played, table)


def _sole_max(values) -> int | None:
    best = max(values)
    leaders = [i for i, v in enumerate(values) if v == best]
    return leaders[0] if len(leaders) == 1 and best > 0 else None


def score_hand(dealer: int, piles, sweeper: int, totals: tuple[int, ...]) -> HandRecord:
    """Count the piles at the end of a hand: most cards 2, most clubs 1, 2C 1, TD 1."""
    n = len(piles)
    cards = tuple(len(p) for p in piles)
    clubs = tuple(sum(1 for c in p if c.suit == Suit.CLUBS) for p in piles)
    two = next((s for s in range(n) if TWO_CLUBS in piles[s]), -1)
    ten = next((s for s in range(n) if TEN_DIAMONDS in piles[s]), -1)
    points = [0] * n
    most = _sole_max(cards)
    if most is not None:
        points[most] += MOST_CARDS
    club = _sole_max(clubs)
    if club is not None:
        points[club] += MOST_CLUBS
    if two >= 0:
        points[two] += TWO_CLUBS_POINT
    if ten >= 0:
        points[ten] += TEN_DIAMONDS_POINT
    new_totals = tuple(t + p for t, p in zip(totals, points))
    return HandRecord(dealer, cards, clubs, two, ten, sweeper, tuple(points), new_totals)


def _deal_cards(hands, stock, dealer: int, n: int):
    """Deal four cards to each player from the stock, one at a time from the dealer's left."""
    hands = [list(h) for h in hands]
    stock = list(stock)
    for i in range(HAND * n):
        hands[(dealer + 1 + i) % n].append(stock.pop(0))
    return tuple(tuple(sorted(h, key=card_key)) for h in hands), tuple(stock)


def _new_hand(options: KontsinaOptions, rng_state: int, dealer: int, deck: list[Card], **carry) -> KontsinaState:
    """Deal a hand from ``deck``: four to each player, then four face up to the table."""
    n = options.players
    hands, rest = _deal_cards([() for _ in range(n)], deck, dealer, n)
    return KontsinaState(
        options=options, rng_state=rng_state, dealer=dealer, hands=hands, table=tuple(rest[:TABLE]),
        stock=tuple(rest[TABLE:]), piles=tuple(() for _ in range(n)), turn=(dealer + 1) % n,
        last_capturer=-1, last_play=carry.get("last_play", ()), totals=carry.get("totals", (0,) * n),
        sheet=carry.get("sheet", ()))


def parse_deal(options: KontsinaOptions, deal: Any, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[4 cards] per seat, seat 0 first], "table": [4 cards],
    "stock": [...]}``. ``stock`` lists the undealt cards in the order they will be dealt (the
    next card first); without it the undealt cards are shuffled from the match seed.
    """
    n = options.players
    shape = (f"a Kontsina deal is an object with 'dealer', 'hands' (four cards for each of the {n} "
             f"players, seat 0 first), 'table' (four cards) and optionally 'stock' (the undealt cards, next first)")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    unknown = sorted(set(deal) - {"dealer", "hands", "table", "stock"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {shape}", field="deal")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {n - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise CardsageError(f"deal.hands must list {n} hands, seat 0 first", field="deal.hands")
    seen: dict[Card, str] = {}
    pack = set(PACK)

    def read(cards, where: str, field: str, size: int | None) -> list[Card]:
        if not isinstance(cards, (str, list)) or (isinstance(cards, list) and
                                                   not all(isinstance(c, str) for c in cards)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        out = [parse_card(c) for c in (cards.split() if isinstance(cards, str) else cards)]
        for c in out:
            if c not in pack:
                raise CardsageError(f"{c} is not a card of the 52-card pack", field=field)
            if c in seen:
                raise CardsageError(f"{c} is dealt twice ({seen[c]} and {where})", field=field)
            seen[c] = where
        if size is not None and len(out) != size:
            raise CardsageError(f"{where} has {len(out)} cards; it needs {size}", field=field)
        return out

    parsed = [read(h, f"hand {s}", f"deal.hands.{s}", HAND) for s, h in enumerate(hands)]
    if "table" not in deal:
        raise CardsageError(f"deal.table is missing; {shape}", field="deal.table")
    table = read(deal["table"], "the table", "deal.table", TABLE)
    rest = [c for c in PACK if c not in seen]
    if deal.get("stock") is not None:
        stock = read(deal["stock"], "the stock", "deal.stock", None)
        if len(stock) != len(rest):
            missing = ", ".join(str(c) for c in rest if c not in set(stock))
            raise CardsageError(f"the stock must hold the {len(rest)} undealt cards; missing: {missing}",
                                field="deal.stock")
        rest = stock
    else:
        rest = rng.shuffled(rest)
    deck = [parsed[(dealer + 1 + i) % n][i // n] for i in range(HAND * n)]
    return dealer, deck + table + list(rest)


class Kontsina(Game):
    """The Kontsina ruleset."""

    name = "kontsina"
    title = "Kontsina"
    family = "fishing"
    min_players = 2
    max_players = 4
    summary = ("Greek fishing game: take table cards by matching rank or by sums; points for most cards, "
               "most clubs, the two of clubs and the ten of diamonds.")
    Options = KontsinaOptions
    State = KontsinaState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: KontsinaOptions, seed: int, deal: Any) -> KontsinaState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(options, deal, rng)
        else:
            dealer = rng.below(options.players)   # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return _new_hand(options, rng.state, dealer, deck)


GAME = Kontsina()
