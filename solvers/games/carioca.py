"""Carioca (GAMES.md G21; also played as Loba): contract rummy for two to five players.

Pack. Two 52-card packs and four jokers (108 cards); the copies of a card carry ``#1`` and
``#2``. Jokers are wild.

Match. Seven hands, each with its contract, played in order; the lowest total wins:

    1. two trios                      5. two trios and one escalera
    2. one trio and one escalera      6. one trio and two escaleras
    3. two escaleras                  7. three escaleras (twelve cards dealt)
    4. three trios

Deal. Eleven cards each (twelve in the seventh hand), one at a time, starting with the
player to the dealer's right; the next card is turned face up to start the discard pile
(the upcard); the rest is the stock, face down. Play and the deal go counter-clockwise:
the seat after ``s`` is ``s - 1`` (to its right), the first player is the dealer's right,
and the deal passes to the right after each hand. The first dealer comes from the match seed.

Melds. A *trio* is three or more cards of one rank (suits may repeat); an *escalera* four or
more cards of one suit in sequence, the ace low (A-2-3-4) or high (J-Q-K-A), never both
(no K-A-2, no A-2-…-K-A).

Turn. (1) Draw the top card of the stock (``draw``) or the top card of the discard pile
(``take``). (2) A player who has not met the contract may lay it down, exactly the contract
and all at once, at most one joker a meld: ``down 7H 7S X1 / 9D 9S 9H`` (melds separated by
``/``, an escalera's cards from low to high with each joker at the place it fills). With
``initial_meld_exact`` (on by default; a proposal following the usual descriptions) each trio
has exactly three cards and each escalera exactly four; off, they may be longer. A player
whose contract went down on an *earlier* turn may lengthen any meld on the table, one card
at a time (``layoff 9S 2`` onto a trio, ``layoff 9H 3 high`` at an end of an escalera),
jokers freely; and may swap a joker out of an escalera: holding the natural card the joker
stands for, put it in the joker's place and move the joker to either end that can still
grow (``swap 7H 3 low``); then go on lengthening, from the joker too. Jokers in trios stay
where they are (proposal). No other new melds are laid after the contract (proposal). (3)
Discard one card (``discard KC``).

Going out. A player whose hand is empty ends the hand: normally with the discard; laying down
or laying off the last card without discarding ends it too (``go_out_without_discard``, on by
default: a proposal; off, a player must keep a card to discard). In hands 6 and 7 laying
down the contract leaves exactly one card, to discard.

Stock. When the stock is used up, the discard pile except its top card is shuffled into a
new stock (proposal). A hand in which nobody has gone out after ``round_limit`` turns each
(the guard against endless play) ends there, every player counting their cards.

Scoring. The player who went out scores 0; every other player scores the cards still in
hand: joker 50, ace 20, K Q J 10, 2–10 their face value. After the seven hands the lowest
total wins. ``hands`` plays only the first contracts, in order, for a shorter match.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, pack_with_jokers, parse_card
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.games.carioca_melds import (
    CONTRACTS, DOWN, LAYOFF, SEPARATOR, SWAP, TableMeld, canonical_copy, card_value, contract_layouts,
    contract_text, distinct_cards, is_joker, joker_swaps, layoffs,
)

PACK = tuple(pack_with_jokers(4, packs=2))
DRAW, TAKE, DISCARD = "draw", "take", "discard"
DRAW_PHASE, PLAY_PHASE = "draw", "play"
HAND_SIZES = (11, 11, 11, 11, 11, 11, 12)
SEAT_NAMES = ("South", "East", "North", "West", "Centre")


@serializable
@dataclass(frozen=True)
class CariocaOptions:
    """Variants of Carioca."""

    players: int = option(2, "number of players", minimum=2, maximum=5)
    initial_meld_exact: bool = option(True, "the contract is laid down with trios of exactly three cards and "
                                            "escaleras of exactly four; off: they may be longer")
    go_out_without_discard: bool = option(True, "laying down or laying off your last card ends the hand "
                                                "without a discard; off: you must keep a card to discard")
    hands: int = option(7, "how many of the seven contracts are played, in order (7: the whole match)",
                        minimum=1, maximum=7)
    round_limit: int = option(30, "a hand nobody has gone out of after this many turns each ends there, "
                                  "every player counting the cards in hand", minimum=5, maximum=500)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished hand."""

    number: int                           # 1 to 7
    contract: tuple[int, int]             # (trios, escaleras)
    dealer: int
    out: int | None                       # who went out (None: the hand hit the turn limit)
    left: tuple[tuple[Card, ...], ...]    # the cards each seat still held
    points: tuple[int, ...]
    totals: tuple[int, ...]               # after this hand


