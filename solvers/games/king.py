"""King (GAMES.md G7): ten hands for four players, six to avoid penalties, four to score.

Seats 0–3 play clockwise, each for themselves, with a standard pack, aces high.

First dealer: a shuffled pack is dealt face up one card at a time, starting with seat 0
and going clockwise, until someone receives the king of hearts; that seat deals first.
The deal then passes to the left after every hand, so each seat deals one of the four
positive hands. Each hand the dealer deals thirteen cards to each player and the player
on the dealer's left leads to the first trick. Players must follow suit if able;
otherwise they may play any card. The highest trump wins the trick, else the highest
card of the suit led; the winner leads to the next trick.

The negative hands, always in this order and without trumps:

1. −20 for each trick taken;
2. −20 for each heart taken;
3. −50 for each queen taken;
4. −30 for each king or jack taken;
5. −160 for taking the king of hearts;
6. −90 for each of the last two tricks.

The six hands give −260, −260, −200, −240, −160 and −180: after the sixth hand the
four scores add up to −1,300. With ``stop_when_settled`` a negative hand ends as soon
as all its penalties are taken (hands 2 to 5; it changes no score).

The positive hands 7–10: the dealer names a trump suit, or no trumps, or puts the
choice up for auction. In an auction only the three other players bid, starting with
the player on the dealer's left, who must open with a number of tricks; each in turn
then bids higher or passes (a player who passed may bid again later) until two
players in a row pass. The high bidder names a trump suit or no trumps. Then the
dealer (not the bidder) decides to play *up* (25 points a trick) or *down* (325
points less 75 a trick). After the thirteen tricks, if there was an auction, the
winning bid is taken off the bidder's trick count and added to the dealer's (a count
may become negative or pass 13); the scores come from these adjusted counts. Each
positive hand gives +325 in all, so the match's four scores add up to zero.

After the tenth hand the highest total wins; equal totals share the place.

Score sheet (``score_events``): for every hand, a line per seat that scored, naming
the rule ("hearts taken", "playing up"…) and what it counted.
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
HANDS = 10
NEGATIVE_HANDS = 6
KING_OF_HEARTS = Card.standard(Rank.KING, Suit.HEARTS)

# phases of a hand
CHOOSE = "choose"      # positive hand: the dealer picks a trump suit, no trumps or an auction
BID = "bid"            # the auction among the three other players
DECLARE = "declare"    # the auction's winner names trumps
UP_DOWN = "up-down"    # the dealer decides to play up or down
PLAY = "play"
OVER = "over"

HAND_NAMES = {1: "no tricks", 2: "no hearts", 3: "no queens", 4: "no kings or jacks",
              5: "no king of hearts", 6: "no last two tricks"}
PENALTY_SOURCES = {1: "tricks taken", 2: "hearts taken", 3: "queens taken", 4: "kings and jacks taken",
                   5: "king of hearts taken", 6: "last two tricks taken"}
PENALTY_EACH = {1: -20, 2: -20, 3: -50, 4: -30, 5: -160, 6: -90}
HAND_TOTALS = {1: -260, 2: -260, 3: -200, 4: -240, 5: -160, 6: -180}
NEGATIVE_TOTAL = -1300
POSITIVE_HAND_TOTAL = 325
UP_PER_TRICK = 25
DOWN_START = 325
DOWN_PER_TRICK = 75
SEAT_NAMES = ("South", "West", "North", "East")


def penalty_count(hand: int, plays: tuple[tuple[int, Card], ...], index: int) -> int:
    """How many penalised things trick ``index`` (0 = first) of negative hand ``hand`` holds."""
    cards = [c for _, c in plays]
    if hand == 1:
        return 1
    if hand == 2:
        return sum(c.suit == Suit.HEARTS for c in cards)
    if hand == 3:
        return sum(c.rank == Rank.QUEEN for c in cards)
    if hand == 4:
        return sum(c.rank in (Rank.KING, Rank.JACK) for c in cards)
    if hand == 5:
        return int(KING_OF_HEARTS in cards)
    return int(index >= TRICKS - 2)


def positive_points(tricks: int, up: bool) -> int:
    """A positive hand's score for an adjusted trick count: up 25 a trick, down 325 − 75 a trick."""
    return UP_PER_TRICK * tricks if up else DOWN_START - DOWN_PER_TRICK * tricks


