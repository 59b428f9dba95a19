"""Agram (GAMES.md G14): a trick game from Niger in which only the last trick counts.

Cards. Thirty-five: the A, 10, 9, 8, 7, 6, 5, 4 and 2 of each suit, less the ace of
spades (the "Chief"), which is taken out. Within a suit the ace is high, then 10, 9 …
4, 2 (``low_card`` 3 plays with the 3 in place of the 2, as some tables do; nothing else
changes). There are no trumps.

Players. Two to seven, playing for themselves, clockwise (``counter_clockwise`` turns
the direction round). With two to five each player receives six cards, dealt by the
dealer in two rounds of three, starting at the dealer's left. Thirty-five cards cannot
give six to six or seven players, so there every player receives five, a round of three
then a round of two (``hand_size`` chooses five or six for any table where it fits). The
undealt cards stay face down, unseen by anybody.

Play. The player at the dealer's left leads any card; each player in turn must follow
suit if able, otherwise may play any card, which then has no value. The highest card of
the suit led wins the trick, and its winner leads to the next one.

Scoring. Only the last trick matters: whoever wins the sixth (with five-card hands, the
fifth) trick wins the round and scores one round win. The seed names no match length;
as GAMES.md proposes, the first player to ``target`` round wins (5) wins the match, and
the winner of a round deals the next (``next_dealer`` = ``left`` passes the deal to the
dealer's left instead). The first dealer is drawn from the match seed. Every round has
exactly one winner, so a match ends after at most ``players * (target - 1) + 1`` rounds.

Score sheet (``score_events``): one line a round, one round win to the winner of its
last trick (detail: the trick's number, the winning card and the card led).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping

from solvers.cards import Card, Rng, Suit, parse_card, stripped_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.tricks import cards_that_follow, trick_winner

PACK_SIZE = 35
CHIEF = "AS"          # the ace of spades, taken out of the pack
PLAY = "play"


@serializable
@dataclass(frozen=True)
class AgramOptions:
    """Variants of Agram."""

    players: int = option(4, "number of players, each for themselves (two to seven)", minimum=2, maximum=7)
    hand_size: int = option(0, "cards dealt to each player: 0 = the usual, six for two to five players and "
                               "five for six or seven (35 cards cannot give seven players six each)",
                            choices=(0, 5, 6))
    low_card: int = option(2, "the lowest card of each suit: the 2 (the usual pack), or the 3, as "
                              "some tables play (the game is the same, only the card's name changes)",
                           choices=(2, 3))
    counter_clockwise: bool = option(False, "deal and play to the right (counter-clockwise) instead of "
                                            "to the left")
    target: int = option(5, "round wins that win the match", minimum=1, maximum=50)
    next_dealer: str = option("winner", "who deals the next round: 'winner' = the winner of the round, "
                                        "'left' = the player after the dealer in the direction of play",
                              choices=("winner", "left"))

    @property
    def cards_each(self) -> int:
        """Cards each player receives under these options."""
        return self.hand_size or (6 if self.players <= 5 else 5)

    def validate(self) -> None:
        """Refuse a hand size the 35-card pack cannot give every player."""
        if self.cards_each * self.players > PACK_SIZE:
            raise CardsageError(f"35 cards cannot give {self.players} players {self.cards_each} cards each; "
                                f"play with five-card hands", field="options.hand_size")


def pack_of(options: AgramOptions) -> list[Card]:
    """The 35-card pack: A, 10, 9 … 4 and the low card of each suit, less the ace of spades."""
    return list(_pack(options.low_card))


@lru_cache(maxsize=None)
def _pack(low_card: int) -> tuple[Card, ...]:
    return tuple(stripped_pack([14, 10, 9, 8, 7, 6, 5, 4, low_card], minus=[CHIEF]))


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: who dealt, who won the last trick and with what."""

    dealer: int
    winner: int                          # the winner of the last trick, who wins the round
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]          # tricks each seat took in the round (only the last counts)
    wins: tuple[int, ...]                # round wins after this round


