"""Trash (GAMES.md G35): fill a face-down layout, ace to ten, before the others do.

Players and pack. Two to eight players; one standard 52-card pack for every two players,
shuffled together (2 players: 1 pack, 3–4: 2, 5–6: 3, 7–8: 4). Suits play no part.

Layout. Each player has a layout of k slots numbered 1 to k (k = 10 at the start of the
match, ``start_slots``), one face-down card dealt to each slot: two rows of five for ten
slots. Nobody may look at a face-down card, its owner included. The undealt cards are the
stock. The first dealer comes from the match seed; the player on the dealer's left plays
first, play goes clockwise (to the left), and the deal passes to the left after each hand.

A turn. The player takes a card: the previous player's discard when it fits their layout
(taking it is optional unless ``must_take_fitting_discard`` is on), otherwise the top card
of the stock. A card *fits* when it is a jack (while a slot is face down), or when its rank
r (ace = 1) is at most k and slot r is still face down or holds a jack. Then, with the card
in hand:

* rank r ≤ k and slot r face down: the card goes face up in slot r and the slot's old card,
  turned up, is the new card in hand;
* rank r ≤ k and slot r holds a jack: the player may put the card there and take the jack
  as the new card in hand, or decline and discard the card (ending the turn);
* a jack (wild): the player puts it face up on any face-down slot of their choice and picks
  up that slot's card;
* otherwise (a queen, a king, a rank above k, or slot r already filled by its own rank):
  the card is discarded face up and the turn ends.

The moment all k slots are face up (their own ranks or jacks), the player wins the hand.
When a card must be drawn and the stock is empty, the discard pile's top card stays where
it is and the rest is shuffled to form a new stock.

Later hands. The hand's winner is dealt one slot fewer next hand (slots 1 to k − 1), so a
card of rank k now ends their turn like a king; the others keep their layouts' sizes. A
player wins the match by completing a one-slot layout (an ace or a jack in slot 1).

Guard. A hand can stall (every card a player needs is buried face down). After
``MAX_TURNS`` turns in one hand the hand is void: nobody wins it and it is dealt again
(the deal passing as usual). After ``MAX_HANDS`` hands the match ends, and whoever has
the smallest layout wins (players level share the win).

Choices a player makes: whether to take a fitting discard, where to put a jack, and
whether to swap a natural card for a jack already in the layout.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, standard_pack
from solvers.deals import DealReader
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable

DRAW, TAKE, JACK, SWAP, DISCARD = "draw", "take", "jack", "swap", "discard"
START, PLACE_JACK, OFFER_SWAP = "start", "place_jack", "offer_swap"
MAX_SLOTS = 10
ROW = 5                  # slots per row of the layout
MAX_TURNS = 600          # turns in one hand before it is declared void (a stalled hand)
MAX_HANDS = 150          # hands in one match before it ends on the smallest layout


def packs_for(players: int) -> int:
    """Packs shuffled together: one for every two players."""
    return (players + 1) // 2


@lru_cache(maxsize=None)
def make_pack(players: int) -> tuple[Card, ...]:
    """The cards of a match: one 52-card pack per two players (copies numbered from 1 when several)."""
    packs = packs_for(players)
    if packs == 1:
        return tuple(standard_pack())
    return tuple(c for p in range(1, packs + 1) for c in standard_pack(p))


def slot_of(card: Card) -> int | None:
    """The slot a natural card belongs in (ace 1 … ten 10); None for jacks, queens and kings."""
    if card.rank == Rank.ACE:
        return 1
    return int(card.rank) if card.rank <= Rank.TEN else None


def is_jack(card: Card) -> bool:
    """True for a jack (wild)."""
    return card.rank == Rank.JACK


@serializable
@dataclass(frozen=True)
class TrashOptions:
    """Variants of Trash."""

    players: int = option(2, "number of players (one pack for every two)", minimum=2, maximum=8)
    start_slots: int = option(10, "slots in every layout at the start of the match (ace up to this rank); "
                                  "each hand won takes one away", minimum=1, maximum=MAX_SLOTS)
    must_take_fitting_discard: bool = option(False, "a player must take the previous player's discard when "
                                                    "it fits their layout; off: they may draw from the "
                                                    "stock instead")


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished (or void) hand."""

    dealer: int
    winner: int | None            # None: a void hand (it stalled)
    slots: tuple[int, ...]        # each layout's size in this hand
    face_up: tuple[int, ...]      # slots face up at the end of the hand
    turns: int
    hands_won: tuple[int, ...]    # after this hand


