"""Kop (Baska), GAMES.md G9: four players, a 16-card pack, secret partners.

The pack is the ace, ten, queen and jack of each suit (:mod:`solvers.games.kop_cards`).
Twelve cards are trumps and count as one suit, high to low: A♥ 10♥ Q♣ Q♠ Q♥ Q♦ J♣ J♠
J♥ J♦ A♦ 10♦. Clubs (A♣ > 10♣) and spades (A♠ > 10♠) are the plain suits. Card points:
ace 11, ten 10, queen 3, jack 2, 104 in a deal. Seats are numbered clockwise and play
goes clockwise.

The match. Every player starts with ``victory_cards`` victory cards (5). The first dealer
is drawn from the match seed; the deal passes to the left after each hand. The dealer
deals the whole pack, one card at a time from the left, four cards each.

Partners. The holders of the two black queens (Q♣, Q♠) are partners against the other
two, and nobody says who they are: play shows it. Each player in turn from the dealer's
left may speak once before the first lead. Whoever holds both black queens chooses:

* ``call``: the holder of the highest jack the caller lacks (J♣, else J♠, J♥, J♦) becomes
  the caller's partner; everyone hears the call and which jack it names, not who holds it;
* ``solo``: the caller plays alone against the other three, and says so;
* ``pass``: say nothing and play alone while the others do not know it (a silent solo).

Everyone else can only ``pass``, so a silent solo sounds like any other deal. A call or a
solo ends the speaking.

Play. The player left of the dealer leads any card. The others must follow suit (all
trumps are one suit); unable to, they must trump; and among the cards so allowed they must
play one that wins the trick as it stands, if they have one. With neither the led suit
nor a trump, any card. The highest trump wins, else the higher card of the led plain suit;
the winner leads the next trick. Four tricks.

Scoring. A side adds up the card points it captured (a lone player counts only its own)
and wins the hand with 53 or more. In a partnership hand each winner receives one victory
card from each loser. A lone player who wins receives ``solo_stake`` (2) from each
opponent and one who loses pays that much to each. A silent lone player settles like an
announced one (``silent_stake``: "solo", the GAMES.md proposal) or like a partnership hand
("team"). At 52–52 nobody pays (proposal). A player who cannot pay in full pays what it
has, to the winners in clockwise order from its left (proposal).

End. As soon as a player has no victory cards left (or after ``hands`` hands, when set;
``hands`` 1 is the traditional single round). Most victory cards wins; ties stay ties.
Guard: a match also ends after ``HAND_LIMIT`` hands, which random play never reaches.

Score sheet: per hand and seat, the victory cards received or paid (detail: the card points
of the seat's side and of the other side, which add up to 104). The scores are victory
cards won or lost since the start.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.games.kop_cards import (
    BLACK_QUEENS, CALL_ORDER, PACK, QUEEN_CLUBS, QUEEN_SPADES, TOTAL_POINTS, WIN_POINTS,
    display_key, ladder_text, legal_cards, points, shown_absent, winning_play,
)

SEATS = 4
HAND_SIZE = 4
HAND_LIMIT = 500
SEAT_NAMES = ("South", "West", "North", "East")
DECLARE, PLAY = "declare", "play"
# how the sides of a hand were formed
TEAM, CALL, SOLO, SILENT = "team", "call", "solo", "silent"
LONE = (SOLO, SILENT)


@serializable
@dataclass(frozen=True)
class KopOptions:
    """Variants of Kop."""

    victory_cards: int = option(5, "victory cards each player starts with", minimum=1, maximum=50)
    solo_stake: int = option(2, "victory cards a lone player wins from each opponent, or pays to each "
                                "opponent when it loses", minimum=1, maximum=10)
    silent_stake: str = option("solo", "how a player who keeps both black queens quiet and plays alone "
                                       "settles: like an announced solo, or like a partnership hand "
                                       "(one victory card each way)", choices=("solo", "team"))
    hands: int = option(0, "hands in the match: 0 = until a player has no victory cards left; "
                           "1 = the traditional single round", minimum=0, maximum=100)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet."""

    dealer: int
    kind: str                       # team, call, solo or silent
    side: tuple[int, ...]           # the black-queen side (or the lone player)
    called: str                     # the called jack ("" unless called)
    captured: tuple[int, ...]       # card points each seat captured
    side_points: tuple[int, int]    # the black-queen side's points, the other side's
    result: str                     # "queens", "others" or "drawn"
    payments: tuple[int, ...]       # victory cards each seat received (negative: paid)
    short: tuple[int, ...]          # victory cards each seat owed but could not pay
    dealt: tuple[tuple[Card, ...], ...]


