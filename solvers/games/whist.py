"""Whist (GAMES.md G1): four players in two partnerships, trumps turned from the deal.

Seats 0 and 2 play against seats 1 and 3, clockwise. The dealer deals thirteen cards
each, one at a time from the left; the dealer's last card is turned face up and fixes
trumps. It stays on the table until the dealer plays to the first trick, then it is an
ordinary card of the dealer's hand (everyone knows the dealer holds it until it is
played). The player left of the dealer leads; players must follow suit if able; the
highest trump wins, else the highest card of the suit led. After thirteen tricks, the
side with more tricks scores one point per trick above six. With honours, a side whose
two hands were dealt three of the trump A K Q J scores 2, all four 4; honours never
score the last point of a game. A game goes to 5 (7 "American", 9 "Long"); a rubber is
the best of three games. The deal passes clockwise.

Review: once a trick is complete its cards are turned face down; the last trick may be
looked at again only until the next card is led (``review_limit``: older plays in a
seat's log show only as ``play``), unless ``show_full_history`` is on.

Score sheet (``score_events``): per hand, "tricks over six" to the side that took more
tricks (detail: its tricks) and "honours" to a side dealt three or four trump honours
(detail: how many; the points after the cap, so possibly 0). In a rubber each won game
is a "game won" line (no points: games are counted apart, and the points start again
from love), and the standings rank the sides by games won.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.tricks import cards_that_follow, evolve, parse_four_hands, trick_winner, without

SEATS = 4
TRICKS = 13
HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


def side_of(seat: int) -> int:
    """Partnership of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


