"""Beggar-My-Neighbor (GAMES.md G36): two stacks, turned one card at a time; no decisions.

Players and pack. Two players, a 52-card pack. The dealer deals it out, 26 cards each; each
player keeps the cards in a face-down stack and never looks at them. The non-dealer turns
first (``dealer_plays_first`` lets the dealer start instead). The first dealer comes from
the match seed; the deal then alternates.

Play. The players take turns to turn their top card face up onto a common pile. Aces,
kings, queens and jacks are *penalty cards*: whoever turns one makes the opponent pay
4, 3, 2 or 1 cards respectively, turned one at a time onto the pile. If a card paid is
itself a penalty card, the payment stops and the other player now pays for that card,
and so on. When a payment is completed without a penalty card, the player of the last
penalty card takes the whole pile under their stack and turns the next card. The pile
goes under the stack in the order it was played: the card turned first comes up first
(``pile_order`` = ``as_played``; ``reversed``: the card turned last comes up first).

End of a deal. A player who must turn or pay but has no cards left loses the deal; the
other takes the pile and holds all 52 cards. A deal can go on for ever: the position after
each pile is taken (both stacks in order and whose turn it is) is recorded, and when one
repeats, the deal can never end, so it is declared drawn. (Every endless deal passes such
a position again and again, so the guard is exact: no deal that would end is cut short.)

Match. A match is ``deals`` deals (1 by default); each deal won scores 1, a drawn deal
nobody. The player with more deals won wins the match; equal totals share it.

Nothing is ever chosen: the one legal action of the player to move is ``turn``. Each
stack is two zones: ``stack:<seat>``, the cards as dealt that nobody has seen yet, and
``taken:<seat>``, the piles it has taken below them, in order (both players saw those
cards turned, so they are known, though face down).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, standard_pack
from solvers.deals import DealReader
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable

PACK = tuple(standard_pack())
STACK = 26
TURN = "turn"
TURN_ACTION = Action(TURN)
PENALTY = {Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3, Rank.ACE: 4}
SEAT_NAMES = ("South", "North")
# one character a card, so a recorded position is a short string
_CODE = {card: chr(ord("0") + i) for i, card in enumerate(PACK)}


def payment_due(card: Card) -> int:
    """Cards the opponent must pay for ``card``: 4 for an ace, 3 a king, 2 a queen, 1 a jack, else 0."""
    return PENALTY.get(card.rank, 0)


def position_key(stacks, turn: int) -> str:
    """The recorded position after a pile is taken: both stacks in order and who turns next."""
    return "".join(_CODE[c] for c in stacks[0]) + "|" + "".join(_CODE[c] for c in stacks[1]) + str(turn)


@serializable
@dataclass(frozen=True)
class BeggarOptions:
    """Variants of Beggar-My-Neighbor."""

    deals: int = option(1, "deals in a match; each deal won scores 1, and whoever wins more deals wins "
                           "the match", minimum=1, maximum=25)
    dealer_plays_first: bool = option(False, "the dealer turns the first card; off: the dealer's "
                                             "opponent turns first")
    pile_order: str = option("as_played", "how a pile won goes under the winner's stack: as_played (the card "
                                          "turned first comes up first) or reversed (the card turned last "
                                          "comes up first)", choices=("as_played", "reversed"))


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: a finished deal."""

    dealer: int
    winner: int | None           # None: drawn by repetition
    cards_turned: int
    piles_won: tuple[int, int]
    deals_won: tuple[int, int]   # after this deal