@serializable
@dataclass(frozen=True)
class KopState(State):
    """A moment of a Kop match."""

    options: KopOptions
    rng_state: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    phase: str
    spoken: tuple[tuple[int, str], ...]       # this deal's announcements, in order
    declarer: int                             # who called or went solo (-1: nobody)
    called: Card | None
    leader: int
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    history: tuple[tuple[tuple[int, Card], ...], ...]
    absent: tuple[frozenset, ...]             # cards each seat has shown it does not hold
    vc: tuple[int, ...]                       # victory cards held
    sheet: tuple[HandRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return SEATS

    @property
    def eldest(self) -> int:
        """The seat left of the dealer: speaks first and leads the first trick."""
        return (self.dealer + 1) % SEATS

    @property
    def turn(self) -> int:
        """The seat to speak or play next."""
        if self.phase == DECLARE:
            return (self.eldest + len(self.spoken)) % SEATS
        return (self.leader + len(self.trick)) % SEATS

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase == DECLARE:
            if set(BLACK_QUEENS) <= set(self.hands[seat]):
                return [Action("call"), Action("pass"), Action("solo")]
            return [Action("pass")]
        return [card_action("play", c) for c in sorted(self.playable(seat), key=display_key)]

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now."""
        return legal_cards(self.hands[seat], [c for _, c in self.trick])

    # ------------------------------------------------------------- partners
    def played_by(self) -> dict[Card, int]:
        """Who played each card of this deal so far."""
        return {c: s for plays in self.history + (self.trick,) for s, c in plays}

    def dealt(self, seat: int) -> tuple[Card, ...]:
        """The four cards ``seat`` was dealt this hand (its hand and the cards it played)."""
        return self.hands[seat] + tuple(c for c, s in self.played_by().items() if s == seat)

    def holder(self, card: Card) -> int:
        """The seat that was dealt ``card`` this hand."""
        return next(s for s in range(SEATS) if card in self.dealt(s))

    def partnership(self) -> tuple[str, tuple[int, ...]]:
        """How the sides fell this hand: the kind and the black-queen side (or the lone player).

        Hidden information: only for the engine, scoring and searches on sampled deals."""
        clubs, spades = self.holder(QUEEN_CLUBS), self.holder(QUEEN_SPADES)
        if clubs != spades:
            return TEAM, tuple(sorted((clubs, spades)))
        kind = dict((s, a) for s, a in self.spoken).get(clubs, "pass")
        if kind == "call" and self.called is not None:
            return CALL, tuple(sorted((clubs, self.holder(self.called))))
        return (SOLO if kind == "solo" else SILENT), (clubs,)

    def announced(self) -> str:
        """What was said this deal: "" (nothing yet or only passes), "call" or "solo"."""
        return next((a for _, a in self.spoken if a != "pass"), "")

    # ------------------------------------------------------------- moves
    def _apply(self, action: Action, seat: int) -> "KopState":
        if self.phase == DECLARE:
            return self._declare(action.kind, seat)
        card = parse_card(action.args[0])
        trick_cards = [c for _, c in self.trick]
        absent = _with(self.absent, seat, self.absent[seat] | shown_absent(trick_cards, card))
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        state = replace(self, hands=hands, absent=absent, trick=self.trick + ((seat, card),))
        if len(state.trick) == SEATS:
            state = state._close_trick()
        return state

    def _declare(self, said: str, seat: int) -> "KopState":
        spoken = self.spoken + ((seat, said),)
        state = replace(self, spoken=spoken)
        if said == "call":
            called = next(j for j in CALL_ORDER if j not in self.hands[seat])
            state = replace(state, declarer=seat, called=called,
                            absent=_with(self.absent, seat, self.absent[seat] | {called}))
        elif said == "solo":
            state = replace(state, declarer=seat)
        if said != "pass" or len(spoken) == SEATS:
            state = replace(state, phase=PLAY, leader=self.eldest)
        return state

    def _close_trick(self) -> "KopState":
        winner = winning_play(self.trick)[0]
        state = replace(self, trick=(), last_trick=self.trick, leader=winner, history=self.history + (self.trick,))
        if len(state.history) == HAND_SIZE:
            state = state._score_hand()
        return state

    def captured(self) -> tuple[int, ...]:
        """Card points each seat has captured this hand."""
        out = [0] * SEATS
        for plays in self.history:
            out[winning_play(plays)[0]] += sum(points(c) for _, c in plays)
        return tuple(out)

    def _score_hand(self) -> "KopState":
        kind, side = self.partnership()
        captured = self.captured()
        ours = sum(captured[s] for s in side)
        others = tuple(s for s in range(SEATS) if s not in side)
        if ours >= WIN_POINTS:
            result, winners, losers = "queens", side, others
        elif TOTAL_POINTS - ours >= WIN_POINTS:
            result, winners, losers = "others", others, side
        else:
            result, winners, losers = "drawn", (), ()
        lone = kind == SOLO or (kind == SILENT and self.options.silent_stake == "solo")
        stake = self.options.solo_stake if lone else 1
        payments, short = settle(self.vc, winners, losers, stake)
        record = HandRecord(self.dealer, kind, side, str(self.called) if self.called else "", captured,
                            (ours, TOTAL_POINTS - ours), result, payments, short,
                            tuple(self.dealt(s) for s in range(SEATS)))
        vc = tuple(v + p for v, p in zip(self.vc, payments))
        state = replace(self, vc=vc, sheet=self.sheet + (record,))
        limit = self.options.hands or HAND_LIMIT
        if min(vc) <= 0 or len(state.sheet) >= min(limit, HAND_LIMIT):
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return deal_hand(self.options, rng.state, (self.dealer + 1) % SEATS, deck, vc=vc, sheet=state.sheet,
                         last_trick=state.last_trick)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Victory cards each seat has won (or, negative, lost) since the start."""
        return tuple(v - self.options.victory_cards for v in self.vc)

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """Per hand and seat, the victory cards received or paid, and why."""
        events = []
        for number, record in enumerate(self.sheet, 1):
            for seat in range(SEATS):
                mine = seat in record.side
                own, theirs = record.side_points if mine else record.side_points[::-1]
                detail = {"card_points": own, "opponents_points": theirs, "game": record.kind,
                          "side": list(record.side if mine else [s for s in range(SEATS) if s not in record.side])}
                if record.short[seat]:
                    detail["could_not_pay"] = record.short[seat]
                events.append(ScoreEvent(number, (seat,), record.payments[seat],
                                         _source(record, seat), detail))
        return events

    def standings(self) -> list[dict]:
        """Players by victory cards held, most first (ties share a place)."""
        rows = super().standings()
        for row in rows:
            row["victory_cards"] = self.vc[row["seats"][0]]
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(SEATS)}
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        won: list[list[Card]] = [[] for _ in range(SEATS)]
        for plays in self.history:
            won[winning_play(plays)[0]].extend(c for _, c in plays)
        for s in range(SEATS):
            zones[f"won:{s}"] = Zone(tuple(won[s]), Visibility.SEEN, s)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "KopState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(SEATS))
        return replace(self, hands=hands)

    def determinize_constraints(self, seat: int):
        return {f"hand:{s}": (lambda c, gone=self.absent[s]: c not in gone)
                for s in range(SEATS) if s != seat and self.absent[s]}

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """A caller or soloist holds both black queens; a caller also holds every jack above
        the one it called; each until played."""
        if self.declarer < 0 or self.declarer == seat:
            return {}
        known = list(BLACK_QUEENS)
        if self.called is not None:
            known += CALL_ORDER[:CALL_ORDER.index(self.called)]
        gone = self.played_by()
        held = tuple(c for c in known if c not in gone)
        return {f"hand:{self.declarer}": held} if held else {}

    def public(self, seat: int | None) -> dict:
        gone = self.played_by()
        shown = {str(q): gone.get(q) for q in BLACK_QUEENS}
        return {
            "seat_names": list(SEAT_NAMES),
            "dealer": self.dealer,
            "eldest": self.eldest,
            "phase": self.phase,
            "trumps": ladder_text(),
            "announcements": [{"seat": s, "said": a} for s, a in self.spoken],
            "game": self.game_text(),
            "black_queens_played_by": shown,
            "your_side": side_knowledge(self, seat)["text"] if seat is not None else None,
            "leader": self.leader,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick],
            "card_points_captured": list(self.captured()),
            "tricks_taken": [sum(1 for p in self.history if winning_play(p)[0] == s) for s in range(SEATS)],
            "victory_cards": list(self.vc),
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "hands": self.options.hands or None,
            "score_sheet": [_record_json(i + 1, r) for i, r in enumerate(self.sheet)],
        }

    def game_text(self) -> str:
        """What everyone knows about the sides of this hand."""
        who = SEAT_NAMES[self.declarer] if self.declarer >= 0 else ""
        said = self.announced()
        if said == "call":
            return f"{who} holds both black queens and called {self.called.pretty()}: its holder is {who}'s partner"
        if said == "solo":
            return f"{who} plays solo against the other three"
        if self.phase == DECLARE:
            return "announcements"
        return "nobody called: the black queens play together, unless one player holds both and keeps quiet"


