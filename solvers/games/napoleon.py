"""Napoleon (Nap) (GAMES.md G4): five cards each, one bid each, the high bidder against the table.

Players and pack. Three to seven play, clockwise. The pack is stripped from the bottom,
ace high: 24 cards (A–9) for three, 32 (A–7, or 28: A–8) for four, 40 (A–5, or 36: A–6)
for five. With six or seven the dealer deals no hand to themself but pays and receives
like everybody else; the pack is then 40 (six) or 52 (seven) cards.

First dealer. Every player cuts a card; the lowest cut deals, the ace counting below the
two; players who tie for lowest cut again. The deal then passes to the left.

Deal. Five cards each, clockwise from the dealer's left: a round of three at a time, then
a round of two. The rest of the pack stays face down, unseen.

Bidding. From the dealer's left round to the dealer, each player speaks once: a bid higher
than any before, or pass. The bids, low to high:

* Three, Four: win at least three (four) tricks;
* Nap: win all five tricks;
* Napoleon (Bonaparte): all five, and the opening lead must be the bidder's lowest card of
  the suit led (which becomes trumps);
* Wellington: all five, leading the bidder's lowest non-trump card. Since that lead cannot
  fix trumps, the Wellington bidder names trumps first; "lowest" is by rank (any of the
  tied suits), and a bidder holding only trumps leads the lowest trump.

When everybody passes the hand is thrown in and the deal passes on (``all_pass``), or the
last player to speak must bid. Play. The high bidder leads; the suit of that lead becomes
trumps (Wellington: the named suit). Players must follow suit if able; the highest trump
wins the trick, else the highest card of the suit led; the winner leads next. Play stops
as soon as the bid is made or beaten (``play_all_tricks`` plays all five).

Settlement, in chips. A bidder who makes the bid is paid by every other player; one who
fails pays every other player. Three and Four: 3 or 4 chips each way; Nap: paid 10, pays 5;
Napoleon: paid 20, pays 10; Wellington: paid 30, pays 15. A sitting-out dealer pays and
receives like any opponent. Every settlement sums to zero.

Match. Everybody starts with ``start_chips``; the match lasts ``deals`` deals (a thrown-in
deal counts) or ends earlier once a player's chips could not cover the largest loss of a
hand. Most chips wins; the scores are each player's chips won or lost.

The old table (``old_table``): played cards stay face up before their owners, except the
card that wins each trick, which its owner keeps face down.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, Suit, parse_card, stripped_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.tricks import cards_that_follow, trick_winner

HAND = 5
BIDS = ("three", "four", "nap", "napoleon", "wellington")
BID_TITLES = {"three": "Three", "four": "Four", "nap": "Nap", "napoleon": "Napoleon", "wellington": "Wellington"}
TARGET = {"three": 3, "four": 4, "nap": 5, "napoleon": 5, "wellington": 5}
PAID = {"three": 3, "four": 4, "nap": 10, "napoleon": 20, "wellington": 30}    # to a bidder who makes it, by each
PAYS = {"three": 3, "four": 4, "nap": 5, "napoleon": 10, "wellington": 15}     # by a bidder who fails, to each
LOW_RANK = {24: 9, 28: 8, 32: 7, 36: 6, 40: 5, 52: 2}
USUAL_PACK = {3: 24, 4: 32, 5: 40, 6: 40, 7: 52}

BID, TRUMP, PLAY = "bid", "trump", "play"
PASS = "pass"


@serializable
@dataclass(frozen=True)
class NapoleonOptions:
    """Variants of Napoleon."""

    players: int = option(5, "number of players; with 6 or 7 the dealer deals no hand to themself "
                             "but pays and receives like the others", minimum=3, maximum=7)
    pack: int = option(0, "cards in the pack, stripped from the two upwards: 0 = the usual pack for the "
                          "number of players (3: 24, 4: 32, 5: 40, 6: 40, 7: 52)",
                       choices=(0, 24, 28, 32, 36, 40, 52))
    allow_three: bool = option(True, "allow the lowest bid, Three (many schools play without it)")
    all_pass: str = option("redeal", "when everybody passes: 'redeal' throws the hand in and the deal "
                                     "passes on; 'dealer_must_bid_three' makes the last player to speak "
                                     "(the dealer, or the dealer's right when the dealer sits out) bid",
                           choices=("redeal", "dealer_must_bid_three"))
    play_all_tricks: bool = option(False, "play all five tricks even after the bid is made or beaten")
    old_table: bool = option(False, "the old table: played cards stay face up before their owners, "
                                    "except each trick's winning card, kept face down")
    start_chips: int = option(100, "chips each player starts with", minimum=1, maximum=100000)
    deals: int = option(0, "deals in the match: 0 = twice the number of players", minimum=0, maximum=200)

    @property
    def pack_size(self) -> int:
        """Cards in the pack under these options."""
        return self.pack or USUAL_PACK[self.players]

    @property
    def total_deals(self) -> int:
        """Deals the match lasts (unless someone runs short of chips first)."""
        return self.deals or 2 * self.players

    @property
    def hands_dealt(self) -> int:
        """Players who receive cards: all but the dealer at six or seven."""
        return self.players - 1 if self.players >= 6 else self.players

    @property
    def bids_allowed(self) -> tuple[str, ...]:
        """The bids of this table, low to high."""
        return BIDS if self.allow_three else BIDS[1:]

    @property
    def largest_loss(self) -> int:
        """The most chips one player can lose in one hand."""
        return max(max(PAYS[b] * (self.players - 1), PAID[b]) for b in self.bids_allowed)

    def validate(self) -> None:
        """Refuse a pack too small to give every player five cards."""
        if self.pack_size < HAND * self.hands_dealt:
            raise CardsageError(f"a {self.pack_size}-card pack cannot give {self.hands_dealt} players five "
                                f"cards each", field="options.pack")


def pack_of(options: NapoleonOptions) -> list[Card]:
    """The stripped pack: ace high down to the pack's lowest rank."""
    return stripped_pack(range(LOW_RANK[options.pack_size], 15))