@serializable
@dataclass(frozen=True)
class WhistOptions:
    """Variants of Whist."""

    target: int = option(5, "points that win a game: 5 (short), 7 (American), 9 (Long)",
                         choices=(5, 7, 9))
    honours: str = option("auto", "score honours: auto = on unless the target is 5",
                          choices=("auto", "on", "off"))
    rubber: bool = option(False, "play a rubber: the best of three games")
    show_full_history: bool = option(False, "let players review every trick, not only the last one "
                                            "before the next lead")

    @property
    def honours_on(self) -> bool:
        """Whether honours score under these options."""
        return self.honours == "on" or (self.honours == "auto" and self.target != 5)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet."""

    dealer: int
    trump: int
    tricks: tuple[int, int]
    trick_points: tuple[int, int]
    honour_points: tuple[int, int]
    totals: tuple[int, int]
    honours_held: tuple[int, int] = (0, 0)   # trump honours (A K Q J) each side was dealt
    game_won_by: int = -1                    # the side that won a game with this hand, or -1


@serializable
@dataclass(frozen=True)
class WhistState(State):
    """A moment of a Whist match."""

    options: WhistOptions
    rng_state: int                        # generator state for the next deal
    dealer: int
    hands: tuple[tuple[Card, ...], ...]   # per seat; the dealer's excludes the turned card while it lies on the table
    turned: Card                          # the card that fixed trumps
    turned_on_table: bool                 # True until the dealer plays to the first trick
    honours: tuple[int, int]              # honour points each side holds in this deal
    leader: int
    trick: tuple[tuple[int, Card], ...]   # plays of the current trick, in order
    last_trick: tuple[tuple[int, Card], ...]
    history: tuple[tuple[tuple[int, Card], ...], ...]  # the finished tricks of this hand, in order
    tricks: tuple[int, int]               # tricks each side took in this hand
    voids: tuple[frozenset, ...]          # suits each seat has shown it lacks
    points: tuple[int, int]               # points in the current game
    games: tuple[int, int]                # games won (rubber)
    sheet: tuple[HandRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def trump(self) -> int:
        """Trump suit index."""
        return self.turned.suit

    @property
    def turn(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % SEATS

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def players(self) -> int:
        return SEATS

    def holding(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may play from (the dealer's include the turned card on the table)."""
        if seat == self.dealer and self.turned_on_table:
            return self.hands[seat] + (self.turned,)
        return self.hands[seat]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        led = self.trick[0][1] if self.trick else None
        playable = cards_that_follow(self.holding(seat), led)
        return [card_action("play", c) for c in sorted(playable, key=_order)]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "WhistState":
        return self.play(parse_card(action.args[0]), seat)

    def play(self, card: Card, seat: int) -> "WhistState":
        """The state after ``seat`` plays ``card``, a card it may play now (not checked:
        quick play, which plays the bot's legal cards, skips building and parsing actions)."""
        hands = list(self.hands)
        turned_on_table = self.turned_on_table
        if seat == self.dealer and turned_on_table:
            # the dealer picks up the turned card when first playing to the first trick
            hands[seat] = hands[seat] + (self.turned,)
            turned_on_table = False
        hands[seat] = without(hands[seat], card)
        voids = self.voids
        if self.trick and card.suit != self.trick[0][1].suit:
            voids = _with(voids, seat, voids[seat] | {self.trick[0][1].suit})
        state = evolve(self, hands=tuple(hands), turned_on_table=turned_on_table,
                       trick=self.trick + ((seat, card),), voids=voids)
        if len(state.trick) == SEATS:
            state = state._close_trick()
        return state

    def _close_trick(self) -> "WhistState":
        winner = trick_winner(self.trick, self.trump)
        side = side_of(winner)
        tricks = _with(self.tricks, side, self.tricks[side] + 1)
        state = evolve(self, trick=(), last_trick=self.trick, leader=winner,
                       history=self.history + (self.trick,), tricks=tricks)
        if sum(tricks) == TRICKS:
            state = state._score_hand()
        return state

    def _score_hand(self) -> "WhistState":
        target = self.options.target
        trick_points = tuple(max(0, t - 6) for t in self.tricks)
        points = tuple(p + t for p, t in zip(self.points, trick_points))
        honour_points = (0, 0)
        if self.options.honours_on:
            # honours count after tricks and never supply the winning point
            honour_points = tuple(
                0 if points[s] >= target or self.honours[s] == 0
                else min(self.honours[s], target - 1 - points[s]) for s in (0, 1))
            honour_points = tuple(max(0, h) for h in honour_points)
            points = tuple(p + h for p, h in zip(points, honour_points))
        winner = next((s for s in (0, 1) if points[s] >= target), None)
        held = _honours_held(self.history, self.trump)
        record = HandRecord(self.dealer, self.trump, self.tricks, trick_points, honour_points, points,
                            honours_held=held, game_won_by=-1 if winner is None else winner)
        state = replace(self, points=points, sheet=self.sheet + (record,))
        if winner is None:
            return state._next_deal()
        games = _with(self.games, winner, self.games[winner] + 1)
        if not self.options.rubber or max(games) == 2:
            return replace(state, games=games, over=True)
        return replace(state, games=games, points=(0, 0))._next_deal()

    def _next_deal(self) -> "WhistState":
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(standard_pack())
        return _deal(self.options, rng.state, (self.dealer + 1) % SEATS, deck,
                     points=self.points, games=self.games, sheet=self.sheet, last_trick=self.last_trick)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Points of each seat's side in the current game (games won in a rubber, when over)."""
        if self.options.rubber and self.over:
            return tuple(self.games[side_of(s)] for s in range(SEATS))
        return tuple(self.points[side_of(s)] for s in range(SEATS))

    @property
    def returns(self) -> tuple[int, ...]:
        """+1 for the seats of the side that won the match, −1 for the others (0 while playing)."""
        if not self.over:
            return (0,) * SEATS
        key = self.games if self.options.rubber else self.points
        best = 0 if key[0] > key[1] else 1
        return tuple(1 if side_of(s) == best else -1 for s in range(SEATS))

    # ------------------------------------------------------------- score sheet
    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The partnerships: South and North (0, 2) against West and East (1, 3)."""
        return ((0, 2), (1, 3))

    def score_events(self) -> list[ScoreEvent]:
        """Every scoring fact of the match, from the score sheet's hand records."""
        events: list[ScoreEvent] = []
        sides = self.sides()
        games = [0, 0]
        for hand, record in enumerate(self.sheet, 1):
            for side in (0, 1):
                if record.trick_points[side]:
                    events.append(ScoreEvent(hand, sides[side], record.trick_points[side], "tricks over six",
                                             {"tricks": record.tricks[side]}))
            if self.options.honours_on:
                for side in (0, 1):
                    held = record.honours_held[side]
                    if held < 3:
                        continue
                    claim = 4 if held == 4 else 2
                    detail = {"honours": held}
                    if record.honour_points[side] < claim:
                        detail.update(claimed=claim, capped="honours never score the last point of a game")
                    events.append(ScoreEvent(hand, sides[side], record.honour_points[side], "honours", detail))
            if self.options.rubber and record.game_won_by >= 0:
                side = record.game_won_by
                games[side] += 1
                events.append(ScoreEvent(hand, sides[side], 0, "game won",
                                         {"game": sum(games), "games": games[side],
                                          "points": list(record.totals)}))
        return events

    def standings(self) -> list[dict]:
        """By points in a single game; by games won (then points) in a rubber."""
        if not self.options.rubber:
            return super().standings()
        rows = [{"seats": list(side), "score": self.games[i], "points": self.points[i]}
                for i, side in enumerate(self.sides())]
        rows.sort(key=lambda r: (-r["score"], -r["points"], r["seats"]))
        for i, row in enumerate(rows):
            same = i and (row["score"], row["points"]) == (rows[i - 1]["score"], rows[i - 1]["points"])
            row["place"] = rows[i - 1]["place"] if same else i + 1
        return rows

    def utility(self, seat: int) -> float:
        """Games won (worth a whole game's points each) plus points, against the other side."""
        own, other = side_of(seat), 1 - side_of(seat)
        return float(self.options.target * (self.games[own] - self.games[other])
                     + self.points[own] - self.points[other])

    def review_limit(self, viewer: int | None) -> int | None:
        """The plays of the current trick, or of the last trick until the next card is led.

        Every play of a Whist log is one entry, so that is how many of the latest entries
        may be read in full; ``show_full_history`` and a finished match show them all."""
        if self.options.show_full_history or self.over:
            return None
        return len(self.trick) if self.trick else len(self.last_trick)

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(SEATS)}
        zones["turned"] = Zone((self.turned,) if self.turned_on_table else (), Visibility.PUBLIC)
        zones["trick"] = Zone(tuple(c for _, c in self.trick), Visibility.PUBLIC)
        won: tuple[list[Card], list[Card]] = ([], [])
        for plays in self.history:
            won[side_of(trick_winner(plays, self.trump))].extend(c for _, c in plays)
        for side in (0, 1):
            zones[f"won:{side}"] = Zone(tuple(won[side]), Visibility.SEEN)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "WhistState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(SEATS))
        return replace(self, hands=hands)

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        # everyone saw the turned card go into the dealer's hand; it stays there until played
        if not self.turned_on_table and self.turned in self.hands[self.dealer] and seat != self.dealer:
            return {f"hand:{self.dealer}": (self.turned,)}
        return {}

    def determinize_constraints(self, seat: int):
        return {f"hand:{s}": (lambda c, v=self.voids[s]: c.suit not in v)
                for s in range(SEATS) if s != seat and self.voids[s]}

    def public(self, seat: int | None) -> dict:
        show_last = self.options.show_full_history or not self.trick
        known = self.fixed_cards(seat if seat is not None else -1)
        return {
            "seat_names": ["South", "West", "North", "East"],
            "partnerships": [[0, 2], [1, 3]],
            "dealer": self.dealer,
            "trump": Suit(self.trump).letter,
            "turned_card": str(self.turned),
            "turned_on_table": self.turned_on_table,
            "dealer_holds_turned_card": bool(known),
            "leader": self.leader,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "last_trick": [{"seat": s, "card": str(c)} for s, c in self.last_trick] if show_last else None,
            "tricks_won": list(self.tricks),
            "points": list(self.points),
            "games": list(self.games),
            "target": self.options.target,
            "hand_number": len(self.sheet) + 1,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "trump": Suit(r.trump).letter, "tricks": list(r.tricks),
                 "trick_points": list(r.trick_points), "honours": list(r.honour_points),
                 "totals": list(r.totals)} for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.suit, card.rank)


