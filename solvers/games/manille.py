"""Manille (GAMES.md G10): four players in two partnerships, the ten (manille) high, 60 card points a deal.

Players and cards. Four players, partners facing each other (seats 0 and 2 against 1 and 3),
play clockwise. The 32-card pack holds A K Q J 10 9 8 7 of each suit; in every suit the
cards rank 10 (the manille), A (the manillon), K, Q, J, 9, 8, 7. Card points: 10 = 5,
A = 4, K = 3, Q = 2, J = 1, the others nothing: 60 points in the pack.

Deal. The dealer deals eight cards each, clockwise from the left. The first dealer comes
from the match seed; after each deal the deal passes to the left.

Trumps. The dealer looks at their cards and announces a trump suit, no trumps ("en
voiture", which doubles the deal's score), or "en face": the partner then chooses a suit
or no trumps and may not pass the choice back. The dealer's partner may not look at their
cards until the dealer has spoken: until then that hand is face down even to its owner.

Taps. Once trumps are set, the opponents may tap if they expect to beat 30 points; a tap
doubles the deal's score. The opponents are asked in turn, the dealer's left-hand
opponent first, then the other; one tap is enough. After a tap the dealer's side may
re-tap, doubling again: the dealer's partner is asked first, then the dealer. The
doublings compound: no trumps, tap and re-tap make eight times the score.

Play. The dealer's left-hand neighbour leads any card. The others must follow suit if they
can; a player who cannot must play a trump if holding one (any trump), and otherwise
discards. Options give the Belgian rules: ``must_overtrump`` (a player trumping a trick
that already holds a trump must beat it if able; a player who cannot beat it may play any
card) and ``partner_winning_exempt`` (a player whose partner is winning the trick need
not trump). The highest trump wins the trick, else the highest card of the suit led; the
winner leads the next trick. Nobody may talk about their cards, so there are no signals.
A card a player shows they cannot hold (by not following suit, or not trumping when
they had to) is known to all.

Scoring. After eight tricks each side counts the card points in its tricks (they add up
to 60). A side with more than 30 scores the points above 30, times the doublings; 30 all
scores nothing.

Match. Play to ``target`` points (101): the first side to reach it wins. With
``fixed_deals`` the match lasts that many deals (the text names 50) and the higher total
wins; equal totals are a draw. Whatever the options, a match stops after ``MAX_DEALS``
deals (only endless 30-all deals could get there), the higher total winning.

Score sheet (``score_events``): per deal, "card points over 30" to the side above 30 (the
points above 30), then one line per doubling that applied ("no trumps doubles", "tap
doubles", "re-tap doubles") carrying the points that doubling added.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, Suit, parse_card, stripped_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable

SEATS = 4
HAND = 8
TOTAL_POINTS = 60
HALF = 30
MAX_DEALS = 500
RANK_ORDER = (10, 14, 13, 12, 11, 9, 8, 7)          # high to low in every suit
POWER = {rank: len(RANK_ORDER) - i for i, rank in enumerate(RANK_ORDER)}
CARD_POINTS = {10: 5, 14: 4, 13: 3, 12: 2, 11: 1}
NO_TRUMPS = "NT"
STRAINS = ("S", "H", "D", "C", NO_TRUMPS)

# phases
CHOOSE, PARTNER, TAP, RETAP, PLAY = "choose", "partner", "tap", "retap", "play"
SEAT_NAMES = ("South", "West", "North", "East")


def side_of(seat: int) -> int:
    """Partnership of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def points_of(card: Card) -> int:
    """Card points of one card: 10 = 5, A = 4, K = 3, Q = 2, J = 1, others 0."""
    return CARD_POINTS.get(card.rank, 0)


def power(card: Card) -> int:
    """Rank of a card within its suit (8 for the ten, the highest; 1 for the seven)."""
    return POWER[card.rank]


def pack() -> list[Card]:
    """The 32-card piquet pack."""
    return list(PACK)


PACK = tuple(stripped_pack(range(7, 15)))
SUIT_CARDS = {suit: tuple(c for c in PACK if c.suit == suit) for suit in Suit}


def strain_trump(strain: str) -> int | None:
    """The trump suit index of a strain, None for no trumps."""
    return None if strain == NO_TRUMPS else int(Suit.parse(strain))


def strain_name(strain: str) -> str:
    """A strain as players say it ("hearts", "no trumps")."""
    if strain == NO_TRUMPS:
        return "no trumps"
    return Suit.parse(strain).name.lower()


