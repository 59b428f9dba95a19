"""Teka (GAMES.md G2): the Afghan auction whist for two fixed partnerships.

Seats 0 and 2 play against seats 1 and 3. Dealing, bidding and play go
counter-clockwise: the seat after ``s`` is ``s - 1``, and the deal passes to the
dealer's right. The pack is shuffled only before the first deal: every later pack is
the previous hand's cards as gathered, cut by the dealer and then by the player on the
dealer's left, never shuffled (an option shuffles every deal instead). Each player
receives thirteen cards at once, the dealer's right-hand neighbour first.

A player whose hand has no ace, king, queen or jack may ask for a new deal by the
same dealer. Then each player speaks exactly once, starting on the dealer's right:
a number from 8 to 13 that exceeds every earlier number, "double 13" (which beats
any number and is beaten only by a later double 13), or a pass. The first two
speakers may pass as "pass", "ter" or "behi ter" to show weaker and weaker hands.
If the first three pass, the fourth must bid at least 8.

The last highest bidder is the declarer, names trumps and leads to the first
trick, which must be a trump. If the declarer holds the ace of trumps the lead comes
from the unbroken sequence it heads; otherwise whoever holds that ace plays to the
first trick a card from the sequence it heads. Players follow suit if able; the
highest trump wins, else the highest card of the suit led. A declarer bidding
double 13 plays alone: the partner lays the hand aside and tricks have three cards.

At any point during the play the declarer may propose a higher bid (at most once a
trick, even when it is not the declarer's turn to play); it stands if the opponent
next in turn order accepts for the defence. Play stops as soon as the declaring side has the tricks it bid or the
defenders have enough to defeat it. A made bid scores its number for the declaring
side (double 13 scores 26); a failed bid gives the defenders twice its number
(double 13 gives them 52), except that a failed 8 forced on the fourth speaker gives
them only 8. Partners may signal only in the open, by tags on the cards they play.
The first side to reach 104 wins.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.tricks import cards_that_follow, evolve, parse_four_hands, trick_winner, without

SEATS = 4
TRICKS = 13
LOWEST_BID = 8
DOUBLE13 = "double13"
PASSES = ("pass", "ter", "behi-ter")   # from the strongest passing hand to the weakest
HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
SIGNALS = {"three": ("slam", "snap", "drop"), "two": ("slam", "toss"), "none": ()}
ASSOCIATED_SUIT = {Suit.HEARTS: Suit.SPADES, Suit.SPADES: Suit.HEARTS,
                   Suit.DIAMONDS: Suit.CLUBS, Suit.CLUBS: Suit.DIAMONDS}

NO_RAISE = "no-raise"                  # the declarer lets this trick's raise window go
# packets of a very light overhand shuffle: large, so neighbours mostly stay together
OVERHAND_PACKET = (5, 12)

# phases of a hand
REDEAL, BIDDING, TRUMP, PLAY, ANSWER, OVER = "redeal", "bidding", "trump", "play", "answer", "over"


def next_seat(seat: int) -> int:
    """The seat that acts after ``seat``: play goes counter-clockwise."""
    return (seat - 1) % SEATS


def side_of(seat: int) -> int:
    """Partnership of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def partner_of(seat: int) -> int:
    """The seat opposite ``seat``."""
    return (seat + 2) % SEATS


def speaking_order(dealer: int) -> tuple[int, ...]:
    """The four seats in the order they speak and receive cards: dealer's right first."""
    return tuple((dealer - 1 - i) % SEATS for i in range(SEATS))


def has_honour(hand) -> bool:
    """True when the hand holds an ace, king, queen or jack."""
    return any(c.rank in HONOURS for c in hand)


def ace_sequence(hand, trump: int) -> list[Card]:
    """The trumps of ``hand`` in unbroken sequence from the ace down (empty without the ace)."""
    ranks = {c.rank for c in hand if c.suit == trump}
    run, rank = [], Rank.ACE
    while rank in ranks:
        run.append(Card.standard(rank, trump))
        rank -= 1
    return run


