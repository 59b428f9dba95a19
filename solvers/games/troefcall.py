"""Troefcall (GAMES.md G3): the Surinamese trump-call game for two partnerships.

Players and cards. Four players, partners opposite: seats 0 and 2 play against seats 1
and 3. A 52-card pack, aces high. Deal and play go clockwise.

The first trump caller. Before the first hand, cards are dealt face up around the table
from a shuffled pack, one each, starting with seat 0, until a jack appears: the seat that
receives it is the first trump caller, and the seat to the caller's right is the dealer.
Everyone sees these cards (``first_caller_deal`` in the public facts).

The deal and making trumps. The trump caller is always the seat to the dealer's left
(the caller's cut of the pack changes nothing for a shuffled pack and is not asked).
The dealer gives the caller the top five cards; the caller looks at them and names the
trump suit (``trump H``) before seeing any more. Then the deal is completed: five cards
to each of the other three players, then four to each player, then four more, each round
clockwise from the caller, thirteen cards each.

Redeal. If after the whole deal the caller holds no king, queen or jack (aces do not
count), the caller may show the thirteen cards and ask for a new deal (``redeal``) or
play on (``keep``). A new deal is a full reshuffle by the same dealer for the same
caller, who names trumps again. The table sees the caller pause to decide, so from then
on everyone knows the caller's hand has no picture card. At most ``max_redeals`` redeals
follow each other (a guard so the deal cannot repeat forever; then the claim is not
offered).

Play. The trump caller leads to the first trick. Players must follow suit if able,
otherwise may play any card; the highest trump wins, else the highest card of the suit
led; the winner of a trick leads to the next. The side that reaches seven tricks wins the
hand and play stops at that moment (a proposal: the remaining tricks decide nothing),
except after a clean sweep of the first seven tricks:

Kap partij and baunie. If one side wins tricks one to seven, then before the eighth trick
the winner of the seventh trick says ``stop`` (kap partij) or ``continue``; after a
``continue`` the partner may still say ``stop`` (option ``stop_order``: ``partner_first``
lets the partner speak first). If nobody stops, the winner of the seventh trick leads to
the eighth and the side is committed to baunie: winning all thirteen tricks. Play stops
at the first trick the side loses.

Scoring (per hand; cumulative scores start at zero; exactly one side scores a hand):

* seven tricks or more, but not the first seven: 2 points;
* the first seven, stopped by the winner of the seventh trick: 5 points (kap partij);
* the first seven, stopped by that player's partner: 2 points;
* all thirteen tricks (baunie): 15 points;
* baunie attempted and a trick lost: the opponents score 2 points.

The next deal. If the caller's side scored, the same dealer deals again to the same
caller. If the dealer's side scored, the deal passes to the left: the old caller deals
and the old dealer's partner becomes the caller.

End. The first side to reach ``target`` points (15, 20 or 50 at the table) wins the
match. With ``fixed_deals`` the match is instead a fixed number of hands and the side
with more points wins (equal points: a draw). A time limit is a matter for the players.

Score sheet (``score_events``): one event per hand to the side that scored it, with the
rule in ``source`` ("seven tricks", "kap partij", "kap partij by partner", "baunie",
"failed baunie") and the tricks each side took in ``detail``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.tricks import cards_that_follow, parse_four_hands, trick_winner

SEATS = 4
TRICKS = 13
MAJORITY = 7
FIRST_BATCH = 5
PICTURES = (Rank.KING, Rank.QUEEN, Rank.JACK)

# phases of a hand
CALL = "call"          # the caller names trumps from five cards
REDEAL = "redeal"      # a caller without picture cards may ask for a new deal
PLAY = "play"          # tricks
STOP = "stop"          # after a sweep of the first seven tricks: stop or play on

# points by rule
MAJORITY_POINTS = 2
KAP_PARTIJ_POINTS = 5
PARTNER_STOP_POINTS = 2
BAUNIE_POINTS = 15
FAILED_BAUNIE_POINTS = 2

SEAT_NAMES = ("South", "West", "North", "East")


def side_of(seat: int) -> int:
    """Partnership of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) % SEATS


def has_picture(cards) -> bool:
    """True when the cards hold a king, queen or jack."""
    return any(c.rank in PICTURES for c in cards)


