"""Sam Sip, or Pa-Som Sip (GAMES.md G25): the Thai "mixing tens" draw-and-discard game.

Players and pack. Two to six players (best four or five). A 52-card pack with three jokers,
55 cards (``jokers`` 2: 54 cards). Deal and play go counter-clockwise: the seat after ``s``
is ``s - 1`` (to its right), skipping players already out.

Deal. The dealer deals five cards to each player, one at a time, starting with themself,
then turns the next card face up as the wild-card indicator; the undealt rest is the stock
(the cut the seed describes only sets where the deal starts, so a shuffle stands for it).
The indicator is never picked up. Wild cards are every joker and the three other cards of
the indicator's rank; a joker indicator makes no rank wild.

Play. The dealer starts by drawing the top card of the stock (six cards) and discards one
face up in front of the next player. Each later player either takes that card (the only
discard anyone may take: earlier discards stay dead in the pile in front of their player)
or draws the stock's top card, then discards one in front of the next player.

Winning. As soon as a player holds six cards that make three pairs they win the deal
(the win is made automatically when the card is drawn or taken). A pair is two cards
adding up to ten (ace 1: A+9, 2+8, 3+7, 4+6, 5+5), two tens, or two equal court cards;
a wild card pairs with any card (two wilds too). Two special hands win as well: three aces
and any three cards, and six cards of one suit. A wild card may stand for a missing ace
or a card of the suit (``wilds_in_specials``, on by default: a GAMES.md proposal, as the
seed says a wild replaces "any needed card").

Stock exhaustion (GAMES.md proposal; the seed says nothing). Once the stock is empty each
player must take the discard offered to them; when every player still in has had one such
turn without a win, the deal is void: nobody pays, the stake stays and the same dealer
deals again.

Stakes. Every player starts with ``start_chips`` chips (100). The first deal is played for
5 chips, and the stake rises by 5 each deal (10, 15, …). Every loser at once pays the stake
to the winner; a player who cannot pay it in full pays what they have and is out, and so
is a player left with no chips. After a deal in which someone went out the stake drops back
to 5. The winner deals the next deal; the first dealer comes from the match seed. The last
player left wins the match. A guard (``max_deals``, 200) ends the match after that many
deals (void ones included); the chips then decide the places.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping

from solvers.cards import Card, Rng, pack_with_jokers, parse_card
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.games.sam_sip_hands import pair_plan, wild_rank, winning_hand

__all__ = ["SamSip", "SamSipOptions", "SamSipState", "DealRecord", "GAME", "HAND", "DRAW", "TAKE",
           "DISCARD", "STAKE_STEP", "pack_for", "next_active"]

HAND = 5
DRAW, TAKE, DISCARD = "draw", "take", "discard"
STAKE_STEP = 5


@lru_cache(maxsize=None)
def pack_for(jokers: int) -> tuple[Card, ...]:
    """The pack: 52 cards and ``jokers`` jokers."""
    return tuple(pack_with_jokers(jokers))


@serializable
@dataclass(frozen=True)
class SamSipOptions:
    """Variants of Sam Sip."""

    players: int = option(4, "number of players", minimum=2, maximum=6)
    jokers: int = option(3, "jokers in the pack: 3 (55 cards) or 2 (54 cards)", choices=(2, 3))
    wilds_in_specials: bool = option(True, "a wild card may stand for a missing ace in three aces, or for a "
                                           "card of the suit in six of one suit")
    start_chips: int = option(100, "chips each player starts with; a player who cannot pay the stake is out",
                              minimum=5, maximum=100_000)
    max_deals: int = option(200, "the match ends after this many deals at the latest (void deals included); "
                                 "then the most chips wins", minimum=1, maximum=10_000)


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: a finished deal."""

    dealer: int
    indicator: str
    stake: int
    winner: int | None                      # None: a void deal (the stock ran out)
    hand: str                               # the winning six cards, e.g. "3H 7D 9S AH KS X1"
    how: str                                # "three pairs", "three aces", "six of one suit", "void"
    pairs: str                              # the three pairs of a three-pairs win, e.g. "3H+7D 9S+AH KS+X1"
    paid: tuple[int, ...]                   # chips each seat paid (the winner receives their sum)
    out: tuple[int, ...]                    # seats that went out in this deal
    chips: tuple[int, ...]                  # chips after the deal


