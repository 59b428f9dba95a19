"""Trex (GAMES.md G8): four players, four kingdoms of five contracts, counter-clockwise.

Four players each for themselves, a 52-card pack, aces high. Dealing and play go
counter-clockwise: the seat after ``s`` is ``s - 1`` (to its right). In the first deal
the player dealt the seven of hearts owns the first kingdom. The owner of a kingdom
deals its five deals and, after looking at each new hand, names a contract it has not
yet played in this kingdom: King of Hearts, Diamonds, Girls, Slaps or Trex. The owner
leads (or, in Trex, plays first) in every deal of the kingdom, the first one included.
Then the kingdom passes to the right; with ``kingdom_order = "alt"`` it goes to the
right, then to the seat opposite that one, then to the last seat. After four kingdoms
(20 deals) the match ends and the highest total wins.

Trick contracts: follow suit if able, the highest card of the suit led wins, no trumps,
the winner leads next.

* King of Hearts: whoever takes the king of hearts loses 75. Its holder may double it
  by showing it: another taker then loses 150 and the holder gains 75; a holder who
  takes it loses 75. A player whose hearts are the king alone, or the ace and king
  alone, may show the hand and have the cards thrown in.
* Diamonds: each diamond taken costs 10. Taken diamonds stay face down unless
  ``show_taken_diamonds``.
* Girls: each queen taken costs 25; taken queens lie face up. A queen's holder may
  double it: another taker then loses 50 and the holder gains 25; a holder who takes a
  queen it doubled loses 25.
* Slaps: each trick taken costs 15.

Trex: a layout built from the jacks. On a turn a player must play a jack or a card one
rank above or below a card of its suit already in the layout, and passes only when
unable. The first player out scores 200, the second 150, the third 100, the last 50.
Four twos, or three twos and the three of the fourth suit, entitle their holder to
have the cards thrown in.

Order of the declarations after a contract is named: every player in turn (from the
owner) claims a throw-in or keeps the hand; then every player in turn doubles or not.
After a throw-in the owner deals again and names any contract not yet played. Each
contract's points total -75, -130, -100, -195 and +500: every kingdom sums to 0.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.games.trex_scoring import FINISH_POINTS
from solvers.tricks import cards_that_follow, parse_four_hands, trick_winner

SEATS = 4
TRICKS = 13
KINGDOMS = 4
SEAT_NAMES = ("South", "West", "North", "East")

KING, DIAMONDS, GIRLS, SLAPS, TREX = "king-of-hearts", "diamonds", "girls", "slaps", "trex"
CONTRACTS = (KING, DIAMONDS, GIRLS, SLAPS, TREX)
TRICK_CONTRACTS = (KING, DIAMONDS, GIRLS, SLAPS)
CONTRACT_NAMES = {KING: "King of Hearts", DIAMONDS: "Diamonds", GIRLS: "Girls", SLAPS: "Slaps", TREX: "Trex"}
CONTRACT_TOTAL = {KING: -75, DIAMONDS: -130, GIRLS: -100, SLAPS: -195, TREX: 500}

KING_OF_HEARTS = Card.standard(Rank.KING, Suit.HEARTS)
ACE_OF_HEARTS = Card.standard(Rank.ACE, Suit.HEARTS)
SEVEN_OF_HEARTS = Card.standard(7, Suit.HEARTS)
QUEENS = tuple(Card.standard(Rank.QUEEN, s) for s in Suit)
FULL_PACK = tuple(standard_pack())

# phases of a deal
CHOOSE, CLAIM, DOUBLE, PLAY, LAYOUT, OVER = "choose", "claim", "double", "play", "layout", "over"


def next_seat(seat: int) -> int:
    """The seat that acts after ``seat``: play goes counter-clockwise, to the right."""
    return (seat - 1) % SEATS


def turn_order(first: int) -> tuple[int, ...]:
    """The four seats in playing order from ``first``."""
    return tuple((first - i) % SEATS for i in range(SEATS))


def kingdom_owners(first_owner: int, order: str) -> tuple[int, ...]:
    """The owners of the four kingdoms in turn.

    ``right``: each kingdom passes to the right. ``alt``: to the right, then to the seat
    opposite that one, then to the last seat."""
    right = next_seat(first_owner)
    if order == "alt":
        return (first_owner, right, (right + 2) % SEATS, (first_owner + 2) % SEATS)
    return turn_order(first_owner)


def king_throw_in(hand) -> bool:
    """True when the hand's hearts are the king alone, or the ace and king alone."""
    hearts = {c for c in hand if c.suit == Suit.HEARTS}
    return hearts in ({KING_OF_HEARTS}, {KING_OF_HEARTS, ACE_OF_HEARTS})