def light_overhand_shuffle(deck: list[Card], rng: Rng) -> list[Card]:
    """One very light overhand pass: packets of 5 to 12 cards taken from the top, each
    dropped on top of the last, so the packets come out in reverse order, each intact."""
    packets, i = [], 0
    low, high = OVERHAND_PACKET
    while i < len(deck):
        size = low + rng.below(high - low + 1)
        packets.append(deck[i:i + size])
        i += size
    return [c for packet in reversed(packets) for c in packet]


@serializable
@dataclass(frozen=True)
class TekaOptions:
    """Variants of Teka (the two rule texts differ on these points)."""

    target: int = option(104, "points that win the match (104; some play to 100)", minimum=1, maximum=1000)
    redeal_requests: bool = option(True, "before the bidding, ask every seat whether it wants a new deal "
                                         "(only a hand without A, K, Q or J may ask)")
    pass_flavours: bool = option(True, "the first two speakers may pass as 'pass', 'ter' or 'behi-ter' "
                                       "(weaker and weaker hands); otherwise only 'pass'")
    forced_fourth_bid: bool = option(True, "if the first three pass, the fourth must bid at least 8; "
                                           "otherwise four passes throw the deal in")
    double13_alone: bool = option(True, "a double 13 declarer plays alone: the partner lays the hand "
                                        "aside and tricks have three cards")
    forbid_void_trump: bool = option(False, "the declarer may not name a suit they hold no card of")
    ace_sequence_first_trick: bool = option(True, "trick 1 is played from the unbroken sequence "
                                                  "headed by the trump ace by whoever holds it")
    raise_needs_consent: bool = option(True, "a raise proposed by the declarer stands only if the "
                                             "opponents accept it; otherwise raises are unilateral")
    lawreece: bool = option(False, "'Lawreece': any made bid of 13 scores 26")
    signals: str = option("three", "public signals a played card may carry: three = slam/snap/drop, "
                                   "two = slam/toss, none", choices=tuple(SIGNALS))
    afghan_cut_only: bool = option(True, "cards are shuffled only before the first deal: each later pack "
                                         "is the last hand's cards as gathered, cut by the dealer and by "
                                         "the player on the dealer's left (the traditional way); off: every "
                                         "deal is freshly shuffled")
    light_shuffle: bool = option(False, "with cut-only deals, the dealer first gives the gathered cards a "
                                        "very light overhand shuffle, as some groups do (cards played "
                                        "together mostly stay together)")


@serializable
@dataclass(frozen=True)
class TekaHandRecord:
    """One line of the score sheet."""

    dealer: int
    calls: tuple[tuple[int, str], ...]
    declarer: int | None          # None when the deal was thrown in
    bid: int
    double13: bool
    trump: int | None
    tricks: tuple[int, int]
    result: str                   # "made", "failed" or "thrown in"
    points: tuple[int, int]
    totals: tuple[int, int]
    forced: bool = False          # the contract was an 8 forced on the fourth speaker, never raised
    raises: tuple[tuple[int, str], ...] = ()   # (proposed bid, outcome) in the order proposed


