"""Old Maid (GAMES.md G37): draw blind from your neighbour, discard pairs, don't be left with the odd card.

Players and pack. Two to eight players (GAMES.md proposal), clockwise. A 52-card pack with
one card taken out or added so that exactly one card can never be paired, the "old maid"
(``odd_card``):

* ``remove_QC`` (default): the queen of clubs is taken out (51 cards);
* ``remove_AC``: the ace of clubs is taken out (51 cards);
* ``add_joker``: a joker is added (53 cards); the joker is the old maid;
* ``remove_random_hidden``: one card is taken out face down at random (it lies apart,
  unseen by anybody), so nobody knows which card the old maid is.

Pairs (``pairing``). ``rank``: any two cards of a rank pair. ``colour``: the two cards of a
rank must also have the same colour, spades with clubs and hearts with diamonds, so one
particular card is the old maid (the queen of spades when the queen of clubs is out).

Deal. The dealer deals all the cards one at a time from the left; hands may differ by one.
Then everybody discards all their pairs face up: two of a kind is one pair, three of a kind
is one pair out and one card kept (the highest suit, spades, hearts, diamonds, clubs, is
kept), four of a kind is two pairs. So no hand ever holds two cards that pair.

Turns. The dealer first offers their hand face down to the player on their left, who draws
one card blind (``draw <position>``, counting the offered cards from 1), discards the pair
it makes, if any, face up, and then offers their own hand to the player on their left, and
so on. Players without cards are skipped, both as offerer and as drawer. The order of the
offered hand: the engine shuffles it before every draw, so a draw is blind; with
``offerer_orders`` the offerer arranges it instead (``front <card>`` moves a card to the
first place, at most as many times as they hold cards; ``offer`` hands it over) and new
cards join the hand at the end.

End of a hand. When no pair is left among the cards still held, the player holding the
single unmatched card is left with the old maid and takes one loss.

Guard (GAMES.md asks for none; the game can go round without progress while the old maid
passes back and forth): after ``quiet_draw_limit`` draws in a row without a pair the hand is
abandoned and nobody takes a loss.

Match (not in the rule text). ``hands`` hands are played (default 3); the deal passes to
the left after each. Fewest losses win the match; equal counts share the place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Kind, Rank, Rng, Suit, parse_card, standard_pack
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable

DRAW = "draw"
FRONT = "front"
OFFER = "offer"
JOKER = Card(Kind.JOKER, None, 1)
QUEEN_OF_CLUBS = Card.standard(Rank.QUEEN, Suit.CLUBS)
ACE_OF_CLUBS = Card.standard(Rank.ACE, Suit.CLUBS)
ODD_CARDS = ("remove_QC", "remove_AC", "add_joker", "remove_random_hidden")
PAIRINGS = ("rank", "colour")


def pack_for(odd_card: str) -> tuple[Card, ...]:
    """The cards in play (and the face-down removed card) for an ``odd_card`` choice."""
    pack = standard_pack()
    if odd_card == "remove_QC":
        return tuple(c for c in pack if c != QUEEN_OF_CLUBS)
    if odd_card == "remove_AC":
        return tuple(c for c in pack if c != ACE_OF_CLUBS)
    if odd_card == "add_joker":
        return tuple(pack) + (JOKER,)
    return tuple(pack)


def pair_class(card: Card, pairing: str):
    """What two cards must share to pair: the rank, or the rank and the colour; the joker pairs
    with nothing."""
    if card.kind == Kind.JOKER:
        return ("joker",)
    if pairing == "colour":
        return (card.rank, card.is_red)
    return (card.rank,)


def split_pairs(cards, pairing: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards a hand keeps and the pairs it discards: of each class, pairs go out and an
    odd card stays (the one of the highest suit)."""
    groups: dict = {}
    for c in sorted(cards, key=_order):
        groups.setdefault(pair_class(c, pairing), []).append(c)
    keep, out = [], []
    for group in groups.values():
        if len(group) % 2:
            keep.append(group[-1])
            group = group[:-1]
        out.extend(group)
    return tuple(sorted(keep, key=_order)), tuple(out)


def has_pair(cards, pairing: str) -> bool:
    """True when two of ``cards`` pair."""
    counts = Counter(pair_class(c, pairing) for c in cards)
    return any(n >= 2 for n in counts.values())


