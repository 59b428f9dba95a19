"""Japanese 51 (Goju Ichi) (GAMES.md G24): collect five cards of one suit, worth at most 51.

Players and pack. Two to five players (four play best), clockwise, with a 52-card pack, or
53 with one joker (``joker``). Aces count 11, kings, queens, jacks and tens 10, the other
cards their face value.

Deal. The dealer deals five cards to each player, one at a time, starting on the left,
then turns the next five face up on the table; the rest is the face-down stock. The first
dealer comes from the match seed; the deal then passes to the left.

Turn. The player on the dealer's left begins (``dealer_starts``: the dealer begins); the
turn passes to the left. A turn is: take one of the five table cards into the hand, then
put a *different* card from the hand onto the table, so the table always shows five cards.
Once everyone has had one turn (so never at a player's own first turn), a player may begin
a turn by *clearing* the table, once: the five table cards are set aside face up and the
top five of the stock are turned up in their place; the player must then take one of
those. When the stock holds fewer than five cards, what is left is turned up and then all
the cards set aside so far (the five just cleared among them) are shuffled into a new
stock, from which the turning goes on (GAMES.md proposal).

Stop. At the end of a turn a player may call Stop (once somebody has, nobody else may).
Each other player then has exactly one more turn, and play ends.

Turn limit (not in the rule text; a guard so a hand always ends). When ``round_limit``
rounds pass without a Stop, play ends after the last player of that round, with no stopper.

Scoring. A hand is worth the values of its cards in any one suit minus the values of all
its other cards (the player chooses the best suit); it may be negative, and is at most
51 (A K Q J 10 of one suit). With the joker, the joker counts as the most valuable card
of the chosen suit that the player does not hold (GAMES.md proposal). The highest hand
wins. When the stopper ties for the highest, the stopper loses the tie and the others tied
win; several tied players other than the stopper all win.

Match (not in the rule text). ``match``: ``single`` (one hand), ``wins`` (hands are
played until somebody has won ``target`` hands; players level at the top share the match)
or ``cumulative`` (``hands`` hands; each hand's value is added to the player's total,
highest total wins).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Kind, Rank, Rng, Suit, parse_card, standard_pack
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable

HAND = 5
TABLE = 5
JOKER = Card(Kind.JOKER, None, 1)
PACK = tuple(standard_pack())
PACK_WITH_JOKER = PACK + (JOKER,)
TAKE, PUT, CLEAR, STOP, CONTINUE = "take", "put", "clear", "stop", "continue"
# phases of a turn
START, MUST_TAKE, PUTTING, STOPPING = "start", "must-take", "put", "stop"
MAX_VALUE = 51
MIN_VALUE = -22             # aces of three suits and two cards worth 11 in the fourth
MIN_VALUE_HOLDING_JOKER = -12   # four aces and the joker (found by trying every such hand)
MATCH_KINDS = ("single", "wins", "cumulative")


def card_value(card: Card) -> int:
    """A card's points: ace 11, ten to king 10, the others their face value (a joker: 0
    until it is placed in a suit)."""
    return _RANK_VALUE[card.rank] if card.kind == 0 else 0


_RANK_VALUE = tuple(11 if r == Rank.ACE else min(r, 10) for r in range(15))


def joker_value(cards, suit: int) -> int:
    """What the joker is worth in ``suit``: the most valuable card of that suit not in ``cards``."""
    held = {c.rank for c in cards if c.kind == Kind.STANDARD and c.suit == suit}
    for rank in sorted(Rank, key=lambda r: -card_value(Card.standard(r, suit))):
        if rank not in held:
            return card_value(Card.standard(rank, suit))
    return 0


def suit_value(cards, suit: int) -> int:
    """The hand's value when ``suit`` is the chosen suit: its cards (and a joker) minus the rest."""
    total = 0
    for c in cards:
        if c.kind != Kind.STANDARD:
            total += joker_value(cards, suit)
        elif c.suit == suit:
            total += card_value(c)
        else:
            total -= card_value(c)
    return total


def best_suit(cards) -> tuple[int, int]:
    """The hand's value and the suit that gives it (the highest suit among equal values)."""
    if JOKER in cards:
        return max((suit_value(cards, s), s) for s in Suit)
    sums = [0, 0, 0, 0]
    for c in cards:
        sums[c.suit] += _RANK_VALUE[c.rank]
    top = max(sums)
    return 2 * top - sum(sums), 3 - sums[::-1].index(top)