@serializable
@dataclass(frozen=True)
class CariocaState(State):
    """A moment of a Carioca match."""

    options: CariocaOptions
    rng_state: int
    hand_index: int                       # 0 for the first hand (its contract is CONTRACTS[0])
    dealer: int
    turn: int
    phase: str                            # "draw" or "play"
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]               # face down, the next card first
    discard: tuple[Card, ...]             # bottom first, top last
    melds: tuple[TableMeld, ...] = ()
    down: tuple[bool, ...] = ()           # whose contract is on the table
    down_this_turn: bool = False          # the player to move laid the contract down this turn
    known: tuple[tuple[Card, ...], ...] = ()   # cards each seat took from the discard and still holds
    turns: int = 0                        # turns begun this hand
    reshuffles: int = 0                   # times this hand's discard pile became the stock
    totals: tuple[int, ...] = ()
    sheet: tuple[HandRecord, ...] = ()
    last: tuple = ()                      # (seat, notation) of the latest action
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def contract(self) -> tuple[int, int]:
        """This hand's contract: (trios, escaleras)."""
        return CONTRACTS[self.hand_index]

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat``: play goes to the right (counter-clockwise)."""
        return (seat - 1) % self.players

    def layouts(self, seat: int) -> list[tuple[Action, tuple[TableMeld, ...]]]:
        """Every way ``seat`` may lay down the contract now (empty when it may not)."""
        if self.down[seat] or self.phase != PLAY_PHASE:
            return []
        found = contract_layouts(self.hands[seat], self.contract, self.options.initial_meld_exact, seat)
        if not self.options.go_out_without_discard:
            size = len(self.hands[seat])
            found = [(a, ms) for a, ms in found if sum(len(m.cards) for m in ms) < size]
        return found

    def extensions(self, seat: int) -> list[tuple[Action, int, TableMeld]]:
        """Every lay-off and joker swap ``seat`` may make now."""
        if not self.down[seat] or self.down_this_turn or self.phase != PLAY_PHASE:
            return []
        if not self.options.go_out_without_discard and len(self.hands[seat]) <= 1:
            return []
        return layoffs(self.hands[seat], self.melds) + joker_swaps(self.hands[seat], self.melds)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase == DRAW_PHASE:
            return ([Action(DRAW)] if self.stock else []) + ([Action(TAKE, (str(self.discard[-1]),))]
                                                             if self.discard else [])
        moves = [a for a, _ in self.layouts(seat)] + [a for a, _, _ in self.extensions(seat)]
        return moves + [card_action(DISCARD, c) for c in distinct_cards(self.hands[seat])]

    def parse_action(self, data: Any, seat: int) -> Action:
        """Canonical action: any copy of a card held stands for the copy the moves list."""
        action = super().parse_action(data, seat)
        if seat < 0 or seat >= self.players or not action.args:
            return action
        hand = self.hands[seat]
        if action.kind in (DISCARD, LAYOFF, SWAP):
            try:
                card = parse_card(action.args[0])
            except CardsageError:
                return action
            return Action(action.kind, (str(canonical_copy(card, hand)),) + action.args[1:])
        if action.kind == DOWN:
            wanted = _down_signature(action.args)
            for legal, _ in self.layouts(seat) if wanted is not None else ():
                if _down_signature(legal.args) == wanted:
                    return legal
        return action

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "CariocaState":
        state = replace(self, last=(seat, action.notation))
        kind = action.kind
        if kind == DRAW:
            card = self.stock[0]
            return replace(state, hands=_with(self.hands, seat, self.hands[seat] + (card,)), stock=self.stock[1:],
                           phase=PLAY_PHASE)
        if kind == TAKE:
            card = self.discard[-1]
            return replace(state, hands=_with(self.hands, seat, self.hands[seat] + (card,)),
                           discard=self.discard[:-1], known=_with(self.known, seat, self.known[seat] + (card,)),
                           phase=PLAY_PHASE)
        if kind == DOWN:
            melds = next(ms for a, ms in self.layouts(seat) if a == action)
            used = [c for m in melds for c in m.cards]
            state = replace(state._without(seat, used), melds=self.melds + melds,
                            down=_with(self.down, seat, True), down_this_turn=True)
            return state._after_meld(seat)
        if kind in (LAYOFF, SWAP):
            index, meld = next((i, m) for a, i, m in self.extensions(seat) if a == action)
            card = parse_card(action.args[0])
            state = replace(state._without(seat, [card]), melds=_with(self.melds, index, meld))
            return state._after_meld(seat)
        card = parse_card(action.args[0])
        state = state._without(seat, [card])
        state = replace(state, discard=self.discard + (card,))
        if not state.hands[seat]:
            return state._end_hand(seat)
        return state._next_turn()

    def _without(self, seat: int, cards) -> "CariocaState":
        hand, known = list(self.hands[seat]), list(self.known[seat])
        for c in cards:
            hand.remove(c)
            if c in known:
                known.remove(c)
        return replace(self, hands=_with(self.hands, seat, tuple(hand)), known=_with(self.known, seat, tuple(known)))

    def _after_meld(self, seat: int) -> "CariocaState":
        return self._end_hand(seat) if not self.hands[seat] else self

    def _next_turn(self) -> "CariocaState":
        state = replace(self, turn=self.next_seat(self.turn), phase=DRAW_PHASE, down_this_turn=False,
                        turns=self.turns + 1)
        if state.turns >= self.options.round_limit * self.players:
            return state._end_hand(None)
        if not state.stock and len(state.discard) > 1:
            rng = Rng(0)
            rng.state = state.rng_state
            stock = tuple(rng.shuffled(state.discard[:-1]))
            state = replace(state, stock=stock, discard=state.discard[-1:], rng_state=rng.state,
                            reshuffles=state.reshuffles + 1)
        return state

    def _end_hand(self, out: int | None) -> "CariocaState":
        points = tuple(0 if s == out else sum(card_value(c) for c in self.hands[s]) for s in range(self.players))
        totals = tuple(t + p for t, p in zip(self.totals, points))
        record = HandRecord(self.hand_index + 1, self.contract, self.dealer, out, self.hands, points, totals)
        sheet = self.sheet + (record,)
        if len(sheet) >= self.options.hands:
            return replace(self, totals=totals, sheet=sheet, over=True, phase=DRAW_PHASE, down_this_turn=False)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return _deal(self.options, rng.state, self.hand_index + 1, self.next_seat(self.dealer), deck,
                     totals=totals, sheet=sheet, last=self.last)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty totals so far (the lowest wins)."""
        return self.totals

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def deadwood(self, seat: int) -> int:
        """What ``seat``'s cards in hand would score now."""
        return sum(card_value(c) for c in self.hands[seat])

    def score_events(self) -> list[ScoreEvent]:
        """Each finished hand's penalties by kind of card left in hand (0 for going out)."""
        events = []
        for r in self.sheet:
            for s in range(len(r.points)):
                if s == r.out:
                    events.append(ScoreEvent(r.number, (s,), 0, "went out", {}))
                    continue
                for source, test in _PENALTY_KINDS:
                    cards = [c for c in r.left[s] if test(c)]
                    if cards:
                        events.append(ScoreEvent(r.number, (s,), sum(card_value(c) for c in cards), source,
                                                 {"cards": [str(c) for c in cards]}))
        return events

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["discard"] = Zone(self.discard, Visibility.PUBLIC)
        for n, meld in enumerate(self.melds):
            zones[f"meld:{meld.owner}:{n}"] = Zone(meld.cards, Visibility.PUBLIC, meld.owner, group="melds")
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "CariocaState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards a seat took from the discard pile are known to be in its hand."""
        return {f"hand:{s}": self.known[s] for s in range(self.players) if s != seat and self.known[s]}

    def public(self, seat: int | None) -> dict:
        return {
            "seat_names": list(SEAT_NAMES[:self.players]),
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "phase": self.phase,
            "direction": "counter-clockwise",
            "hand_number": self.hand_index + 1,
            "hands": self.options.hands,
            "contract": contract_text(self.contract),
            "contract_down": list(self.down),
            "hand_sizes": [len(h) for h in self.hands],
            "taken_from_discard": [[str(c) for c in k] for k in self.known],
            "stock": len(self.stock),
            "discard_top": str(self.discard[-1]) if self.discard else None,
            "melds": [{"number": n, "owner": m.owner, "kind": m.kind, "cards": [str(c) for c in m.cards],
                       "text": m.describe()} for n, m in enumerate(self.melds)],
            "turns": self.turns,
            "turn_limit": self.options.round_limit * self.players,
            "reshuffles": self.reshuffles,
            "last": {"seat": self.last[0], "action": self.last[1]} if self.last else None,
            "totals": list(self.totals),
            "score_sheet": [
                {"hand": r.number, "contract": contract_text(r.contract), "dealer": r.dealer, "out": r.out,
                 "points": list(r.points), "totals": list(r.totals)} for r in self.sheet],
        }


