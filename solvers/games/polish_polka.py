"""Polish Polka (GAMES.md G26), also called Golf: the lowest total over nine holes wins.

Players and pack. Two to eight players (the rule text says four or more; two and three are
a GAMES.md proposal), clockwise, with two 52-card packs and 4 jokers (``jokers``: 4, 2 or
none), 108 cards by default.

Deal (a hole). The dealer deals six cards face down to each player, one at a time starting
on the left. Each player's six cards lie in two rows of three and keep their places for the
whole hole. The top card of the rest, the stock, is turned face up to start the discard
pile. A player does not know their own face-down cards either. Then, in turn order from the
dealer's left, each player turns two of their own cards face up (their choice). The first
dealer comes from the match seed; the deal passes to the left after each hole.

Turn. Beginning at the dealer's left, a player either draws the top card of the stock, seen
only by them, or takes the top card of the discard pile. A card taken from the discard pile
must be swapped into the layout. A card drawn from the stock may be swapped into the layout
or discarded; after discarding it the player may turn one of their face-down cards face up,
or do nothing. A card swapped in lies face up in the place of the card it replaces (face up
or face down), which goes face up onto the discard pile. When the stock is empty, the
discard pile but its top card is shuffled to become the new stock (GAMES.md proposal).

End of the hole. When a player's six cards are all face up, every other player has one
more turn; then all cards are turned up and scored. Guard: a hole in which ``turn_limit``
rounds of turns pass without this ends there and is scored as it lies.

Scoring, column by column (:mod:`solvers.games.polish_polka_scoring`). Two cards of equal
rank in a column make a pair, which overrides their values: a pair of jokers -4, a pair of
aces -2, any other pair 0. Otherwise each card scores its value: ace 1, two 2, three to ten
their face, jack, queen and king 10, a single joker -2 (GAMES.md proposal: the rule text
gives no value). Each hole's score is added to the player's running total.

Variants (all off by default): ``card_values`` (queens 12, 13 or 20; the queen of spades 40
with the other queens 10 and eights 0; jacks 0, queens 12, kings 13; jacks 20, where a jack
put on the discard pile makes the next player lose their turn); ``joker_value`` (-1, -2,
-3, -5 each, or +15 each with a pair of jokers -5); ``twos_minus_two``;
``one_eyed_jacks_wild`` (the jacks of spades and hearts pair with the other card of their
column); ``shoot_the_moon`` (a player whose hole scores exactly 60 scores 0 and every other
player scores 60 for that hole).

Match. ``holes`` holes (9; 10 and 18 allowed, as the rule text names all three); the lowest
total wins, equal totals share the place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.games.polish_polka_deal import LAYOUT, pack, parse_deal
from solvers.games.polish_polka_scoring import CARD_VALUES, COLUMNS, column_parts, column_score

__all__ = ["PolishPolka", "PolkaOptions", "PolkaState", "HoleRecord", "GAME", "POSITIONS", "position_name",
           "position_index"]

POSITIONS = ("11", "12", "13", "21", "22", "23")   # row then column, row by row
REVEALED_AT_START = 2
MOON = 60
DRAW, TAKE, SWAP, DISCARD, FLIP, PASS = "draw", "take", "swap", "discard", "flip", "pass"
REVEAL, CHOOSE, PLACE, AFTER_DISCARD = "reveal", "draw", "place", "flip"


def position_name(index: int) -> str:
    """A place's name, row then column: ``11`` is the top left, ``23`` the bottom right."""
    return POSITIONS[index]


def position_index(name: str) -> int:
    """The index (0–5, row by row) of a place named like ``12``."""
    return POSITIONS.index(name)


@serializable
@dataclass(frozen=True)
class PolkaOptions:
    """Variants of Polish Polka."""

    players: int = option(4, "number of players", minimum=2, maximum=8)
    holes: int = option(9, "holes (deals) in a match; the lowest total after them wins", choices=(9, 10, 18))
    jokers: int = option(4, "jokers added to the two 52-card packs", choices=(0, 2, 4))
    card_values: str = option(
        "standard", "card values: standard (J Q K 10); queens-12, queens-13, queens-20 (queens score that); "
        "queen-of-spades-40 (Q♠ 40, other queens 10, eights 0); jack-0-queen-12-king-13; jacks-20 (jacks "
        "score 20, and a jack put on the discard pile makes the next player lose their turn)",
        choices=CARD_VALUES)
    joker_value: int = option(-2, "what a single joker scores; at +15 a pair of jokers scores -5 (else -4)",
                              choices=(-1, -2, -3, -5, 15))
    twos_minus_two: bool = option(False, "twos score -2 instead of 2")
    one_eyed_jacks_wild: bool = option(False, "the jacks of spades and hearts are wild: each pairs with the "
                                              "other card of its column")
    shoot_the_moon: bool = option(False, "a player whose hole scores exactly 60 scores 0 for it and every "
                                         "other player scores 60")
    turn_limit: int = option(30, "a hole ends and is scored as it lies after this many rounds of turns",
                             minimum=5, maximum=200)