@serializable
@dataclass(frozen=True)
class TroefcallOptions:
    """Variants of Troefcall."""

    target: int = option(15, "points that win the match (the table usually plays to 15, 20 or 50)",
                         minimum=1, maximum=500)
    fixed_deals: int = option(0, "play this many hands instead, and the side with more points wins "
                                 "(0: play to the target)", minimum=0, maximum=200)
    stop_order: str = option("winner_first", "after a sweep of the first seven tricks, who speaks first: "
                                             "the winner of the seventh trick, or that player's partner",
                             choices=("winner_first", "partner_first"))
    play_on: bool = option(True, "a side that wins the first seven tricks may play on for all thirteen "
                                 "(baunie); off: the hand stops there as kap partij")
    redeal_claim: bool = option(True, "a trump caller without a king, queen or jack may show the hand "
                                      "and ask for a new deal")
    max_redeals: int = option(3, "most new deals in a row the caller may ask for", minimum=0, maximum=20)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: who dealt and called, the trumps, the tricks and who scored."""

    dealer: int
    caller: int
    trump: int
    tricks: tuple[int, int]
    side: int                      # the side that scored
    points: int
    source: str
    totals: tuple[int, int]
    stopped_by: int = -1           # the seat that said stop after a sweep, or -1


@serializable
@dataclass(frozen=True)
class TroefcallState(State):
    """A moment of a Troefcall match."""

    options: TroefcallOptions
    rng_state: int                        # generator state for the next shuffle
    first_caller_deal: tuple[tuple[int, Card], ...]   # the face-up deal to the first jack
    dealer: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]               # cards still to be dealt, in dealing order
    trump: int                            # -1 until named
    leader: int
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    history: tuple[tuple[tuple[int, Card], ...], ...]   # finished tricks of this hand
    tricks: tuple[int, int]
    voids: tuple[frozenset, ...]
    redeals: int = 0                      # new deals in a row for this hand
    shown: tuple[Card, ...] = ()          # the hand the caller showed to claim the last redeal
    no_pictures: bool = False             # the caller paused to claim a redeal: no K, Q or J
    seventh: int = -1                     # winner of the seventh trick after a sweep
    continued: tuple[int, ...] = ()       # seats that said continue after the sweep
    baunie: int = -1                      # the side playing for all thirteen, or -1
    points: tuple[int, int] = (0, 0)
    sheet: tuple[HandRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- roles and turns
    @property
    def caller(self) -> int:
        """The trump caller: the seat to the dealer's left."""
        return (self.dealer + 1) % SEATS

    @property
    def players(self) -> int:
        return SEATS

    @property
    def deciders(self) -> tuple[int, int]:
        """Who may stop after a sweep, in speaking order."""
        winner = self.seventh
        if self.options.stop_order == "partner_first":
            return partner_of(winner), winner
        return winner, partner_of(winner)

    @property
    def turn(self) -> int:
        """The seat to act next."""
        if self.phase in (CALL, REDEAL):
            return self.caller
        if self.phase == STOP:
            return self.deciders[len(self.continued)]
        return (self.leader + len(self.trick)) % SEATS

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def holding(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds."""
        return self.hands[seat]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase == CALL:
            return [Action("trump", (Suit(s).letter,)) for s in (3, 2, 1, 0)]
        if self.phase == REDEAL:
            return [Action("keep"), Action("redeal")]
        if self.phase == STOP:
            return [Action("stop"), Action("continue")]
        led = self.trick[0][1] if self.trick else None
        playable = cards_that_follow(self.hands[seat], led)
        return [card_action("play", c) for c in sorted(playable, key=_order)]

    # ------------------------------------------------------------- actions
    def _apply(self, action: Action, seat: int) -> "TroefcallState":
        if action.kind == "trump":
            return self._name_trumps(int(Suit.parse(action.args[0])))
        if action.kind == "keep":
            return replace(self, phase=PLAY)
        if action.kind == "redeal":
            return self._redeal()
        if action.kind == "stop":
            return self._stop(seat)
        if action.kind == "continue":
            return self._continue(seat)
        return self._play(parse_card(action.args[0]), seat)

    def _name_trumps(self, trump: int) -> "TroefcallState":
        hands = complete_deal(self.hands[self.caller] + self.stock, self.caller)
        eligible = (self.options.redeal_claim and self.redeals < self.options.max_redeals
                    and not has_picture(hands[self.caller]))
        return replace(self, trump=trump, hands=hands, stock=(), phase=REDEAL if eligible else PLAY,
                       no_pictures=eligible)

    def _redeal(self) -> "TroefcallState":
        rng = _rng(self.rng_state)
        deck = rng.shuffled(standard_pack())
        fresh = _deal(self.options, rng.state, self.dealer, deck, self)
        return replace(fresh, redeals=self.redeals + 1, shown=tuple(sorted(self.hands[self.caller], key=_order)))

    def _play(self, card: Card, seat: int) -> "TroefcallState":
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        voids = self.voids
        if self.trick and card.suit != self.trick[0][1].suit:
            voids = _with(voids, seat, voids[seat] | {self.trick[0][1].suit})
        state = replace(self, hands=hands, trick=self.trick + ((seat, card),), voids=voids)
        if len(state.trick) == SEATS:
            state = state._close_trick()
        return state

    def _close_trick(self) -> "TroefcallState":
        winner = trick_winner(self.trick, self.trump)
        side = side_of(winner)
        tricks = _with(self.tricks, side, self.tricks[side] + 1)
        state = replace(self, trick=(), last_trick=self.trick, leader=winner,
                        history=self.history + (self.trick,), tricks=tricks)
        if state.baunie >= 0:
            if side != state.baunie:
                return state._score(1 - state.baunie, FAILED_BAUNIE_POINTS, "failed baunie")
            if tricks[side] == TRICKS:
                return state._score(side, BAUNIE_POINTS, "baunie")
            return state
        if tricks[side] < MAJORITY:
            return state
        if tricks[1 - side] > 0:
            return state._score(side, MAJORITY_POINTS, "seven tricks")
        if not self.options.play_on:
            return state._score(side, KAP_PARTIJ_POINTS, "kap partij", stopped_by=winner)
        return replace(state, phase=STOP, seventh=winner, continued=())

    def _stop(self, seat: int) -> "TroefcallState":
        if seat == self.seventh:
            return self._score(side_of(seat), KAP_PARTIJ_POINTS, "kap partij", stopped_by=seat)
        return self._score(side_of(seat), PARTNER_STOP_POINTS, "kap partij by partner", stopped_by=seat)

    def _continue(self, seat: int) -> "TroefcallState":
        continued = self.continued + (seat,)
        if len(continued) < 2:
            return replace(self, continued=continued)
        # nobody stopped: the winner of the seventh trick leads to the eighth
        return replace(self, continued=continued, phase=PLAY, baunie=side_of(self.seventh),
                       leader=self.seventh)

    # ------------------------------------------------------------- the end of a hand
    def _score(self, side: int, points: int, source: str, stopped_by: int = -1) -> "TroefcallState":
        totals = _with(self.points, side, self.points[side] + points)
        record = HandRecord(self.dealer, self.caller, self.trump, self.tricks, side, points, source,
                            totals, stopped_by)
        state = replace(self, points=totals, sheet=self.sheet + (record,))
        opts = self.options
        if opts.fixed_deals:
            if len(state.sheet) >= opts.fixed_deals:
                return replace(state, over=True)
        elif totals[side] >= opts.target:
            return replace(state, over=True)
        # the dealer keeps the deal while the caller's side scores; else it passes left
        dealer = self.dealer if side == side_of(self.caller) else self.caller
        rng = _rng(self.rng_state)
        deck = rng.shuffled(standard_pack())
        return _deal(opts, rng.state, dealer, deck, state)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each seat's side."""
        return tuple(self.points[side_of(s)] for s in range(SEATS))

    @property
    def returns(self) -> tuple[int, ...]:
        """+1 for the winning side's seats, −1 for the others; 0 while playing or after a draw."""
        if not self.over or self.points[0] == self.points[1]:
            return (0,) * SEATS
        best = 0 if self.points[0] > self.points[1] else 1
        return tuple(1 if side_of(s) == best else -1 for s in range(SEATS))

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The partnerships: seats 0 and 2 against seats 1 and 3."""
        return ((0, 2), (1, 3))

    def score_events(self) -> list[ScoreEvent]:
        """One event per hand: the side that scored, the points and the rule."""
        sides = self.sides()
        events = []
        for hand, r in enumerate(self.sheet, 1):
            detail = {"tricks": r.tricks[r.side], "opponents_tricks": r.tricks[1 - r.side],
                      "trump": Suit(r.trump).letter, "caller": r.caller}
            if r.stopped_by >= 0:
                detail["stopped_by"] = r.stopped_by
            events.append(ScoreEvent(hand, sides[r.side], r.points, r.source, detail))
        return events

    def utility(self, seat: int) -> float:
        """Points of the seat's side ahead of the other side."""
        own = side_of(seat)
        return float(self.points[own] - self.points[1 - own])

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(SEATS)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        won: tuple[list[Card], list[Card]] = ([], [])
        for plays in self.history:
            won[side_of(trick_winner(plays, self.trump))].extend(c for _, c in plays)
        for side in (0, 1):
            zones[f"won:{side}"] = Zone(tuple(won[side]), Visibility.SEEN)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "TroefcallState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(SEATS))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def determinize_constraints(self, seat: int):
        rules = {}
        for s in range(SEATS):
            if s == seat:
                continue
            void = self.voids[s]
            bare = self.no_pictures and s == self.caller
            if void or bare:
                rules[f"hand:{s}"] = (lambda c, v=void, b=bare: c.suit not in v and not (b and c.rank in PICTURES))
        return rules

    def public(self, seat: int | None) -> dict:
        return {
            "seat_names": list(SEAT_NAMES),
            "partnerships": [[0, 2], [1, 3]],
            "phase": self.phase,
            "dealer": self.dealer,
            "trump_caller": self.caller,
            "trump": Suit(self.trump).letter if self.trump >= 0 else None,
            "first_caller_deal": [{"seat": s, "card": str(c)} for s, c in self.first_caller_deal],
            "redeals": self.redeals,
            "redeal_shown": [str(c) for c in self.shown],
            "caller_without_pictures": self.no_pictures,
            "leader": self.leader,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick],
            "tricks_won": list(self.tricks),
            "seventh_trick_winner": self.seventh if self.seventh >= 0 else None,
            "said_continue": list(self.continued),
            "baunie_side": self.baunie if self.baunie >= 0 else None,
            "points": list(self.points),
            "target": self.options.target,
            "fixed_deals": self.options.fixed_deals,
            "hand_number": len(self.sheet) + 1,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "caller": r.caller, "trump": Suit(r.trump).letter,
                 "tricks": list(r.tricks), "side": r.side, "points": r.points, "rule": r.source,
                 "totals": list(r.totals)} for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.suit, card.rank)


