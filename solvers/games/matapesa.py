"""Mätäpesä (GAMES.md G13): head the trick or throw your lowest card; do not take the last trick.

Three to eight players sit clockwise and play clockwise with one 52-card pack. Suits do
not matter: only ranks count, ace high down to two (A K Q J 10 9 … 2).

The deal. The first dealer is drawn from the match seed. The dealer shuffles and deals
the cards one at a time from the left, as many to each player as go round evenly (17
each for three players, 13 for four, 10 for five, 8 for six, 7 for seven, 6 for eight).
The cards left over lie face up on the table for everyone to see and take no part in
play.

Play. The player on the dealer's left leads any card. Each following player in turn
must play a card of the same rank as the highest card in the trick so far or higher
(“heading” the trick) or else their lowest card; a player who can head may still choose
to throw their lowest card instead. A player who does not head must throw exactly their
lowest card, no other low card (any of several cards of that lowest rank will do, since
suits do not matter). The highest card wins the trick; among equal highest cards, the
one played last wins. The winner leads the next trick. Played cards stay face up in
front of the players who played them, and everyone may look through them at any time.

Result. Whoever takes the last trick loses the game. Exactly one player loses each deal.
The loser deals the next one.

The match (``match``; the rule text plays a single deal and keeps no score):

* ``single`` (default): one deal; its loser scores one loss, everyone else wins.
* ``count_losses``: ``games`` deals (5 by default); every player keeps a count of games
  lost, and the fewest losses win (equal fewest share the win).
* ``cucumber_points``: as in Cucumber, the loser scores the value of the card that took
  the last trick (2–10 at face value, jack 11, queen 12, king 13, ace 14). A player who
  reaches ``out_at`` penalty points (30) is out and is no longer dealt cards; the deal
  then goes round the players still in. The last player in wins. If the loser of a deal
  goes out, the next player still in on their left deals.

Every deal ends after a fixed number of tricks and a match after ``games`` deals or,
with cucumber points, once all but one player are out (each deal gives at least two
penalty points, so this takes a bounded number of deals): no match can cycle.

An explicit first deal (``new(deal=...)``): ``{"dealer": 0, "hands": [[cards] per seat,
seat 0 first], "remainder": [cards]}``. Every hand holds 52 ÷ players cards (rounded
down); ``remainder``, if given, must be exactly the cards not dealt.

Score sheet (``score_events``): per deal, one event for the loser: "took the last
trick: one game lost" (1 point) or, with cucumber points, "took the last trick: the
card's value" (the card's value). Scores are losses or penalty points: lower is better.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable

PACK_SIZE = 52
SINGLE, COUNT_LOSSES, CUCUMBER = "single", "count_losses", "cucumber_points"
MATCHES = (SINGLE, COUNT_LOSSES, CUCUMBER)
SOURCE_LOSS = "took the last trick: one game lost"
SOURCE_PENALTY = "took the last trick: the card's value"


def rank_name(rank: int) -> str:
    """A rank in words a player reads: ``10``, ``jack``, ``ace``."""
    return {11: "jack", 12: "queen", 13: "king", 14: "ace"}.get(rank, str(rank))


def card_order(card: Card) -> tuple[int, int]:
    """Sorting key: by rank (suits do not matter), the suit only to keep a fixed order."""
    return card.rank, int(card.suit)


def hand_size(players: int) -> int:
    """Cards each of ``players`` players is dealt: as many as go round evenly."""
    return PACK_SIZE // players


def penalty(card: Card) -> int:
    """Cucumber points for taking the last trick with ``card``: its rank value (ace 14)."""
    return int(card.rank)


def legal_cards(hand: tuple[Card, ...], trick: tuple[tuple[int, Card], ...]) -> list[Card]:
    """The cards a player may play: any card when leading; else a card at least as high as
    the highest in the trick, or one of the lowest cards held."""
    if not trick:
        return sorted(hand, key=card_order)
    top = max(c.rank for _, c in trick)
    low = min(c.rank for c in hand)
    return sorted((c for c in hand if c.rank >= top or c.rank == low), key=card_order)


def trick_winner(trick: tuple[tuple[int, Card], ...]) -> tuple[int, Card]:
    """The seat and card that take a trick: the highest rank; among equals, the last played."""
    best = trick[0]
    for play in trick[1:]:
        if play[1].rank >= best[1].rank:
            best = play
    return best


@serializable
@dataclass(frozen=True)
class MatapesaOptions:
    """Variants of Mätäpesä."""

    players: int = option(4, "number of players (3 to 8)", minimum=3, maximum=8)
    match: str = option(SINGLE, "how long a match runs: single = one deal, its loser loses (the usual game); "
                                "count_losses = a number of deals, fewest games lost wins; "
                                "cucumber_points = the loser scores the value of the card that took the "
                                "last trick, a player reaching the limit is out, the last one in wins",
                        choices=MATCHES)
    games: int = option(5, "deals in a count_losses match", minimum=1, maximum=99)
    out_at: int = option(30, "with cucumber_points: penalty points that put a player out",
                         minimum=2, maximum=200)


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: a finished deal."""

    dealer: int
    seats: tuple[int, ...]          # the players dealt in, clockwise from seat 0
    dealt: tuple[tuple[Card, ...], ...]   # per seat as dealt (empty for a player who is out)
    remainder: tuple[Card, ...]
    loser: int
    last_card: Card                 # the card that took the last trick
    points: int                     # what the loser scored for it
    totals: tuple[int, ...]