@serializable
@dataclass(frozen=True)
class TekaState(State):
    """A moment of a Teka match."""

    options: TekaOptions
    rng_state: int                         # generator state for the next pack
    dealer: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]    # per seat
    kept: tuple[int, ...]                  # seats that declined a redeal of this deal
    calls: tuple[tuple[int, str], ...]     # (seat, call) in speaking order
    declarer: int | None
    bid: int                               # tricks the declaring side needs (13 for double 13)
    double13: bool
    forced: bool                           # an 8 forced on the fourth speaker, not raised since
    sitting_out: int | None                # the double 13 declarer's partner, when playing alone
    trump: int | None
    leader: int
    trick: tuple[tuple[int, Card, str], ...]             # (seat, card, signal) in play order
    history: tuple[tuple[tuple[int, Card, str], ...], ...]  # the finished tricks of this hand
    tricks: tuple[int, int]                # tricks each side took in this hand
    voids: tuple[frozenset, ...]           # suits each seat has shown or claimed it lacks
    pending_raise: int                     # the bid proposed and awaiting an answer (0: none)
    raise_asked: bool                      # the declarer used this trick's raise window (proposed or
                                           # said no-raise); reopens when the trick is gathered
    raises: tuple[tuple[int, str], ...]    # (proposed bid, "accepted" | "refused" | "raised") this hand
    points: tuple[int, int]
    sheet: tuple[TekaHandRecord, ...]

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return SEATS

    @property
    def speaker(self) -> int:
        """The seat whose call is next in the bidding."""
        return speaking_order(self.dealer)[len(self.calls)]

    @property
    def turn(self) -> int:
        """The seat to play the next card."""
        seat = self.leader
        for _ in self.trick:
            seat = self.after(seat)
        return seat

    @property
    def answerer(self) -> int:
        """The opponent who answers the declarer's raise: the next in turn order."""
        return next_seat(self.declarer)

    def after(self, seat: int) -> int:
        """The next seat to play after ``seat``, passing over a hand laid aside."""
        seat = next_seat(seat)
        return next_seat(seat) if seat == self.sitting_out else seat

    @property
    def trick_size(self) -> int:
        """Cards in a full trick: three while a double 13 declarer plays alone."""
        return SEATS - (self.sitting_out is not None)

    @property
    def to_move(self) -> frozenset[int]:
        if self.phase == REDEAL:
            return frozenset(s for s in range(SEATS) if s not in self.kept)
        if self.phase == BIDDING:
            return frozenset((self.speaker,))
        if self.phase == TRUMP:
            return frozenset((self.declarer,))
        if self.phase == PLAY:
            # the declarer may propose a raise at any point, also while another seat is to play
            return frozenset((self.turn, self.declarer)) if self.raise_open else frozenset((self.turn,))
        if self.phase == ANSWER:
            return frozenset((self.answerer,))
        return frozenset()

    @property
    def declaring_side(self) -> int:
        """The side of the declarer."""
        return side_of(self.declarer)

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        # a state is a value: its legal actions are worked out once per seat (``apply`` and
        # the bots both ask; the sampled search's quick play asks thousands of times)
        cache = self.__dict__.setdefault("_legal", {})
        if seat not in cache:
            cache[seat] = self._legal_actions(seat)
        return list(cache[seat])

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.phase == REDEAL:
            return [Action("keep")] + ([] if has_honour(self.hands[seat]) else [Action("redeal")])
        if self.phase == BIDDING:
            return self._legal_calls()
        if self.phase == TRUMP:
            held = {c.suit for c in self.hands[seat]}
            return [Action("trump", (Suit(s).letter,)) for s in reversed(Suit)
                    if not self.options.forbid_void_trump or s in held]
        if self.phase == ANSWER:
            return [Action("accept"), Action("refuse")]
        raises = [Action("raise", (str(n),)) for n in self.raise_range(seat)]
        if seat != self.turn:
            # the declarer between its own cards: propose now, or let this trick's chance go
            return raises + [Action(NO_RAISE)]
        tags = SIGNALS[self.options.signals]
        if "drop" in tags:
            held = Counter(c.suit for c in self.hands[seat])
        plays = []
        for card in sorted(self.playable(seat), key=_order):
            plays.append(_play_action(card, ""))
            for tag in tags:
                # a drop claims the suit is now void: the engine holds players to it
                if tag != "drop" or held[card.suit] == 1:
                    plays.append(_play_action(card, tag))
        return plays + raises

    def _legal_calls(self) -> list[Action]:
        position = len(self.calls)
        numbers = [int(c) for _, c in self.calls if c.isdigit()]
        doubled = any(c == DOUBLE13 for _, c in self.calls)
        forced = self.options.forced_fourth_bid and position == SEATS - 1 and self.highest_call() is None
        calls: list[Action] = []
        if not forced:
            flavours = PASSES if self.options.pass_flavours and position < 2 else PASSES[:1]
            calls += [Action(p) for p in flavours]
        if not doubled:
            lowest = max([LOWEST_BID] + [n + 1 for n in numbers])
            calls += [Action("bid", (str(n),)) for n in range(lowest, TRICKS + 1)]
        return calls + [Action(DOUBLE13)]

    def highest_call(self) -> tuple[int, str] | None:
        """The (seat, call) that leads the bidding: the last double 13, else the highest number."""
        bids = [(seat, call) for seat, call in self.calls if call not in PASSES]
        doubles = [b for b in bids if b[1] == DOUBLE13]
        if doubles:
            return doubles[-1]
        return max(bids, key=lambda b: int(b[1]), default=None)

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now: follow suit, and the first-trick trump rules."""
        hand = self.hands[seat]
        first_trick = not self.history
        ace_rule = first_trick and self.options.ace_sequence_first_trick
        if self.trick:
            led = self.trick[0][1]
            cards = cards_that_follow(hand, led)
            if ace_rule and led.suit == self.trump:
                cards = ace_sequence(hand, self.trump) or cards
            return cards
        if not first_trick:
            return list(hand)
        trumps = [c for c in hand if c.suit == self.trump]
        if not trumps:
            return list(hand)        # a declarer void in trumps leads what they like
        return (ace_sequence(hand, self.trump) if ace_rule else []) or trumps

    @property
    def raise_open(self) -> bool:
        """True while the declarer may propose a raise (this trick's window is unused)."""
        return self.declarer is not None and bool(self.raise_range(self.declarer))

    def raise_range(self, seat: int) -> range:
        """The bids the declarer may propose now: during the play, once a trick, never once the
        bid is made, never above what the defenders have left, never for double 13."""
        if seat != self.declarer or self.phase != PLAY or self.double13 or self.raise_asked:
            return range(0)
        if self.bid < LOWEST_BID:
            # no contract is below 8 (the sampled search counts tricks on such states, raises off)
            return range(0)
        taken = self.tricks[self.declaring_side]
        if taken >= self.bid:
            return range(0)
        # a raise the defenders have already defeated is never offered
        highest = TRICKS - self.tricks[1 - self.declaring_side]
        return range(self.bid + 1, highest + 1)

    # ------------------------------------------------------------- actions
    def _apply(self, action: Action, seat: int) -> "TekaState":
        kind = action.kind
        if kind == "keep":
            kept = self.kept + (seat,)
            return replace(self, kept=kept, phase=BIDDING if len(kept) == SEATS else REDEAL)
        if kind == "redeal":
            return self._redeal()
        if self.phase == BIDDING:
            call = action.args[0] if kind == "bid" else kind
            state = replace(self, calls=self.calls + ((seat, call),))
            return state._close_auction() if len(state.calls) == SEATS else state
        if kind == "trump":
            return replace(self, trump=Suit.parse(action.args[0]), phase=PLAY, leader=self.declarer)
        if kind == "raise":
            return self._propose_raise(int(action.args[0]))
        if kind == NO_RAISE:
            return replace(self, raise_asked=True)
        if kind == "accept":
            return replace(self, bid=self.pending_raise, forced=False, pending_raise=0, phase=PLAY,
                           raises=self.raises + ((self.pending_raise, "accepted"),))
        if kind == "refuse":
            return replace(self, pending_raise=0, phase=PLAY,
                           raises=self.raises + ((self.pending_raise, "refused"),))
        return self._play(seat, parse_card(action.args[0]), action.args[1] if len(action.args) > 1 else "")

    def _redeal(self) -> "TekaState":
        """A hand without honours asked for a new deal: the same dealer deals again."""
        deck, rng_state = self._next_pack()
        return _deal(self.options, rng_state, self.dealer, deck, points=self.points, sheet=self.sheet)

    def _close_auction(self) -> "TekaState":
        """Four calls made: the last highest bidder declares, or four passes throw the deal in."""
        top = self.highest_call()
        if top is None:
            record = TekaHandRecord(self.dealer, self.calls, None, 0, False, None, (0, 0), "thrown in",
                                (0, 0), self.points)
            return replace(self, sheet=self.sheet + (record,))._next_deal()
        declarer, call = top
        double13 = call == DOUBLE13
        three_passed = all(c in PASSES for _, c in self.calls[:SEATS - 1])
        return replace(self, declarer=declarer, double13=double13, bid=TRICKS if double13 else int(call),
                       forced=self.options.forced_fourth_bid and three_passed,
                       sitting_out=partner_of(declarer) if double13 and self.options.double13_alone else None,
                       phase=TRUMP)

    def _propose_raise(self, bid: int) -> "TekaState":
        if self.options.raise_needs_consent:
            return replace(self, pending_raise=bid, raise_asked=True, phase=ANSWER)
        return replace(self, bid=bid, forced=False, raise_asked=True, raises=self.raises + ((bid, "raised"),))

    def _play(self, seat: int, card: Card, signal: str) -> "TekaState":
        """The state after ``seat`` plays ``card`` with ``signal`` ("" for none), a play
        already known to be legal."""
        hands = list(self.hands)
        hands[seat] = without(hands[seat], card)
        voids = self.voids
        if self.trick and card.suit != self.trick[0][1].suit:
            voids = _with(voids, seat, voids[seat] | {self.trick[0][1].suit})
        if signal == "drop":
            voids = _with(voids, seat, voids[seat] | {card.suit})
        state = evolve(self, hands=tuple(hands), trick=self.trick + ((seat, card, signal),), voids=voids)
        if len(state.trick) == state.trick_size:
            state = state._close_trick()
        return state

    def _close_trick(self) -> "TekaState":
        winner = _winner(self.trick, self.trump)
        side = side_of(winner)
        # a new trick: the declarer's raise window opens again
        state = evolve(self, trick=(), leader=winner, history=self.history + (self.trick,),
                       tricks=_with(self.tricks, side, self.tricks[side] + 1), raise_asked=False)
        # play stops as soon as the contract is made or can no longer be made
        if state.tricks[state.declaring_side] >= state.bid:
            return state._score_hand(made=True)
        if state.tricks[1 - state.declaring_side] > TRICKS - state.bid:
            return state._score_hand(made=False)
        return state

    # ------------------------------------------------------------- scoring
    def contract_value(self, made: bool) -> int:
        """What the contract scores: for the declaring side if made, else for the defenders."""
        if self.double13:
            return 26 if made else 52
        if made:
            return 26 if self.bid == TRICKS and self.options.lawreece else self.bid
        if self.forced and self.bid == LOWEST_BID:
            return LOWEST_BID       # a failed forced 8 costs only 8
        return 2 * self.bid

    def _score_hand(self, made: bool) -> "TekaState":
        side = self.declaring_side if made else 1 - self.declaring_side
        won = _with((0, 0), side, self.contract_value(made))
        points = (self.points[0] + won[0], self.points[1] + won[1])
        record = TekaHandRecord(self.dealer, self.calls, self.declarer, self.bid, self.double13, self.trump,
                                self.tricks, "made" if made else "failed", won, points,
                                forced=self.forced, raises=self.raises)
        state = replace(self, points=points, sheet=self.sheet + (record,))
        if points[side] >= self.options.target:
            return replace(state, phase=OVER)
        return state._next_deal()

    # ------------------------------------------------------------- the next pack
    def gathered_cards(self) -> list[Card]:
        """The hand's cards as gathered: tricks in play order, then unplayed hands in seat order."""
        played = [c for plays in self.history + (self.trick,) for _, c, _ in plays]
        return played + [c for hand in self.hands for c in hand]

    def _next_pack(self) -> tuple[list[Card], int]:
        rng = Rng(0)
        rng.state = self.rng_state
        if self.options.afghan_cut_only:
            deck = self.gathered_cards()
            if self.options.light_shuffle:
                deck = light_overhand_shuffle(deck, rng)
            cut = rng.below(len(deck))             # the dealer may cut (0: does not)
            deck = deck[cut:] + deck[:cut]
            cut = 1 + rng.below(len(deck) - 1)     # the player on the dealer's left always cuts
            deck = deck[cut:] + deck[:cut]
        else:
            deck = rng.shuffled(standard_pack())
        return deck, rng.state

    def _next_deal(self) -> "TekaState":
        deck, rng_state = self._next_pack()
        return _deal(self.options, rng_state, next_seat(self.dealer), deck, points=self.points,
                     sheet=self.sheet)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Match points of each seat's side."""
        return tuple(self.points[side_of(s)] for s in range(SEATS))

    @property
    def hands_played(self) -> int:
        """Hands finished: every line of the score sheet (a deal thrown in by four passes counts;
        a redeal asked for before the bidding does not)."""
        return len(self.sheet)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The two partnerships: seats 0 and 2 against seats 1 and 3."""
        return ((0, 2), (1, 3))

    def score_events(self) -> list[ScoreEvent]:
        """One event per scored hand, in the rule text's words; ``detail`` says what was counted."""
        return [event for number, record in enumerate(self.sheet, 1)
                for event in hand_score_events(number, record, self.options)]

    @property
    def returns(self) -> tuple[int, ...]:
        """+1 for the seats of the side that won the match, −1 for the others (0 while playing)."""
        if self.phase != OVER:
            return (0,) * SEATS
        best = 0 if self.points[0] > self.points[1] else 1
        return tuple(1 if side_of(s) == best else -1 for s in range(SEATS))

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(SEATS)}
        zones["trick"] = Zone(tuple(c for _, c, _ in self.trick), Visibility.PUBLIC)
        won: tuple[list[Card], list[Card]] = ([], [])
        for plays in self.history:
            won[side_of(_winner(plays, self.trump))].extend(c for _, c, _ in plays)
        for side in (0, 1):
            zones[f"won:{side}"] = Zone(tuple(won[side]), Visibility.SEEN)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "TekaState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(SEATS))
        return replace(self, hands=hands)

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        # the first trick's winner held every trump above the card it won with
        known = self.known_ace_sequence()
        if known is None or known[0] == seat:
            return {}
        return {f"hand:{known[0]}": known[1]}

    def known_ace_sequence(self) -> tuple[int, tuple[Card, ...]] | None:
        """The seat known to hold the unplayed rest of the trump ace's sequence, and those cards."""
        if not self.history or not self.options.ace_sequence_first_trick or self.sitting_out is not None:
            return None
        first = self.history[0]
        if first[0][1].suit != self.trump:
            return None
        winner = _winner(first, self.trump)
        top = next(c for s, c, _ in first if s == winner)
        played = {c for plays in self.history + (self.trick,) for _, c, _ in plays}
        cards = tuple(Card.standard(r, self.trump) for r in range(top.rank + 1, Rank.ACE + 1)
                      if Card.standard(r, self.trump) not in played)
        return (winner, cards) if cards else None

    def determinize_constraints(self, seat: int):
        return {f"hand:{s}": (lambda c, v=self.voids[s]: c.suit not in v)
                for s in range(SEATS) if s != seat and self.voids[s]}

    def parse_action(self, data: Any, seat: int) -> Action:
        action = Action.from_json(data)
        kind, args = action.kind, tuple(a.strip() for a in action.args)
        if kind == "behi" and args and args[0].lower() == "ter":
            kind, args = "behi-ter", args[1:]
        elif kind == "double" and args[:1] == ("13",):
            kind, args = DOUBLE13, args[1:]
        elif kind == "no" and args and args[0].lower() == "raise":
            kind, args = NO_RAISE, args[1:]
        if kind == "play" and args:
            args = (_canonical_card(args[0]),) + tuple(a.lower() for a in args[1:])
        elif kind == "trump" and args:
            args = (_canonical_suit(args[0]),) + args[1:]
        elif kind in ("bid", "raise") and args and args[0].isdigit():
            args = (str(int(args[0])),) + args[1:]
        return Action(kind, args)

    def public(self, seat: int | None) -> dict:
        return {
            "seat_names": ["South", "West", "North", "East"],
            "partnerships": [[0, 2], [1, 3]],
            "direction": "counter-clockwise",
            "dealer": self.dealer,
            "phase": self.phase,
            "speaking_order": list(speaking_order(self.dealer)),
            "redeal_answered": sorted(self.kept),
            "calls": [{"seat": s, "call": c} for s, c in self.calls],
            "contract": self._public_contract(),
            "trump": Suit(self.trump).letter if self.trump is not None else None,
            "leader": self.leader,
            "trick": _public_plays(self.trick),
            "last_trick": _public_plays(self.history[-1]) if self.history else None,
            "tricks_won": list(self.tricks),
            "pending_raise": ({"by": self.declarer, "bid": self.pending_raise, "answer_by": self.answerer}
                              if self.phase == ANSWER else None),
            "raises": [{"bid": b, "outcome": o} for b, o in self.raises],
            "raise_open": self.raise_open,
            "voids": [sorted(Suit(s).letter for s in v) for v in self.voids],
            "points": list(self.points),
            "target": self.options.target,
            "signals": list(SIGNALS[self.options.signals]),
            "hand_number": len(self.sheet) + 1,
            "score_sheet": [_public_record(i, r) for i, r in enumerate(self.sheet)],
        }

    def _public_contract(self) -> dict | None:
        if self.declarer is None:
            return None
        return {"declarer": self.declarer, "bid": self.bid, "double13": self.double13,
                "forced": self.forced, "sitting_out": self.sitting_out,
                "needed_by_defenders": TRICKS + 1 - self.bid}