@serializable
@dataclass(frozen=True)
class OldMaidOptions:
    """Variants of Old Maid."""

    players: int = option(4, "number of players", minimum=2, maximum=8)
    odd_card: str = option("remove_QC", "which card makes the old maid: take out the queen of clubs, take "
                                        "out the ace of clubs, add a joker, or take out one card at random "
                                        "face down so nobody knows which card it is", choices=ODD_CARDS)
    pairing: str = option("rank", "rank: any two cards of a rank pair; colour: they must also be the same "
                                  "colour (spades with clubs, hearts with diamonds)", choices=PAIRINGS)
    offerer_orders: bool = option(False, "the offerer arranges their hand before offering it; off: the hand "
                                         "is shuffled before every draw")
    hands: int = option(3, "hands in a match; each hand's loser takes one loss, fewest losses win",
                        minimum=1, maximum=50)
    quiet_draw_limit: int = option(200, "draws in a row without a pair after which the hand is abandoned "
                                        "with no loser", minimum=20, maximum=5000)


@serializable
@dataclass(frozen=True)
class LastDraw:
    """The latest draw, for the table: who drew from whom, which place, and the pair it made."""

    drawer: int
    offerer: int
    position: int
    pair: tuple[Card, ...]        # the pair discarded face up (empty: no pair)
    card: Card                    # the card drawn: seen only by the drawer and the offerer


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished hand."""

    dealer: int
    loser: int | None             # None: abandoned by the guard
    old_maid: Card | None         # the card the loser was left with
    draws: int
    losses: tuple[int, ...]       # losses per seat after this hand


@serializable
@dataclass(frozen=True)
class OldMaidState(State):
    """A moment of an Old Maid match."""

    options: OldMaidOptions
    rng_state: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    pairs: tuple[tuple[Card, ...], ...]     # each seat's discarded pairs, face up
    removed: tuple[Card, ...]               # the face-down card taken out (remove_random_hidden)
    offerer: int
    drawer: int
    arranging: bool                         # the offerer is still arranging (offerer_orders)
    moves: int                              # cards moved by the offerer this offer
    # per viewing seat: cards that seat gave away, with the seats that may now hold each
    traced: tuple[tuple[tuple[Card, tuple[int, ...]], ...], ...]
    draws: int                              # draws this hand
    quiet: int                              # draws in a row without a pair
    last: LastDraw | None
    losses: tuple[int, ...]
    sheet: tuple[HandRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        return frozenset((self.offerer if self.arranging else self.drawer,))

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat not in self.to_move:
            return []
        if self.arranging:
            hand = self.hands[seat]
            fronts = [card_action(FRONT, c) for c in hand[1:]] if self.moves < len(hand) else []
            return fronts + [Action(OFFER)]
        return [Action(DRAW, (str(i),)) for i in range(1, len(self.hands[self.offerer]) + 1)]

    def parse_action(self, data: Any, seat: int) -> Action:
        action = super().parse_action(data, seat)
        if action.kind == DRAW and len(action.args) == 1 and action.args[0].isdigit():
            return Action(DRAW, (str(int(action.args[0])),))
        return action

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "OldMaidState":
        if action.kind == OFFER:
            return replace(self, arranging=False)
        if action.kind == FRONT:
            card = parse_card(action.args[0])
            hand = (card,) + tuple(c for c in self.hands[seat] if c != card)
            return replace(self, hands=_with(self.hands, seat, hand), moves=self.moves + 1)
        return self._draw(int(action.args[0]))

    def _draw(self, position: int) -> "OldMaidState":
        offerer, drawer = self.offerer, self.drawer
        offered = self.hands[offerer]
        rng = Rng(0)
        rng.state = self.rng_state
        if not self.options.offerer_orders:
            offered = tuple(rng.shuffled(offered))
        card = offered[position - 1]
        given = tuple(c for c in self.hands[offerer] if c != card)
        taken = self.hands[drawer] + (card,)
        if not self.options.offerer_orders:
            taken = tuple(sorted(taken, key=_order))
        keep, out = split_pairs(taken, self.options.pairing)
        if self.options.offerer_orders:
            keep = tuple(c for c in taken if c in keep)
        hands = _with(_with(self.hands, offerer, given), drawer, keep)
        pairs = _with(self.pairs, drawer, self.pairs[drawer] + out)
        state = replace(self, rng_state=rng.state, hands=hands, pairs=pairs,
                        traced=self._traced_after(card, offerer, drawer, out), draws=self.draws + 1,
                        quiet=0 if out else self.quiet + 1,
                        last=LastDraw(drawer, offerer, position, out, card))
        return state._next_offer(drawer)

    def _traced_after(self, card: Card, offerer: int, drawer: int, out) -> tuple:
        """What each seat knows of where the cards it gave away are, after this draw."""
        gone = set(out)
        rows = []
        for viewer in range(self.players):
            row = []
            for c, holders in self.traced[viewer]:
                if c in gone or c == card and viewer == drawer:
                    continue
                if c == card and viewer == offerer:
                    continue
                if viewer != drawer and offerer in holders and drawer not in holders:
                    holders = tuple(sorted(holders + (drawer,)))
                row.append((c, holders))
            if viewer == offerer and card not in gone:
                row.append((card, (drawer,)))
            rows.append(tuple(row))
        return tuple(rows)

    def _next_offer(self, last_drawer: int) -> "OldMaidState":
        """End the hand when no pair is left (or the guard trips); else the next offerer is the
        last drawer, or the next player on their left who holds cards, offering to their left."""
        holding = [s for s in range(self.players) if self.hands[s]]
        held = [c for s in holding for c in self.hands[s]]
        if len(holding) <= 1 or not has_pair(held, self.options.pairing):
            return self._end_hand(holding)
        if self.quiet >= self.options.quiet_draw_limit:
            return self._end_hand(None)
        offerer = next(s for s in _clockwise(last_drawer, self.players) if self.hands[s])
        drawer = next(s for s in _clockwise(offerer + 1, self.players) if self.hands[s] and s != offerer)
        return replace(self, offerer=offerer, drawer=drawer, arranging=self.options.offerer_orders, moves=0)

    def _end_hand(self, holding: list[int] | None) -> "OldMaidState":
        loser = None
        if holding:
            # with more than one card left (never in a real deal) the fullest hand loses
            loser = max(holding, key=lambda s: (len(self.hands[s]), -s))
        losses = self.losses if loser is None else _with(self.losses, loser, self.losses[loser] + 1)
        old_maid = self.hands[loser][0] if loser is not None else None
        record = HandRecord(self.dealer, loser, old_maid, self.draws, losses)
        state = replace(self, losses=losses, sheet=self.sheet + (record,))
        if len(state.sheet) >= self.options.hands:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        dealer = (self.dealer + 1) % self.players
        return _deal(self.options, rng, dealer, *_shuffled_deck(self.options, rng), losses=losses,
                     sheet=state.sheet, last=state.last)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Losses per seat (fewest is best)."""
        return self.losses

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One loss per hand, to the player left with the old maid."""
        return [ScoreEvent(number, (r.loser,), 1, "left with the old maid",
                           {"card": str(r.old_maid), "draws": r.draws})
                for number, r in enumerate(self.sheet, 1) if r.loser is not None]

    def utility(self, seat: int) -> float:
        """The others' mean losses minus one's own, so escaping the old maid scores."""
        others = [self.losses[s] for s in range(self.players) if s != seat]
        return sum(others) / len(others) - self.losses[seat]

    # ------------------------------------------------------------- information
    def holders_of(self, viewer: int) -> dict[Card, tuple[int, ...]]:
        """The cards ``viewer`` gave away and still traces, with the seats that may hold each."""
        return dict(self.traced[viewer])

    def zones(self) -> dict[str, Zone]:
        ordered = self.options.offerer_orders
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=ordered)
                 for s in range(self.players)}
        for s in range(self.players):
            zones[f"pairs:{s}"] = Zone(self.pairs[s], Visibility.PUBLIC, s, group="pairs")
        if self.options.odd_card == "remove_random_hidden":
            zones["removed"] = Zone(self.removed, Visibility.HIDDEN)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "OldMaidState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        if not self.options.offerer_orders:
            hands = tuple(tuple(sorted(h, key=_order)) for h in hands)
        return replace(self, hands=hands, removed=tuple(zones.get("removed", self.removed)))

    def determinize_constraints(self, seat: int) -> dict:
        """A card the seat gave away lies with one of the seats that may have drawn it since."""
        traced = self.holders_of(seat)
        out = {}
        for s in range(self.players):
            if s != seat:
                out[f"hand:{s}"] = lambda c, s=s: c not in traced or s in traced[c]
        out["removed"] = lambda c: c not in traced
        return out

    def public(self, seat: int | None) -> dict:
        last = None
        if self.last is not None:
            last = {"drawer": self.last.drawer, "offerer": self.last.offerer, "position": self.last.position,
                    "pair": [str(c) for c in self.last.pair]}
            if seat in (self.last.drawer, self.last.offerer):
                last["card"] = str(self.last.card)
        traced = {}
        if seat is not None and 0 <= seat < self.players:
            traced = {str(c): list(h) for c, h in self.traced[seat]}
        return {
            "dealer": self.dealer,
            "offerer": None if self.over else self.offerer,
            "drawer": None if self.over else self.drawer,
            "arranging": self.arranging,
            "hand_sizes": [len(h) for h in self.hands],
            "pairs_discarded": [len(p) // 2 for p in self.pairs],
            "odd_card": self.options.odd_card,
            "pairing": self.options.pairing,
            "last_draw": last,
            "your_cards_given": traced,
            "draws": self.draws,
            "draws_without_pair": self.quiet,
            "losses": list(self.losses),
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "hands": self.options.hands,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "loser": r.loser,
                 "old_maid": str(r.old_maid) if r.old_maid else None, "draws": r.draws,
                 "totals": list(r.losses)} for i, r in enumerate(self.sheet)],
        }

    def log_text(self, action: Action, actor: int, viewer: int | None) -> str:
        # the offerer's rearranging is done face down: others see that a card moved, not which
        if action.kind == FRONT and viewer != actor:
            return FRONT
        return action.notation


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.kind, card.rank, -1 if card.suit is None else card.suit)


def _clockwise(first: int, n: int) -> list[int]:
    return [(first + i) % n for i in range(n)]


def _shuffled_deck(options: OldMaidOptions, rng: Rng) -> tuple[list[Card], tuple[Card, ...]]:
    """The shuffled cards to deal and the face-down removed card (if any)."""
    deck = rng.shuffled(pack_for(options.odd_card))
    if options.odd_card == "remove_random_hidden":
        return deck[1:], (deck[0],)
    return deck, ()


def deal_sizes(cards: int, players: int, dealer: int) -> list[int]:
    """How many cards each seat gets when ``cards`` are dealt one at a time from the dealer's left."""
    sizes = [cards // players] * players
    for i in range(cards % players):
        sizes[(dealer + 1 + i) % players] += 1
    return sizes


def _deal(options: OldMaidOptions, rng: Rng, dealer: int, deck, removed, *, losses=None, sheet=(),
          last=None) -> OldMaidState:
    """Deal every card one at a time from the dealer's left; everybody discards their pairs."""
    n = options.players
    dealt: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(deck):
        dealt[(dealer + 1 + i) % n].append(card)
    hands, pairs = [], []
    for cards in dealt:
        keep, out = split_pairs(cards, options.pairing)
        hands.append(keep)
        pairs.append(out)
    state = OldMaidState(
        options=options, rng_state=rng.state, dealer=dealer, hands=tuple(hands), pairs=tuple(pairs),
        removed=tuple(removed), offerer=dealer, drawer=dealer, arranging=False, moves=0,
        traced=((),) * n, draws=0, quiet=0, last=last,
        losses=losses if losses is not None else (0,) * n, sheet=sheet)
    # the dealer offers first (or the first player on their left who still holds cards)
    return state._next_offer(dealer)


def parse_deal(options: OldMaidOptions, deal: Any, rng: Rng) -> tuple[int, list[Card], tuple[Card, ...]]:
    """Read an explicit first deal; return the dealer, the cards in dealing order and the removed card.

    The deal is ``{"dealer": 0, "hands": [[cards] per seat, seat 0 first]}``: every card of the
    pack in play, dealt one at a time from the dealer's left (so the seats from the dealer's
    left hold one more card when the cards do not share out evenly), before any pairs are
    discarded. With ``remove_random_hidden`` it may also give ``"removed": "7H"``, the
    face-down card; without it the one card the hands leave out is the removed card."""
    n = options.players
    hidden = options.odd_card == "remove_random_hidden"
    shape = (f"an Old Maid deal is an object with 'dealer' and 'hands' (the cards of each of the {n} "
             f"players as dealt, before pairs are discarded, seat 0 first)"
             + (" and optionally 'removed' (the face-down card)" if hidden else ""))
    pack = pack_for(options.odd_card)
    names = {"remove_QC": "the pack without the queen of clubs", "remove_AC": "the pack without the ace of clubs",
             "add_joker": "the 52-card pack and one joker (X1)", "remove_random_hidden": "the 52-card pack"}
    reader = DealReader(deal, pack, shape=shape, pack_name=names[options.odd_card],
                        fields=("dealer", "hands", "removed"))
    dealer = reader.seat("dealer", n)
    removed: tuple[Card, ...] = ()
    if hidden and deal.get("removed") is not None:
        removed = tuple(reader.optional("removed", "the removed card", size=1))
    elif deal.get("removed") is not None:
        raise CardsageError("only a face-down removed card (odd_card remove_random_hidden) may be given",
                            field="deal.removed")
    in_hands = len(pack) - 1 if hidden else len(pack)
    hands = reader.hands(n, deal_sizes(in_hands, n, dealer))
    if hidden and not removed:
        removed = tuple(reader.undealt())
    order = [hands[(dealer + 1 + i) % n][i // n] for i in range(in_hands)]
    return dealer, order, removed


class OldMaid(Game):
    """The Old Maid ruleset."""

    name = "old-maid"
    title = "Old Maid"
    family = "draw-and-pair"
    min_players = 2
    max_players = 8
    summary = ("Draw a card blind from your neighbour's hand and discard pairs; whoever is left holding "
               "the one card that pairs with nothing, the old maid, loses.")
    Options = OldMaidOptions
    State = OldMaidState
    low_score_wins = True

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: OldMaidOptions, seed: int, deal: Any) -> OldMaidState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck, removed = parse_deal(options, deal, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck, removed = _shuffled_deck(options, rng)
        return _deal(options, rng, dealer, deck, removed)


GAME = OldMaid()
