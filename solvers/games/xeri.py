"""Xeri (GAMES.md G16): a Greek fishing game for two, played on a single pile.

Players and pack. Two players, a 52-card pack. Suits play no part; only ranks do.

Deal. The dealer deals six cards to each player (one at a time, the non-dealer first),
then four cards face up in one pile (the first card dealt lies at the bottom, the last on
top). If the top card of the pile is a jack, or the top two cards have the same rank, the
four cards are shuffled back into the undealt cards and a new pile of four is dealt; this
is repeated until the pile is acceptable (``redeals`` in the public facts counts how often).
The rest is the stock. Whenever both hands are empty and the stock still holds cards, the
dealer deals six more to each; a hand of Xeri is four such deals (6 + 6 + 4 + 36 = 52).
The first dealer comes from the match seed; the deal then alternates.

Play. The non-dealer plays first, then the players alternate, one card each turn onto the
pile. A card *captures* the whole pile when it has the rank of the pile's top card, or when
it is a jack and the pile is not empty (jacks are wild). Captured cards go face down to the
capturer's won pile; nobody may look through a won pile during the hand (the table shows
how many cards it holds). A jack played onto an empty table just starts a new pile.

Xeri. Capturing a pile of exactly one card with a card of the same rank is a *xeri*, worth
10 points; the captured card is turned face up on the capturer's won pile, so both players
see it. A jack taking a lone card is a xeri only when that lone card is a jack too. A xeri
made with the very last card of the hand counts (``xeri_on_last_card``, on by default: a
GAMES.md proposal, as the seed says nothing of it).

End of the hand. When the stock is used up and both hands are played out, the last player
to capture takes whatever is left on the pile (never a xeri). The hand is then scored:

* 10 points for each xeri (``xeri_points``);
* 3 points for capturing more cards than the opponent (xeri cards count as captured cards;
  26-26 gives nobody these 3 points: GAMES.md proposal);
* 1 point for each ace, king, queen, jack and ten captured (20 in all);
* 1 more for the ten of diamonds (so it is worth 2), and 1 for the two of clubs.

So a hand holds 25 points besides the xeris (22 when the cards split 26-26).
The player with more points wins the hand; equal points make a drawn hand (GAMES.md
proposal). Match. After ``hands`` hands (6 by default) the player who has won more hands
wins. When they have won equally many, more hands are played until one of them is ahead
(GAMES.md proposal); ``extra_hands`` (default 10) caps these extra hands, after which the
match ends shared, so a match always ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable

PACK = tuple(standard_pack())
HAND = 6
PILE = 4
PLAY = "play"
JACK = Rank.JACK
COUNTING_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
TEN_OF_DIAMONDS = Card.standard(Rank.TEN, Suit.DIAMONDS)
TWO_OF_CLUBS = Card.standard(Rank.TWO, Suit.CLUBS)
MOST_CARDS = 3
NON_XERI_POINTS = 25      # the rule text's checksum: 3 + 20 + 1 + 1 a hand (22 when cards tie)
MAX_PILE_REDEALS = 1000   # a deterministic cap on redealing the pile (never reached in practice)
SEAT_NAMES = ("South", "North")


def card_points(cards) -> int:
    """Points among captured ``cards``: 1 per ace, king, queen, jack and ten, 1 more for the
    ten of diamonds, 1 for the two of clubs (the 3 for most cards and the xeris apart)."""
    total = 0
    for c in cards:
        total += c.rank in COUNTING_RANKS
        total += c == TEN_OF_DIAMONDS
        total += c == TWO_OF_CLUBS
    return total


def captures(card: Card, pile) -> bool:
    """True when ``card`` takes ``pile``: it matches the top card's rank, or it is a jack
    and the pile is not empty."""
    return bool(pile) and (card.rank == pile[-1].rank or card.rank == JACK)


def is_xeri(card: Card, pile) -> bool:
    """True when ``card`` takes a lone card of its own rank (a jack only takes a jack xeri)."""
    return len(pile) == 1 and card.rank == pile[0].rank


def pile_needs_redeal(pile) -> bool:
    """The redeal rule: the top card is a jack, or the top two cards have the same rank."""
    return pile[-1].rank == JACK or (len(pile) >= 2 and pile[-1].rank == pile[-2].rank)


@serializable
@dataclass(frozen=True)
class XeriOptions:
    """Variants of Xeri."""

    hands: int = option(6, "hands in a match; whoever wins more of them wins the match", minimum=1, maximum=50)
    xeri_on_last_card: bool = option(True, "a xeri made with the very last card of a hand counts; off: it is "
                                           "an ordinary capture")
    xeri_points: int = option(10, "points for each xeri", minimum=0, maximum=50)
    extra_hands: int = option(10, "when the hands won are level at the end, at most this many more hands "
                                  "are played to break the tie; then the match is shared", minimum=0,
                              maximum=50)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished hand."""

    dealer: int
    cards: tuple[int, int]            # cards captured, xeri cards included
    xeris: tuple[int, int]            # xeris made
    card_points: tuple[int, int]      # counting cards, ten of diamonds and two of clubs
    most_cards: int | None            # who took more cards (None at 26-26)
    points: tuple[int, int]           # the hand's total per seat
    winner: int | None                # None: a drawn hand
    hands_won: tuple[int, int]        # after this hand