@serializable
@dataclass(frozen=True)
class HoleRecord:
    """One line of the score sheet: a finished hole, every layout turned up."""

    dealer: int
    ender: int | None                       # who turned their last card first (None: the guard ended it)
    layouts: tuple[tuple[Card, ...], ...]
    columns: tuple[tuple[tuple[int, str], ...], ...]   # per seat, per column: (score, what it is)
    raw: tuple[int, ...]                    # each layout's score
    moon: tuple[int, ...]                   # seats that shot the moon
    scores: tuple[int, ...]                 # the hole's score per seat
    totals: tuple[int, ...]                 # running totals after this hole


@serializable
@dataclass(frozen=True)
class PolkaState(State):
    """A moment of a Polish Polka match."""

    options: PolkaOptions
    rng_state: int
    dealer: int
    layouts: tuple[tuple[Card, ...], ...]      # per seat, six places row by row
    face_up: tuple[tuple[bool, ...], ...]
    stock: tuple[Card, ...]                    # face down, the next drawn first
    discard: tuple[Card, ...]                  # bottom first, top last
    phase: str
    turn: int
    drawn: tuple[Card, ...] = ()               # the card in the hand of the player to move
    drawn_from: str = ""                       # "stock" or "discard"
    ender: int | None = None
    turns: int = 0                             # turns finished this hole
    skipped: int | None = None                 # the seat that last lost a turn to a discarded jack
    jack_pending: bool = False                 # a jack was discarded this turn (jacks-20: the next loses a turn)
    last: str = ""                             # what the latest move did, in words
    totals: tuple[int, ...] = ()
    sheet: tuple[HoleRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def face_down(self, seat: int) -> list[int]:
        """The places of ``seat``'s layout still face down."""
        return [i for i in range(LAYOUT) if not self.face_up[seat][i]]

    def can_draw(self) -> bool:
        """True when a stock card can be drawn (the stock, or a discard pile to refill it from)."""
        return bool(self.stock) or len(self.discard) > 1

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase == REVEAL:
            return [Action(FLIP, (POSITIONS[i],)) for i in self.face_down(seat)]
        if self.phase == CHOOSE:
            actions = [Action(DRAW)] if self.can_draw() else []
            return actions + [card_action(TAKE, self.discard[-1])]
        if self.phase == PLACE:
            actions = [Action(SWAP, (p,)) for p in POSITIONS]
            if self.drawn_from == "stock":
                actions.append(card_action(DISCARD, self.drawn[0]))
            return actions
        return [Action(FLIP, (POSITIONS[i],)) for i in self.face_down(seat)] + [Action(PASS)]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "PolkaState":
        kind = action.kind
        if self.phase == REVEAL:
            return self._reveal(seat, position_index(action.args[0]))
        if kind == DRAW:
            state = self._refilled() if not self.stock else self
            return replace(state, stock=state.stock[1:], drawn=state.stock[:1], drawn_from="stock", phase=PLACE,
                           last=f"seat {seat} drew from the stock")
        if kind == TAKE:
            return replace(self, discard=self.discard[:-1], drawn=self.discard[-1:], drawn_from="discard",
                           phase=PLACE, last=f"seat {seat} took {self.discard[-1]} from the discard pile")
        if kind == SWAP:
            i = position_index(action.args[0])
            card, old = self.drawn[0], self.layouts[seat][i]
            state = replace(self, layouts=_with(self.layouts, seat, _with(self.layouts[seat], i, card)),
                            face_up=_with(self.face_up, seat, _with(self.face_up[seat], i, True)),
                            discard=self.discard + (old,), drawn=(), drawn_from="",
                            last=f"seat {seat} put {card} at {action.args[0]} and discarded {old}")
            return state._end_turn(seat, jack_discarded=old.rank == Rank.JACK and old.is_standard)
        if kind == DISCARD:
            card = self.drawn[0]
            state = replace(self, discard=self.discard + (card,), drawn=(), drawn_from="", phase=AFTER_DISCARD,
                            last=f"seat {seat} discarded {card}")
            jack = card.is_standard and card.rank == Rank.JACK
            if not state.face_down(seat):
                return state._end_turn(seat, jack_discarded=jack)
            return replace(state, jack_pending=jack)   # the jack's skip waits for the turn's end
        if kind == FLIP:
            i = position_index(action.args[0])
            state = replace(self, face_up=_with(self.face_up, seat, _with(self.face_up[seat], i, True)),
                            last=f"seat {seat} turned up {self.layouts[seat][i]} at {action.args[0]}")
            return state._end_turn(seat, jack_discarded=self.jack_pending)
        return replace(self, last=f"seat {seat} left their cards as they were")._end_turn(
            seat, jack_discarded=self.jack_pending)

    def _reveal(self, seat: int, index: int) -> "PolkaState":
        """One of the two cards each player turns up before play."""
        face_up = _with(self.face_up, seat, _with(self.face_up[seat], index, True))
        state = replace(self, face_up=face_up,
                        last=f"seat {seat} turned up {self.layouts[seat][index]} at {POSITIONS[index]}")
        if sum(face_up[seat]) < REVEALED_AT_START:
            return state
        n = self.players
        if seat == self.dealer:
            return replace(state, phase=CHOOSE, turn=(self.dealer + 1) % n)
        return replace(state, turn=(seat + 1) % n)

    def _refilled(self) -> "PolkaState":
        """The stock is empty: the discard pile but its top card is shuffled into a new stock."""
        rng = Rng(0)
        rng.state = self.rng_state
        stock = tuple(rng.shuffled(self.discard[:-1]))
        return replace(self, stock=stock, discard=self.discard[-1:], rng_state=rng.state)

    def _end_turn(self, seat: int, *, jack_discarded: bool) -> "PolkaState":
        """Pass the turn on, or end the hole after everyone's last turn."""
        n = self.players
        ender = self.ender
        if ender is None and all(self.face_up[seat]):
            ender = seat
        state = replace(self, phase=CHOOSE, ender=ender, turns=self.turns + 1, skipped=None, jack_pending=False)
        if state.turns >= self.options.turn_limit * n:
            return state._end_hole()
        following = (seat + 1) % n
        if following == ender:
            return state._end_hole()
        if jack_discarded and self.options.card_values == "jacks-20":
            state = replace(state, skipped=following,
                            last=state.last + f"; a jack: seat {following} loses their turn")
            following = (following + 1) % n
            if following == ender:
                return state._end_hole()
        return replace(state, turn=following)

    def _end_hole(self) -> "PolkaState":
        """Turn every card up, score the hole and deal the next (or end the match)."""
        record = self._record()
        sheet = self.sheet + (record,)
        state = replace(self, sheet=sheet, totals=record.totals, drawn=(), drawn_from="")
        if len(sheet) >= self.options.holes:
            return replace(state, over=True, face_up=tuple((True,) * LAYOUT for _ in range(self.players)))
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(pack(self.options.jokers))
        dealer = (self.dealer + 1) % self.players
        return _deal(self.options, rng, dealer, _layouts_from(deck, dealer, self.players),
                     deck[self.players * LAYOUT:], totals=record.totals, sheet=sheet, last=state.last)

    def _record(self) -> HoleRecord:
        opts = self.options
        columns = tuple(tuple(column_parts(lay[i], lay[j], opts) for i, j in COLUMNS) for lay in self.layouts)
        raw = tuple(sum(score for score, _ in cols) for cols in columns)
        moon = tuple(s for s in range(self.players) if opts.shoot_the_moon and raw[s] == MOON)
        scores = tuple(0 if s in moon else MOON if moon else raw[s] for s in range(self.players))
        totals = tuple(t + p for t, p in zip(self.totals, scores))
        return HoleRecord(self.dealer, self.ender, self.layouts, columns, raw, moon, scores, totals)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals (lowest wins)."""
        return self.totals

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def showing(self, seat: int) -> int:
        """What ``seat``'s face-up cards score now: columns with both cards up, plus the
        values of face-up cards whose partner is still face down."""
        from solvers.games.polish_polka_scoring import card_value
        lay, up = self.layouts[seat], self.face_up[seat]
        total = 0
        for i, j in COLUMNS:
            if up[i] and up[j]:
                total += column_score(lay[i], lay[j], self.options)
            elif up[i] or up[j]:
                total += card_value(lay[i] if up[i] else lay[j], self.options)
        return total

    def score_events(self) -> list[ScoreEvent]:
        """Every hole's score per seat, by where it came from (card values, each kind of pair,
        shooting the moon)."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            for s in range(self.players):
                cards = sum(score for score, what in r.columns[s] if what == "cards")
                events.append(ScoreEvent(number, (s,), cards, "card values",
                                         {"columns": sum(1 for _, w in r.columns[s] if w == "cards")}))
                for what in ("pair of jokers", "pair of aces", "pair"):
                    found = [score for score, w in r.columns[s] if w == what]
                    if found:
                        events.append(ScoreEvent(number, (s,), sum(found), what, {"pairs": len(found)}))
                if r.moon:
                    change = r.scores[s] - r.raw[s]
                    source = "shot the moon: 60 counts 0" if s in r.moon else "another player shot the moon"
                    events.append(ScoreEvent(number, (s,), change, source, {"moon": list(r.moon)}))
        return events

    def standings(self) -> list[dict]:
        """Players from the lowest total up, with the holes they won (lowest score of a hole)."""
        rows = super().standings()
        for row in rows:
            seat = row["seats"][0]
            row["holes_won"] = sum(1 for r in self.sheet if r.scores[seat] == min(r.scores))
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {}
        for s in range(self.players):
            for i in range(LAYOUT):
                vis = Visibility.PUBLIC if self.face_up[s][i] else Visibility.HIDDEN
                zones[f"layout:{s}:{POSITIONS[i]}"] = Zone((self.layouts[s][i],), vis, s, grid=(i // 3, i % 3))
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["discard"] = Zone(self.discard, Visibility.PUBLIC)
        for s in range(self.players):
            held = self.drawn if (s == self.turn and self.drawn) else ()
            vis = Visibility.PUBLIC if self.drawn_from == "discard" else Visibility.OWNER
            zones[f"drawn:{s}"] = Zone(held, vis, s)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "PolkaState":
        layouts = tuple(tuple(zones.get(f"layout:{s}:{POSITIONS[i]}", (self.layouts[s][i],))[0]
                              for i in range(LAYOUT)) for s in range(self.players))
        drawn = tuple(zones.get(f"drawn:{self.turn}", self.drawn)) if self.drawn else ()
        return replace(self, layouts=layouts, stock=tuple(zones.get("stock", self.stock)), drawn=drawn)

    def public(self, seat: int | None) -> dict:
        return {
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "phase": self.phase,
            "drawn_from": self.drawn_from or None,
            "stock": len(self.stock),
            "discard_top": str(self.discard[-1]) if self.discard else None,
            "last_turns": self.ender is not None,
            "went_out": self.ender,
            "lost_turn": self.skipped,
            "showing": [self.showing(s) for s in range(self.players)],
            "last_move": self.last,
            "totals": list(self.totals),
            "hole": len(self.sheet) + (0 if self.over else 1),
            "holes": self.options.holes,
            "score_sheet": [
                {"hole": i + 1, "dealer": r.dealer, "went_out": r.ender,
                 "layouts": [[_name(c) for c in lay] for lay in r.layouts],
                 "columns": [[score for score, _ in cols] for cols in r.columns],
                 "moon": list(r.moon), "scores": list(r.scores), "totals": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }


_NAMES: dict[Card, str] = {}


def _name(card: Card) -> str:
    """A card's notation (memoised: the score sheet shows every layout of the match)."""
    name = _NAMES.get(card)
    if name is None:
        name = _NAMES[card] = str(card)
    return name


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _layouts_from(deck, dealer: int, players: int) -> list[tuple[Card, ...]]:
    """Six cards each from the top of ``deck``, one at a time from the dealer's left; a
    player's k-th card goes to their k-th place."""
    layouts: list[list[Card]] = [[] for _ in range(players)]
    for k, card in enumerate(deck[:players * LAYOUT]):
        layouts[(dealer + 1 + k) % players].append(card)
    return [tuple(lay) for lay in layouts]


def _deal(options: PolkaOptions, rng: Rng, dealer: int, layouts, rest, **carry) -> PolkaState:
    """A hole's first state: the layouts dealt face down, the top of the rest turned up."""
    n = options.players
    return PolkaState(options=options, rng_state=rng.state, dealer=dealer, layouts=tuple(layouts),
                      face_up=tuple((False,) * LAYOUT for _ in range(n)), stock=tuple(rest[1:]),
                      discard=tuple(rest[:1]), phase=REVEAL, turn=(dealer + 1) % n,
                      totals=carry.get("totals", (0,) * n), sheet=carry.get("sheet", ()),
                      last=carry.get("last", ""))


class PolishPolka(Game):
    """The Polish Polka (Golf) ruleset."""

    name = "polish-polka"
    title = "Polish Polka (Golf)"
    family = "golf"
    min_players = 2
    max_players = 8
    summary = ("Golf with six cards in two rows of three: draw, swap cards into your layout and pair "
               "equal ranks in a column; the lowest total over nine holes wins.")
    Options = PolkaOptions
    State = PolkaState
    low_score_wins = True

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: PolkaOptions, seed: int, deal: Any) -> PolkaState:
        rng = Rng(seed)
        n = options.players
        if deal is not None:
            dealer, layouts, rest = parse_deal(deal, n, options.jokers, rng)
        else:
            dealer = rng.below(n)   # the first dealer comes from the match seed
            deck = rng.shuffled(pack(options.jokers))
            layouts, rest = _layouts_from(deck, dealer, n), deck[n * LAYOUT:]
        return _deal(options, rng, dealer, layouts, rest)


GAME = PolishPolka()