@serializable
@dataclass(frozen=True)
class TrashState(State):
    """A moment of a Trash match."""

    options: TrashOptions
    rng_state: int                                # generator of reshuffles and later deals
    dealer: int
    sizes: tuple[int, ...]                        # each player's layout size (k) this hand
    slots: tuple[tuple[Card, ...], ...]           # each layout, slot 1 first
    face_up: tuple[tuple[bool, ...], ...]
    stock: tuple[Card, ...]                       # the next card drawn first
    discard: tuple[Card, ...]                     # bottom first, top last
    recycled: frozenset = frozenset()             # cards seen in the discard pile, shuffled into the stock
    turn: int = 0
    phase: str = START
    held: tuple[Card, ...] = ()                   # the card in hand (face up) during a turn
    turns: int = 0                                # turns begun this hand
    reshuffles: int = 0
    last: tuple = ()                              # (seat, what happened) of the latest step, for the table
    wins: tuple[int, ...] = ()                    # hands won by each player
    sheet: tuple[HandRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def card(self) -> Card | None:
        """The card in the hand of the player to move (None at the start of a turn)."""
        return self.held[0] if self.held else None

    def face_down_slots(self, seat: int) -> list[int]:
        """Slot numbers (from 1) of ``seat``'s face-down slots."""
        return [i + 1 for i, up in enumerate(self.face_up[seat]) if not up]

    def jack_slots(self, seat: int) -> list[int]:
        """Slot numbers holding a jack face up."""
        return [i + 1 for i, (c, up) in enumerate(zip(self.slots[seat], self.face_up[seat])) if up and is_jack(c)]

    def fits(self, card: Card, seat: int) -> bool:
        """True when ``card`` can go into ``seat``'s layout (a jack, or its slot face down or a jack's)."""
        if is_jack(card):
            return bool(self.face_down_slots(seat))
        r = slot_of(card)
        if r is None or r > self.sizes[seat]:
            return False
        return not self.face_up[seat][r - 1] or is_jack(self.slots[seat][r - 1])

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase == START:
            top = self.discard[-1] if self.discard else None
            if top is not None and self.fits(top, seat):
                take = card_action(TAKE, top)
                return [take] if self.options.must_take_fitting_discard else [take, Action(DRAW)]
            return [Action(DRAW)]
        if self.phase == PLACE_JACK:
            return [Action(JACK, (str(r),)) for r in self.face_down_slots(seat)]
        return [Action(SWAP), Action(DISCARD)]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "TrashState":
        if action.kind == DRAW:
            state = self._restock() if not self.stock else self
            card = state.stock[0]
            state = replace(state, stock=state.stock[1:], recycled=state.recycled - {card},
                            turns=self.turns + 1, last=(seat, f"drew {card} from the stock"))
            return state._continue(seat, card)
        if action.kind == TAKE:
            card = self.discard[-1]
            state = replace(self, discard=self.discard[:-1], turns=self.turns + 1,
                            last=(seat, f"took {card} from the discard pile"))
            return state._continue(seat, card)
        if action.kind == JACK:
            return self._put(seat, int(action.args[0]), self.card, f"put {self.card} in slot {action.args[0]}")
        if action.kind == SWAP:
            r = slot_of(self.card)
            return self._put(seat, r, self.card, f"put {self.card} in slot {r} and took back its jack")
        # declined swap: the card is discarded and the turn ends
        return replace(self, last=(seat, f"kept the jack and discarded {self.card}"))._end_turn(seat)

    def _restock(self) -> "TrashState":
        """The stock is empty: keep the discard's top card, shuffle the rest into a new stock."""
        rng = Rng(0)
        rng.state = self.rng_state
        stock = tuple(rng.shuffled(self.discard[:-1]))
        return replace(self, stock=stock, discard=self.discard[-1:], recycled=frozenset(stock),
                       rng_state=rng.state, reshuffles=self.reshuffles + 1)

    def _put(self, seat: int, slot: int, card: Card, what: str) -> "TrashState":
        """Place ``card`` face up in ``slot`` by the player's choice and go on with the slot's old card."""
        return replace(self, last=(seat, what))._place(seat, slot, card)

    def _place(self, seat: int, slot: int, card: Card) -> "TrashState":
        """``card`` goes face up in ``slot``; the slot's old card is the new card in hand (or the hand is won)."""
        old = self.slots[seat][slot - 1]
        layout = _with(self.slots[seat], slot - 1, card)
        shown = _with(self.face_up[seat], slot - 1, True)
        state = replace(self, slots=_with(self.slots, seat, layout), face_up=_with(self.face_up, seat, shown),
                        held=(old,))
        if all(shown):
            return state._finish_hand(seat)
        return state._continue(seat, old)

    def _continue(self, seat: int, card: Card) -> "TrashState":
        """Go on with ``card`` in hand: place it when it must go somewhere, stop where a choice waits."""
        state = replace(self, held=(card,))
        if is_jack(card):
            down = state.face_down_slots(seat)
            if len(down) > 1:
                return replace(state, phase=PLACE_JACK)
            # one face-down slot left: the jack has only one place to go
            slot = down[0]
        else:
            slot = slot_of(card)
            if slot is None or slot > state.sizes[seat]:
                return state._end_turn(seat)
            if state.face_up[seat][slot - 1]:
                if is_jack(state.slots[seat][slot - 1]):
                    return replace(state, phase=OFFER_SWAP)
                return state._end_turn(seat)
        return state._place(seat, slot, card)

    def _end_turn(self, seat: int) -> "TrashState":
        """Discard the card in hand; the next player (to the left) is to move."""
        state = replace(self, discard=self.discard + self.held, held=(), phase=START,
                        turn=(seat + 1) % self.players)
        if state.turns >= MAX_TURNS:
            return state._finish_hand(None)
        return state

    def _finish_hand(self, winner: int | None) -> "TrashState":
        """Score the hand (one hand won for ``winner``, None for a void hand) and deal the next one."""
        wins = self.wins if winner is None else _with(self.wins, winner, self.wins[winner] + 1)
        record = HandRecord(self.dealer, winner, self.sizes, tuple(sum(u) for u in self.face_up), self.turns, wins)
        state = replace(self, wins=wins, sheet=self.sheet + (record,), phase=START,
                        last=(winner, "won the hand") if winner is not None else (None, "the hand stalled: void"))
        if winner is not None and self.sizes[winner] == 1:
            return replace(state, over=True)
        sizes = self.sizes if winner is None else _with(self.sizes, winner, self.sizes[winner] - 1)
        if len(state.sheet) >= MAX_HANDS:
            return replace(state, over=True, sizes=sizes)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(make_pack(self.players))
        return _deal(self.options, rng, (self.dealer + 1) % self.players, sizes, deck,
                     wins=wins, sheet=state.sheet, last=state.last)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Hands won by each player (the match winner has won ``start_slots`` of them)."""
        return self.wins

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    @property
    def winners(self) -> tuple[int, ...]:
        """The match's winner (several when the guard ended it level); empty while it goes on."""
        if not self.over:
            return ()
        least = min(self.sizes)
        last = self.sheet[-1].winner if self.sheet else None
        if last is not None and self.sheet[-1].slots[last] == 1:
            return (last,)
        return tuple(s for s in range(self.players) if self.sizes[s] == least)

    def score_events(self) -> list[ScoreEvent]:
        """A hand won per finished hand, with the size of the layout completed."""
        return [ScoreEvent(n, (r.winner,), 1, f"completed a {r.slots[r.winner]}-slot layout",
                           {"slots": r.slots[r.winner], "turns": r.turns})
                for n, r in enumerate(self.sheet, 1) if r.winner is not None]

    def progress(self, seat: int) -> float:
        """Hands won plus the share of the current layout face up (for search)."""
        if self.over:
            return float(self.wins[seat]) + (1.0 if seat in self.winners else 0.0)
        return self.wins[seat] + sum(self.face_up[seat]) / (self.sizes[seat] + 1)

    def utility(self, seat: int) -> float:
        """Hands won against the mean of the others, plus a little for slots face up now."""
        others = [self.progress(s) for s in range(self.players) if s != seat]
        return self.progress(seat) - sum(others) / len(others)

    def standings(self) -> list[dict]:
        """Players by hands won, with their layout's size now."""
        rows = super().standings()
        for row in rows:
            row["slots"] = self.sizes[row["seats"][0]]
            row["winner"] = row["seats"][0] in self.winners
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {}
        for s in range(self.players):
            for i, (card, up) in enumerate(zip(self.slots[s], self.face_up[s])):
                zones[f"slot:{s}:{i + 1}"] = Zone((card,), Visibility.PUBLIC if up else Visibility.HIDDEN, s,
                                                  grid=(i // ROW, i % ROW))
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["discard"] = Zone(self.discard, Visibility.PUBLIC)
        for s in range(self.players):
            zones[f"hand:{s}"] = Zone(self.held if s == self.turn else (), Visibility.PUBLIC, s)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "TrashState":
        slots = tuple(tuple(zones.get(f"slot:{s}:{i + 1}", (c,))[0] for i, c in enumerate(self.slots[s]))
                      for s in range(self.players))
        return replace(self, slots=slots, stock=tuple(zones.get("stock", self.stock)))

    def determinize_constraints(self, seat: int):
        """Cards seen in the discard pile and shuffled back into the stock cannot lie face down in a layout."""
        if not self.recycled:
            return {}
        recycled = self.recycled
        allow = {f"slot:{s}:{i + 1}": (lambda c: c not in recycled)
                 for s in range(self.players) for i in range(len(self.slots[s]))}
        allow["stock"] = lambda c: c in recycled
        return allow

    def public(self, seat: int | None) -> dict:
        return {
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "phase": self.phase,
            "card_in_hand": str(self.card) if self.card else None,
            "slots": list(self.sizes),
            "face_up": [sum(u) for u in self.face_up],
            "jacks_in_layout": [self.jack_slots(s) for s in range(self.players)],
            "stock": len(self.stock),
            "stock_reshuffled": bool(self.recycled),
            "discard_top": str(self.discard[-1]) if self.discard else None,
            "reshuffles": self.reshuffles,
            "turns_this_hand": self.turns,
            "last": {"seat": self.last[0], "what": self.last[1]} if self.last else None,
            "hands_won": list(self.wins),
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "winners": list(self.winners),
            "must_take_fitting_discard": self.options.must_take_fitting_discard,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "winner": r.winner, "slots": list(r.slots),
                 "face_up": list(r.face_up), "turns": r.turns, "hands_won": list(r.hands_won)}
                for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _deal(options: TrashOptions, rng: Rng, dealer: int, sizes: tuple[int, ...], deck, **carry) -> TrashState:
    """Deal each layout from ``deck`` (the dealer's left first, slot 1 first); the rest is the stock."""
    n = options.players
    at = 0
    slots: list[tuple[Card, ...]] = [()] * n
    for i in range(n):
        s = (dealer + 1 + i) % n
        slots[s] = tuple(deck[at:at + sizes[s]])
        at += sizes[s]
    return TrashState(options=options, rng_state=rng.state, dealer=dealer, sizes=tuple(sizes), slots=tuple(slots),
                      face_up=tuple((False,) * k for k in sizes), stock=tuple(deck[at:]), discard=(),
                      turn=(dealer + 1) % n, wins=carry.get("wins", (0,) * n), sheet=carry.get("sheet", ()),
                      last=carry.get("last", ()))


def parse_deal(deal: Any, options: TrashOptions, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "layouts": [[k cards, slot 1 first], …one per seat, seat 0
    first], "stock": [the other cards, the next drawn first]}`` with k = ``start_slots``.
    ``stock`` may be left out: the undealt cards are then shuffled from the match seed."""
    n, k = options.players, options.start_slots
    pack = make_pack(n)
    shape = (f"a Trash deal is an object with 'dealer' (a seat from 0 to {n - 1}), 'layouts' ({k} cards for "
             f"each seat, slot 1 first, seat 0 first) and optionally 'stock' (the other cards, next drawn first)")
    reader = DealReader(deal, pack, shape=shape, fields=("dealer", "layouts", "stock"),
                        pack_name=f"the {len(pack)}-card pack" + (" (copies numbered #1…)" if len(pack) > 52 else ""))
    dealer = reader.seat("dealer", n)
    layouts = reader.hands(n, k, key="layouts", what="layout")
    stock = reader.rest("stock", rng)
    order = [c for i in range(n) for c in layouts[(dealer + 1 + i) % n]]
    return dealer, order + stock


class Trash(Game):
    """The Trash ruleset."""

    name = "trash"
    title = "Trash"
    family = "layout"
    min_players = 2
    max_players = 8
    summary = ("Fill a face-down layout of ten slots, ace to ten: each card placed turns up the card it "
               "covers; jacks are wild. Each hand won leaves you one slot fewer; first to finish a one-slot "
               "layout wins.")
    Options = TrashOptions
    State = TrashState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: TrashOptions, seed: int, deal: Any) -> TrashState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, options, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(make_pack(options.players))
        return _deal(options, rng, dealer, (options.start_slots,) * options.players, deck)


GAME = Trash()