def hand_score_events(number: int, record: TekaHandRecord, options: TekaOptions) -> list[ScoreEvent]:
    """The scoring fact of one line of the sheet: only one side scores in a hand (none when
    the deal was thrown in)."""
    if record.declarer is None:
        return []
    made = record.result == "made"
    declaring = side_of(record.declarer)
    side = declaring if made else 1 - declaring
    contract = "double 13" if record.double13 else str(record.bid)
    if record.double13:
        source = "double 13 made: 26" if made else "double 13 lost: 52 to the opponents"
    elif made and record.bid == TRICKS and options.lawreece:
        source = "Lawreece: a made 13 scores 26"
    elif made:
        source = "contract made: the bid"
    elif record.forced and record.bid == LOWEST_BID:
        source = "failed forced 8: only 8 to the opponents"
    else:
        source = "failed bid: twice the bid"
    detail: dict[str, Any] = {
        "contract": contract, "declarer": record.declarer,
        "trump": Suit(record.trump).letter if record.trump is not None else None,
        "declarer_tricks": record.tricks[declaring], "defender_tricks": record.tricks[1 - declaring],
    }
    called = next((c for s, c in record.calls if s == record.declarer), None)
    if called is not None and called.isdigit() and int(called) != record.bid:
        detail["raised_from"] = int(called)
    if record.raises:
        detail["raises"] = [{"bid": b, "outcome": o} for b, o in record.raises]
    points = record.points[side]
    return [ScoreEvent(number, tuple(s for s in range(SEATS) if side_of(s) == side), points, source, detail)]