def _honour_points(hands: tuple[tuple[Card, ...], ...], trump: int) -> tuple[int, int]:
    held = [0, 0]
    for seat, hand in enumerate(hands):
        held[side_of(seat)] += sum(1 for c in hand if c.suit == trump and c.rank in HONOURS)
    return tuple(4 if h == 4 else 2 if h == 3 else 0 for h in held)


def _honours_held(history, trump: int) -> tuple[int, int]:
    """Trump honours each side was dealt, read from the hand's thirteen tricks."""
    held = [0, 0]
    for plays in history:
        for seat, card in plays:
            if card.suit == trump and card.rank in HONOURS:
                held[side_of(seat)] += 1
    return tuple(held)


def _deal(options: WhistOptions, rng_state: int, dealer: int, deck: list[Card], **carry) -> WhistState:
    """Deal ``deck`` one card at a time from the dealer's left; the last card is turned."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % SEATS].append(card)
    turned = deck[-1]
    full = tuple(tuple(sorted(h, key=_order)) for h in hands)
    table = list(full)
    table[dealer] = tuple(c for c in full[dealer] if c != turned)
    return WhistState(
        options=options, rng_state=rng_state, dealer=dealer, hands=tuple(table), turned=turned,
        turned_on_table=True, honours=_honour_points(full, turned.suit), leader=(dealer + 1) % SEATS,
        trick=(), last_trick=carry.get("last_trick", ()), history=(), tricks=(0, 0),
        voids=(frozenset(),) * SEATS, points=carry.get("points", (0, 0)),
        games=carry.get("games", (0, 0)), sheet=carry.get("sheet", ()))


def parse_deal(deal: Any) -> tuple[int, list[Card]]:
    """Read an explicit first deal: ``{"dealer": 0, "hands": [[13 cards] x4], "turned": "7H"}``.

    Returns the dealer and the deck in dealing order (so the turned card comes last).
    """
    dealer, parsed = parse_four_hands(
        deal, "a Whist deal is an object with 'hands' (four lists of 13 cards), 'dealer' and 'turned'")
    turned = parse_card(deal.get("turned", str(parsed[dealer][-1])))
    if turned not in parsed[dealer]:
        raise CardsageError(f"the turned card {turned} must be in the dealer's hand (seat {dealer})",
                            field="deal.turned")
    # rebuild a dealing order: the dealer's hand ends with the turned card
    parsed[dealer] = [c for c in parsed[dealer] if c != turned] + [turned]
    deck = [parsed[(dealer + 1 + i) % SEATS][i // SEATS] for i in range(52)]
    return dealer, deck


class Whist(Game):
    """The Whist ruleset."""

    name = "whist"
    title = "Whist"
    family = "trick-taking"
    min_players = 4
    max_players = 4
    summary = "Four players in two partnerships; trumps turned from the deal; points for tricks over six."
    Options = WhistOptions
    State = WhistState

    def start(self, options: WhistOptions, seed: int, deal: Any) -> WhistState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal)
        else:
            dealer = rng.below(SEATS)  # the first dealer comes from the match seed
            deck = rng.shuffled(standard_pack())
        return _deal(options, rng.state, dealer, deck)


GAME = Whist()