def _rng(state: int) -> Rng:
    rng = Rng(0)
    rng.state = state
    return rng


def complete_deal(deck, caller: int) -> tuple[tuple[Card, ...], ...]:
    """Hands from a deck in dealing order: five to the caller, five to each other seat,
    then four and four to everyone, each round clockwise from the caller."""
    deck = list(deck)
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    at = 0
    for batch, seats in ((FIRST_BATCH, 1), (FIRST_BATCH, 3), (4, 4), (4, 4)):
        start = 0 if seats != 3 else 1
        for i in range(start, start + seats):
            seat = (caller + i) % SEATS
            hands[seat].extend(deck[at:at + batch])
            at += batch
    return tuple(tuple(sorted(h, key=_order)) for h in hands)


def deck_from_hands(hands, caller: int, first_five) -> list[Card]:
    """The dealing order that gives these hands, the caller's first five cards on top."""
    rest = {s: list(hands[s]) for s in range(SEATS)}
    rest[caller] = list(first_five) + [c for c in hands[caller] if c not in first_five]
    deck: list[Card] = []
    taken = {s: 0 for s in range(SEATS)}
    for batch, start, seats in ((FIRST_BATCH, 0, 1), (FIRST_BATCH, 1, 3), (4, 0, 4), (4, 0, 4)):
        for i in range(start, start + seats):
            seat = (caller + i) % SEATS
            deck.extend(rest[seat][taken[seat]:taken[seat] + batch])
            taken[seat] += batch
    return deck


