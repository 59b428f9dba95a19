"""Sedma (GAMES.md G11): a four-card trick-and-draw game where only equal ranks and sevens take.

Players and pack. Two play alone, or four in two fixed partnerships (partners opposite:
seats 0 and 2 against seats 1 and 3). Play is clockwise. The pack has 32 cards, A K Q J
10 9 8 7 in each suit; suits play no part and the ranks are not ordered.

Card points. Each ace and each ten is worth 10; the other cards nothing; winning the last
trick is worth 10 more, so a deal holds 90 card points. A side needs more than half of
them, at least 50, to win the deal. (The seed's table is cut off after "Value 10 –"; its
next passage says aces and tens count 10 each, the others nothing, 90 in all, as GAMES.md
reads it.) Since every count is a multiple of ten, a deal can never be shared 45–45.

Deal. The dealer deals four cards to each player; the rest is a face-down stock. The first
dealer comes from the match seed. The player left of the dealer (eldest; with two, the
non-dealer) leads to the first trick.

Tricks. The leader plays any card; each other player in turn plays any card, with no duty
to follow anything. A card *matches* when it has the rank of the card led, or is a seven
(the sevens are wild; a led seven is just a seven, which only sevens match). The trick goes
to the last player who played a matching card; the leader's own card matches, so when
nobody else matches, the leader wins.

Continuing a trick (``continuation``, off by default; pagat's Czech rule, not in the seed):
once everyone has played a card to the trick, the player who led it may stop it (the
action ``stop``) or continue it by playing another card of the led rank or a seven; every
other player must then play another card, and the leader decides again. The trick goes to
the last matcher over all its rounds. A leader holding no such card cannot continue.

Drawing. After a trick, while the stock lasts, the players draw one card at a time from
it, the trick's winner first and then clockwise, until everyone holds four cards again or
the stock is gone (it always runs out evenly); then the hands are played out. The trick's
winner leads to the next.

Deal result. When the hands are played out, the side with 50 or more card points wins the
deal and scores one game point. Match. The first side to ``target`` game points (5) wins
(GAMES.md proposal). The next deal: with ``loser_deals`` (default, pagat's rule) a player of
the losing side deals, the first one clockwise from the last dealer, so that a winner
leads; otherwise the deal passes to the left.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, parse_card, stripped_pack
from solvers.deals import DealReader
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable

HAND = 4
PACK = tuple(stripped_pack(range(7, 15)))
SEVEN = Rank.SEVEN
COUNTERS = (Rank.ACE, Rank.TEN)
CARD_VALUE = 10          # each ace and each ten
LAST_TRICK = 10          # the bonus for the last trick
DEAL_POINTS = 90         # the rule text's checksum: 8 counters and the last trick
TO_WIN = 50              # card points that win a deal
PLAY, STOP = "play", "stop"
SEAT_NAMES = {2: ("South", "North"), 4: ("South", "West", "North", "East")}


def card_points(cards) -> int:
    """Card points among ``cards``: 10 for each ace and each ten."""
    return sum(CARD_VALUE for c in cards if c.rank in COUNTERS)


def matches(card: Card, led: Card) -> bool:
    """True when ``card`` can take a trick led by ``led``: the same rank, or a seven."""
    return card.rank == led.rank or card.rank == SEVEN


def trick_winner(plays) -> int:
    """The seat that wins a trick: the last one to play a card matching the led card."""
    led = plays[0][1]
    return next(seat for seat, card in reversed(plays) if matches(card, led))


@serializable
@dataclass(frozen=True)
class SedmaOptions:
    """Variants of Sedma."""

    players: int = option(4, "number of players: 2 alone, or 4 in two partnerships sitting opposite",
                          choices=(2, 4))
    continuation: bool = option(False, "after everyone has played to a trick, its leader may continue it "
                                       "with another card of the led rank or a seven, and everyone plays "
                                       "again (the Czech rule)")
    target: int = option(5, "deals a side must win to win the match", minimum=1, maximum=50)
    loser_deals: bool = option(True, "a player of the side that lost the deal deals the next one, so that "
                                     "a winner leads; off: the deal passes to the left")


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: a finished deal."""

    dealer: int
    card_points: tuple[int, int]      # per side, the last trick included
    last_trick: int                   # the side that won the last trick
    tricks: tuple[int, int]           # tricks each side took
    winner: int                       # the side that won the deal
    totals: tuple[int, int]           # game points after this deal