def next_active(seat: int, active: tuple[bool, ...]) -> int:
    """The next player still in after ``seat``, counter-clockwise."""
    n = len(active)
    for step in range(1, n + 1):
        other = (seat - step) % n
        if active[other]:
            return other
    return seat


@serializable
@dataclass(frozen=True)
class SamSipState(State):
    """A moment of a Sam Sip match."""

    options: SamSipOptions
    rng_state: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]                  # face down, the next card drawn first
    indicator: Card
    discards: tuple[tuple[Card, ...], ...]   # the pile in front of each seat, oldest first
    turn: int
    phase: str                               # DRAW or DISCARD
    offered: bool                            # the top of the turn seat's pile may be taken
    taken: tuple[tuple[Card, ...], ...]      # cards each seat took from a pile and still holds
    chips: tuple[int, ...]
    active: tuple[bool, ...]
    stake: int
    empty_turns: int = 0                     # turns played since the stock ran out
    sheet: tuple[DealRecord, ...] = ()
    last: tuple = ()                         # (seat, what, card or None) of the latest action
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def wild(self) -> int | None:
        """The wild rank (None: only the jokers are wild)."""
        return wild_rank(self.indicator)

    @property
    def offer(self) -> Card | None:
        """The discard the seat to move may take now (None when there is none)."""
        if self.phase == DRAW and self.offered and self.discards[self.turn]:
            return self.discards[self.turn][-1]
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase == DRAW:
            acts = []
            if self.stock:
                acts.append(Action(DRAW))
            if self.offer is not None:
                acts.append(card_action(TAKE, self.offer))
            return acts
        return [card_action(DISCARD, c) for c in _sorted(self.hands[seat])]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "SamSipState":
        hands = list(self.hands)
        if action.kind == DISCARD:
            card = parse_card(action.args[0])
            hands[seat] = tuple(c for c in hands[seat] if c != card)
            target = next_active(seat, self.active)
            discards = _with(self.discards, target, self.discards[target] + (card,))
            taken = _with(self.taken, seat, tuple(c for c in self.taken[seat] if c != card))
            return replace(self, hands=tuple(hands), discards=discards, taken=taken, turn=target, phase=DRAW,
                           offered=True, last=(seat, DISCARD, card))
        empty_before = not self.stock
        if action.kind == DRAW:
            card, stock = self.stock[0], self.stock[1:]
            state = replace(self, stock=stock, last=(seat, DRAW, None))
        else:
            card = self.discards[seat][-1]
            state = replace(self, discards=_with(self.discards, seat, self.discards[seat][:-1]),
                            taken=_with(self.taken, seat, self.taken[seat] + (card,)), last=(seat, TAKE, card))
        hands[seat] = _sorted(hands[seat] + (card,))
        state = replace(state, hands=tuple(hands), phase=DISCARD, offered=False)
        how = winning_hand(hands[seat], self.wild, self.options.wilds_in_specials)
        if how:
            return state._settle(seat, how)
        if empty_before:
            turns = self.empty_turns + 1
            if turns >= sum(self.active):
                return state._settle(None, "void")
            state = replace(state, empty_turns=turns)
        return state

    def _settle(self, winner: int | None, how: str) -> "SamSipState":
        """Pay the stake to the winner (or void the deal) and deal again, or end the match."""
        n = self.players
        paid = [0] * n
        chips = list(self.chips)
        active = list(self.active)
        out: list[int] = []
        if winner is not None:
            for s in range(n):
                if s == winner or not active[s]:
                    continue
                paid[s] = min(self.stake, chips[s])
                chips[s] -= paid[s]
                chips[winner] += paid[s]
                if chips[s] == 0:
                    active[s] = False
                    out.append(s)
        hand = self.hands[winner] if winner is not None else ()
        pairs = (pair_plan(hand, self.wild) or ()) if how == "three pairs" else ()
        record = DealRecord(self.dealer, str(self.indicator), self.stake, winner, " ".join(map(str, hand)), how,
                            " ".join(f"{a}+{b}" for a, b in pairs), tuple(paid), tuple(out), tuple(chips))
        stake = STAKE_STEP if out else (self.stake + STAKE_STEP if winner is not None else self.stake)
        state = replace(self, chips=tuple(chips), active=tuple(active), sheet=self.sheet + (record,), stake=stake)
        if sum(active) <= 1 or len(state.sheet) >= self.options.max_deals:
            return replace(state, over=True)
        dealer = winner if winner is not None else self.dealer
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(pack_for(self.options.jokers))
        return _deal(self.options, rng, dealer, deck, state)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Chips each seat holds."""
        return self.chips

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """Every payment of every deal: what each loser paid and what the winner took."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            if r.winner is None:
                continue
            for s, amount in enumerate(r.paid):
                if amount:
                    source = "stake paid to the winner" + (" (all they had: out)" if s in r.out else "")
                    events.append(ScoreEvent(number, (s,), -amount, source, {"stake": r.stake, "to": r.winner}))
            events.append(ScoreEvent(number, (r.winner,), sum(r.paid), f"won the deal: {r.how}",
                                     {"stake": r.stake, "losers": sum(1 for p in r.paid if p)}))
        return events

    def utility(self, seat: int) -> float:
        """Chips ahead of the others' mean, so a search plays for chips."""
        others = [self.chips[s] for s in range(self.players) if s != seat]
        return float(self.chips[seat] - sum(others) / len(others))

    def standings(self) -> list[dict]:
        """Players by chips; among those out, whoever went out later ranks higher."""
        went_out = {s: i for i, r in enumerate(self.sheet) for s in r.out}
        order = sorted(range(self.players), key=lambda s: (-self.chips[s], -went_out.get(s, len(self.sheet)), s))
        rows = []
        for i, s in enumerate(order):
            rows.append({"seats": [s], "score": self.chips[s], "place": i + 1, "in": self.active[s]})
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["indicator"] = Zone((self.indicator,), Visibility.PUBLIC)
        for s in range(self.players):
            zones[f"discards:{s}"] = Zone(self.discards[s], Visibility.PUBLIC, s)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "SamSipState":
        hands = tuple(_sorted(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards a player took from the pile in front of them are known to be in their hand."""
        return {f"hand:{s}": self.taken[s] for s in range(self.players) if s != seat and self.taken[s]}

    def public(self, seat: int | None) -> dict:
        last = None
        if self.last:
            who, what, card = self.last
            last = {"seat": who, "action": what, "card": str(card) if card is not None else None}
        wild = self.wild
        return {
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "phase": None if self.over else self.phase,
            "direction": "counter-clockwise",
            "indicator": str(self.indicator),
            "wild_cards": ("jokers" if wild is None else f"jokers and every {_rank_name(wild)}"),
            "offer": str(self.offer) if self.offer is not None else None,
            "stock": len(self.stock),
            "stock_empty_turns": self.empty_turns,
            "stake": self.stake,
            "chips": list(self.chips),
            "in": list(self.active),
            "taken": [[str(c) for c in t] for t in self.taken],
            "deal_number": len(self.sheet) + (0 if self.over else 1),
            "last": last,
            "score_sheet": [
                {"deal": i + 1, "dealer": r.dealer, "indicator": r.indicator, "stake": r.stake,
                 "winner": r.winner, "how": r.how, "hand": r.hand.split(),
                 "pairs": [p.split("+") for p in r.pairs.split()], "paid": list(r.paid), "out": list(r.out),
                 "chips": list(r.chips)}
                for i, r in enumerate(self.sheet)],
        }


def _rank_name(rank: int) -> str:
    return {14: "ace", 11: "jack", 12: "queen", 13: "king", 10: "ten"}.get(rank, str(rank))


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.kind, c.rank, -1 if c.suit is None else c.suit)))


def _order(dealer: int, active: tuple[bool, ...]) -> list[int]:
    """The players still in, from the dealer round counter-clockwise."""
    seats = [dealer]
    s = next_active(dealer, active)
    while s != dealer:
        seats.append(s)
        s = next_active(s, active)
    return seats


def _deal(options: SamSipOptions, rng: Rng, dealer: int, deck, before: "SamSipState | None" = None,
          *, indicator: Card | None = None) -> SamSipState:
    """Deal five each one at a time from the dealer round, turn the indicator; the rest is the stock."""
    n = options.players
    active = before.active if before is not None else (True,) * n
    seats = _order(dealer, active)
    deck = list(deck)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(HAND * len(seats)):
        hands[seats[i % len(seats)]].append(deck[i])
    rest = deck[HAND * len(seats):]
    if indicator is None:
        indicator, rest = rest[0], rest[1:]
    carry = {}
    if before is not None:
        carry = {"chips": before.chips, "stake": before.stake, "sheet": before.sheet, "last": before.last}
    return SamSipState(options=options, rng_state=rng.state, dealer=dealer,
                       hands=tuple(_sorted(h) for h in hands), stock=tuple(rest), indicator=indicator,
                       discards=((),) * n, turn=dealer, phase=DRAW, offered=False, taken=((),) * n,
                       chips=carry.get("chips", (options.start_chips,) * n), active=active,
                       stake=carry.get("stake", STAKE_STEP), sheet=carry.get("sheet", ()),
                       last=carry.get("last", ()))


DEAL_SHAPE = ("a Sam Sip deal is an object with 'dealer' (a seat), 'hands' (five cards for each seat, seat 0 "
              "first), optionally 'indicator' (the card turned face up) and 'stock' (the undealt rest, the next "
              "card drawn first; give the indicator with it)")


def parse_deal(deal: Any, options: SamSipOptions, rng: Rng) -> tuple[int, list[Card], Card | None]:
    """Read an explicit first deal: the dealer, the cards in dealing order, and the indicator.

    ``{"dealer": 0, "hands": [[5 cards] x players], "indicator": "7H", "stock": [...]}``; the
    indicator and the stock may be left out (then they come from the shuffled rest)."""
    pack = pack_for(options.jokers)
    if isinstance(deal, Mapping):
        unknown = sorted(set(deal) - {"dealer", "hands", "indicator", "stock"})
        if unknown:
            raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {DEAL_SHAPE}", field="deal")
    reader = DealReader(deal, pack, shape=DEAL_SHAPE,
                        pack_name=f"the {len(pack)}-card pack (52 cards and {options.jokers} jokers X1-X{options.jokers})")
    n = options.players
    dealer = reader.seat("dealer", n)
    hands = reader.hands(n, HAND)
    given = reader.optional("indicator", "the indicator")
    indicator = None
    if given is not None:
        if len(given) != 1:
            raise CardsageError("deal.indicator must be one card", field="deal.indicator")
        indicator = given[0]
    elif deal.get("stock") is not None:
        raise CardsageError("give the indicator when you give the stock", field="deal.indicator")
    stock = reader.rest("stock", rng)
    seats = _order(dealer, (True,) * n)
    order = [hands[seats[i % n]][i // n] for i in range(HAND * n)]
    return dealer, order + stock, indicator


class SamSip(Game):
    """The Sam Sip ruleset."""

    name = "sam-sip"
    title = "Sam Sip"
    family = "draw and discard"
    min_players = 2
    max_players = 6
    summary = ("Thai draw-and-discard game: collect three pairs adding up to ten (or two tens, or two equal "
               "court cards) with jokers and the indicator's rank wild; losers pay a stake rising each deal "
               "until one player is left.")
    Options = SamSipOptions
    State = SamSipState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: SamSipOptions, seed: int, deal: Any) -> SamSipState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck, indicator = parse_deal(deal, options, rng)
            return _deal(options, rng, dealer, deck, indicator=indicator)
        dealer = rng.below(options.players)  # the first dealer comes from the match seed
        return _deal(options, rng, dealer, rng.shuffled(pack_for(options.jokers)))


GAME = SamSip()