def _deal(options: TroefcallOptions, rng_state: int, dealer: int, deck: list[Card],
          carry: "TroefcallState | None" = None, first_caller_deal=()) -> TroefcallState:
    """A fresh hand: the caller holds the top five cards, the rest waits in the stock."""
    caller = (dealer + 1) % SEATS
    hands = [()] * SEATS
    hands[caller] = tuple(sorted(deck[:FIRST_BATCH], key=_order))
    return TroefcallState(
        options=options, rng_state=rng_state,
        first_caller_deal=carry.first_caller_deal if carry else tuple(first_caller_deal),
        dealer=dealer, phase=CALL, hands=tuple(hands), stock=tuple(deck[FIRST_BATCH:]), trump=-1,
        leader=caller, trick=(), last_trick=carry.last_trick if carry else (), history=(), tricks=(0, 0),
        voids=(frozenset(),) * SEATS, points=carry.points if carry else (0, 0),
        sheet=carry.sheet if carry else ())


def deal_to_first_jack(rng: Rng) -> tuple[tuple[int, Card], ...]:
    """Deal face up, one card a seat from seat 0, until a jack appears."""
    out = []
    for i, card in enumerate(rng.shuffled(standard_pack())):
        out.append((i % SEATS, card))
        if card.rank == Rank.JACK:
            break
    return tuple(out)