@serializable
@dataclass(frozen=True)
class AgramState(State):
    """A moment of an Agram match."""

    options: AgramOptions
    rng_state: int                              # generator state for the next deal
    dealer: int
    hands: tuple[tuple[Card, ...], ...]         # per seat
    stock: tuple[Card, ...]                     # the undealt cards, face down
    leader: int
    trick: tuple[tuple[int, Card], ...] = ()    # plays of the current trick, in order
    last_trick: tuple[tuple[int, Card], ...] = ()
    history: tuple[tuple[tuple[int, Card], ...], ...] = ()   # finished tricks of this round
    voids: tuple[frozenset, ...] = ()           # suits a seat has shown it lacks this round
    wins: tuple[int, ...] = ()                  # round wins per seat
    sheet: tuple[HandRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- seats and turns
    @property
    def players(self) -> int:
        return self.options.players

    def after(self, seat: int) -> int:
        """The next seat in the direction of play."""
        step = -1 if self.options.counter_clockwise else 1
        return (seat + step) % self.players

    @property
    def turn(self) -> int:
        """The seat to play next."""
        seat = self.leader
        for _ in self.trick:
            seat = self.after(seat)
        return seat

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def tricks_in_round(self) -> int:
        """Tricks a round has: one per card in a hand."""
        return self.options.cards_each

    @property
    def tricks_left(self) -> int:
        """Tricks still to be finished in this round, the current one included."""
        return self.tricks_in_round - len(self.history)

    @property
    def led_suit(self) -> int | None:
        """The suit of the current trick's first card (None before the lead)."""
        return self.trick[0][1].suit if self.trick else None

    def tricks_of(self, seat: int) -> int:
        """Tricks ``seat`` has taken this round (they count for nothing but the lead)."""
        return sum(1 for plays in self.history if trick_winner(plays, None) == seat)

    # ------------------------------------------------------------- legal actions and play
    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now: the suit led if it has any, else anything."""
        led = self.trick[0][1] if self.trick else None
        return cards_that_follow(self.hands[seat], led)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        return [card_action(PLAY, c) for c in sorted(self.playable(seat), key=_order)]

    def _apply(self, action: Action, seat: int) -> "AgramState":
        card = parse_card(action.args[0])
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        voids = self.voids
        if self.trick and card.suit != self.led_suit:
            voids = _with(voids, seat, voids[seat] | {self.led_suit})
        state = replace(self, hands=hands, voids=voids, trick=self.trick + ((seat, card),))
        if len(state.trick) == self.players:
            state = state._close_trick()
        return state

    def _close_trick(self) -> "AgramState":
        winner = trick_winner(self.trick, None)
        state = replace(self, trick=(), last_trick=self.trick, leader=winner,
                        history=self.history + (self.trick,))
        if len(state.history) < self.tricks_in_round:
            return state
        return state._end_round(winner)

    def _end_round(self, winner: int) -> "AgramState":
        """The winner of the last trick wins the round; the match goes on or ends."""
        wins = _with(self.wins, winner, self.wins[winner] + 1)
        record = HandRecord(self.dealer, winner, self.last_trick,
                            tuple(self.tricks_of(s) for s in range(self.players)), wins)
        state = replace(self, wins=wins, sheet=self.sheet + (record,))
        if wins[winner] >= self.options.target:
            return replace(state, over=True)
        dealer = winner if self.options.next_dealer == "winner" else self.after(self.dealer)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(pack_of(self.options))
        return deal_round(self.options, rng.state, dealer, deck, wins=wins, sheet=state.sheet,
                          last_trick=state.last_trick)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Rounds each player has won."""
        return self.wins

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner of the match (empty while it goes on)."""
        if not self.over:
            return ()
        return tuple(s for s in range(self.players) if self.wins[s] >= self.options.target)

    def score_events(self) -> list[ScoreEvent]:
        """One round win a round, to the winner of its last trick."""
        return [ScoreEvent(number, (record.winner,), 1, "won the last trick",
                           {"trick": sum(record.tricks_won),
                            "card": str(dict(record.last_trick)[record.winner]),
                            "led": str(record.last_trick[0][1])})
                for number, record in enumerate(self.sheet, 1)]

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN, ordered=False)
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        # every card played this round was seen by all; quitted tricks lie face down
        zones["played"] = Zone(tuple(c for plays in self.history for _, c in plays), Visibility.SEEN)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "AgramState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def determinize_constraints(self, seat: int):
        return {f"hand:{s}": (lambda c, v=self.voids[s]: c.suit not in v)
                for s in range(self.players) if s != seat and self.voids[s]}

    def public(self, seat: int | None) -> dict:
        last = self.sheet[-1] if self.sheet else None
        return {
            "players": self.players,
            "direction": "counter-clockwise" if self.options.counter_clockwise else "clockwise",
            "dealer": self.dealer,
            "round": len(self.sheet) + (0 if self.over else 1),
            "target": self.options.target,
            "cards_each": self.tricks_in_round,
            "pack": f"35 cards: A 10 9 8 7 6 5 4 {self.options.low_card} of each suit, "
                    f"without the ace of spades (the Chief)",
            "leader": self.leader,
            "turn": None if self.over else self.turn,
            "trick_number": None if self.over else len(self.history) + 1,
            "tricks_left": None if self.over else self.tricks_left,
            "last_trick_now": not self.over and self.tricks_left == 1,
            "led_suit": Suit(self.led_suit).letter if self.trick else None,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick],
            "tricks_won": [self.tricks_of(s) for s in range(self.players)],
            "shown_voids": [sorted(Suit(v).letter for v in self.voids[s]) for s in range(self.players)],
            "round_wins": list(self.wins),
            "last_round": None if last is None else {
                "winner": last.winner, "dealer": last.dealer,
                "last_trick": [{"seat": s, "card": str(c)} for s, c in last.last_trick]},
            "winners": list(self.winners),
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.suit, card.rank)


# ---------------------------------------------------------------- dealing


def deal_order(options: AgramOptions, dealer: int) -> list[int]:
    """Seats in the order they receive cards: from the dealer's left (in the direction of
    play) round to the dealer."""
    n = options.players
    step = -1 if options.counter_clockwise else 1
    return [(dealer + step * (1 + i)) % n for i in range(n)]


def batches(options: AgramOptions) -> tuple[int, ...]:
    """The rounds of the deal: three then three for six cards, three then two for five."""
    return (3, options.cards_each - 3)


def deal_round(options: AgramOptions, rng_state: int, dealer: int, deck: list[Card], *,
               wins: tuple[int, ...] | None = None, sheet: tuple = (), last_trick: tuple = ()) -> AgramState:
    """Deal ``deck`` (top first) in two rounds; the rest stays face down; eldest leads."""
    order = deal_order(options, dealer)
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    at = 0
    for size in batches(options):
        for seat in order:
            hands[seat].extend(deck[at:at + size])
            at += size
    return AgramState(options=options, rng_state=rng_state, dealer=dealer,
                      hands=tuple(tuple(sorted(h, key=_order)) for h in hands), stock=tuple(deck[at:]),
                      leader=order[0], voids=(frozenset(),) * n, wins=wins or (0,) * n, sheet=sheet,
                      last_trick=last_trick)


def parse_deal(options: AgramOptions, deal: Any) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and a deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[six cards] per seat, seat 0 first]}`` (five
    cards each with five-card hands); optionally ``"stock"`` lists the undealt cards, which
    must then be exactly the rest of the pack, in any order.
    """
    each = options.cards_each
    shape = (f"an Agram deal is an object with 'dealer' and 'hands' ({each} cards for each of the "
             f"{options.players} seats, seat 0 first)")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    n = options.players
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {n - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise CardsageError(f"deal.hands must list {n} hands, seat 0 first", field="deal.hands")
    pack = set(pack_of(options))
    seen: dict[Card, str] = {}

    def read(cards, where: str, field: str) -> list[Card]:
        if cards is not None and not isinstance(cards, (str, list)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        out = [parse_card(c) for c in (cards.split() if isinstance(cards, str) else cards or [])]
        for c in out:
            if str(c) == CHIEF:
                raise CardsageError(f"{where}: the ace of spades (the Chief) is taken out of the pack",
                                    field=field)
            if c not in pack:
                raise CardsageError(f"{where}: {c} is not in the Agram pack (A 10 9 8 7 6 5 4 "
                                    f"{options.low_card} of each suit)", field=field)
            if c in seen:
                raise CardsageError(f"{c} is dealt twice ({seen[c]} and {where})", field=field)
            seen[c] = where
        return out

    parsed = [read(h, f"hand {s}", f"deal.hands.{s}") for s, h in enumerate(hands)]
    for s, cards in enumerate(parsed):
        if len(cards) != each:
            raise CardsageError(f"hand {s} has {len(cards)} cards; each hand needs {each}",
                                field=f"deal.hands.{s}")
    rest = sorted(pack - set(seen), key=_order)
    if "stock" in deal:
        stock = read(deal["stock"], "the stock", "deal.stock")
        if len(stock) != len(rest):
            missing = ", ".join(str(c) for c in rest if c not in set(stock))
            raise CardsageError(f"the stock must hold the {len(rest)} undealt cards; missing: {missing}",
                                field="deal.stock")
        rest = stock
    deck: list[Card] = []
    start = 0
    for size in batches(options):
        for seat in deal_order(options, dealer):
            deck.extend(parsed[seat][start:start + size])
        start += size
    return dealer, deck + list(rest)


class Agram(Game):
    """The Agram ruleset."""

    name = "agram"
    title = "Agram"
    family = "trick-taking"
    min_players = 2
    max_players = 7
    summary = ("Thirty-five cards without the ace of spades, six each (five at six or seven players); "
               "follow suit, no trumps; only the last trick counts: its winner wins the round.")
    Options = AgramOptions
    State = AgramState

    def start(self, options: AgramOptions, seed: int, deal: Any) -> AgramState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(options, deal)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(pack_of(options))
        return deal_round(options, rng.state, dealer, deck)


GAME = Agram()