def cut_value(card: Card) -> int:
    """A card's value in the cut for the first deal: the ace counts below the two."""
    return 1 if card.rank == 14 else card.rank


def bid_title(bid: str) -> str:
    """A bid's name as players say it ("Nap")."""
    return BID_TITLES.get(bid, bid)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: the deal, the contract, the tricks and who paid whom."""

    dealer: int
    bidder: int                      # -1 when everybody passed and the hand was thrown in
    bid: str                         # "" when thrown in
    trump: int                       # -1 when thrown in
    tricks: tuple[int, int]          # bidder's tricks, opponents' tricks
    made: bool
    payments: tuple[int, ...]        # chips each seat received (negative: paid); they sum to zero


@serializable
@dataclass(frozen=True)
class NapoleonState(State):
    """A moment of a Napoleon match."""

    options: NapoleonOptions
    rng_state: int                           # generator state for the next deal
    dealer: int
    cuts: tuple[tuple[tuple[int, Card], ...], ...]   # the cut for the first deal, round by round
    hands: tuple[tuple[Card, ...], ...]      # per seat (empty for a dealer who sits out)
    stock: tuple[Card, ...]                  # the undealt cards, face down
    phase: str
    bids: tuple[tuple[int, str], ...]        # calls so far, in order: a bid or "pass"
    chips: tuple[int, ...]
    sheet: tuple[HandRecord, ...] = ()
    bidder: int = -1
    contract: str = ""
    trump: int = -1
    leader: int = -1
    trick: tuple[tuple[int, Card], ...] = ()
    last_trick: tuple[tuple[int, Card], ...] = ()
    history: tuple[tuple[tuple[int, Card], ...], ...] = ()
    voids: tuple[frozenset, ...] = ()        # suits a seat has shown it lacks
    barred: tuple[frozenset, ...] = ()       # cards a seat is known not to hold (forced opening leads)
    over: bool = False

    # ------------------------------------------------------------- seats
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def sitting_out(self) -> int | None:
        """The dealer at six or seven players, who has no hand."""
        return self.dealer if self.players >= 6 else None

    def active(self) -> list[int]:
        """The seats holding cards, clockwise from the dealer's left."""
        order = [(self.dealer + 1 + i) % self.players for i in range(self.players)]
        return [s for s in order if s != self.sitting_out]

    def next_active(self, seat: int) -> int:
        """The next seat clockwise that holds cards."""
        seat = (seat + 1) % self.players
        return (seat + 1) % self.players if seat == self.sitting_out else seat

    @property
    def turn(self) -> int:
        """The seat to act next."""
        if self.phase == BID:
            return self.active()[len(self.bids)]
        if self.phase == TRUMP:
            return self.bidder
        seat = self.leader
        for _ in self.trick:
            seat = self.next_active(seat)
        return seat

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    # ------------------------------------------------------------- the hand so far
    @property
    def high_bid(self) -> str:
        """The highest bid so far ("" when nobody has bid)."""
        return next((b for _, b in reversed(self.bids) if b != PASS), "")

    @property
    def target(self) -> int:
        """Tricks the bidder needs."""
        return TARGET[self.contract] if self.contract else 0

    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks taken in this hand by the bidder and by the opponents together."""
        won = sum(1 for plays in self.history if trick_winner(plays, self.trump) == self.bidder)
        return won, len(self.history) - won

    def tricks_of(self, seat: int) -> int:
        """Tricks ``seat`` has won in this hand."""
        return sum(1 for plays in self.history if trick_winner(plays, self.trump) == seat)

    @property
    def opening_lead(self) -> bool:
        """True when the bidder is about to lead to the first trick."""
        return self.phase == PLAY and not self.history and not self.trick

    def lead_rule(self) -> str:
        """What the bidder's opening lead must be, in words ("" once it is made)."""
        if not self.opening_lead:
            return ""
        if self.contract == "napoleon":
            return "lead the lowest card of the suit you want as trumps"
        if self.contract == "wellington":
            return "lead your lowest card outside trumps"
        return "lead any card: its suit becomes trumps"

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase == BID:
            return self._bid_actions()
        if self.phase == TRUMP:
            return [Action("trump", (Suit(s).letter,)) for s in (3, 2, 1, 0)]
        return [card_action("play", c) for c in sorted(self.playable(seat), key=_order)]

    def _bid_actions(self) -> list[Action]:
        allowed = self.options.bids_allowed
        high = self.high_bid
        higher = allowed[allowed.index(high) + 1:] if high else allowed
        actions = [Action("bid", (b,)) for b in higher]
        last = len(self.bids) == len(self.active()) - 1
        forced = last and not high and self.options.all_pass == "dealer_must_bid_three"
        return actions if forced else [Action(PASS)] + actions

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now."""
        hand = list(self.hands[seat])
        if not self.opening_lead:
            return cards_that_follow(hand, self.trick[0][1] if self.trick else None)
        if self.contract == "napoleon":
            return [min((c for c in hand if c.suit == s), key=lambda c: c.rank)
                    for s in sorted({c.suit for c in hand})]
        if self.contract == "wellington":
            plain = [c for c in hand if c.suit != self.trump] or hand
            low = min(c.rank for c in plain)
            return [c for c in plain if c.rank == low]
        return hand

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "NapoleonState":
        if action.kind == PASS:
            return replace(self, bids=self.bids + ((seat, PASS),))._after_call()
        if action.kind == "bid":
            return replace(self, bids=self.bids + ((seat, action.args[0]),))._after_call()
        if action.kind == "trump":
            return replace(self, trump=int(Suit.parse(action.args[0])), phase=PLAY)
        return self._play(seat, parse_card(action.args[0]))

    def _after_call(self) -> "NapoleonState":
        if len(self.bids) < len(self.active()):
            return self
        high = self.high_bid
        if not high:
            record = HandRecord(self.dealer, -1, "", -1, (0, 0), False, (0,) * self.players)
            return self._settled(record)
        bidder = next(s for s, b in self.bids if b == high)
        phase = TRUMP if high == "wellington" else PLAY
        return replace(self, bidder=bidder, contract=high, leader=bidder, phase=phase)

    def _play(self, seat: int, card: Card) -> "NapoleonState":
        state = self
        if self.opening_lead:
            state = state._note_opening_lead(card)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        voids = state.voids
        if state.trick and card.suit != state.trick[0][1].suit:
            voids = _with(voids, seat, voids[seat] | {state.trick[0][1].suit})
        state = replace(state, hands=tuple(hands), voids=voids, trick=state.trick + ((seat, card),))
        if len(state.trick) == len(state.active()):
            state = state._close_trick()
        return state

    def _note_opening_lead(self, card: Card) -> "NapoleonState":
        """Trumps from the lead, and what a forced lead tells everyone about the bidder's hand."""
        trump = card.suit if self.trump < 0 else self.trump
        pack = pack_of(self.options)
        if self.contract == "napoleon":
            lower = {c for c in pack if c.suit == card.suit and c.rank < card.rank}
        elif self.contract == "wellington" and card.suit != trump:
            lower = {c for c in pack if c.suit != trump and c.rank < card.rank}
        elif self.contract == "wellington":
            lower = {c for c in pack if c.suit != trump or c.rank < card.rank}
        else:
            lower = set()
        barred = _with(self.barred, self.bidder, self.barred[self.bidder] | frozenset(lower))
        return replace(self, trump=trump, barred=barred)

    def _close_trick(self) -> "NapoleonState":
        winner = trick_winner(self.trick, self.trump)
        state = replace(self, trick=(), last_trick=self.trick, leader=winner, history=self.history + (self.trick,))
        made, beaten = state.tricks
        target = state.target
        decided = made >= target or beaten > HAND - target
        if len(state.history) < HAND and (self.options.play_all_tricks or not decided):
            return state
        return state._settle(made >= target)

    def _settle(self, made: bool) -> "NapoleonState":
        each = PAID[self.contract] if made else -PAYS[self.contract]
        payments = tuple(each * (self.players - 1) if s == self.bidder else -each for s in range(self.players))
        record = HandRecord(self.dealer, self.bidder, self.contract, self.trump, self.tricks, made, payments)
        return self._settled(record)

    def _settled(self, record: HandRecord) -> "NapoleonState":
        chips = tuple(c + p for c, p in zip(self.chips, record.payments))
        state = replace(self, chips=chips, sheet=self.sheet + (record,))
        if len(state.sheet) >= self.options.total_deals or min(chips) < self.options.largest_loss:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(pack_of(self.options))
        return deal_hand(self.options, rng.state, (self.dealer + 1) % self.players, deck,
                         chips=chips, sheet=state.sheet, cuts=self.cuts, last_trick=state.last_trick)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Chips each player has won (negative: lost) since the start."""
        return tuple(c - self.options.start_chips for c in self.chips)

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """Per hand, what each player received or paid in the settlement, and why."""
        events: list[ScoreEvent] = []
        for number, record in enumerate(self.sheet, 1):
            if record.bidder < 0:
                continue
            title = bid_title(record.bid)
            each = PAID[record.bid] if record.made else PAYS[record.bid]
            detail = {"bid": record.bid, "bidder": record.bidder, "made": record.made,
                      "bidder_tricks": record.tricks[0], "needed": TARGET[record.bid], "each": each}
            for seat, chips in enumerate(record.payments):
                if seat == record.bidder:
                    source = (f"{title} made: {each} from each player" if record.made
                              else f"{title} failed: {each} to each player")
                else:
                    source = (f"paid the {title} bidder" if record.made
                              else f"paid by the failed {title} bidder")
                events.append(ScoreEvent(number, (seat,), chips, source, detail))
        return events

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN, ordered=False)
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        won: list[list[Card]] = [[] for _ in range(self.players)]
        face_up: list[list[Card]] = [[] for _ in range(self.players)]
        for plays in self.history:
            winner = trick_winner(plays, self.trump)
            for seat, card in plays:
                if not self.options.old_table:
                    won[winner].append(card)
                elif seat == winner:
                    won[seat].append(card)
                else:
                    face_up[seat].append(card)
        for s in range(self.players):
            zones[f"won:{s}"] = Zone(tuple(won[s]), Visibility.SEEN, s)
            if self.options.old_table:
                zones[f"table:{s}"] = Zone(tuple(face_up[s]), Visibility.PUBLIC, s)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "NapoleonState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def determinize_constraints(self, seat: int):
        out = {}
        for s in range(self.players):
            if s != seat and (self.voids[s] or self.barred[s]):
                out[f"hand:{s}"] = lambda c, v=self.voids[s], b=self.barred[s]: c.suit not in v and c not in b
        return out

    def parse_action(self, data: Any, seat: int) -> Action:
        action = Action.from_json(data)
        if action.kind == "bid" and action.args:
            return Action("bid", tuple(a.lower() for a in action.args))
        if action.kind == "trump" and action.args:
            try:
                return Action("trump", (Suit.parse(action.args[0]).letter,) + action.args[1:])
            except CardsageError:
                return action
        return super().parse_action(action.to_json(), seat)

    def public(self, seat: int | None) -> dict:
        last = self.sheet[-1] if self.sheet else None
        made, beaten = self.tricks if self.contract else (0, 0)
        return {
            "players": self.players,
            "dealer": self.dealer,
            "sitting_out": self.sitting_out,
            "deal": len(self.sheet) + (0 if self.over else 1),
            "deals": self.options.total_deals,
            "phase": "over" if self.over else self.phase,
            "first_dealer_cuts": [[{"seat": s, "card": str(c)} for s, c in rnd] for rnd in self.cuts],
            "bids": [{"seat": s, "call": b} for s, b in self.bids],
            "high_bid": self.high_bid or None,
            "bidder": self.bidder if self.bidder >= 0 else None,
            "contract": bid_title(self.contract) if self.contract else None,
            "tricks_needed": self.target or None,
            "trump": Suit(self.trump).letter if self.trump >= 0 else None,
            "lead_rule": self.lead_rule() or None,
            "leader": self.leader if self.leader >= 0 else None,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick],
            "tricks": {"by_bidder": made, "by_opponents": beaten},
            "tricks_won": [self.tricks_of(s) for s in range(self.players)],
            "chips": list(self.chips),
            "start_chips": self.options.start_chips,
            "stakes": {bid_title(b): {"made_each": PAID[b], "failed_each": PAYS[b]}
                       for b in self.options.bids_allowed},
            "old_table": self.options.old_table,
            "last_hand": None if last is None else {
                "bidder": last.bidder if last.bidder >= 0 else None,
                "bid": bid_title(last.bid) if last.bid else "thrown in",
                "made": last.made, "tricks": list(last.tricks), "payments": list(last.payments)},
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.suit, card.rank)


# ---------------------------------------------------------------- dealing


def deal_order(options: NapoleonOptions, dealer: int) -> list[int]:
    """Seats that receive cards, clockwise from the dealer's left."""
    n = options.players
    seats = [(dealer + 1 + i) % n for i in range(n)]
    return [s for s in seats if not (n >= 6 and s == dealer)]