def trex_throw_in(hand) -> bool:
    """True for four twos, or three twos and the three of the fourth suit."""
    twos = {c.suit for c in hand if c.rank == 2}
    if len(twos) == 4:
        return True
    if len(twos) == 3:
        (missing,) = set(Suit) - twos
        return Card.standard(3, missing) in hand
    return False


THROW_IN_RULES = {KING: king_throw_in, TREX: trex_throw_in}


def doublable(contract: str) -> tuple[Card, ...]:
    """The cards a holder may double in a contract (none outside King of Hearts and Girls)."""
    if contract == KING:
        return (KING_OF_HEARTS,)
    if contract == GIRLS:
        return QUEENS
    return ()


def layout_playable(hand, rows: Mapping[int, tuple[int, int]]) -> list[Card]:
    """Cards of ``hand`` that may go to the Trex layout: a jack, or a card next in rank to
    an end of its suit's row (``rows``: suit -> (lowest, highest) rank laid)."""
    out = []
    for card in hand:
        row = rows.get(card.suit)
        if row is None:
            if card.rank == Rank.JACK:
                out.append(card)
        elif card.rank == row[0] - 1 or card.rank == row[1] + 1:
            out.append(card)
    return out


@serializable
@dataclass(frozen=True)
class TrexOptions:
    """Variants of Trex."""

    kingdom_order: str = option("right", "how the kingdom passes: right = always to the right; alt = to the "
                                         "right, then to the player opposite that one, then to the last "
                                         "player", choices=("right", "alt"))
    doubling: bool = option(True, "holders may double the king of hearts and the queens by showing them")
    throw_in_rights: bool = option(True, "in King of Hearts and Trex, a player with the hand the rules name "
                                         "may show it and have the cards thrown in")
    throw_in_limit: int = option(3, "most throw-ins in a row for one deal; after that the hand must be "
                                     "played (keeps a match from going on for ever)", minimum=0, maximum=20)
    show_taken_diamonds: bool = option(False, "taken diamonds lie face up in front of their taker "
                                              "(normally they stay face down)")
    stop_when_settled: bool = option(False, "end King of Hearts, Diamonds and Girls as soon as every "
                                            "penalty card has been taken")


@serializable
@dataclass(frozen=True)
class TrexHandRecord:
    """One line of the score sheet: a deal played under a contract."""

    kingdom: int                    # 1 to 4
    owner: int
    contract: str
    points: tuple[int, ...]         # per seat, this deal
    totals: tuple[int, ...]         # per seat, after this deal
    items: tuple[tuple[int, int, str, str], ...]   # (seat, points, source, card or "") scoring facts
    doubles: tuple[tuple[int, Card], ...] = ()
    finish: tuple[int, ...] = ()    # Trex: the seats in the order they went out
    tricks: tuple[int, ...] = ()    # trick contracts: tricks each seat took