@serializable
@dataclass(frozen=True)
class MatapesaState(State):
    """A moment of a Mätäpesä match."""

    options: MatapesaOptions
    rng_state: int                          # generator state for the next deal
    dealer: int
    seats: tuple[int, ...]                  # the players in this deal, clockwise
    hands: tuple[tuple[Card, ...], ...]     # per seat (empty for a player who is out)
    dealt: tuple[tuple[Card, ...], ...]     # per seat as dealt this deal
    remainder: tuple[Card, ...]             # the spare cards, face up
    played: tuple[tuple[Card, ...], ...]    # per seat, its cards in finished tricks this deal
    leader: int
    trick: tuple[tuple[int, Card], ...]     # (seat, card) in play order
    last_trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, ...]                 # tricks each seat took this deal
    floors: tuple[int, ...]                 # per seat: every card it still holds is at least this rank
    points: tuple[int, ...]                 # games lost, or penalty points
    sheet: tuple[DealRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- the table
    @property
    def players(self) -> int:
        return self.options.players

    def next_in(self, seat: int) -> int:
        """The next player of this deal clockwise from ``seat``."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if other in self.seats:
                return other
        raise CardsageError("no player is in the deal")

    @property
    def turn(self) -> int:
        """The seat to play the next card."""
        return self.next_in(self.trick[-1][0]) if self.trick else self.leader

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def tricks_in_deal(self) -> int:
        """Tricks in the current deal (= cards each player was dealt)."""
        return hand_size(len(self.seats))

    def highest(self) -> Card | None:
        """The card that holds the trick so far (None before the lead)."""
        return trick_winner(self.trick)[1] if self.trick else None

    def out(self) -> tuple[int, ...]:
        """The seats out of a cucumber-points match."""
        if self.options.match != CUCUMBER:
            return ()
        return tuple(s for s in range(self.players) if self.points[s] >= self.options.out_at)

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        # a state is a value: its legal actions are worked out once per seat (searches ask often)
        cache = self.__dict__.setdefault("_legal", {})
        if seat not in cache:
            cache[seat] = [card_action("play", c) for c in self.playable(seat)]
        return list(cache[seat])

    def playable(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now (none when it is not to move)."""
        if seat not in self.to_move:
            return []
        return legal_cards(self.hands[seat], self.trick)

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "MatapesaState":
        card = parse_card(action.args[0])
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        floors = self.floors
        top = self.highest()
        if top is not None and card.rank < top.rank:
            # a card below the trick's highest is the player's lowest: the rest are at least as high
            floors = _with(floors, seat, max(floors[seat], int(card.rank)))
        state = replace(self, hands=hands, floors=floors, trick=self.trick + ((seat, card),))
        if len(state.trick) < len(self.seats):
            return state
        return state._close_trick()

    def _close_trick(self) -> "MatapesaState":
        winner, _ = trick_winner(self.trick)
        played = list(self.played)
        for seat, card in self.trick:
            played[seat] = played[seat] + (card,)
        state = replace(self, played=tuple(played), trick=(), last_trick=self.trick, leader=winner,
                        tricks=_with(self.tricks, winner, self.tricks[winner] + 1))
        if any(state.hands[s] for s in state.seats):
            return state
        return state._score_deal()

    def _score_deal(self) -> "MatapesaState":
        loser, card = trick_winner(self.last_trick)
        scored = penalty(card) if self.options.match == CUCUMBER else 1
        points = _with(self.points, loser, self.points[loser] + scored)
        record = DealRecord(self.dealer, self.seats, self.dealt, self.remainder, loser, card, scored, points)
        state = replace(self, points=points, sheet=self.sheet + (record,))
        if state._match_ended():
            return replace(state, over=True)
        return state._next_deal(loser)

    def _match_ended(self) -> bool:
        match = self.options.match
        if match == SINGLE:
            return True
        if match == COUNT_LOSSES:
            return len(self.sheet) >= self.options.games
        return self.players - len(self.out()) <= 1

    def _next_deal(self, loser: int) -> "MatapesaState":
        out = set(self.out())
        seats = tuple(s for s in range(self.players) if s not in out)
        dealer = loser
        while dealer in out:
            dealer = (dealer + 1) % self.players
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(standard_pack())
        return deal_cards(self.options, rng.state, dealer, seats, deck, points=self.points, sheet=self.sheet,
                          last_trick=self.last_trick)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Games lost, or penalty points with cucumber points: lower is better."""
        return self.points

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One event per finished deal: its loser and what the last trick cost them."""
        source = SOURCE_PENALTY if self.options.match == CUCUMBER else SOURCE_LOSS
        return [ScoreEvent(number, (r.loser,), r.points, source,
                           {"card": str(r.last_card), "tricks": hand_size(len(r.seats)), "dealer": r.dealer})
                for number, r in enumerate(self.sheet, 1)]

    @property
    def winners(self) -> tuple[int, ...]:
        """Once the match is over: the last player in, or the fewest losses (ties share)."""
        if not self.over:
            return ()
        if self.options.match == CUCUMBER:
            return tuple(s for s in range(self.players) if s not in self.out())
        best = min(self.points)
        return tuple(s for s in range(self.players) if self.points[s] == best)

    def standings(self) -> list[dict]:
        """Fewest losses first; with cucumber points, players still in first, then the
        players out, the last to go out first."""
        if self.options.match != CUCUMBER:
            return super().standings()
        went_out = {}
        for number, r in enumerate(self.sheet):
            if r.totals[r.loser] >= self.options.out_at and r.loser not in went_out:
                went_out[r.loser] = number
        key = {s: (1, -went_out[s]) if s in went_out else (0, self.points[s]) for s in range(self.players)}
        order = sorted(range(self.players), key=lambda s: (key[s], s))
        rows, place = [], 0
        for i, s in enumerate(order):
            if i == 0 or key[s] != key[order[i - 1]]:
                place = i + 1
            rows.append({"seats": [s], "score": self.points[s], "place": place, "out": s in went_out})
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["remainder"] = Zone(self.remainder, Visibility.PUBLIC, ordered=False)
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        for s in range(self.players):
            zones[f"played:{s}"] = Zone(self.played[s], Visibility.PUBLIC, s)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "MatapesaState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands)

    def determinize_constraints(self, seat: int):
        # a player who threw a card below the trick's highest showed it was their lowest
        return {f"hand:{s}": (lambda c, floor=self.floors[s]: c.rank >= floor)
                for s in self.seats if s != seat and self.floors[s]}

    def public(self, seat: int | None) -> dict:
        top = self.highest()
        out = self.out()
        return {
            "seat_names": [f"Seat {s + 1}" for s in range(self.players)],
            "match": self.options.match,
            "dealer": self.dealer,
            "in_play": list(self.seats),
            "out": list(out),
            "leader": self.leader,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "to_head": str(top) if top is not None else None,
            "rule": (f"play {rank_name(top.rank)} or higher, or your lowest card" if top is not None
                     else "lead any card"),
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick],
            "tricks_left": len(self.hands[self.turn]) if not self.over else 0,
            "tricks_won": list(self.tricks),
            "lowest_shown": {str(s): rank_name(f) for s, f in enumerate(self.floors) if f and s in self.seats},
            "scores": list(self.points),
            "score_name": "penalty points" if self.options.match == CUCUMBER else "games lost",
            "out_at": self.options.out_at if self.options.match == CUCUMBER else None,
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "games": self.options.games if self.options.match == COUNT_LOSSES else None,
            "winners": list(self.winners),
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "loser": r.loser, "last_card": str(r.last_card),
                 "points": r.points, "totals": list(r.totals)} for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def deal_cards(options: MatapesaOptions, rng_state: int, dealer: int, seats: tuple[int, ...], deck: list[Card],
               *, points: tuple[int, ...], sheet: tuple[DealRecord, ...] = (),
               last_trick: tuple = ()) -> MatapesaState:
    """Deal ``deck`` one card at a time from the dealer's left to the players in ``seats``;
    the cards that do not go round evenly lie face up."""
    n = options.players
    size = hand_size(len(seats))
    order = sorted(seats, key=lambda s: (s - dealer - 1) % n)   # from the dealer's left
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(size * len(seats)):
        hands[order[i % len(seats)]].append(deck[i])
    dealt = tuple(tuple(sorted(h, key=card_order)) for h in hands)
    return MatapesaState(
        options=options, rng_state=rng_state, dealer=dealer, seats=tuple(seats), hands=dealt, dealt=dealt,
        remainder=tuple(sorted(deck[size * len(seats):], key=card_order)), played=((),) * n,
        leader=order[0], trick=(), last_trick=last_trick, tricks=(0,) * n, floors=(0,) * n,
        points=points, sheet=sheet)