def hand_value(cards) -> int:
    """A hand's value: the best suit's cards minus every other card."""
    return best_suit(cards)[0]


def hand_winners(values, stopper: int | None) -> tuple[int, ...]:
    """Who wins a hand: the highest values, except that a stopper loses a tie for the top."""
    top = max(values)
    best = tuple(s for s, v in enumerate(values) if v == top)
    if stopper is not None and stopper in best and len(best) > 1:
        best = tuple(s for s in best if s != stopper)
    return best


@serializable
@dataclass(frozen=True)
class Japanese51Options:
    """Variants of Japanese 51."""

    players: int = option(4, "number of players (four play best)", minimum=2, maximum=5)
    joker: bool = option(False, "add one joker; it counts as the most valuable card of your chosen suit "
                                "that you do not hold")
    dealer_starts: bool = option(False, "the dealer plays first; off: the player on the dealer's left")
    match: str = option("wins", "single: one hand; wins: hands until somebody has won 'target' of them; "
                                "cumulative: 'hands' hands, each hand's value added up",
                        choices=MATCH_KINDS)
    target: int = option(5, "hands to win the match when playing for wins", minimum=1, maximum=20)
    hands: int = option(6, "hands in a cumulative match", minimum=1, maximum=50)
    round_limit: int = option(20, "rounds without a Stop after which play ends by itself and the hands "
                                  "are scored with no stopper", minimum=2, maximum=200)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished hand."""

    dealer: int
    stopper: int | None
    hands: tuple[tuple[Card, ...], ...]   # every player's final five cards
    values: tuple[int, ...]
    suits: tuple[int, ...]                # the suit each value was counted in
    winners: tuple[int, ...]
    totals: tuple[int, ...]               # match scores after this hand


@serializable
@dataclass(frozen=True)
class Japanese51State(State):
    """A moment of a Japanese 51 match."""

    options: Japanese51Options
    rng_state: int                           # generator for reshuffles and the next deal
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]                  # face up, always five between turns
    stock: tuple[Card, ...]                  # face down, the next card turned first
    aside: tuple[Card, ...]                  # cleared cards set aside, face up
    reshuffled: frozenset                    # cards known to lie in a stock made from set-aside cards
    known: tuple[tuple[Card, ...], ...]      # cards everybody saw a player take (still held)
    turn: int
    phase: str
    taken: Card | None                       # the card taken this turn (may not be put back)
    turns: int                               # turns completed this hand
    stopper: int | None
    last: tuple = ()                         # (seat, kind, card) of the latest action
    totals: tuple[int, ...] = ()
    sheet: tuple[HandRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def may_clear(self) -> bool:
        """True when the player to move may clear the table now (everyone has had a turn)."""
        return self.phase == START and self.turns >= self.players

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase in (START, MUST_TAKE):
            actions = [card_action(TAKE, c) for c in _sorted(self.table)]
            if self.may_clear:
                actions.append(Action(CLEAR))
            return actions
        if self.phase == PUTTING:
            return [card_action(PUT, c) for c in _sorted(self.hands[seat]) if c != self.taken]
        return [Action(STOP), Action(CONTINUE)]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "Japanese51State":
        if action.kind == CLEAR:
            return self._clear(seat)
        if action.kind == TAKE:
            card = parse_card(action.args[0])
            hands = _with(self.hands, seat, _sorted(self.hands[seat] + (card,)))
            known = _with(self.known, seat, self.known[seat] + (card,))
            return replace(self, hands=hands, known=known, table=tuple(c for c in self.table if c != card),
                           phase=PUTTING, taken=card, last=(seat, TAKE, card))
        if action.kind == PUT:
            card = parse_card(action.args[0])
            hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
            known = _with(self.known, seat, tuple(c for c in self.known[seat] if c != card))
            state = replace(self, hands=hands, known=known, table=self.table + (card,), taken=None,
                            last=(seat, PUT, card))
            if self.stopper is None:
                return replace(state, phase=STOPPING)
            return state._end_turn()
        if action.kind == STOP:
            return replace(self, stopper=seat, last=(seat, STOP, None))._end_turn()
        return replace(self, last=(seat, CONTINUE, None))._end_turn()

    def _clear(self, seat: int) -> "Japanese51State":
        """Set the table aside and turn up five new cards, reshuffling the set-aside cards
        into a new stock when the stock runs short."""
        aside = self.aside + self.table
        stock, reshuffled, rng_state = self.stock, self.reshuffled, self.rng_state
        table = stock[:TABLE]
        stock = stock[TABLE:]
        if len(table) < TABLE:
            rng = Rng(0)
            rng.state = rng_state
            stock = tuple(rng.shuffled(_sorted(aside)))
            reshuffled = frozenset(stock)
            rng_state = rng.state
            aside = ()
            need = TABLE - len(table)
            table, stock = table + stock[:need], stock[need:]
        reshuffled = reshuffled - set(table)
        return replace(self, table=table, stock=stock, aside=aside, reshuffled=reshuffled, rng_state=rng_state,
                       phase=MUST_TAKE, last=(seat, CLEAR, None))

    def _end_turn(self) -> "Japanese51State":
        turns = self.turns + 1
        nxt = (self.turn + 1) % self.players
        if self.stopper is not None and nxt == self.stopper:
            return replace(self, turns=turns)._end_hand()
        if self.stopper is None and turns >= self.players * self.options.round_limit:
            return replace(self, turns=turns)._end_hand()
        return replace(self, turns=turns, turn=nxt, phase=START)

    def _end_hand(self) -> "Japanese51State":
        scored = [best_suit(h) for h in self.hands]
        values = tuple(v for v, _ in scored)
        winners = hand_winners(values, self.stopper)
        if self.options.match == "cumulative":
            totals = tuple(t + v for t, v in zip(self.totals, values))
        else:
            totals = tuple(t + (s in winners) for s, t in enumerate(self.totals))
        record = HandRecord(self.dealer, self.stopper, self.hands, values, tuple(int(s) for _, s in scored),
                            winners, totals)
        state = replace(self, totals=totals, sheet=self.sheet + (record,), phase=START, taken=None)
        opts = self.options
        done = (opts.match == "single" or (opts.match == "wins" and max(totals) >= opts.target)
                or (opts.match == "cumulative" and len(state.sheet) >= opts.hands))
        if done:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(_pack(opts))
        return _deal(opts, rng.state, (self.dealer + 1) % self.players, deck, totals=totals,
                     sheet=state.sheet, last=self.last)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Hands won (cumulative match: points scored)."""
        return self.totals

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def value(self, seat: int) -> int:
        """The value of ``seat``'s hand as it stands."""
        return hand_value(self.hands[seat])

    def score_events(self) -> list[ScoreEvent]:
        """Every finished hand: who won it (a cumulative match: every hand's value)."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            for s in range(self.players):
                detail = {"value": r.values[s], "suit": Suit(r.suits[s]).letter, "stopper": r.stopper == s,
                          "cards": [str(c) for c in r.hands[s]]}
                if self.options.match == "cumulative":
                    events.append(ScoreEvent(number, (s,), r.values[s], "best suit minus the other suits",
                                             detail))
                elif s in r.winners:
                    events.append(ScoreEvent(number, (s,), 1, "hand won", detail))
        return events

    def utility(self, seat: int) -> float:
        """Score against the others, plus a hundredth of the seat's own hand value while a hand
        is under way (its own cards only, so the value is the same whatever the others hold)."""
        base = super().utility(seat)
        if self.over or self.options.match == "cumulative":
            return base
        return base + self.value(seat) / 100

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["table"] = Zone(self.table, Visibility.PUBLIC)
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["aside"] = Zone(self.aside, Visibility.PUBLIC, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "Japanese51State":
        hands = tuple(_sorted(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards everybody saw a player take from the table stay in that hand."""
        return {f"hand:{s}": self.known[s] for s in range(self.players) if s != seat and self.known[s]}

    def determinize_constraints(self, seat: int):
        """A stock made from set-aside cards holds only those; the hands hold none of them."""
        if not self.reshuffled:
            return {}
        pool = self.reshuffled
        rules = {"stock": lambda c: c in pool}
        for s in range(self.players):
            if s != seat:
                rules[f"hand:{s}"] = lambda c: c not in pool
        return rules

    def public(self, seat: int | None) -> dict:
        last = None
        if self.last:
            who, kind, card = self.last
            last = {"seat": who, "kind": kind, "card": str(card) if card is not None else None}
        return {
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "phase": self.phase,
            "taken": str(self.taken) if self.taken is not None else None,
            "may_clear": self.may_clear,
            "turns": self.turns,
            "round": self.turns // self.players + 1,
            "round_limit": self.options.round_limit,
            "stopper": self.stopper,
            "stock": len(self.stock),
            "set_aside": len(self.aside),
            "stock_from_set_aside": sorted(str(c) for c in self.reshuffled),
            "known_cards": [[str(c) for c in _sorted(k)] for k in self.known],
            "own_value": self.value(seat) if seat is not None and not self.over else None,
            "last_action": last,
            "match": self.options.match,
            "scores": list(self.totals),
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "stopper": r.stopper, "values": list(r.values),
                 "suits": [Suit(s).letter for s in r.suits], "winners": list(r.winners),
                 "hands": [[str(c) for c in h] for h in r.hands], "totals": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.kind, -1 if card.suit is None else card.suit, card.rank)


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_order))