_PENALTY_KINDS = (
    ("jokers left in hand (50 each)", is_joker),
    ("aces left in hand (20 each)", lambda c: not is_joker(c) and c.rank == 14),
    ("kings, queens and jacks left in hand (10 each)", lambda c: not is_joker(c) and 11 <= c.rank <= 13),
    ("2-10 left in hand (face value)", lambda c: not is_joker(c) and c.rank <= 10),
)


def _down_signature(args: tuple[str, ...]):
    """The faces of a ``down`` action, meld by meld, copies and joker numbers aside: a
    trio's cards and the melds in any order, an escalera's cards in their order."""
    groups, current = [], []
    try:
        for arg in args + (SEPARATOR,):
            if arg == SEPARATOR:
                naturals = {c.rank for c in current if not is_joker(c)}
                faces = ["X" if is_joker(c) else str(c.face) for c in current]
                groups.append(tuple(sorted(faces)) if len(naturals) == 1 and len(current) > 0
                              and len([c for c in current if not is_joker(c)]) > 1 else tuple(faces))
                current = []
                continue
            current.append(parse_card(arg))
    except CardsageError:
        return None
    return tuple(sorted(groups))


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _deal(options: CariocaOptions, rng_state: int, hand_index: int, dealer: int, deck, **carry) -> CariocaState:
    """Deal one hand from ``deck``: one at a time from the dealer's right, the upcard, the stock."""
    players = options.players
    size = HAND_SIZES[hand_index]
    hands: list[list[Card]] = [[] for _ in range(players)]
    seat = (dealer - 1) % players
    for card in deck[:size * players]:
        hands[seat].append(card)
        seat = (seat - 1) % players
    rest = deck[size * players:]
    return CariocaState(
        options=options, rng_state=rng_state, hand_index=hand_index, dealer=dealer, turn=(dealer - 1) % players,
        phase=DRAW_PHASE, hands=tuple(tuple(h) for h in hands), stock=tuple(rest[1:]), discard=(rest[0],),
        down=(False,) * players, known=((),) * players, totals=carry.get("totals", (0,) * players),
        sheet=carry.get("sheet", ()), last=carry.get("last", ()))