def parse_jack_deal(cards: Any) -> tuple[tuple[int, Card], ...]:
    """Read the face-up cards of the first-caller procedure (seat 0 first, ending at the first jack)."""
    if not isinstance(cards, list) or not cards:
        raise CardsageError("deal.first_caller_deal must list the face-up cards, seat 0 first, "
                            "up to and including the first jack", field="deal.first_caller_deal")
    parsed = [parse_card(c) for c in cards]
    if len(set(parsed)) != len(parsed) or not all(c.is_standard and not c.copy for c in parsed):
        raise CardsageError("deal.first_caller_deal must list distinct cards of one standard pack",
                            field="deal.first_caller_deal")
    jacks = [i for i, c in enumerate(parsed) if c.rank == Rank.JACK]
    if jacks != [len(parsed) - 1]:
        raise CardsageError("deal.first_caller_deal must stop at the first jack, which comes last",
                            field="deal.first_caller_deal")
    return tuple((i % SEATS, c) for i, c in enumerate(parsed))


def parse_deal(deal: Any) -> tuple[int, list[Card], tuple]:
    """Read an explicit first deal; return the dealer, the deck in dealing order and the
    face-up first-caller deal.

    ``{"hands": [[13 cards] x4], "dealer": 0, "first_five": [5 of the caller's cards],
    "first_caller_deal": ["4C", "9H", "JD"]}``: hands seat 0 first; ``dealer`` (default 0;
    the caller is the next seat); ``first_five`` the caller's first batch (default the
    first five cards listed in the caller's hand); ``first_caller_deal`` optionally the
    face-up cards that chose the first caller (its last card, the only jack, falls to
    the caller, so it fixes the dealer).
    """
    dealer, hands = parse_four_hands(
        deal, "a Troefcall deal is an object with 'hands' (four lists of 13 cards, seat 0 first), "
              "'dealer' and optionally 'first_five' and 'first_caller_deal'")
    jack_deal: tuple = ()
    if deal.get("first_caller_deal") is not None:
        jack_deal = parse_jack_deal(deal["first_caller_deal"])
        found = (jack_deal[-1][0] - 1) % SEATS
        if "dealer" in deal and deal["dealer"] != found:
            raise CardsageError(f"the first jack falls to seat {jack_deal[-1][0]}, so seat {found} deals, "
                                f"not seat {deal['dealer']}", field="deal.dealer")
        dealer = found
    caller = (dealer + 1) % SEATS
    first = deal.get("first_five")
    if first is None:
        five = hands[caller][:FIRST_BATCH]
    else:
        if not isinstance(first, list):
            raise CardsageError("deal.first_five must list five cards", field="deal.first_five")
        five = [parse_card(c) for c in first]
        if len(five) != FIRST_BATCH or len(set(five)) != FIRST_BATCH:
            raise CardsageError("deal.first_five must list five different cards", field="deal.first_five")
        stray = [str(c) for c in five if c not in hands[caller]]
        if stray:
            raise CardsageError(f"deal.first_five must come from the caller's hand (seat {caller}); "
                                f"not there: {', '.join(stray)}", field="deal.first_five")
    return dealer, deck_from_hands(hands, caller, five), jack_deal


class Troefcall(Game):
    """The Troefcall ruleset."""

    name = "troefcall"
    title = "Troefcall"
    family = "trick-taking"
    min_players = 4
    max_players = 4
    summary = ("Four players in two partnerships; the trump caller names trumps from five cards; "
               "the first side to seven tricks scores, a sweep may play on for all thirteen.")
    Options = TroefcallOptions
    State = TroefcallState
    seat_names = SEAT_NAMES

    def start(self, options: TroefcallOptions, seed: int, deal: Any) -> TroefcallState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck, jack_deal = parse_deal(deal)
        else:
            jack_deal = deal_to_first_jack(rng)
            dealer = (jack_deal[-1][0] - 1) % SEATS
            deck = rng.shuffled(standard_pack())
        return _deal(options, rng.state, dealer, deck, None, jack_deal)


GAME = Troefcall()