@serializable
@dataclass(frozen=True)
class TrexState(State):
    """A moment of a Trex match."""

    options: TrexOptions
    rng_state: int                          # generator for the next pack
    first_dealer: int                       # who dealt the very first deal (any seat may)
    first_owner: int                        # holder of the seven of hearts in the first deal
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    contract: str | None
    asked: int                              # seats that have answered the current declaration round
    throw_ins: int                          # deals thrown in since the last deal that was played
    shown_hand: tuple                       # (seat, cards, contract) of the last throw-in, or ()
    doubles: tuple[tuple[int, Card], ...]   # (doubler, card) shown and doubled this deal
    leader: int
    trick: tuple[tuple[int, Card], ...]
    history: tuple[tuple[tuple[int, Card], ...], ...]
    taken: tuple[tuple[Card, ...], ...]     # cards each seat has taken in tricks this deal
    voids: tuple[frozenset, ...]            # suits a seat has shown it lacks
    rows: tuple[tuple[int, int] | None, ...]  # Trex layout per suit: (lowest, highest) rank laid
    turn: int                               # Trex: the seat to play or pass
    finish: tuple[int, ...]                 # Trex: the seats out of cards, in order
    lacks: tuple[frozenset, ...]            # Trex: cards a seat showed it lacks by passing
    points: tuple[int, ...]
    sheet: tuple[TrexHandRecord, ...]

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return SEATS

    @property
    def kingdom(self) -> int:
        """The current kingdom, 0 to 3."""
        return min(len(self.sheet) // len(CONTRACTS), KINGDOMS - 1)

    @property
    def owner(self) -> int:
        """The owner of the current kingdom: names the contracts, deals and leads."""
        return kingdom_owners(self.first_owner, self.options.kingdom_order)[self.kingdom]

    @property
    def played_contracts(self) -> tuple[str, ...]:
        """Contracts the owner has already played in this kingdom."""
        start = self.kingdom * len(CONTRACTS)
        return tuple(r.contract for r in self.sheet[start:])

    @property
    def answering(self) -> int:
        """The seat answering the current claim or double round."""
        return turn_order(self.owner)[self.asked]

    @property
    def card_turn(self) -> int:
        """The seat to play the next card to the trick."""
        seat = self.leader
        for _ in self.trick:
            seat = next_seat(seat)
        return seat

    @property
    def to_move(self) -> frozenset[int]:
        if self.phase == CHOOSE:
            return frozenset((self.owner,))
        if self.phase in (CLAIM, DOUBLE):
            return frozenset((self.answering,))
        if self.phase == PLAY:
            return frozenset((self.card_turn,))
        if self.phase == LAYOUT:
            return frozenset((self.turn,))
        return frozenset()

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        # worked out once per seat: a state is a value, and searches ask many times
        cache = self.__dict__.setdefault("_legal", {})
        if seat not in cache:
            cache[seat] = self._legal_actions(seat)
        return list(cache[seat])

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.phase == CHOOSE:
            return [Action("choose", (c,)) for c in CONTRACTS if c not in self.played_contracts]
        if self.phase == CLAIM:
            claim = [Action("throw-in")] if THROW_IN_RULES[self.contract](self.hands[seat]) else []
            return [Action("keep")] + claim
        if self.phase == DOUBLE:
            held = [c for c in doublable(self.contract) if c in self.hands[seat]]
            doubles = [Action("double", tuple(str(c) for c in combo))
                       for n in range(1, len(held) + 1) for combo in combinations(held, n)]
            return [Action("no-double")] + doubles
        if self.phase == PLAY:
            led = self.trick[0][1] if self.trick else None
            return [_play(c) for c in sorted(cards_that_follow(self.hands[seat], led), key=_order)]
        cards = layout_playable(self.hands[seat], self.row_map())
        return [_play(c) for c in sorted(cards, key=_order)] if cards else [Action("pass")]

    def row_map(self) -> dict[int, tuple[int, int]]:
        """The Trex layout: suit -> (lowest, highest) rank laid, for the suits begun."""
        return {s: row for s, row in enumerate(self.rows) if row is not None}

    # ------------------------------------------------------------- actions
    def _apply(self, action: Action, seat: int) -> "TrexState":
        kind = action.kind
        if kind == "choose":
            return self._announce(action.args[0])
        if kind == "keep":
            return self._next_answer(CLAIM)
        if kind == "throw-in":
            return self._throw_in(seat)
        if kind == "double":
            cards = tuple(parse_card(a) for a in action.args)
            state = replace(self, doubles=self.doubles + tuple((seat, c) for c in cards))
            return state._next_answer(DOUBLE)
        if kind == "no-double":
            return self._next_answer(DOUBLE)
        if kind == "pass":
            # passing shows the seat holds none of the cards that could be laid now
            cannot = frozenset(layout_playable(FULL_PACK, self.row_map()))
            lacks = _with(self.lacks, seat, self.lacks[seat] | cannot)
            return replace(self, lacks=lacks, turn=self._next_in_layout(seat))
        card = parse_card(action.args[0])
        if self.phase == LAYOUT:
            return self._lay(seat, card)
        return self._play_card(seat, card)

    def _announce(self, contract: str) -> "TrexState":
        state = replace(self, contract=contract, asked=0, doubles=())
        if (self.options.throw_in_rights and contract in THROW_IN_RULES
                and self.throw_ins < self.options.throw_in_limit):
            return replace(state, phase=CLAIM)
        return state._after_claims()

    def _after_claims(self) -> "TrexState":
        if self.options.doubling and doublable(self.contract):
            return replace(self, phase=DOUBLE, asked=0)
        return self._begin_play()

    def _next_answer(self, phase: str) -> "TrexState":
        asked = self.asked + 1
        if asked < SEATS:
            return replace(self, asked=asked)
        return self._after_claims() if phase == CLAIM else self._begin_play()

    def _throw_in(self, seat: int) -> "TrexState":
        """The hand is shown and the cards are thrown in: the owner deals again."""
        shown = (seat, tuple(sorted(self.hands[seat], key=_order)), self.contract)
        state = _deal(self.options, self.rng_state, self.first_dealer, self.first_owner,
                      points=self.points, sheet=self.sheet, throw_ins=self.throw_ins + 1)
        return replace(state, shown_hand=shown)

    def _begin_play(self) -> "TrexState":
        if self.contract == TREX:
            return replace(self, phase=LAYOUT, turn=self.owner, asked=0)
        return replace(self, phase=PLAY, leader=self.owner, asked=0)

    def _play_card(self, seat: int, card: Card) -> "TrexState":
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        voids = self.voids
        if self.trick and card.suit != self.trick[0][1].suit:
            voids = _with(voids, seat, voids[seat] | {self.trick[0][1].suit})
        state = replace(self, hands=hands, trick=self.trick + ((seat, card),), voids=voids)
        if len(state.trick) < SEATS:
            return state
        winner = trick_winner(state.trick, None)
        taken = _with(state.taken, winner, state.taken[winner] + tuple(c for _, c in state.trick))
        state = replace(state, trick=(), leader=winner, history=state.history + (state.trick,), taken=taken)
        if len(state.history) == TRICKS or (self.options.stop_when_settled and state.settled):
            return state._score_deal()
        return state

    @property
    def settled(self) -> bool:
        """True when every penalty card of the contract has been taken (never in Slaps)."""
        cards = PENALTY_CARDS.get(self.contract)
        if cards is None:
            return False
        taken = {c for pile in self.taken for c in pile}
        return all(c in taken for c in cards)

    def _lay(self, seat: int, card: Card) -> "TrexState":
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        row = self.rows[card.suit]
        row = (card.rank, card.rank) if row is None else (min(row[0], card.rank), max(row[1], card.rank))
        state = replace(self, hands=hands, rows=_with(self.rows, card.suit, row))
        if not hands[seat]:
            state = replace(state, finish=state.finish + (seat,))
            if len(state.finish) == SEATS - 1:
                last = next(s for s in turn_order(self.owner) if s not in state.finish)
                return replace(state, finish=state.finish + (last,))._score_deal()
        return replace(state, turn=state._next_in_layout(seat))

    def _next_in_layout(self, seat: int) -> int:
        """The next seat still holding cards."""
        nxt = next_seat(seat)
        while not self.hands[nxt]:
            nxt = next_seat(nxt)
        return nxt

    # ------------------------------------------------------------- scoring
    def _score_deal(self) -> "TrexState":
        from solvers.games.trex_scoring import deal_items
        items = deal_items(self.contract, self.taken, self.doubles, self.finish)
        won = [0] * SEATS
        for seat, pts, _, _ in items:
            won[seat] += pts
        totals = tuple(p + w for p, w in zip(self.points, won))
        record = TrexHandRecord(kingdom=self.kingdom + 1, owner=self.owner, contract=self.contract,
                                points=tuple(won), totals=totals, items=tuple(items), doubles=self.doubles,
                                finish=self.finish if self.contract == TREX else (),
                                tricks=tuple(len(p) // SEATS for p in self.taken)
                                if self.contract != TREX else ())
        sheet = self.sheet + (record,)
        if len(sheet) == KINGDOMS * len(CONTRACTS):
            return replace(self, points=totals, sheet=sheet, phase=OVER, asked=0)
        return _deal(self.options, self.rng_state, self.first_dealer, self.first_owner, points=totals,
                     sheet=sheet, throw_ins=0)

    @property
    def scores(self) -> tuple[int, ...]:
        """Match points of each seat."""
        return self.points

    @property
    def hands_played(self) -> int:
        """Deals played and scored (a deal thrown in does not count)."""
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One event per scoring fact: each penalty card or trick taken, each double, each
        place in Trex; ``detail`` names the contract, the card and the kingdom."""
        events = []
        for number, record in enumerate(self.sheet, 1):
            for seat, pts, source, card in record.items:
                detail = {"contract": record.contract, "kingdom": record.kingdom, "owner": record.owner}
                if card:
                    detail["card"] = card
                events.append(ScoreEvent(number, (seat,), pts, source, detail))
        return events

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the match is over (several on a tie)."""
        if self.phase != OVER:
            return ()
        best = max(self.points)
        return tuple(s for s in range(SEATS) if self.points[s] == best)

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(SEATS)}
        if self.contract != TREX:
            zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        shown = self.face_up_penalties()
        for s in range(SEATS):
            up = tuple(c for c in self.taken[s] if c in shown)
            zones[f"taken:{s}"] = Zone(tuple(c for c in self.taken[s] if c not in shown), Visibility.SEEN,
                                       s, ordered=False)
            zones[f"penalties:{s}"] = Zone(up, Visibility.PUBLIC, s)
        for suit in reversed(Suit):
            if self.contract != TREX:
                break
            row = self.rows[suit]
            cards = () if row is None else tuple(Card.standard(r, suit) for r in range(row[0], row[1] + 1))
            zones[f"layout:{suit.letter}"] = Zone(cards, Visibility.PUBLIC)
        return zones

    def face_up_penalties(self) -> frozenset:
        """Taken cards that lie face up: the queens in Girls, the king in King of Hearts,
        the diamonds in Diamonds when ``show_taken_diamonds``."""
        if self.contract == DIAMONDS and not self.options.show_taken_diamonds:
            return frozenset()
        return PENALTY_CARDS.get(self.contract, frozenset())

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "TrexState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(SEATS))
        return replace(self, hands=hands)

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        # a doubled card was shown: it stays known in its holder's hand until played
        out: dict[str, list[Card]] = {}
        for doubler, card in self.doubles:
            if doubler != seat and card in self.hands[doubler]:
                out.setdefault(f"hand:{doubler}", []).append(card)
        return {k: tuple(v) for k, v in out.items()}

    def determinize_constraints(self, seat: int):
        out = {}
        for s in range(SEATS):
            if s != seat and (self.voids[s] or self.lacks[s]):
                out[f"hand:{s}"] = (lambda c, v=self.voids[s], n=self.lacks[s]: c.suit not in v and c not in n)
        return out

    def parse_action(self, data: Any, seat: int) -> Action:
        action = Action.from_json(data)
        kind, args = action.kind, tuple(a.strip() for a in action.args)
        if kind == "no" and args[:1] in (("double",), ("Double",)):
            kind, args = "no-double", args[1:]
        elif kind == "throw" and args[:1] == ("in",):
            kind, args = "throw-in", args[1:]
        if kind == "choose" and args:
            args = (_canonical_contract(" ".join(args)),)
        elif kind in ("play", "double"):
            args = tuple(_canonical_card(a) for a in args)
            if kind == "double":
                order = {str(c): i for i, c in enumerate(QUEENS + (KING_OF_HEARTS,))}
                args = tuple(sorted(args, key=lambda a: order.get(a, 99)))
        return Action(kind, args)

    def public(self, seat: int | None) -> dict:
        played = self.played_contracts
        return {
            "seat_names": list(SEAT_NAMES),
            "direction": "counter-clockwise",
            "phase": self.phase,
            "kingdom": self.kingdom + 1,
            "owner": self.owner,
            "dealer": self.owner,
            "first_dealer": self.first_dealer,
            "kingdom_owners": list(kingdom_owners(self.first_owner, self.options.kingdom_order)),
            "contract": self.contract,
            "contract_name": CONTRACT_NAMES.get(self.contract) if self.contract else None,
            "contracts_played": list(played),
            "contracts_left": [c for c in CONTRACTS if c not in played],
            "answering": self.answering if self.phase in (CLAIM, DOUBLE) else None,
            "answered": self.asked,
            "throw_ins": self.throw_ins,
            "shown_hand": ({"seat": self.shown_hand[0], "cards": [str(c) for c in self.shown_hand[1]],
                            "contract": self.shown_hand[2]} if self.shown_hand else None),
            "doubled": [{"seat": s, "card": str(c)} for s, c in self.doubles],
            "leader": self.leader if self.phase == PLAY else None,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": ([{"seat": s, "card": str(c)} for s, c in self.history[-1]]
                           if self.history and self.phase == PLAY else None),
            "tricks_taken": [len(p) // SEATS for p in self.taken],
            "hand_points": self._public_hand_points(),
            "layout": {Suit(s).letter: [Rank(lo).letter, Rank(hi).letter]
                       for s, (lo, hi) in self.row_map().items()},
            "finished": list(self.finish),
            "cards_left": [len(h) for h in self.hands],
            "points": list(self.points),
            "hand_number": len(self.sheet) + 1,
            "winners": list(self.winners),
            "score_sheet": [_public_record(i, r) for i, r in enumerate(self.sheet)],
        }

    def _public_hand_points(self) -> list[int] | None:
        """What each seat has lost so far in this deal, where the taken cards lie face up
        (in Diamonds only when taken diamonds are shown)."""
        if self.phase != PLAY or (self.contract == DIAMONDS and not self.options.show_taken_diamonds):
            return None
        from solvers.games.trex_scoring import deal_items
        won = [0] * SEATS
        for s, pts, _, _ in deal_items(self.contract, self.taken, self.doubles, ()):
            won[s] += pts
        return won


PENALTY_CARDS = {
    KING: frozenset((KING_OF_HEARTS,)),
    DIAMONDS: frozenset(Card.standard(r, Suit.DIAMONDS) for r in Rank),
    GIRLS: frozenset(QUEENS),
}


def _public_record(index: int, r: TrexHandRecord) -> dict:
    return {"hand": index + 1, "kingdom": r.kingdom, "owner": r.owner, "contract": r.contract,
            "contract_name": CONTRACT_NAMES[r.contract], "points": list(r.points), "totals": list(r.totals),
            "doubled": [{"seat": s, "card": str(c)} for s, c in r.doubles], "finish": list(r.finish),
            "tricks": list(r.tricks)}


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


_PLAY_ACTIONS: dict[Card, Action] = {}


def _play(card: Card) -> Action:
    """``play QS`` (built once per card: play is the hot path of searches)."""
    action = _PLAY_ACTIONS.get(card)
    if action is None:
        action = _PLAY_ACTIONS[card] = Action("play", (str(card),))
    return action


def _order(card: Card):
    return (card.suit, card.rank)


def _canonical_card(text: str) -> str:
    try:
        return str(parse_card(text))
    except CardsageError:
        return text


def _canonical_contract(text: str) -> str:
    key = text.strip().lower().replace(" ", "-").replace("_", "-")
    aliases = {"king": KING, "kh": KING, "king-of-hearts": KING, "queens": GIRLS, "girls": GIRLS,
               "diamonds": DIAMONDS, "slaps": SLAPS, "collections": SLAPS, "lutoosh": SLAPS, "trex": TREX,
               "trix": TREX}
    return aliases.get(key, key)


def dealing_order(dealer: int) -> tuple[int, ...]:
    """Seats in the order they receive cards: the dealer's right first, the dealer last."""
    return turn_order(next_seat(dealer))


def _deal_hands(deck: list[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """One card at a time, counter-clockwise from the dealer's right."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    order = dealing_order(dealer)
    for i, card in enumerate(deck):
        hands[order[i % SEATS]].append(card)
    return tuple(tuple(sorted(h, key=_order)) for h in hands)


def _fresh(options: TrexOptions, rng_state: int, first_dealer: int, first_owner: int,
           hands, *, points, sheet, throw_ins: int) -> TrexState:
    return TrexState(
        options=options, rng_state=rng_state, first_dealer=first_dealer, first_owner=first_owner,
        phase=CHOOSE, hands=hands, contract=None, asked=0, throw_ins=throw_ins, shown_hand=(), doubles=(),
        leader=0, trick=(), history=(), taken=((),) * SEATS, voids=(frozenset(),) * SEATS,
        rows=(None,) * 4, turn=0, finish=(), lacks=(frozenset(),) * SEATS, points=points, sheet=sheet)


def _deal(options: TrexOptions, rng_state: int, first_dealer: int, first_owner: int, *, points, sheet,
          throw_ins: int) -> TrexState:
    """A freshly shuffled deal by the owner of the kingdom the next deal belongs to."""
    rng = Rng(0)
    rng.state = rng_state
    deck = rng.shuffled(standard_pack())
    owners = kingdom_owners(first_owner, options.kingdom_order)
    dealer = owners[min(len(sheet) // len(CONTRACTS), KINGDOMS - 1)]
    return _fresh(options, rng.state, first_dealer, first_owner, _deal_hands(deck, dealer), points=points,
                  sheet=sheet, throw_ins=throw_ins)


def parse_deal(deal: Any) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    """Read an explicit first deal ``{"dealer": 2, "hands": [[13 cards] x4]}`` (seat 0 first;
    ``dealer``: who dealt it, 0 if left out). Whoever holds 7♥ owns the first kingdom."""
    dealer, parsed = parse_four_hands(
        deal, "a Trex deal is an object with 'hands' (four lists of 13 cards, seat 0 first) and 'dealer'")
    return dealer, tuple(tuple(sorted(h, key=_order)) for h in parsed)


class Trex(Game):
    """The Trex ruleset."""

    name = "trex"
    title = "Trex"
    family = "trick-taking"
    min_players = 4
    max_players = 4
    summary = ("Levantine compendium: four kingdoms, in each the owner picks King of Hearts, Diamonds, "
               "Girls, Slaps and the Trex layout once each; counter-clockwise.")
    seat_names = SEAT_NAMES
    Options = TrexOptions
    State = TrexState

    def start(self, options: TrexOptions, seed: int, deal: Any) -> TrexState:
        rng = Rng(seed)
        if deal is not None:
            dealer, hands = parse_deal(deal)
        else:
            dealer = rng.below(SEATS)   # it does not matter who deals first
            hands = _deal_hands(rng.shuffled(standard_pack()), dealer)
        owner = next(s for s in range(SEATS) if SEVEN_OF_HEARTS in hands[s])
        return _fresh(options, rng.state, dealer, owner, hands, points=(0,) * SEATS, sheet=(), throw_ins=0)


GAME = Trex()