def _pack(options: Japanese51Options) -> tuple[Card, ...]:
    return PACK_WITH_JOKER if options.joker else PACK


def first_player(options: Japanese51Options, dealer: int) -> int:
    """Who plays first: the dealer's left, or the dealer with ``dealer_starts``."""
    return dealer if options.dealer_starts else (dealer + 1) % options.players


def _deal(options: Japanese51Options, rng_state: int, dealer: int, deck, *, totals=None, sheet=(),
          last=()) -> Japanese51State:
    """Five cards each one at a time from the dealer's left, five face up, the rest the stock."""
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(deck[:HAND * n]):
        hands[(dealer + 1 + i) % n].append(card)
    table = tuple(deck[HAND * n:HAND * n + TABLE])
    stock = tuple(deck[HAND * n + TABLE:])
    return Japanese51State(options=options, rng_state=rng_state, dealer=dealer,
                           hands=tuple(_sorted(h) for h in hands), table=table, stock=stock, aside=(),
                           reshuffled=frozenset(), known=tuple(() for _ in range(n)),
                           turn=first_player(options, dealer), phase=START, taken=None, turns=0, stopper=None,
                           last=last, totals=totals if totals is not None else (0,) * n, sheet=sheet)


def parse_deal(options: Japanese51Options, deal: Any, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[5 cards] per seat, seat 0 first], "table": [5
    cards], "stock": [the rest, the next card turned first]}``. ``table`` and ``stock`` may
    be left out (the undealt cards are then shuffled from the match seed); ``stock`` needs
    ``table``. With the joker option the pack has 53 cards and the joker is ``X1``.
    """
    n = options.players
    shape = (f"a Japanese 51 deal is an object with 'dealer' (a seat), 'hands' ({n} lists of five cards, "
             "seat 0 first), optionally 'table' (five cards) and 'stock' (the rest, next turned first)")
    pack = _pack(options)
    reader = DealReader(deal, pack, shape=shape, pack_name=f"the {len(pack)}-card pack",
                        fields=("dealer", "hands", "table", "stock"))
    dealer = reader.seat("dealer", n)
    parsed = reader.hands(n, HAND)
    if deal.get("stock") is not None and deal.get("table") is None:
        raise CardsageError("give the table when you give the stock", field="deal.table")
    table = reader.optional("table", "the table", size=TABLE) or []
    rest = reader.rest("stock", rng)
    order = [parsed[(dealer + 1 + i) % n][i // n] for i in range(HAND * n)]
    if not table:
        table, rest = rest[:TABLE], rest[TABLE:]
    return dealer, order + table + rest


class Japanese51(Game):
    """The Japanese 51 ruleset."""

    name = "japanese-51"
    title = "Japanese 51 (Goju Ichi)"
    family = "draw and discard"
    min_players = 2
    max_players = 5
    summary = ("Japanese family game: take one of five table cards and put another back, aiming for five "
               "cards of one suit; a hand is its best suit minus the rest, at most 51. Clear the table, "
               "call Stop, and the highest hand wins.")
    Options = Japanese51Options
    State = Japanese51State

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: Japanese51Options, seed: int, deal: Any) -> Japanese51State:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(options, deal, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(_pack(options))
        return _deal(options, rng.state, dealer, deck)


GAME = Japanese51()