def parse_deal(deal: Any, players: int) -> tuple[int, list[list[Card]]]:
    """Read an explicit first deal; return the dealer and the hands (seat 0 first).

    ``{"dealer": 0, "hands": [["AS", "7D", ...], ...], "remainder": [...]}``: one list per
    seat of 52 ÷ players cards; ``remainder`` is optional.
    """
    if not isinstance(deal, Mapping):
        raise CardsageError("a Mätäpesä deal is an object with 'hands' (one list of cards per player), "
                            "'dealer' and optionally 'remainder'", field="deal")
    unknown = sorted(set(deal) - {"dealer", "hands", "remainder"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(map(str, unknown))}; a deal has "
                            f"'dealer', 'hands' and 'remainder'", field="deal")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {players - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise CardsageError(f"deal.hands must list the {players} hands, seat 0 first", field="deal.hands")
    seen: dict[Card, str] = {}

    def read(cards: Any, where: str) -> list[Card]:
        if isinstance(cards, str):
            cards = cards.split()
        if not isinstance(cards, list):
            raise CardsageError(f"{where} must be a list of cards", field=f"deal.{where}")
        out = []
        for text in cards:
            if not isinstance(text, str):
                raise CardsageError(f"{where} must list cards as text like 'QS', got {text!r}",
                                    field=f"deal.{where}")
            card = parse_card(text)
            if not card.is_standard or card.copy:
                raise CardsageError(f"{card} is not a card of the standard 52-card pack", field=f"deal.{where}")
            if card in seen:
                raise CardsageError(f"{card} is dealt twice ({seen[card]} and {where})", field=f"deal.{where}")
            seen[card] = where
            out.append(card)
        return out

    size = hand_size(players)
    parsed = []
    for s, hand in enumerate(hands):
        cards = read(hand, f"hands.{s}")
        if len(cards) != size:
            raise CardsageError(f"hand {s} has {len(cards)} cards; with {players} players each hand has {size}",
                                field=f"deal.hands.{s}")
        parsed.append(cards)
    if deal.get("remainder") is not None:
        read(deal["remainder"], "remainder")  # checks the cards and counts them seen
        missing = [str(c) for c in standard_pack() if c not in seen]
        if missing:
            raise CardsageError(f"deal.remainder is missing {' '.join(missing)}: the hands and the "
                                f"remainder make up the 52 cards", field="deal.remainder")
    return dealer, parsed


class Matapesa(Game):
    """The Mätäpesä ruleset."""

    name = "matapesa"
    title = "Mätäpesä"
    family = "trick-taking"
    min_players = 3
    max_players = 8
    summary = ("Suits do not count: head the trick with an equal or higher card or throw your lowest; "
               "whoever takes the last trick loses.")
    Options = MatapesaOptions
    State = MatapesaState
    low_score_wins = True

    def start(self, options: MatapesaOptions, seed: int, deal: Any) -> MatapesaState:
        rng = Rng(seed)
        n = options.players
        seats = tuple(range(n))
        points = (0,) * n
        if deal is None:
            dealer = rng.below(n)  # the first dealer comes from the match seed
            return deal_cards(options, rng.state, dealer, seats, rng.shuffled(standard_pack()), points=points)
        dealer, hands = parse_deal(deal, n)
        size = hand_size(n)
        order = sorted(seats, key=lambda s: (s - dealer - 1) % n)
        deck = [hands[order[i % n]][i // n] for i in range(size * n)]
        dealt = set(deck)
        deck += [c for c in standard_pack() if c not in dealt]
        return deal_cards(options, rng.state, dealer, seats, deck, points=points)


GAME = Matapesa()