def deal_hand(options: NapoleonOptions, rng_state: int, dealer: int, deck: list[Card], *,
              chips: tuple[int, ...], sheet: tuple = (), cuts: tuple = (), last_trick: tuple = ()) -> NapoleonState:
    """Deal ``deck`` (top first): three cards to each player, then two; the rest stays face down."""
    order = deal_order(options, dealer)
    hands: list[list[Card]] = [[] for _ in range(options.players)]
    at = 0
    for size in (3, 2):
        for seat in order:
            hands[seat].extend(deck[at:at + size])
            at += size
    n = options.players
    return NapoleonState(
        options=options, rng_state=rng_state, dealer=dealer, cuts=cuts,
        hands=tuple(tuple(sorted(h, key=_order)) for h in hands), stock=tuple(deck[at:]), phase=BID,
        bids=(), chips=chips, sheet=sheet, last_trick=last_trick,
        voids=(frozenset(),) * n, barred=(frozenset(),) * n)


def cut_for_deal(options: NapoleonOptions, rng: Rng) -> tuple[int, tuple]:
    """The first dealer by the cut: lowest card deals (ace low); those tied for lowest cut again."""
    deck = rng.shuffled(pack_of(options))
    cutting = list(range(options.players))
    rounds = []
    while True:
        cut = tuple((s, deck.pop()) for s in cutting)
        rounds.append(cut)
        low = min(cut_value(c) for _, c in cut)
        cutting = [s for s, c in cut if cut_value(c) == low]
        if len(cutting) == 1 or len(deck) < len(cutting):
            return cutting[0], tuple(rounds)