def settle(vc: tuple[int, ...], winners: tuple[int, ...], losers: tuple[int, ...],
           stake: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each loser pays ``stake`` to each winner, in clockwise order from its left, as far
    as its victory cards go; returns what each seat received and what each could not pay."""
    payments = [0] * SEATS
    short = [0] * SEATS
    for loser in losers:
        left = vc[loser]
        for step in range(1, SEATS):
            winner = (loser + step) % SEATS
            if winner not in winners:
                continue
            paid = min(stake, left)
            left -= paid
            payments[winner] += paid
            payments[loser] -= paid
            short[loser] += stake - paid
    return tuple(payments), tuple(short)


def side_knowledge(state: KopState, seat: int) -> dict:
    """What ``seat`` knows of the sides from its own cards, what was said and what was played.

    Returns ``{"partners": [...], "opponents": [...], "alone": bool, "text": str}``."""
    others = [s for s in range(SEATS) if s != seat]
    names = SEAT_NAMES
    mine = set(state.dealt(seat))
    by = state.played_by()
    said = state.announced()
    out = {"partners": [], "opponents": [], "alone": False}

    def done(text, partners=(), opponents=(), alone=False):
        out.update(partners=sorted(partners), opponents=sorted(opponents), alone=alone, text=text)
        return out

    if said == "solo":
        if seat == state.declarer:
            return done("You play solo against the other three.", opponents=others, alone=True)
        return done(f"You play with the other two against {names[state.declarer]}, who plays solo.",
                    partners=[s for s in others if s != state.declarer], opponents=[state.declarer])
    if said == "call":
        jack, caller = state.called, state.declarer
        if seat == caller:
            if jack in by:
                partner = by[jack]
                return done(f"Your partner is {names[partner]}, who held {jack.pretty()}.", [partner],
                            [s for s in others if s != partner])
            return done(f"Your partner holds {jack.pretty()} (not yet shown).")
        if jack in mine:
            return done(f"You hold {jack.pretty()}: you are {names[caller]}'s partner.", [caller],
                        [s for s in others if s != caller])
        if jack in by:
            opponents = [caller, by[jack]]
            partner = [s for s in others if s not in opponents]
            return done(f"You play with {names[partner[0]]} against {names[caller]} and {names[by[jack]]}.",
                        partner, opponents)
        return done(f"You play against {names[caller]} and the holder of {jack.pretty()}.",
                    opponents=[caller])
    queens = [q for q in BLACK_QUEENS if q in mine]
    if len(queens) == 2 and state.phase == DECLARE:
        return done("You hold both black queens: call a partner, go solo or keep quiet and play alone.",
                    opponents=others, alone=True)
    if len(queens) == 2:
        return done("You hold both black queens and said nothing: you play alone, and only you know it.",
                    opponents=others, alone=True)
    if len(queens) == 1:
        other = QUEEN_SPADES if queens[0] == QUEEN_CLUBS else QUEEN_CLUBS
        if other in by:
            partner = by[other]
            return done(f"Your partner is {names[partner]}, who played {other.pretty()}.", [partner],
                        [s for s in others if s != partner])
        return done(f"Your partner holds {other.pretty()} (not yet shown).")
    holders = {by[q] for q in BLACK_QUEENS if q in by}
    if len(holders) == 2:
        partner = [s for s in others if s not in holders]
        return done(f"You play with {names[partner[0]]} against the black queens.", partner, holders)
    if len(holders) == 1 and all(q in by for q in BLACK_QUEENS):
        (lone,) = holders
        return done(f"{names[lone]} held both black queens and plays alone: you play with the other two.",
                    [s for s in others if s != lone], [lone])
    if holders:
        return done(f"You play against the black queens; {names[next(iter(holders))]} holds one.",
                    opponents=holders)
    return done("You hold no black queen: you play against their holders.")


def _source(record: HandRecord, seat: int) -> str:
    if record.result == "drawn":
        return "drawn hand, 52 each: nobody pays"
    won = (seat in record.side) == (record.result == "queens")
    verb = "won" if won else "lost"
    if record.kind in LONE and seat in record.side:
        return f"{verb} alone ({'solo' if record.kind == SOLO else 'silent solo'})"
    if record.kind in LONE:
        return f"{verb} against a lone player"
    return f"{verb} as partners" + (" (called)" if record.kind == CALL else "")


def _record_json(number: int, r: HandRecord) -> dict:
    return {"hand": number, "dealer": r.dealer, "game": r.kind, "side": list(r.side), "called": r.called or None,
            "captured": list(r.captured), "side_points": list(r.side_points), "result": r.result,
            "payments": list(r.payments)}


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def deal_hand(options: KopOptions, rng_state: int, dealer: int, deck: list[Card], *,
              vc: tuple[int, ...] | None = None, sheet: tuple = (), last_trick: tuple = ()) -> KopState:
    """Deal ``deck`` one card at a time from the dealer's left, four cards each."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % SEATS].append(card)
    return KopState(
        options=options, rng_state=rng_state, dealer=dealer,
        hands=tuple(tuple(sorted(h, key=display_key)) for h in hands), phase=DECLARE, spoken=(),
        declarer=-1, called=None, leader=(dealer + 1) % SEATS, trick=(), last_trick=last_trick, history=(),
        absent=(frozenset(),) * SEATS, vc=vc if vc is not None else (options.victory_cards,) * SEATS,
        sheet=sheet)


def parse_deal(deal: Any) -> tuple[int, list[Card]]:
    """Read an explicit first deal ``{"dealer": 0, "hands": [[4 cards] x 4]}`` (seat 0 first).

    The hands must hold the 16 cards of the pack (A, 10, Q, J of each suit) once each.
    Returns the dealer and the deck in dealing order."""
    shape = "a Kop deal is an object with 'dealer' (0-3) and 'hands' (four lists of 4 cards, seat 0 first)"
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
    seen: dict[Card, int] = {}
    parsed = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, (list, str)):
            raise CardsageError(f"hand {seat} must be a list of cards", field=f"deal.hands.{seat}")
        cards = [parse_card(c) for c in (hand.split() if isinstance(hand, str) else hand)]
        if len(cards) != HAND_SIZE:
            raise CardsageError(f"hand {seat} has {len(cards)} cards; each hand needs {HAND_SIZE}",
                                field=f"deal.hands.{seat}")
        for c in cards:
            if c not in PACK:
                raise CardsageError(f"{c} is not in the Kop pack (only A, 10, Q and J are used)",
                                    field=f"deal.hands.{seat}")
            if c in seen:
                raise CardsageError(f"{c} is dealt twice (hands {seen[c]} and {seat})", field=f"deal.hands.{seat}")
            seen[c] = seat
        parsed.append(cards)
    deck = [parsed[(dealer + 1 + i) % SEATS][i // SEATS] for i in range(len(PACK))]
    return dealer, deck


class Kop(Game):
    """The Kop ruleset."""

    name = "kop"
    title = "Kop (Baska)"
    family = "trick-taking"
    min_players = 4
    max_players = 4
    summary = ("Sixteen cards, a twelve-card trump ladder and secret partners: the black queens play "
               "together unless one player holds both. 53 card points win; victory cards change hands.")
    Options = KopOptions
    State = KopState
    seat_names = SEAT_NAMES

    def start(self, options: KopOptions, seed: int, deal: Any) -> KopState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal)
        else:
            dealer = rng.below(SEATS)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return deal_hand(options, rng.state, dealer, deck)


GAME = Kop()