@serializable
@dataclass(frozen=True)
class KingOptions:
    """Variants of King."""

    stop_when_settled: bool = option(
        False, "end a negative hand as soon as all its penalties are taken (the scores do not change)")
    opening_bid_minimum: int = option(
        1, "the fewest tricks the first bidder of an auction may open with", minimum=1, maximum=13)
    show_full_history: bool = option(
        False, "let players review every trick, not only the last one before the next lead")


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One hand of the score sheet."""

    hand: int                               # 1 to 10
    dealer: int
    trump: int | None                       # positive hands: the trump suit, None for no trumps
    auction: bool                           # positive hands: the dealer put trumps up for auction
    bidder: int                             # the auction's winner, or -1
    bid: int                                # the winning bid, or 0
    up: bool                                # positive hands: played up (else down)
    tricks: tuple[int, ...]                 # tricks each seat took
    counts: tuple[int, ...]                 # what was counted: penalised things, or adjusted tricks
    points: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def negative(self) -> bool:
        """True for hands 1–6."""
        return self.hand <= NEGATIVE_HANDS


@serializable
@dataclass(frozen=True)
class KingState(State):
    """A moment of a King match."""

    options: KingOptions
    rng_state: int                               # generator state for the next deal
    first_draw: tuple[Card, ...]                 # cards dealt face up from seat 0 to find the first dealer
    hand: int                                    # 1 to 10 (11 once the match is over)
    dealer: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    history: tuple[tuple[tuple[int, Card], ...], ...]    # finished tricks of this hand
    taken: tuple[int, ...]                       # tricks each seat took in this hand
    voids: tuple[frozenset, ...]                 # suits each seat has shown it lacks
    trump: int | None = None
    auction: bool = False
    calls: tuple[tuple[int, str], ...] = ()      # the hand's choices and bids, in order
    bid: int = 0                                 # high bid of the auction
    bidder: int = -1
    up: bool = True
    points: tuple[int, ...] = (0, 0, 0, 0)
    sheet: tuple[HandRecord, ...] = ()

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return SEATS

    @property
    def negative(self) -> bool:
        """True during hands 1–6."""
        return self.hand <= NEGATIVE_HANDS

    @property
    def turn(self) -> int:
        """The seat to act next (the match is not over)."""
        if self.phase in (CHOOSE, UP_DOWN):
            return self.dealer
        if self.phase == DECLARE:
            return self.bidder
        if self.phase == BID:
            return self._next_bidder()
        return (self.leader + len(self.trick)) % SEATS

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.phase == OVER else frozenset((self.turn,))

    def _auction_calls(self) -> list[tuple[int, str]]:
        return [(s, c) for s, c in self.calls if c == "pass" or c.startswith("bid ")]

    def _next_bidder(self) -> int:
        calls = self._auction_calls()
        if not calls:
            return (self.dealer + 1) % SEATS
        seat = (calls[-1][0] + 1) % SEATS
        return (seat + 1) % SEATS if seat == self.dealer else seat

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.turn:
            return []
        if self.phase in (CHOOSE, DECLARE):
            actions = [Action("trump", (s.letter,)) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
            actions.append(Action("notrump"))
            if self.phase == CHOOSE:
                actions.append(Action("auction"))
            return actions
        if self.phase == BID:
            opening = not self._auction_calls()
            low = self.options.opening_bid_minimum if opening else self.bid + 1
            actions = [] if opening else [Action("pass")]
            return actions + [Action("bid", (str(n),)) for n in range(low, TRICKS + 1)]
        if self.phase == UP_DOWN:
            return [Action("up"), Action("down")]
        led = self.trick[0][1] if self.trick else None
        playable = cards_that_follow(self.hands[seat], led)
        return [card_action("play", c) for c in sorted(playable, key=_order)]

    def parse_action(self, data: Any, seat: int) -> Action:
        """Cards and suits in canonical form: ``trump h`` and ``trump ♥`` are ``trump H``."""
        action = super().parse_action(data, seat)
        if action.kind == "trump" and len(action.args) == 1:
            try:
                return Action("trump", (Suit.parse(action.args[0]).letter,))
            except CardsageError:
                return action
        return action

    # ------------------------------------------------------------- the positive hands' choices
    def _apply(self, action: Action, seat: int) -> "KingState":
        if self.phase == PLAY:
            return self._play(parse_card(action.args[0]), seat)
        calls = self.calls + ((seat, action.notation),)
        if action.kind == "auction":
            return replace(self, phase=BID, auction=True, calls=calls)
        if action.kind in ("trump", "notrump"):
            trump = int(Suit.parse(action.args[0])) if action.kind == "trump" else None
            return replace(self, phase=UP_DOWN, trump=trump, calls=calls)
        if action.kind == "bid":
            return replace(self, bid=int(action.args[0]), bidder=seat, calls=calls)._close_auction()
        if action.kind == "pass":
            return replace(self, calls=calls)._close_auction()
        return replace(self, phase=PLAY, up=action.kind == "up", calls=calls)

    def _close_auction(self) -> "KingState":
        """The auction ends after two passes in a row (the opening call is always a bid)."""
        calls = self._auction_calls()
        if len(calls) >= 3 and calls[-1][1] == calls[-2][1] == "pass":
            return replace(self, phase=DECLARE)
        return self

    # ------------------------------------------------------------- card play
    def _play(self, card: Card, seat: int) -> "KingState":
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        voids = self.voids
        if self.trick and card.suit != self.trick[0][1].suit:
            voids = _with(voids, seat, voids[seat] | {self.trick[0][1].suit})
        state = replace(self, hands=tuple(hands), trick=self.trick + ((seat, card),), voids=voids)
        if len(state.trick) == SEATS:
            state = state._close_trick()
        return state

    def _close_trick(self) -> "KingState":
        winner = trick_winner(self.trick, self.trump)
        taken = _with(self.taken, winner, self.taken[winner] + 1)
        state = replace(self, trick=(), last_trick=self.trick, leader=winner,
                        history=self.history + (self.trick,), taken=taken)
        if len(state.history) == TRICKS or state.settled():
            return state._score_hand()
        return state

    def penalties_so_far(self) -> tuple[int, ...]:
        """Negative hands: each seat's penalty from the tricks taken so far in this hand."""
        points = [0] * SEATS
        if not self.negative:
            return tuple(points)
        for index, plays in enumerate(self.history):
            winner = trick_winner(plays, None)
            points[winner] += PENALTY_EACH[self.hand] * penalty_count(self.hand, plays, index)
        return tuple(points)

    def settled(self) -> bool:
        """True when ``stop_when_settled`` ends this negative hand now: every penalty is taken."""
        return (self.options.stop_when_settled and self.negative and self.hand not in (1, 6)
                and sum(self.penalties_so_far()) == HAND_TOTALS[self.hand])

    def adjusted_tricks(self) -> tuple[int, ...]:
        """Positive hands: the trick counts after moving the winning bid from bidder to dealer."""
        counts = list(self.taken)
        if self.auction:
            counts[self.bidder] -= self.bid
            counts[self.dealer] += self.bid
        return tuple(counts)

    def _score_hand(self) -> "KingState":
        if self.negative:
            points = self.penalties_so_far()
            each = PENALTY_EACH[self.hand]
            counts = tuple(p // each for p in points)
        else:
            counts = self.adjusted_tricks()
            points = tuple(positive_points(t, self.up) for t in counts)
        totals = tuple(a + b for a, b in zip(self.points, points))
        record = HandRecord(self.hand, self.dealer, self.trump, self.auction, self.bidder, self.bid,
                            self.up, self.taken, counts, points, totals)
        state = replace(self, points=totals, sheet=self.sheet + (record,))
        if self.hand == HANDS:
            return replace(state, phase=OVER, hand=HANDS + 1)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(standard_pack())
        return _deal(self.options, rng.state, self.first_draw, self.hand + 1, (self.dealer + 1) % SEATS, deck,
                     points=totals, sheet=state.sheet, last_trick=self.last_trick)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's match total."""
        return self.points

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """A line per seat and hand: each penalty with what it counted, each positive score
        with the tricks taken and the adjusted count it came from."""
        events: list[ScoreEvent] = []
        for record in self.sheet:
            for seat in range(SEATS):
                if record.negative:
                    if record.points[seat]:
                        events.append(ScoreEvent(record.hand, (seat,), record.points[seat],
                                                 PENALTY_SOURCES[record.hand],
                                                 {"count": record.counts[seat],
                                                  "each": PENALTY_EACH[record.hand]}))
                    continue
                detail = {"tricks": record.tricks[seat], "adjusted_tricks": record.counts[seat]}
                if record.auction and seat in (record.bidder, record.dealer):
                    detail["bid"] = -record.bid if seat == record.bidder else record.bid
                events.append(ScoreEvent(record.hand, (seat,), record.points[seat],
                                         "playing up" if record.up else "playing down", detail))
        return events

    def review_limit(self, viewer: int | None) -> int | None:
        """The current trick, or the last trick until the next lead (every play is one log
        entry); before the play, this hand's choices and bids."""
        if self.options.show_full_history or self.phase == OVER:
            return None
        if self.phase != PLAY:
            return len(self.calls)
        if self.trick:
            return len(self.trick)
        return len(self.last_trick) if self.history else len(self.calls)

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(SEATS)}
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        won: list[list[Card]] = [[] for _ in range(SEATS)]
        for plays in self.history:
            won[trick_winner(plays, self.trump)].extend(c for _, c in plays)
        for seat in range(SEATS):
            zones[f"won:{seat}"] = Zone(tuple(won[seat]), Visibility.SEEN, seat)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "KingState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(SEATS))
        return replace(self, hands=hands)

    def determinize_constraints(self, seat: int):
        return {f"hand:{s}": (lambda c, v=self.voids[s]: c.suit not in v)
                for s in range(SEATS) if s != seat and self.voids[s]}

    def contract_text(self) -> str:
        """The hand's contract in words, e.g. "no queens" or "hearts trumps, playing down"."""
        if self.phase == OVER:
            return "the match is over"
        if self.negative:
            return HAND_NAMES[self.hand]
        if self.phase in (CHOOSE, BID, DECLARE):
            return "auction for trumps" if self.auction else "dealer's choice"
        strain = "no trumps" if self.trump is None else f"{Suit(self.trump).name.lower()} trumps"
        if self.phase == UP_DOWN:
            return strain
        return f"{strain}, playing {'up' if self.up else 'down'}"

    def public(self, seat: int | None) -> dict:
        show_last = self.options.show_full_history or not self.trick
        playing = self.phase == PLAY
        return {
            "seat_names": list(SEAT_NAMES),
            "first_dealer_draw": [{"seat": i % SEATS, "card": str(c)} for i, c in enumerate(self.first_draw)],
            "hand_number": min(self.hand, HANDS),
            "hands_in_match": HANDS,
            "kind": "over" if self.phase == OVER else "negative" if self.negative else "positive",
            "contract": self.contract_text(),
            "phase": self.phase,
            "dealer": self.dealer,
            "trump": None if self.trump is None else Suit(self.trump).letter,
            "auction": [{"seat": s, "call": c} for s, c in self._auction_calls()],
            "high_bid": {"seat": self.bidder, "tricks": self.bid} if self.bidder >= 0 else None,
            "playing": None if self.negative or not (playing or self.phase == OVER) else
            ("up" if self.up else "down"),
            "leader": self.leader,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick] if show_last else None,
            "tricks_taken": list(self.taken),
            "hand_penalties": list(self.penalties_so_far()),
            "points": list(self.points),
            "score_sheet": [
                {"hand": r.hand, "dealer": r.dealer, "contract": HAND_NAMES.get(r.hand) or _positive_name(r),
                 "tricks": list(r.tricks), "counted": list(r.counts), "points": list(r.points),
                 "totals": list(r.totals)} for r in self.sheet],
        }