@serializable
@dataclass(frozen=True)
class XeriState(State):
    """A moment of a Xeri match."""

    options: XeriOptions
    rng_state: int                        # generator state for the next deal
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]               # face down, the next card dealt first
    pile: tuple[Card, ...]                # bottom first, top last
    won: tuple[tuple[Card, ...], tuple[Card, ...]]     # each seat's won pile, face down
    xeris: tuple[tuple[Card, ...], tuple[Card, ...]]   # the cards each seat took xeri (shown face up)
    turn: int
    last_capturer: int | None
    last_play: tuple = ()                 # (seat, card, cards captured, xeri) of the latest play
    redeals: int = 0                      # times this hand's pile was redealt
    games: tuple[int, int] = (0, 0)       # hands won
    sheet: tuple[HandRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def top(self) -> Card | None:
        """The pile's top card (None when the table is empty)."""
        return self.pile[-1] if self.pile else None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        return [card_action(PLAY, c) for c in _sorted(self.hands[seat])]

    def is_last_card(self) -> bool:
        """True when the card about to be played is the last of the hand."""
        return not self.stock and sum(len(h) for h in self.hands) == 1

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "XeriState":
        card = parse_card(action.args[0])
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        state = replace(self, hands=(hands[0], hands[1]), turn=1 - seat)
        if captures(card, self.pile):
            xeri = is_xeri(card, self.pile) and (self.options.xeri_on_last_card or not self.is_last_card())
            taken = self.pile + (card,)
            won = _with(self.won, seat, self.won[seat] + taken)
            xeris = _with(self.xeris, seat, self.xeris[seat] + (self.pile[0],)) if xeri else self.xeris
            state = replace(state, pile=(), won=won, xeris=xeris, last_capturer=seat,
                            last_play=(seat, card, len(taken), xeri))
        else:
            state = replace(state, pile=self.pile + (card,), last_play=(seat, card, 0, False))
        if any(state.hands):
            return state
        if state.stock:
            return state._refill()
        return state._end_hand()

    def _refill(self) -> "XeriState":
        """Both hands are empty: the dealer deals six more to each from the stock."""
        hands, stock = _deal_hands(self.stock, self.dealer)
        return replace(self, hands=hands, stock=stock, turn=1 - self.dealer)

    def _end_hand(self) -> "XeriState":
        """The last capturer takes what is left on the pile; the hand is scored."""
        won = self.won
        if self.pile and self.last_capturer is not None:
            won = _with(won, self.last_capturer, won[self.last_capturer] + self.pile)
        state = replace(self, won=won, pile=())
        record = state._record()
        games = record.hands_won
        state = replace(state, games=games, sheet=self.sheet + (record,))
        played = len(state.sheet)
        target = self.options.hands
        if played >= target and (games[0] != games[1] or played >= target + self.options.extra_hands):
            return replace(state, over=True)
        return state._next_hand()

    def _record(self) -> HandRecord:
        cards = (len(self.won[0]), len(self.won[1]))
        xeris = (len(self.xeris[0]), len(self.xeris[1]))
        counted = (card_points(self.won[0]), card_points(self.won[1]))
        most = None if cards[0] == cards[1] else (0 if cards[0] > cards[1] else 1)
        points = tuple(xeris[s] * self.options.xeri_points + counted[s] + (MOST_CARDS if most == s else 0)
                       for s in (0, 1))
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
        games = self.games if winner is None else _with(self.games, winner, self.games[winner] + 1)
        return HandRecord(self.dealer, cards, xeris, counted, most, (points[0], points[1]), winner, games)

    def _next_hand(self) -> "XeriState":
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return _deal(self.options, rng, 1 - self.dealer, deck, games=self.games, sheet=self.sheet,
                     last_play=self.last_play)

    # ------------------------------------------------------------- scores
    def hand_points(self, seat: int) -> int:
        """Points ``seat`` holds so far this hand (xeris and counting cards; most cards at the end)."""
        return len(self.xeris[seat]) * self.options.xeri_points + card_points(self.won[seat])

    @property
    def scores(self) -> tuple[int, int]:
        """Hands won by each seat."""
        return self.games

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """The points of every finished hand, by the rule that scored them."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            for s in (0, 1):
                if r.xeris[s]:
                    events.append(ScoreEvent(number, (s,), r.xeris[s] * self.options.xeri_points, "xeri",
                                             {"xeris": r.xeris[s]}))
                if r.most_cards == s:
                    events.append(ScoreEvent(number, (s,), MOST_CARDS, "more cards",
                                             {"cards": r.cards[s], "opponents_cards": r.cards[1 - s]}))
                if r.card_points[s]:
                    events.append(ScoreEvent(number, (s,), r.card_points[s],
                                             "aces, kings, queens, jacks, tens, 10♦ and 2♣",
                                             {"card_points": r.card_points[s]}))
        return events

    def utility(self, seat: int) -> float:
        """Hands won against the opponent, plus a hundredth of the hand-point margin (finished
        hands and the current one), so a search prefers bigger wins."""
        margin = sum(r.points[seat] - r.points[1 - seat] for r in self.sheet)
        margin += self.hand_points(seat) - self.hand_points(1 - seat)
        return float(self.games[seat] - self.games[1 - seat]) + margin / 100

    def standings(self) -> list[dict]:
        """Both players by hands won, with the hand points they scored over the match."""
        rows = super().standings()
        for row in rows:
            seat = row["seats"][0]
            row["hand_points"] = sum(r.points[seat] for r in self.sheet)
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in (0, 1)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["pile"] = Zone(self.pile, Visibility.PUBLIC)
        for s in (0, 1):
            # both players saw these cards played, but a won pile may not be looked through
            zones[f"won:{s}"] = Zone(self.won[s], Visibility.SEEN, s, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "XeriState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in (0, 1))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def public(self, seat: int | None) -> dict:
        last = None
        if self.last_play:
            who, card, taken, xeri = self.last_play
            last = {"seat": who, "card": str(card), "captured": taken, "xeri": xeri}
        return {
            "seat_names": list(SEAT_NAMES),
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "pile_top": str(self.top) if self.pile else None,
            "pile_size": len(self.pile),
            "stock": len(self.stock),
            "cards_captured": [len(self.won[0]), len(self.won[1])],
            "xeris": [[str(c) for c in self.xeris[s]] for s in (0, 1)],
            "hand_points": [self.hand_points(0), self.hand_points(1)],
            "last_capturer": self.last_capturer,
            "last_play": last,
            "pile_redeals": self.redeals,
            "hands_won": list(self.games),
            "hands": self.options.hands,
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "xeri_on_last_card": self.options.xeri_on_last_card,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "cards": list(r.cards), "xeris": list(r.xeris),
                 "card_points": list(r.card_points), "more_cards": r.most_cards, "points": list(r.points),
                 "winner": r.winner, "hands_won": list(r.hands_won)}
                for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _sorted(cards) -> list[Card]:
    return sorted(cards, key=lambda c: (c.rank, c.suit))


def _deal_hands(deck, dealer: int):
    """Six cards each from the top of ``deck``, one at a time, the non-dealer first."""
    hands: list[list[Card]] = [[], []]
    for i, card in enumerate(deck[:2 * HAND]):
        hands[(dealer + 1 + i) % 2].append(card)
    return (tuple(_sorted(hands[0])), tuple(_sorted(hands[1]))), tuple(deck[2 * HAND:])


def _deal(options: XeriOptions, rng: Rng, dealer: int, deck: list[Card], **carry) -> XeriState:
    """Deal a hand from ``deck``: six each, then a pile of four, redealt while it breaks the rule."""
    hands, rest = _deal_hands(deck, dealer)
    rest = list(rest)
    pile, stock = rest[:PILE], rest[PILE:]
    redeals = 0
    while pile_needs_redeal(pile) and redeals < MAX_PILE_REDEALS:
        redeals += 1
        rest = rng.shuffled(stock + pile)
        pile, stock = rest[:PILE], rest[PILE:]
    return XeriState(options=options, rng_state=rng.state, dealer=dealer, hands=hands, stock=tuple(stock),
                     pile=tuple(pile), won=((), ()), xeris=((), ()), turn=1 - dealer, last_capturer=None,
                     last_play=carry.get("last_play", ()), redeals=redeals, games=carry.get("games", (0, 0)),
                     sheet=carry.get("sheet", ()))


def parse_deal(deal: Any, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[6 cards], [6 cards]], "pile": [4 cards, bottom
    first], "stock": [36 cards, the next dealt first]}``. ``pile`` and ``stock`` may be left
    out: the undealt cards are then shuffled from the match seed (and the pile redealt by
    the rule as needed). A given pile must be one the rule lets stand: its top card no jack
    and its top two cards of different ranks.
    """
    shape = ("a Xeri deal is an object with 'dealer' (0 or 1), 'hands' (six cards for each seat, seat 0 "
             "first), optionally 'pile' (four cards, bottom first) and 'stock' (the other 36, next first)")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    unknown = sorted(set(deal) - {"dealer", "hands", "pile", "stock"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {shape}", field="deal")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in (0, 1):
        raise CardsageError("deal.dealer must be seat 0 or 1", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != 2:
        raise CardsageError("deal.hands must list 2 hands, seat 0 first", field="deal.hands")
    seen: dict[Card, str] = {}
    pack = set(PACK)

    def read(cards, where: str, field: str, size: int) -> list[Card]:
        if not isinstance(cards, (str, list)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        out = [parse_card(c) for c in (cards.split() if isinstance(cards, str) else cards)]
        for c in out:
            if c not in pack:
                raise CardsageError(f"{c} is not in the 52-card pack", field=field)
            if c in seen:
                raise CardsageError(f"{c} is dealt twice ({seen[c]} and {where})", field=field)
            seen[c] = where
        if len(out) != size:
            raise CardsageError(f"{where} has {len(out)} cards; it needs {size}", field=field)
        return out

    parsed = [read(h, f"hand {s}", f"deal.hands.{s}", HAND) for s, h in enumerate(hands)]
    pile: list[Card] | None = None
    if deal.get("pile") is not None:
        pile = read(deal["pile"], "the pile", "deal.pile", PILE)
        if pile_needs_redeal(pile):
            raise CardsageError("that pile would be redealt: its top card is a jack or its top two cards "
                                "have the same rank", field="deal.pile")
    elif deal.get("stock") is not None:
        raise CardsageError("give the pile when you give the stock", field="deal.pile")
    rest = [c for c in PACK if c not in seen]
    if deal.get("stock") is not None:
        stock = read(deal["stock"], "the stock", "deal.stock", len(rest))
        rest = stock
    else:
        rest = rng.shuffled(rest)
    order = [parsed[(dealer + 1 + i) % 2][i // 2] for i in range(2 * HAND)]
    return dealer, order + (pile or []) + rest


class Xeri(Game):
    """The Xeri ruleset."""

    name = "xeri"
    title = "Xeri"
    family = "fishing"
    min_players = 2
    max_players = 2
    summary = ("Greek fishing game for two on a single pile: match the top card (or play a jack) to take "
               "the pile; taking a lone card with its match is a xeri, worth 10.")
    Options = XeriOptions
    State = XeriState
    seat_names = SEAT_NAMES

    def players_for(self, options) -> int:
        return 2

    def start(self, options: XeriOptions, seed: int, deal: Any) -> XeriState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, rng)
        else:
            dealer = rng.below(2)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return _deal(options, rng, dealer, deck)


GAME = Xeri()