def _public_plays(plays) -> list[dict]:
    return [{"seat": s, "card": str(c), "signal": t or None} for s, c, t in plays]


def _public_record(index: int, r: TekaHandRecord) -> dict:
    return {"hand": index + 1, "dealer": r.dealer, "calls": [{"seat": s, "call": c} for s, c in r.calls],
            "declarer": r.declarer, "contract": "double 13" if r.double13 else (str(r.bid) if r.bid else None),
            "trump": Suit(r.trump).letter if r.trump is not None else None, "tricks": list(r.tricks),
            "result": r.result, "points": list(r.points), "totals": list(r.totals), "forced": r.forced,
            "raises": [{"bid": b, "outcome": o} for b, o in r.raises]}


def _winner(plays, trump: int) -> int:
    return trick_winner([(s, c) for s, c, _ in plays], trump)


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


_PLAY_ACTIONS: dict[tuple[Card, str], Action] = {}


def _play_action(card: Card, tag: str) -> Action:
    """``play QS`` or ``play QS slam`` (built once per card and tag: play is the hot path
    of the sampled search's quick play)."""
    action = _PLAY_ACTIONS.get((card, tag))
    if action is None:
        action = _PLAY_ACTIONS[(card, tag)] = Action("play", (str(card),) + ((tag,) if tag else ()))
    return action