def _positive_name(record: HandRecord) -> str:
    strain = "no trumps" if record.trump is None else f"{Suit(record.trump).name.lower()} trumps"
    how = "up" if record.up else "down"
    if record.auction:
        return f"{strain} (auction: seat {record.bidder} bid {record.bid}), playing {how}"
    return f"{strain}, playing {how}"


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.suit, card.rank)


def first_dealer(draw: tuple[Card, ...]) -> int:
    """The seat that received the king of hearts, dealing face up from seat 0."""
    return (len(draw) - 1) % SEATS


def draw_for_first_dealer(rng: Rng) -> tuple[Card, ...]:
    """Shuffle and deal face up from seat 0 until the king of hearts appears."""
    deck = rng.shuffled(standard_pack())
    return tuple(deck[:deck.index(KING_OF_HEARTS) + 1])


def _deal(options: KingOptions, rng_state: int, first_draw: tuple[Card, ...], hand: int, dealer: int,
          deck: list[Card], **carry) -> KingState:
    """Deal ``deck`` one card at a time from the dealer's left and open hand ``hand``."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % SEATS].append(card)
    return KingState(
        options=options, rng_state=rng_state, first_draw=first_draw, hand=hand, dealer=dealer,
        phase=PLAY if hand <= NEGATIVE_HANDS else CHOOSE,
        hands=tuple(tuple(sorted(h, key=_order)) for h in hands), leader=(dealer + 1) % SEATS,
        trick=(), last_trick=carry.get("last_trick", ()), history=(), taken=(0,) * SEATS,
        voids=(frozenset(),) * SEATS, points=carry.get("points", (0,) * SEATS), sheet=carry.get("sheet", ()))


def parse_deal(deal: Any) -> tuple[tuple[Card, ...], int, list[Card]]:
    """Read an explicit first deal.

    ``{"hands": [[13 cards] x4], "first_dealer_draw": ["4C", "9S", ..., "KH"]}``: the
    face-up cards dealt from seat 0 to find the first dealer (ending with the king of
    hearts), or ``"dealer": 2`` when the table found its dealer without recording them.
    Returns the face-up cards, the dealer and the deck in dealing order.
    """
    dealer, parsed = parse_four_hands(
        deal, "a King deal is an object with 'hands' (four lists of 13 cards, seat 0 first) and "
              "'first_dealer_draw' (the face-up cards dealt from seat 0 up to the king of hearts) or 'dealer'")
    raw = deal.get("first_dealer_draw")
    draw: tuple[Card, ...] = ()
    if raw is not None:
        if not isinstance(raw, (list, str)):
            raise CardsageError("first_dealer_draw must be a list of cards", field="deal.first_dealer_draw")
        draw = tuple(parse_card(c) for c in (raw.split() if isinstance(raw, str) else raw))
        if not draw or draw[-1] != KING_OF_HEARTS:
            raise CardsageError("the first-dealer draw stops at the king of hearts: it must end with KH",
                                field="deal.first_dealer_draw")
        if len(set(draw)) != len(draw) or any(not c.is_standard or c.copy for c in draw):
            raise CardsageError("the first-dealer draw must list distinct cards of the standard pack",
                                field="deal.first_dealer_draw")
        found = first_dealer(draw)
        if "dealer" in deal and deal["dealer"] != found:
            raise CardsageError(f"the king of hearts fell to seat {found}, not to the given dealer {dealer}",
                                field="deal.dealer")
        dealer = found
    deck = [parsed[(dealer + 1 + i) % SEATS][i // SEATS] for i in range(52)]
    return draw, dealer, deck


class King(Game):
    """The King ruleset."""

    name = "king"
    title = "King"
    family = "trick-taking"
    min_players = 4
    max_players = 4
    summary = ("Ten hands for four players: six negative hands avoiding tricks, hearts, queens, kings and "
               "jacks, the king of hearts and the last two tricks, then four positive hands where the "
               "dealer picks trumps (or auctions them) and whether tricks are worth winning or avoiding.")
    Options = KingOptions
    State = KingState
    seat_names = SEAT_NAMES

    def start(self, options: KingOptions, seed: int, deal: Any) -> KingState:
        rng = Rng(seed)
        if deal is not None:
            draw, dealer, deck = parse_deal(deal)
        else:
            draw = draw_for_first_dealer(rng)
            dealer = first_dealer(draw)
            deck = rng.shuffled(standard_pack())
        return _deal(options, rng.state, draw, 1, dealer, deck)


GAME = King()