def parse_deal(options: NapoleonOptions, deal: Any) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and a deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[5 cards] per seat, seat 0 first]}``; at six or
    seven players the dealer's hand is ``[]`` (or null). Optionally ``"stock"`` lists the
    undealt cards, which must then be exactly the rest of the pack.
    """
    shape = ("a Napoleon deal is an object with 'dealer' and 'hands' (five cards for each seat, "
             "seat 0 first; the dealer's hand empty at six or seven players)")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    n = options.players
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {n - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise CardsageError(f"deal.hands must list {n} hands, seat 0 first", field="deal.hands")
    pack = set(pack_of(options))
    seen: dict[Card, str] = {}

    def read(cards, where: str, field: str) -> list[Card]:
        if cards is not None and not isinstance(cards, (str, list)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        out = [parse_card(c) for c in (cards.split() if isinstance(cards, str) else cards or [])]
        for c in out:
            if c not in pack:
                raise CardsageError(f"{c} is not in the {options.pack_size}-card pack", field=field)
            if c in seen:
                raise CardsageError(f"{c} is dealt twice ({seen[c]} and {where})", field=field)
            seen[c] = where
        return out

    order = deal_order(options, dealer)
    parsed = [read(h, f"hand {s}", f"deal.hands.{s}") for s, h in enumerate(hands)]
    for s, cards in enumerate(parsed):
        want = HAND if s in order else 0
        if len(cards) != want:
            raise CardsageError(f"hand {s} has {len(cards)} cards; it needs {want}"
                                + (" (the dealer sits out at six or seven players)" if not want else ""),
                                field=f"deal.hands.{s}")
    rest = sorted(pack - set(seen), key=_order)
    if "stock" in deal:
        stock = read(deal["stock"], "the stock", "deal.stock")
        if len(stock) != len(rest):
            missing = ", ".join(str(c) for c in rest if c not in set(stock))
            raise CardsageError(f"the stock must hold the {len(rest)} undealt cards; missing: {missing}",
                                field="deal.stock")
        rest = stock
    deck: list[Card] = []
    for size, start in ((3, 0), (2, 3)):
        for seat in order:
            deck.extend(parsed[seat][start:start + size])
    return dealer, deck + list(rest)


class Napoleon(Game):
    """The Napoleon (Nap) ruleset."""

    name = "napoleon"
    title = "Napoleon (Nap)"
    family = "trick-taking"
    min_players = 3
    max_players = 7
    summary = ("Five cards each; one bid each, from Three tricks up to Nap, Napoleon and Wellington; "
               "the high bidder's lead fixes trumps; chips change hands.")
    Options = NapoleonOptions
    State = NapoleonState

    def start(self, options: NapoleonOptions, seed: int, deal: Any) -> NapoleonState:
        rng = Rng(seed)
        chips = (options.start_chips,) * options.players
        if deal is not None:
            dealer, deck = parse_deal(options, deal)
            return deal_hand(options, rng.state, dealer, deck, chips=chips)
        dealer, cuts = cut_for_deal(options, rng)
        deck = rng.shuffled(pack_of(options))
        return deal_hand(options, rng.state, dealer, deck, chips=chips, cuts=cuts)


GAME = Napoleon()