def _order(card: Card):
    return (card.suit, card.rank)


def _canonical_card(text: str) -> str:
    try:
        return str(parse_card(text))
    except CardsageError:
        return text


def _canonical_suit(text: str) -> str:
    try:
        return Suit.parse(text).letter
    except CardsageError:
        return text


def _deal(options: TekaOptions, rng_state: int, dealer: int, deck: list[Card], *,
          points: tuple[int, int], sheet: tuple[TekaHandRecord, ...]) -> TekaState:
    """Deal ``deck`` thirteen cards at a time, the dealer's right-hand neighbour first."""
    hands: list[tuple[Card, ...]] = [()] * SEATS
    for i, seat in enumerate(speaking_order(dealer)):
        hands[seat] = tuple(sorted(deck[i * TRICKS:(i + 1) * TRICKS], key=_order))
    return TekaState(
        options=options, rng_state=rng_state, dealer=dealer,
        phase=REDEAL if options.redeal_requests else BIDDING, hands=tuple(hands), kept=(), calls=(),
        declarer=None, bid=0, double13=False, forced=False, sitting_out=None, trump=None,
        leader=next_seat(dealer), trick=(), history=(), tricks=(0, 0), voids=(frozenset(),) * SEATS,
        pending_raise=0, raise_asked=False, raises=(), points=points, sheet=sheet)


def parse_deal(deal: Any) -> tuple[int, list[Card]]:
    """Read an explicit first deal: ``{"dealer": 0, "hands": [[13 cards] x4]}``, seat 0 first.

    Returns the dealer and the pack in dealing order.
    """
    dealer, parsed = parse_four_hands(
        deal, "a Teka deal is an object with 'hands' (four lists of 13 cards) and 'dealer'")
    deck = [c for seat in speaking_order(dealer) for c in parsed[seat]]
    return dealer, deck


class Teka(Game):
    """The Teka ruleset."""

    name = "teka"
    title = "Teka"
    family = "trick-taking"
    min_players = 4
    max_players = 4
    summary = ("Afghan auction whist: partners bid 8 to 13 tricks or double 13 once each, "
               "counter-clockwise; the first side to 104 wins.")
    seat_names = ("South", "West", "North", "East")
    Options = TekaOptions
    State = TekaState

    def start(self, options: TekaOptions, seed: int, deal: Any) -> TekaState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal)
        else:
            dealer = rng.below(SEATS)  # the first dealer comes from the match seed
            deck = rng.shuffled(standard_pack())
        return _deal(options, rng.state, dealer, deck, points=(0, 0), sheet=())


GAME = Teka()