@serializable
@dataclass(frozen=True)
class BeggarState(State):
    """A moment of a Beggar-My-Neighbor match."""

    options: BeggarOptions
    rng_state: int                                   # generator state for the next deal
    dealer: int
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]]  # each stack's unturned dealt cards, top first
    taken: tuple[tuple[Card, ...], tuple[Card, ...]]  # the piles each took, under the dealt cards
    pile: tuple[Card, ...]                           # the common pile, first turned first
    turn: int                                        # who turns next
    owed: int = 0                                    # cards ``turn`` still owes (0: no payment)
    claimant: int | None = None                      # who turned the last penalty card
    cards_turned: int = 0                            # this deal
    piles_won: tuple[int, int] = (0, 0)              # this deal
    positions: tuple[str, ...] = ()                  # recorded after each pile taken, this deal
    last_turn: tuple = ()                            # (seat, card) of the latest card turned
    deal_owned: bool = False                         # the caller typed this deal in
    deals_won: tuple[int, int] = (0, 0)
    sheet: tuple[DealRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        return [TURN_ACTION]

    def stack(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s whole stack, top first (dealt cards, then the piles taken)."""
        return self.dealt[seat] + self.taken[seat]

    def stack_size(self, seat: int) -> int:
        """Cards in ``seat``'s stack."""
        return len(self.dealt[seat]) + len(self.taken[seat])

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "BeggarState":
        dealt, taken = list(self.dealt), list(self.taken)
        if dealt[seat]:
            card, dealt[seat] = dealt[seat][0], dealt[seat][1:]
        else:
            card, taken[seat] = taken[seat][0], taken[seat][1:]
        state = replace(self, dealt=(dealt[0], dealt[1]), taken=(taken[0], taken[1]), pile=self.pile + (card,),
                        cards_turned=self.cards_turned + 1, last_turn=(seat, card))
        due = payment_due(card)
        if due:
            state = replace(state, turn=1 - seat, owed=due, claimant=seat)
        elif self.owed > 1:
            state = replace(state, owed=self.owed - 1)
        elif self.owed == 1:
            return state._take_pile(self.claimant)
        else:
            state = replace(state, turn=1 - seat)
        if not state.stack_size(state.turn):
            return state._end_deal(1 - state.turn)
        return state

    def _take_pile(self, winner: int) -> "BeggarState":
        """The payment is complete: the claimant takes the pile under the stack and turns next."""
        pile = self.pile if self.options.pile_order == "as_played" else self.pile[::-1]
        taken = list(self.taken)
        taken[winner] = taken[winner] + pile
        won = list(self.piles_won)
        won[winner] += 1
        state = replace(self, taken=(taken[0], taken[1]), pile=(), turn=winner, owed=0, claimant=None,
                        piles_won=(won[0], won[1]))
        if not state.stack_size(1 - winner):
            return state._end_deal(winner)
        key = position_key((state.stack(0), state.stack(1)), winner)
        if key in self.positions:
            return state._end_deal(None)
        return replace(state, positions=self.positions + (key,))

    def _end_deal(self, winner: int | None) -> "BeggarState":
        """The deal is over: the winner takes what is on the pile; it goes on the score sheet."""
        state = self
        if winner is not None and self.pile:
            taken = list(self.taken)
            taken[winner] = taken[winner] + self.pile
            state = replace(self, taken=(taken[0], taken[1]), pile=())
        won = list(self.deals_won)
        if winner is not None:
            won[winner] += 1
        record = DealRecord(self.dealer, winner, self.cards_turned, self.piles_won, (won[0], won[1]))
        state = replace(state, owed=0, claimant=None, deals_won=record.deals_won, sheet=self.sheet + (record,))
        if len(state.sheet) >= self.options.deals:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        return _deal(self.options, rng, 1 - self.dealer, rng.shuffled(PACK), deals_won=state.deals_won,
                     sheet=state.sheet, last_turn=self.last_turn)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, int]:
        """Deals won by each seat."""
        return self.deals_won

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One row per finished deal: 1 to its winner, or a drawn deal worth nothing."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            detail = {"cards_turned": r.cards_turned, "piles_won": list(r.piles_won)}
            if r.winner is None:
                events.append(ScoreEvent(number, (0, 1), 0, "drawn: a position repeated, the deal never ends",
                                         detail))
            else:
                events.append(ScoreEvent(number, (r.winner,), 1, "won the deal: holds all 52 cards", detail))
        return events

    def standings(self) -> list[dict]:
        """Both players by deals won, with the piles they won over the match."""
        rows = super().standings()
        for row in rows:
            seat = row["seats"][0]
            row["piles_won"] = sum(r.piles_won[seat] for r in self.sheet)
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {}
        for s in (0, 1):
            zones[f"stack:{s}"] = Zone(self.dealt[s], Visibility.HIDDEN, s)
            # both players saw these cards turned; they lie face down under the stack
            zones[f"taken:{s}"] = Zone(self.taken[s], Visibility.SEEN, s)
        zones["pile"] = Zone(self.pile, Visibility.PUBLIC)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "BeggarState":
        dealt = tuple(tuple(zones.get(f"stack:{s}", self.dealt[s])) for s in (0, 1))
        return replace(self, dealt=dealt)

    def public(self, seat: int | None) -> dict:
        payment = None
        if self.owed:
            penalty = next(c for c in reversed(self.pile) if payment_due(c))
            payment = {"payer": self.turn, "to": self.claimant, "still_owed": self.owed, "for": str(penalty)}
        last = {"seat": self.last_turn[0], "card": str(self.last_turn[1])} if self.last_turn else None
        return {
            "seat_names": list(SEAT_NAMES),
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "stack_sizes": [self.stack_size(0), self.stack_size(1)],
            "pile_size": len(self.pile),
            "pile_top": str(self.pile[-1]) if self.pile else None,
            "payment": payment,
            "cards_turned": self.cards_turned,
            "piles_won": list(self.piles_won),
            "positions_recorded": len(self.positions),
            "last_turn": last,
            "deal_number": len(self.sheet) + (0 if self.over else 1),
            "deals": self.options.deals,
            "deals_won": list(self.deals_won),
            "deal_typed_in": self.deal_owned,
            "score_sheet": [
                {"deal": i + 1, "dealer": r.dealer, "winner": r.winner, "drawn": r.winner is None,
                 "cards_turned": r.cards_turned, "piles_won": list(r.piles_won), "deals_won": list(r.deals_won)}
                for i, r in enumerate(self.sheet)],
        }


def first_player(options: BeggarOptions, dealer: int) -> int:
    """Who turns the first card of a deal."""
    return dealer if options.dealer_plays_first else 1 - dealer


def _deal(options: BeggarOptions, rng: Rng, dealer: int, deck: list[Card], **carry) -> BeggarState:
    """Deal ``deck`` out one card at a time, the dealer's opponent first: 26 cards each."""
    stacks: list[list[Card]] = [[], []]
    for i, card in enumerate(deck):
        stacks[(dealer + 1 + i) % 2].append(card)
    return BeggarState(options=options, rng_state=rng.state, dealer=dealer,
                       dealt=(tuple(stacks[0]), tuple(stacks[1])), taken=((), ()), pile=(),
                       turn=first_player(options, dealer), **carry)


DEAL_SHAPE = ("a Beggar-My-Neighbor deal is an object with 'stacks': two lists of 26 cards, seat 0's "
              "stack first, each listed from the top card down; and optionally 'first': the seat that "
              "turns the first card (0 by default, so the first stack's owner starts)")


def parse_deal(deal: Any, options: BeggarOptions) -> tuple[int, tuple[list[Card], list[Card]]]:
    """Read an explicit first deal; return the dealer and both stacks (top first).

    The deal is ``{"stacks": [[26 cards], [26 cards]], "first": 0}``: each stack from its
    top card down, seat 0 first; ``first`` (0 by default) is the seat that turns first, and
    the dealer is then the other seat (or that seat when the dealer plays first)."""
    reader = DealReader(deal, PACK, shape=DEAL_SHAPE, pack_name="the 52-card pack", fields=("stacks", "first"))
    first = reader.seat("first", 2)
    stacks = reader.hands(2, STACK, key="stacks", what="stack")
    dealer = first if options.dealer_plays_first else 1 - first
    return dealer, (stacks[0], stacks[1])


@dataclass(frozen=True)
class DealEnd:
    """How a deal ends when played out: the winner (None: drawn), cards turned and piles won."""

    winner: int | None
    cards_turned: int
    piles_won: tuple[int, int]


def play_out(state: BeggarState) -> DealEnd:
    """Play the current deal of ``state`` to its end by the same rules as ``turn``, fast.

    It reads both stacks in full (cards nobody has seen), so only an oracle may use it."""
    stacks = [deque(state.stack(0)), deque(state.stack(1))]
    pile = list(state.pile)
    turn, owed, claimant = state.turn, state.owed, state.claimant
    turned, won = state.cards_turned, list(state.piles_won)
    seen = set(state.positions)
    reverse = state.options.pile_order == "reversed"
    while True:
        if not stacks[turn]:
            return DealEnd(1 - turn, turned, (won[0], won[1]))
        card = stacks[turn].popleft()
        pile.append(card)
        turned += 1
        due = PENALTY.get(card.rank, 0)
        if due:
            turn, owed, claimant = 1 - turn, due, turn
        elif owed > 1:
            owed -= 1
        elif owed == 1:
            stacks[claimant].extend(reversed(pile) if reverse else pile)
            pile = []
            won[claimant] += 1
            turn, owed = claimant, 0
            if not stacks[1 - turn]:
                return DealEnd(turn, turned, (won[0], won[1]))
            key = position_key(stacks, turn)
            if key in seen:
                return DealEnd(None, turned, (won[0], won[1]))
            seen.add(key)
        else:
            turn = 1 - turn


class BeggarMyNeighbor(Game):
    """The Beggar-My-Neighbor ruleset."""

    name = "beggar-my-neighbor"
    title = "Beggar-My-Neighbor"
    family = "war"
    min_players = 2
    max_players = 2
    summary = ("Two face-down stacks turned in turn onto a pile: an ace, king, queen or jack makes the "
               "opponent pay 4, 3, 2 or 1 cards, and whoever turned the last one takes the pile. "
               "Win all 52 cards. No decisions: the deal decides.")
    Options = BeggarOptions
    State = BeggarState
    seat_names = SEAT_NAMES
    hint_modes = ("fair", "oracle")
    all_seeing_modes = ("oracle",)

    def players_for(self, options) -> int:
        return 2

    def start(self, options: BeggarOptions, seed: int, deal: Any) -> BeggarState:
        rng = Rng(seed)
        if deal is None:
            dealer = rng.below(2)  # the first dealer comes from the match seed
            return _deal(options, rng, dealer, rng.shuffled(PACK))
        dealer, stacks = parse_deal(deal, options)
        return BeggarState(options=options, rng_state=rng.state, dealer=dealer,
                           dealt=(tuple(stacks[0]), tuple(stacks[1])), taken=((), ()), pile=(),
                           turn=first_player(options, dealer), deal_owned=True)


GAME = BeggarMyNeighbor()