def trick_winner(plays, trump: int | None) -> int:
    """The seat winning ``plays``: the highest trump, else the highest card of the suit led."""
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if card.suit == best.suit:
            if power(card) > power(best):
                best_seat, best = seat, card
        elif trump is not None and card.suit == trump:
            best_seat, best = seat, card
    return best_seat


@serializable
@dataclass(frozen=True)
class ManilleOptions:
    """Variants of Manille."""

    target: int = option(101, "points that win the match (ignored when fixed_deals is set)",
                         minimum=1, maximum=10000)
    fixed_deals: int = option(0, "play this many deals and the higher total wins (the text names 50); "
                                 "0 = play to the target", minimum=0, maximum=MAX_DEALS)
    must_overtrump: bool = option(False, "a player trumping a trick that already holds a trump must beat "
                                         "it if able (unable, they may play any card)")
    partner_winning_exempt: bool = option(False, "a player whose partner is winning the trick need not "
                                                 "trump")


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet."""

    dealer: int
    strain: str
    chooser: int                      # the dealer, or the partner after "en face"
    tapped_by: int                    # -1: nobody tapped
    retapped_by: int                  # -1: nobody re-tapped
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    points: tuple[int, int]           # what each side scored in this deal
    totals: tuple[int, int]

    @property
    def multiplier(self) -> int:
        """The doublings of this deal multiplied together."""
        return doublings(self.strain, self.tapped_by >= 0, self.retapped_by >= 0)


def doublings(strain: str, tapped: bool, retapped: bool) -> int:
    """How many times the points above 30 count: ×2 for no trumps, a tap and a re-tap each."""
    return (2 if strain == NO_TRUMPS else 1) * (2 if tapped else 1) * (2 if retapped else 1)


@serializable
@dataclass(frozen=True)
class ManilleState(State):
    """A moment of a Manille match."""

    options: ManilleOptions
    rng_state: int                        # generator state for the next deal
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    phase: str
    strain: str = ""                      # "S" "H" "D" "C" or "NT" once chosen
    chooser: int = -1
    calls: tuple[tuple[int, str], ...] = ()   # taps and re-taps asked so far: "tap", "retap" or "pass"
    leader: int = -1
    trick: tuple[tuple[int, Card], ...] = ()
    last_trick: tuple[tuple[int, Card], ...] = ()
    history: tuple[tuple[tuple[int, Card], ...], ...] = ()
    barred: tuple[frozenset, ...] = (frozenset(),) * SEATS   # cards a seat has shown it cannot hold
    points: tuple[int, int] = (0, 0)      # match totals per side
    sheet: tuple[HandRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- seats
    @property
    def players(self) -> int:
        return SEATS

    @property
    def partner(self) -> int:
        """The dealer's partner."""
        return (self.dealer + 2) % SEATS

    @property
    def trump(self) -> int | None:
        """The trump suit index (None under no trumps or before trumps are chosen)."""
        return strain_trump(self.strain) if self.strain else None

    @property
    def tapped_by(self) -> int:
        """The opponent who tapped, or -1."""
        return next((s for s, c in self.calls if c == "tap"), -1)

    @property
    def retapped_by(self) -> int:
        """The dealer's side player who re-tapped, or -1."""
        return next((s for s, c in self.calls if c == "retap"), -1)

    @property
    def multiplier(self) -> int:
        """The doublings so far multiplied together."""
        if not self.strain:
            return 1
        return doublings(self.strain, self.tapped_by >= 0, self.retapped_by >= 0)

    def tap_order(self) -> list[int]:
        """The seats asked in the current tap or re-tap round, in turn."""
        if self.phase == TAP:
            return [(self.dealer + 1) % SEATS, (self.dealer + 3) % SEATS]
        return [self.partner, self.dealer]

    @property
    def turn(self) -> int:
        """The seat to act next."""
        if self.phase == CHOOSE:
            return self.dealer
        if self.phase == PARTNER:
            return self.partner
        if self.phase in (TAP, RETAP):
            return self.tap_order()[len(self.round_calls())]
        return (self.leader + len(self.trick)) % SEATS

    def round_calls(self) -> tuple[tuple[int, str], ...]:
        """The calls of the current tap or re-tap round."""
        if self.phase == RETAP:
            return self.calls[[c for _, c in self.calls].index("tap") + 1:]
        return self.calls if self.phase == TAP else ()

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase in (CHOOSE, PARTNER):
            actions = [Action("trump", (s,)) for s in STRAINS[:4]] + [Action("notrump")]
            return actions + [Action("enface")] if self.phase == CHOOSE else actions
        if self.phase == TAP:
            return [Action("pass"), Action("tap")]
        if self.phase == RETAP:
            return [Action("pass"), Action("retap")]
        return [card_action("play", c) for c in sorted(self.playable(seat), key=_order)]

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play to the current trick."""
        hand = list(self.hands[seat])
        if not self.trick:
            return hand
        led = self.trick[0][1].suit
        same = [c for c in hand if c.suit == led]
        if same:
            return same
        trump = self.trump
        trumps = [c for c in hand if trump is not None and c.suit == trump]
        if not trumps:
            return hand
        if self.options.partner_winning_exempt and side_of(trick_winner(self.trick, trump)) == side_of(seat):
            return hand
        top = self._top_trump()
        if self.options.must_overtrump and top is not None:
            higher = [c for c in trumps if power(c) > power(top)]
            return higher or hand
        return trumps

    def _top_trump(self) -> Card | None:
        trumps = [c for _, c in self.trick if self.trump is not None and c.suit == self.trump]
        return max(trumps, key=power, default=None)

    # ------------------------------------------------------------- actions
    def _apply(self, action: Action, seat: int) -> "ManilleState":
        kind = action.kind
        if kind == "enface":
            return replace(self, phase=PARTNER)
        if kind in ("trump", "notrump"):
            strain = action.args[0] if kind == "trump" else NO_TRUMPS
            return replace(self, strain=strain, chooser=seat, phase=TAP)
        if kind in ("pass", "tap", "retap"):
            return self._after_call(seat, kind)
        return self._play(seat, parse_card(action.args[0]))

    def _after_call(self, seat: int, call: str) -> "ManilleState":
        state = replace(self, calls=self.calls + ((seat, call),))
        if call == "tap":
            return replace(state, phase=RETAP)
        if call == "retap":
            return state._start_play()
        if len(state.round_calls()) < len(self.tap_order()):
            return state
        return state._start_play()

    def _start_play(self) -> "ManilleState":
        return replace(self, phase=PLAY, leader=(self.dealer + 1) % SEATS)

    def _play(self, seat: int, card: Card) -> "ManilleState":
        barred = self._what_play_shows(seat, card)
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        state = replace(self, hands=tuple(hands), barred=barred, trick=self.trick + ((seat, card),))
        if len(state.trick) == SEATS:
            state = state._close_trick()
        return state

    def _what_play_shows(self, seat: int, card: Card) -> tuple[frozenset, ...]:
        """The cards everybody now knows ``seat`` does not hold, after it plays ``card``."""
        if not self.trick:
            return self.barred
        led = self.trick[0][1].suit
        if card.suit == led:
            return self.barred
        trump = self.trump
        shown = set(SUIT_CARDS[led])
        exempt = (self.options.partner_winning_exempt
                  and side_of(trick_winner(self.trick, trump)) == side_of(seat))
        if trump is not None and not exempt:
            top = self._top_trump()
            overtrump = self.options.must_overtrump and top is not None
            if card.suit != trump:
                # a discard: no trump at all, or (overtrumping) none that beats the trick's
                shown |= {c for c in SUIT_CARDS[trump] if not overtrump or power(c) > power(top)}
            elif overtrump and power(card) < power(top):
                shown |= {c for c in SUIT_CARDS[trump] if power(c) > power(top)}
        return _with(self.barred, seat, self.barred[seat] | frozenset(shown))

    def _close_trick(self) -> "ManilleState":
        winner = trick_winner(self.trick, self.trump)
        state = replace(self, trick=(), last_trick=self.trick, leader=winner, history=self.history + (self.trick,))
        if len(state.history) == HAND:
            state = state._score_deal()
        return state

    def _score_deal(self) -> "ManilleState":
        card_points = self.card_points
        tricks = self.tricks
        mult = self.multiplier
        scored = tuple(max(0, p - HALF) * mult for p in card_points)
        totals = (self.points[0] + scored[0], self.points[1] + scored[1])
        record = HandRecord(self.dealer, self.strain, self.chooser, self.tapped_by, self.retapped_by,
                            card_points, tricks, scored, totals)
        state = replace(self, points=totals, sheet=self.sheet + (record,))
        deals = len(state.sheet)
        fixed = self.options.fixed_deals
        if (deals >= MAX_DEALS or (fixed and deals >= fixed)
                or (not fixed and max(totals) >= self.options.target)):
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(pack())
        return deal_hand(self.options, rng.state, (self.dealer + 1) % SEATS, deck,
                         points=totals, sheet=state.sheet, last_trick=state.last_trick)

    # ------------------------------------------------------------- the deal so far
    @property
    def card_points(self) -> tuple[int, int]:
        """Card points each side has taken in this deal's finished tricks."""
        out = [0, 0]
        for plays in self.history:
            out[side_of(trick_winner(plays, self.trump))] += sum(points_of(c) for _, c in plays)
        return out[0], out[1]

    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks each side has taken in this deal."""
        won = sum(1 for plays in self.history if side_of(trick_winner(plays, self.trump)) == 0)
        return won, len(self.history) - won

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Match points of each seat's side."""
        return tuple(self.points[side_of(s)] for s in range(SEATS))

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The partnerships: South and North (0, 2) against West and East (1, 3)."""
        return ((0, 2), (1, 3))

    def score_events(self) -> list[ScoreEvent]:
        """Per deal, the points above 30 and what each doubling added to them."""
        events: list[ScoreEvent] = []
        sides = self.sides()
        for number, record in enumerate(self.sheet, 1):
            for side in (0, 1):
                if not record.points[side]:
                    continue
                base = record.card_points[side] - HALF
                detail = {"card_points": record.card_points[side], "trumps": strain_name(record.strain),
                          "multiplier": record.multiplier}
                events.append(ScoreEvent(number, sides[side], base, "card points over 30", detail))
                running = base
                steps = (("no trumps doubles", record.strain == NO_TRUMPS), ("tap doubles", record.tapped_by >= 0),
                         ("re-tap doubles", record.retapped_by >= 0))
                for source, applies in steps:
                    if applies:
                        events.append(ScoreEvent(number, sides[side], running, source, detail))
                        running *= 2
        return events

    @property
    def winner(self) -> int | None:
        """The side that won the match (None while playing or for a draw)."""
        if not self.over or self.points[0] == self.points[1]:
            return None
        return 0 if self.points[0] > self.points[1] else 1

    # ------------------------------------------------------------- zones and views
    def hand_hidden_from_owner(self) -> int | None:
        """The dealer's partner while the dealer chooses trumps (their cards stay face down)."""
        return self.partner if self.phase == CHOOSE and not self.over else None

    def trump_calls(self) -> list[dict]:
        """The trump choice as said at the table: the dealer's call, and the partner's after en face."""
        calls = []
        if self.phase == PARTNER or (self.chooser >= 0 and self.chooser != self.dealer):
            calls.append({"seat": self.dealer, "call": "en face"})
        if self.chooser >= 0:
            calls.append({"seat": self.chooser, "call": strain_name(self.strain)})
        return calls

    def zones(self) -> dict[str, Zone]:
        hidden = self.hand_hidden_from_owner()
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.HIDDEN if s == hidden else Visibility.OWNER, s,
                                   ordered=False) for s in range(SEATS)}
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        won: tuple[list[Card], list[Card]] = ([], [])
        for plays in self.history:
            won[side_of(trick_winner(plays, self.trump))].extend(c for _, c in plays)
        for side in (0, 1):
            zones[f"won:{side}"] = Zone(tuple(won[side]), Visibility.SEEN)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "ManilleState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(SEATS))
        return replace(self, hands=hands)

    def determinize_constraints(self, seat: int):
        return {f"hand:{s}": (lambda c, b=self.barred[s]: c not in b)
                for s in range(SEATS) if s != seat and self.barred[s]}

    def parse_action(self, data: Any, seat: int) -> Action:
        action = Action.from_json(data)
        if action.kind == "trump" and action.args:
            word = action.args[0].upper()
            if word in ("N", "NT", "NOTRUMP", "NOTRUMPS"):
                return Action("notrump")
            try:
                return Action("trump", (Suit.parse(word).letter,) + action.args[1:])
            except CardsageError:
                return action
        if action.kind in ("notrumps", "no-trumps", "nt"):
            return Action("notrump", action.args)
        return super().parse_action(action.to_json(), seat)

    def public(self, seat: int | None) -> dict:
        last = self.sheet[-1] if self.sheet else None
        card_points = self.card_points
        return {
            "seat_names": list(SEAT_NAMES),
            "partnerships": [[0, 2], [1, 3]],
            "dealer": self.dealer,
            "deal": len(self.sheet) + (0 if self.over else 1),
            "phase": "over" if self.over else self.phase,
            "trumps": (strain_name(self.strain) if self.strain else None),
            "trump_calls": self.trump_calls(),
            "hand_face_down": (None if self.hand_hidden_from_owner() is None else
                               {"seat": self.partner, "until": "the dealer has chosen trumps"}),
            "taps": [{"seat": s, "call": c} for s, c in self.calls],
            "multiplier": self.multiplier,
            "leader": self.leader if self.leader >= 0 else None,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick],
            "card_points": {"South-North": card_points[0], "West-East": card_points[1]},
            "tricks": {"South-North": self.tricks[0], "West-East": self.tricks[1]},
            "match_points": {"South-North": self.points[0], "West-East": self.points[1]},
            "target": None if self.options.fixed_deals else self.options.target,
            "fixed_deals": self.options.fixed_deals or None,
            "last_deal": None if last is None else {
                "trumps": strain_name(last.strain),
                "card_points": {"South-North": last.card_points[0], "West-East": last.card_points[1]},
                "multiplier": last.multiplier,
                "scored": {"South-North": last.points[0], "West-East": last.points[1]}},
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.suit, power(card))