@serializable
@dataclass(frozen=True)
class SedmaState(State):
    """A moment of a Sedma match."""

    options: SedmaOptions
    rng_state: int                        # generator state for the next deal
    dealer: int
    hands: tuple[tuple[Card, ...], ...]   # per seat
    stock: tuple[Card, ...]               # face down, the next card to draw first
    leader: int
    trick: tuple[tuple[int, Card], ...]   # plays of the current trick, in order (over all its rounds)
    deciding: bool                        # the leader is choosing whether to continue the trick
    last_trick: tuple[tuple[int, Card], ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]   # cards each side has taken this deal
    tricks: tuple[int, int]               # tricks each side has taken this deal
    games: tuple[int, int]                # game points (deals won) per side
    sheet: tuple[DealRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- seats and sides
    @property
    def players(self) -> int:
        return self.options.players

    def side_of(self, seat: int) -> int:
        """The side of a seat: with four, 0 for seats 0 and 2 and 1 for seats 1 and 3."""
        return seat % 2

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """With two players each plays alone; with four, South–North against West–East."""
        return ((0,), (1,)) if self.players == 2 else ((0, 2), (1, 3))

    # ------------------------------------------------------------- whose turn
    @property
    def turn(self) -> int:
        """The seat to act next (the leader while it decides whether to continue)."""
        if self.deciding:
            return self.leader
        return (self.leader + len(self.trick)) % self.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def led(self) -> Card | None:
        """The card that began the current trick."""
        return self.trick[0][1] if self.trick else None

    @property
    def round(self) -> int:
        """Which round of the current trick is being played (1 for the first)."""
        return len(self.trick) // self.players + 1

    def _round_start(self) -> int:
        """Where the round being shown starts in the trick (a completed round stays shown)."""
        return self.players * ((len(self.trick) - 1) // self.players) if self.trick else 0

    def round_shown(self) -> int:
        """The round of the trick shown on the table (1 for the first; 0 with no trick)."""
        return self._round_start() // self.players + 1 if self.trick else 0

    def continuing_cards(self) -> list[Card]:
        """The leader's cards that may continue the trick: the led rank or a seven."""
        return [c for c in self.hands[self.leader] if matches(c, self.led)]

    def winning_seat(self) -> int | None:
        """The seat taking the current trick so far (None before the lead)."""
        return trick_winner(self.trick) if self.trick else None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.deciding:
            return [card_action(PLAY, c) for c in _sorted(self.continuing_cards())] + [Action(STOP)]
        return [card_action(PLAY, c) for c in _sorted(self.hands[seat])]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "SedmaState":
        if action.kind == STOP:
            return replace(self, deciding=False)._close_trick()
        card = parse_card(action.args[0])
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        state = replace(self, hands=tuple(hands), trick=self.trick + ((seat, card),), deciding=False)
        if len(state.trick) % self.players:
            return state
        # a round is complete: the leader may continue only with the led rank or a seven
        if self.options.continuation and state.continuing_cards():
            return replace(state, deciding=True)
        return state._close_trick()

    def _close_trick(self) -> "SedmaState":
        winner = trick_winner(self.trick)
        side = self.side_of(winner)
        won = list(self.won)
        won[side] = won[side] + tuple(c for _, c in self.trick)
        tricks = _with(self.tricks, side, self.tricks[side] + 1)
        hands, stock = _draw(self.hands, self.stock, winner, self.players)
        state = replace(self, hands=hands, stock=stock, leader=winner, trick=(), last_trick=self.trick,
                        won=(won[0], won[1]), tricks=tricks)
        if not any(hands):
            return state._score_deal(side)
        return state

    def _score_deal(self, last_side: int) -> "SedmaState":
        points = [card_points(self.won[s]) + (LAST_TRICK if s == last_side else 0) for s in (0, 1)]
        winner = 0 if points[0] >= TO_WIN else 1
        games = _with(self.games, winner, self.games[winner] + 1)
        record = DealRecord(self.dealer, (points[0], points[1]), last_side, self.tricks, winner, games)
        state = replace(self, games=games, sheet=self.sheet + (record,))
        if games[winner] >= self.options.target:
            return replace(state, over=True)
        return state._next_deal(winner)

    def _next_deal(self, winner: int) -> "SedmaState":
        n = self.players
        dealer = (self.dealer + 1) % n
        if self.options.loser_deals:
            # the first player of the losing side clockwise from the last dealer
            while self.side_of(dealer) == winner:
                dealer = (dealer + 1) % n
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return _deal(self.options, rng.state, dealer, deck, games=self.games, sheet=self.sheet,
                     last_trick=self.last_trick)

    # ------------------------------------------------------------- scores
    def current_points(self) -> tuple[int, int]:
        """Card points each side has taken so far this deal (the last-trick bonus comes at the end)."""
        return (card_points(self.won[0]), card_points(self.won[1]))

    @property
    def scores(self) -> tuple[int, ...]:
        """Deals won by each seat's side."""
        return tuple(self.games[self.side_of(s)] for s in range(self.players))

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One line per deal: a game point to the side that took 50 or more card points."""
        sides = self.sides()
        events = []
        for number, record in enumerate(self.sheet, 1):
            w = record.winner
            events.append(ScoreEvent(number, sides[w], 1, "won the deal (50 or more card points)", {
                "card_points": record.card_points[w], "opponents_card_points": record.card_points[1 - w],
                "last_trick": record.last_trick == w, "tricks": record.tricks[w]}))
        return events

    def utility(self, seat: int) -> float:
        """Deals won against the other side, plus a tenth of a point per 90 card points of
        margin (finished deals and the current one), so a search prefers bigger wins."""
        own = self.side_of(seat)
        margin = sum(r.card_points[own] - r.card_points[1 - own] for r in self.sheet)
        now = self.current_points()
        margin += now[own] - now[1 - own]
        return float(self.games[own] - self.games[1 - own]) + margin / (10 * DEAL_POINTS)

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        for side in (0, 1):
            zones[f"won:{side}"] = Zone(self.won[side], Visibility.SEEN)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "SedmaState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def public(self, seat: int | None) -> dict:
        winning = self.winning_seat()
        return {
            "seat_names": list(SEAT_NAMES[self.players]),
            "partnerships": [list(side) for side in self.sides()],
            "dealer": self.dealer,
            "leader": self.leader,
            # the current round of the trick: one card before each seat, as on the table
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick[self._round_start():]],
            "trick_round": self.round_shown(),
            "trick_all_rounds": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "taking_the_trick": winning,
            "led_rank": Rank(self.led.rank).letter if self.trick else None,
            "leader_deciding": self.deciding,
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick],
            "stock": len(self.stock),
            "card_points": list(self.current_points()),
            "tricks_won": list(self.tricks),
            "deals_won": list(self.games),
            "target": self.options.target,
            "continuation": self.options.continuation,
            "hand_number": len(self.sheet) + 1,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "card_points": list(r.card_points),
                 "last_trick": r.last_trick, "winner": r.winner, "totals": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.rank, card.suit)


def _sorted(cards) -> list[Card]:
    return sorted(cards, key=_order)


def _draw(hands, stock, first: int, n: int):
    """Refill the hands from the stock one card at a time, ``first`` first, then clockwise."""
    hands = [list(h) for h in hands]
    stock = list(stock)
    while stock and len(hands[first]) < HAND:
        for i in range(n):
            hands[(first + i) % n].append(stock.pop(0))
    return tuple(tuple(_sorted(h)) for h in hands), tuple(stock)


def _deal(options: SedmaOptions, rng_state: int, dealer: int, deck: list[Card], **carry) -> SedmaState:
    """Deal four cards each from ``deck``, one at a time from the dealer's left; the rest is the stock."""
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(deck[:HAND * n]):
        hands[(dealer + 1 + i) % n].append(card)
    return SedmaState(
        options=options, rng_state=rng_state, dealer=dealer, hands=tuple(tuple(_sorted(h)) for h in hands),
        stock=tuple(deck[HAND * n:]), leader=(dealer + 1) % n, trick=(), deciding=False,
        last_trick=carry.get("last_trick", ()), won=((), ()), tricks=(0, 0),
        games=carry.get("games", (0, 0)), sheet=carry.get("sheet", ()))


def parse_deal(options: SedmaOptions, deal: Any, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[4 cards] per seat, seat 0 first], "stock": [...]}``.
    ``stock`` lists the undealt cards in the order they will be drawn (the next card first);
    without it the undealt cards are shuffled from the match seed.
    """
    shape = (f"a Sedma deal is an object with 'dealer', 'hands' (four cards for each of the "
             f"{options.players} seats, seat 0 first) and optionally 'stock' (the undealt cards, next first)")
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 32-card pack (A K Q J 10 9 8 7)")
    n = options.players
    dealer = reader.seat("dealer", n)
    parsed = reader.hands(n, HAND)
    rest = reader.rest("stock", rng)
    deck = [parsed[(dealer + 1 + i) % n][i // n] for i in range(HAND * n)]
    return dealer, deck + list(rest)


class Sedma(Game):
    """The Sedma ruleset."""

    name = "sedma"
    title = "Sedma"
    family = "trick-taking"
    min_players = 2
    max_players = 4
    summary = ("Four-card trick-and-draw: only a card of the led rank or a seven takes a trick; "
               "aces and tens count; two alone or four in partnerships.")
    Options = SedmaOptions
    State = SedmaState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: SedmaOptions, seed: int, deal: Any) -> SedmaState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(options, deal, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return _deal(options, rng.state, dealer, deck)


GAME = Sedma()