def parse_deal(deal: Any, players: int, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[11 cards], …] (seat 0 first), "upcard": "7H#1",
    "stock": [the rest, the next drawn first]}``; ``upcard`` and ``stock`` may be left out
    (the undealt cards are then shuffled from the match seed). Cards are written with their
    copy: ``7H#1``, ``7H#2``; jokers ``X1``…``X4``."""
    shape = ("a Carioca deal is an object with 'dealer' (a seat), 'hands' (eleven cards for each seat, seat 0 "
             "first, copies written 7H#1 / 7H#2, jokers X1-X4), optionally 'upcard' and 'stock' (the rest, "
             "the next drawn first)")
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 108-card pack (two packs with copies #1 and #2, "
                                                           "jokers X1-X4)")
    unknown = sorted(set(deal) - {"dealer", "hands", "upcard", "stock"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {shape}", field="deal")
    dealer = reader.seat("dealer", players)
    hands = reader.hands(players, HAND_SIZES[0])
    upcard = reader.optional("upcard", "the upcard", size=1)
    if upcard is None and deal.get("stock") is not None:
        raise CardsageError("give the upcard when you give the stock", field="deal.upcard")
    rest = reader.rest("stock", rng)
    if upcard is None:
        upcard, rest = rest[:1], rest[1:]
    order = []
    for i in range(HAND_SIZES[0]):
        for k in range(players):
            order.append(hands[(dealer - 1 - k) % players][i])
    return dealer, order + upcard + list(rest)


class Carioca(Game):
    """The Carioca ruleset."""

    name = "carioca"
    title = "Carioca (Loba)"
    family = "rummy"
    min_players = 2
    max_players = 5
    summary = ("Contract rummy with two packs and four jokers: seven hands, each with its contract of trios "
               "and escaleras laid down all at once; go out first, lowest total wins.")
    Options = CariocaOptions
    State = CariocaState
    seat_names = SEAT_NAMES
    low_score_wins = True

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: CariocaOptions, seed: int, deal: Any) -> CariocaState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, options.players, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return _deal(options, rng.state, 0, dealer, deck)


GAME = Carioca()