# ---------------------------------------------------------------- dealing


def deal_hand(options: ManilleOptions, rng_state: int, dealer: int, deck: list[Card], *,
              points: tuple[int, int] = (0, 0), sheet: tuple = (), last_trick: tuple = ()) -> ManilleState:
    """Deal ``deck`` (top first) eight cards each, clockwise from the dealer's left (in
    packets of two, as is customary: the packets change nothing)."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    at = 0
    for _ in range(HAND // 2):
        for i in range(SEATS):
            hands[(dealer + 1 + i) % SEATS].extend(deck[at:at + 2])
            at += 2
    return ManilleState(options=options, rng_state=rng_state, dealer=dealer,
                        hands=tuple(tuple(sorted(h, key=_order)) for h in hands), phase=CHOOSE,
                        points=points, sheet=sheet, last_trick=last_trick)


def parse_deal(deal: Any) -> tuple[int, list[Card]]:
    """Read an explicit first deal ``{"dealer": 0, "hands": [[8 cards] per seat, seat 0 first]}``;
    return the dealer and a deck in dealing order."""
    shape = "a Manille deal is an object with 'dealer' (0-3) and 'hands' (eight cards for each seat, seat 0 first)"
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    unknown = sorted(set(deal) - {"dealer", "hands"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {shape}", field="deal")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < SEATS:
        raise CardsageError("deal.dealer must be a seat from 0 to 3", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != SEATS:
        raise CardsageError("deal.hands must list the four hands, seat 0 first", field="deal.hands")
    allowed = set(PACK)
    seen: dict[Card, int] = {}
    parsed: list[list[Card]] = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, (str, list)):
            raise CardsageError(f"hand {seat} must be a list of cards", field=f"deal.hands.{seat}")
        cards = [parse_card(c) if isinstance(c, str) else _bad_card(c, seat)
                 for c in (hand.split() if isinstance(hand, str) else hand)]
        if len(cards) != HAND:
            raise CardsageError(f"hand {seat} has {len(cards)} cards; each hand needs {HAND}",
                                field=f"deal.hands.{seat}")
        for c in cards:
            if c not in allowed:
                raise CardsageError(f"{c} is not in the 32-card pack (A K Q J 10 9 8 7)", field=f"deal.hands.{seat}")
            if c in seen:
                raise CardsageError(f"{c} is dealt twice (hands {seen[c]} and {seat})", field=f"deal.hands.{seat}")
            seen[c] = seat
        parsed.append(cards)
    deck: list[Card] = []
    for packet in range(HAND // 2):
        for i in range(SEATS):
            deck.extend(parsed[(dealer + 1 + i) % SEATS][2 * packet:2 * packet + 2])
    return dealer, deck


def _bad_card(value, seat: int) -> Card:
    raise CardsageError(f"hand {seat} holds {value!r}, which is not a card name like 'TS'", field=f"deal.hands.{seat}")


class Manille(Game):
    """The Manille ruleset."""

    name = "manille"
    title = "Manille"
    family = "trick-taking"
    min_players = 4
    max_players = 4
    summary = ("Four players in two partnerships with 32 cards, the ten (manille) highest; the dealer names "
               "trumps, no trumps or lets the partner choose; taps double; points above 30 of the 60 score.")
    seat_names = SEAT_NAMES
    Options = ManilleOptions
    State = ManilleState

    def start(self, options: ManilleOptions, seed: int, deal: Any) -> ManilleState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal)
        else:
            dealer = rng.below(SEATS)  # the first dealer comes from the match seed
            deck = rng.shuffled(pack())
        return deal_hand(options, rng.state, dealer, deck)


GAME = Manille()
