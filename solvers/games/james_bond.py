"""James Bond (GAMES.md G38): collect four of a kind in every one of your piles, first.

Players and cards. Two or three players, a 52-card pack; suits play no part.

Deal. The dealer deals the cards into face-down piles of four in front of the players:
six piles each with two players, four each with three. The last four cards are laid
face up in a row between the players: the middle. The first dealer comes from the match
seed; the deal passes to the left (the next seat) for each new deal.

Play. A player may hold and look at only one of their own piles at a time, and must put
it back face down before taking another. While holding a pile they may exchange one of
its cards for one face-up card of the middle, one card at a time: every pile keeps four
cards and the middle four. The aim is four cards of one rank in each pile.

Winning. The first player whose piles are all four of a kind shouts "James Bond" (the
action ``claim``) and turns the piles face up: the claim is checked and the claimer wins
the deal. A false claim is rejected without penalty; with ``false_claim_loses`` the
claimer is out of the deal instead (with two players the other one wins it). Either way
the claimer's piles were turned face up, so everyone has seen them. With ``auto_win``
the deal ends as soon as a player's piles are all four of a kind, without a claim.

Race on a game clock (``mode=realtime``, the default). Play is simultaneous: every seat
that is not waiting may act at any moment. The actions are ``pick <pile>`` (only with
no pile in hand), ``swap <pile card> <middle card>`` (only while holding a pile),
``put_down`` and ``claim``; a seat may also ``wait N``: not act for N seconds of game
time. When every seat is waiting the clock jumps to the first wake-up, so the quicker
player acts first. Actions are applied in the order they arrive; a swap naming a middle
card somebody else has just taken fails with a conflict and changes nothing.

Turns (``mode=turns``). The seats act in rotation, starting left of the dealer; a turn is
exactly one of: ``pick <pile>`` (put down the pile in hand, if any, and pick up another,
looking at it), one ``swap``, ``claim`` or ``pass``.

What a player sees. The middle is face up. A seat sees the cards of the pile it holds;
its other piles lie face down. With ``memory_aid`` a seat's view also shows every pile it
has looked at before, as it last saw it (only the owner touches a pile, so that memory is
still right). Everyone sees which pile an opponent holds, not its cards; but every swap
is seen by all, so the cards an opponent took from the middle are known to lie in that
pile until they come back out (``known_cards`` in the public facts).

Guard. A deal with no winner after ``turn_limit`` turns (2,000 by default; in the race
every action, waits included, counts as a turn) ends: the player with the most completed
piles wins it; a tie for the most is a drawn deal.

Match. ``deals`` deals (one by default); each won deal scores one point, and the most
points wins the match (equal points share it). Score sheet: one line per deal, naming
how it was won ("James Bond", "false claim", "turn limit: most completed piles").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card, standard_pack
from solvers.deals import DealReader
from solvers.errors import CardsageError, IllegalAction
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.realtime import clock_target, is_clock_event

PACK = tuple(standard_pack())
PILE = 4
MIDDLE = 4
PILES = {2: 6, 3: 4}
LISTED_WAITS = (1, 2, 5, 10)
MAX_WAIT = 600
REACTIONS = ("instant", "human", "slow")


class Conflict(IllegalAction):
    """A swap naming a middle card that someone else has just taken."""

    def __init__(self, message: str):
        super().__init__(message, status=409)


def is_quad(pile) -> bool:
    """True when a pile is four cards of one rank."""
    return len(pile) == PILE and len({c.rank for c in pile}) == 1


def completed(piles) -> int:
    """How many of a seat's piles are four of a kind."""
    return sum(is_quad(p) for p in piles)


@serializable
@dataclass(frozen=True)
class JamesBondOptions:
    """Variants of James Bond."""

    players: int = option(2, "number of players: 2 (six piles each) or 3 (four piles each)",
                          minimum=2, maximum=3)
    mode: str = option("realtime", "realtime: everyone plays at once on a game clock (waiting "
                                   "is an action); turns: the players act in rotation, one pick, "
                                   "swap, claim or pass a turn", choices=("realtime", "turns"))
    memory_aid: bool = option(False, "show each player the piles they have looked at before, as "
                                     "they last saw them")
    false_claim_loses: bool = option(False, "a player who claims with a pile that is not four of a "
                                            "kind is out of the deal (off: the claim is simply "
                                            "rejected)")
    auto_win: bool = option(False, "the deal ends as soon as a player's piles are all four of a "
                                   "kind, without a claim")
    turn_limit: int = option(2000, "turns without a winner after which the player with most "
                                   "completed piles wins the deal (a tie for most is a draw); in "
                                   "the race every action counts", minimum=20, maximum=100_000)
    deals: int = option(1, "deals in a match; each won deal scores a point", minimum=1, maximum=20)
    bot_reaction: str = option("human", "how quickly computer players act in the race: instant, "
                                        "human (a second or two a move) or slow",
                               choices=REACTIONS)


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: how a deal ended."""

    dealer: int
    winner: int | None          # None: a drawn deal
    how: str                    # "James Bond", "false claim", "turn limit: most completed piles", ...
    completed: tuple[int, ...]  # completed piles per seat at the end
    turns: int


@serializable
@dataclass(frozen=True)
class JamesBondState(State):
    """A moment of a James Bond match."""

    options: JamesBondOptions
    rng_state: int
    dealer: int
    piles: tuple[tuple[tuple[Card, ...], ...], ...]    # per seat, per pile: four cards
    middle: tuple[Card, ...]                           # the face-up row
    holding: tuple[int | None, ...]                    # per seat: the pile in hand
    seen: tuple[tuple[bool, ...], ...]                 # per seat, per pile: looked at since the deal
    known: tuple[tuple[tuple[Card, ...], ...], ...]    # per seat, per pile: cards everyone knows are there
    out: tuple[int, ...] = ()                          # seats out of the deal after a false claim
    turn: int = 0                                      # turns mode: the seat to act
    turns: int = 0                                     # turns (actions) this deal, for the guard
    clock: int = 0                                     # race: game seconds since the deal began
    ready: tuple[int, ...] = ()                        # race: per seat, when its wait ends
    acted: tuple[int, ...] = ()                        # race: per seat, when it last did something
    sheet: tuple[DealRecord, ...] = ()
    last: str = ""
    over: bool = False

    # ------------------------------------------------------------- seats
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def realtime(self) -> bool:
        """True in the race on the game clock."""
        return self.options.mode == "realtime"

    def active(self) -> list[int]:
        """Seats still in the deal."""
        return [s for s in range(self.players) if s not in self.out]

    @property
    def to_move(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        if self.realtime:
            return frozenset(s for s in self.active() if self.ready[s] <= self.clock)
        return frozenset((self.turn,))

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        held = self.holding[seat]
        actions = []
        if held is None or not self.realtime:
            actions += [Action("pick", (str(i + 1),)) for i in range(len(self.piles[seat])) if i != held]
        if held is not None:
            actions += [Action("swap", (str(a), str(b))) for a in self.piles[seat][held] for b in self.middle]
            if self.realtime:
                actions.append(Action("put_down"))
        actions.append(Action("claim"))
        if self.realtime:
            actions += [Action("wait", (str(n),)) for n in LISTED_WAITS]
        else:
            actions.append(Action("pass"))
        return actions

    def apply(self, action, seat: int | None = None) -> "JamesBondState":
        """Apply an action: any wait of 1 to 600 whole seconds is accepted in the race, and
        a swap naming a middle card that is no longer there is a conflict (nothing changes)."""
        if is_clock_event(seat, action) and self.realtime:
            t = clock_target(action)
            return replace(self, clock=t) if t > self.clock and not self.over else self
        if seat is not None and seat in self.to_move and not isinstance(action, Action):
            action = self.parse_action(action, seat)
        if isinstance(action, Action) and seat in self.to_move:
            if action.kind == "wait" and self.realtime:
                n = _whole(action.args)
                if n is not None and 1 <= n <= MAX_WAIT:
                    return self._apply(Action("wait", (str(n),)), seat)
            held = self.holding[seat]
            if (action.kind == "swap" and held is not None and len(action.args) == 2
                    and action not in self.legal_actions(seat)):
                mine, wanted = action.args
                if any(str(c) == mine for c in self.piles[seat][held]) and _is_card(wanted):
                    raise Conflict(f"{wanted} is no longer in the middle (someone took it); "
                                   f"the middle is now {' '.join(map(str, self.middle))}")
        return super().apply(action, seat)

    # ------------------------------------------------------------- server clock
    @property
    def clock_now(self) -> int | None:
        """The game clock in the race (solvers/realtime.py); None in turns."""
        return self.clock if self.realtime else None

    @property
    def arrival_order(self) -> bool:
        """In the race actions apply in the order they arrive, each checked against the
        state it meets (a swap for a middle card just taken is a conflict), so a session
        need not refuse one chosen before another seat's move."""
        return self.realtime

    def next_wake(self) -> int | None:
        """In the race: the next time a waiting seat may act again (None: nobody waits)."""
        if not self.realtime or self.over:
            return None
        times = [self.ready[s] for s in self.active() if self.ready[s] > self.clock]
        return min(times) if times else None

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "JamesBondState":
        state = replace(self, turns=self.turns + 1)
        kind = action.kind
        if kind == "wait":
            ready = _with(state.ready, seat, state.clock + int(action.args[0]))
            return replace(state, ready=ready)._after(seat)
        if kind == "pick":
            index = int(action.args[0]) - 1
            seen = _with(state.seen, seat, _with(state.seen[seat], index, True))
            state = replace(state, holding=_with(state.holding, seat, index), seen=seen,
                            last=f"seat {seat} picked up pile {index + 1}")
        elif kind == "put_down":
            state = replace(state, holding=_with(state.holding, seat, None),
                            last=f"seat {seat} put down pile {self.holding[seat] + 1}")
        elif kind == "swap":
            state = state._swap(seat, parse_card(action.args[0]), parse_card(action.args[1]))
            if state.options.auto_win and all(is_quad(p) for p in state.piles[seat]):
                return state._end_deal(seat, "James Bond: every pile four of a kind")
        elif kind == "claim":
            return state._claim(seat)
        elif kind == "pass":
            state = replace(state, last=f"seat {seat} passed")
        else:
            raise IllegalAction(f"unknown action {action.notation!r}")
        return state._after(seat)

    def _swap(self, seat: int, given: Card, taken: Card) -> "JamesBondState":
        index = self.holding[seat]
        pile = tuple(taken if c == given else c for c in self.piles[seat][index])
        middle = tuple(given if c == taken else c for c in self.middle)
        known = tuple(c for c in self.known[seat][index] if c != given) + (taken,)
        return replace(self, piles=_with(self.piles, seat, _with(self.piles[seat], index, pile)),
                       middle=middle, known=_with(self.known, seat, _with(self.known[seat], index, known)),
                       last=f"seat {seat} gave {given} for {taken} (pile {index + 1})")

    def _claim(self, seat: int) -> "JamesBondState":
        if all(is_quad(p) for p in self.piles[seat]):
            return self._end_deal(seat, "James Bond: every pile four of a kind")
        # the piles were turned face up to show them: everyone has seen them now
        state = replace(self, known=_with(self.known, seat, self.piles[seat]),
                        seen=_with(self.seen, seat, tuple(True for _ in self.piles[seat])))
        if not self.options.false_claim_loses:
            return replace(state, last=f"seat {seat} claimed James Bond, but not every pile is four "
                                        f"of a kind: the claim is rejected")._after(seat)
        state = replace(state, out=state.out + (seat,), holding=_with(state.holding, seat, None),
                        last=f"seat {seat} claimed falsely and is out of the deal")
        left = state.active()
        if len(left) == 1:
            return state._end_deal(left[0], "false claim: the other player wins")
        return state._after(seat)

    def _after(self, seat: int) -> "JamesBondState":
        """After an action: the guard, then whose move it is (the next seat, or the clock)."""
        state = self
        if state.realtime:
            if seat not in state.out and state.ready[seat] <= state.clock:
                state = replace(state, acted=_with(state.acted, seat, state.clock))
        if state.turns >= state.options.turn_limit:
            return state._guard()
        if not state.realtime:
            left = state.active()
            following = [s for s in left if s > state.turn] or left
            return replace(state, turn=following[0])
        waiting = [state.ready[s] for s in state.active()]
        if min(waiting) > state.clock:
            state = replace(state, clock=min(waiting))
        return state

    def _guard(self) -> "JamesBondState":
        counts = [completed(self.piles[s]) if s not in self.out else -1 for s in range(self.players)]
        best = max(counts)
        leaders = [s for s in range(self.players) if counts[s] == best]
        if len(leaders) == 1:
            return self._end_deal(leaders[0], "turn limit: most completed piles")
        return self._end_deal(None, "turn limit: a tie for most completed piles")

    def _end_deal(self, winner: int | None, how: str) -> "JamesBondState":
        record = DealRecord(self.dealer, winner, how, tuple(completed(p) for p in self.piles), self.turns)
        said = f"{how}: " + ("a drawn deal" if winner is None else f"seat {winner} wins the deal")
        state = replace(self, sheet=self.sheet + (record,), last=said)
        if len(state.sheet) >= self.options.deals:
            return replace(state, over=True, holding=(None,) * self.players)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return deal_from(self.options, rng, (self.dealer + 1) % self.players, deck,
                         sheet=state.sheet, last=said)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Deals won by each seat."""
        return tuple(sum(1 for r in self.sheet if r.winner == s) for s in range(self.players))

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def progress(self, seat: int) -> float:
        """How near ``seat``'s piles are to four of a kind: per pile the count of its most
        common rank, a completed pile counting 6 (for search; not a score)."""
        total = 0.0
        for pile in self.piles[seat]:
            most = max(Counter(c.rank for c in pile).values())
            total += 6 if most == PILE else most
        return total

    def utility(self, seat: int) -> float:
        """Deals won against the others' mean (100 a deal), plus this deal's progress."""
        won = self.scores
        value = [100.0 * won[s] + (0 if self.over else self.progress(s)) for s in range(self.players)]
        others = [v for s, v in enumerate(value) if s != seat]
        return value[seat] - sum(others) / len(others)

    def score_events(self) -> list[ScoreEvent]:
        """A point to the winner of each deal, with how it was won."""
        return [ScoreEvent(n, (r.winner,), 1, r.how, {"completed_piles": list(r.completed), "turns": r.turns})
                for n, r in enumerate(self.sheet, 1) if r.winner is not None]

    def standings(self) -> list[dict]:
        """Seats by deals won, with their completed piles over the match."""
        rows = super().standings()
        for row in rows:
            row["completed_piles"] = sum(r.completed[row["seats"][0]] for r in self.sheet)
        return rows

    # ------------------------------------------------------------- zones and views
    def pile_visible(self, seat: int, index: int) -> bool:
        """True when the owner's view shows this pile: in hand, or seen with the memory aid."""
        return self.holding[seat] == index or (self.options.memory_aid and self.seen[seat][index])

    def zones(self) -> dict[str, Zone]:
        zones = {}
        for s in range(self.players):
            for i, pile in enumerate(self.piles[s]):
                vis = Visibility.OWNER if self.pile_visible(s, i) else Visibility.HIDDEN
                zones[f"pile{i + 1}:{s}"] = Zone(pile, vis, s, ordered=False, grid=(0, i))
        zones["middle"] = Zone(self.middle, Visibility.PUBLIC)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "JamesBondState":
        piles = tuple(tuple(tuple(zones.get(f"pile{i + 1}:{s}", pile)) for i, pile in enumerate(self.piles[s]))
                      for s in range(self.players))
        return replace(self, piles=piles, middle=tuple(zones.get("middle", self.middle)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards a seat knows lie in a face-down pile: its own piles it has looked at (only
        it touches them), and every pile's cards taken from the middle or shown in a claim."""
        fixed = {}
        for s in range(self.players):
            for i, pile in enumerate(self.piles[s]):
                cards = pile if s == seat and self.seen[s][i] else self.known[s][i]
                if cards:
                    fixed[f"pile{i + 1}:{s}"] = tuple(cards)
        return fixed

    def public(self, seat: int | None) -> dict:
        return {
            "mode": self.options.mode,
            "dealer": self.dealer,
            "turn": None if self.over or self.realtime else self.turn,
            "clock": self.clock if self.realtime else None,
            "waiting_until": list(self.ready) if self.realtime else None,
            "holding": [None if h is None else h + 1 for h in self.holding],
            "looked_at": [[i + 1 for i, seen in enumerate(row) if seen] for row in self.seen],
            "known_cards": [[[str(c) for c in pile] for pile in row] for row in self.known],
            "memory_aid": self.options.memory_aid,
            "out": list(self.out),
            "turns": self.turns,
            "turn_limit": self.options.turn_limit,
            "deal_number": len(self.sheet) + (0 if self.over else 1),
            "deals": self.options.deals,
            "deals_won": list(self.scores),
            "last": self.last,
            "score_sheet": [{"deal": n, "dealer": r.dealer, "winner": r.winner, "how": r.how,
                             "completed_piles": list(r.completed), "turns": r.turns}
                            for n, r in enumerate(self.sheet, 1)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _whole(args: tuple[str, ...]) -> int | None:
    if len(args) == 1 and args[0].isdigit() and len(args[0]) <= 6:
        return int(args[0])
    return None


def _is_card(text: str) -> bool:
    try:
        parse_card(text)
    except CardsageError:
        return False
    return True


def deal_from(options: JamesBondOptions, rng: Rng, dealer: int, deck, **carry) -> JamesBondState:
    """Deal ``deck`` into piles of four, seat by seat starting left of the dealer, each
    seat's piles in order; the last four cards go face up to the middle."""
    n = options.players
    count = PILES[n]
    order = [(dealer + 1 + k) % n for k in range(n)]
    piles: list = [None] * n
    at = 0
    for s in order:
        piles[s] = tuple(tuple(deck[at + PILE * i: at + PILE * (i + 1)]) for i in range(count))
        at += PILE * count
    middle = tuple(deck[at:at + MIDDLE])
    state = JamesBondState(
        options=options, rng_state=rng.state, dealer=dealer, piles=tuple(piles), middle=middle,
        holding=(None,) * n, seen=tuple((False,) * count for _ in range(n)),
        known=tuple(((),) * count for _ in range(n)), turn=(dealer + 1) % n, ready=(0,) * n,
        acted=(0,) * n, sheet=carry.get("sheet", ()), last=carry.get("last", ""))
    if options.auto_win:
        for s in order:
            if all(is_quad(p) for p in state.piles[s]):
                return state._end_deal(s, "James Bond: every pile four of a kind")
    return state


def parse_deal(deal: Any, players: int, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "piles": [[[4 cards], ...six piles], [...]], "middle":
    [4 cards]}``: per seat (seat 0 first) its piles of four (six each with two players,
    four each with three). ``middle`` may be left out when the piles leave exactly four
    cards: those are the middle, in pack order.
    """
    shape = ("a James Bond deal is an object with 'dealer' (a seat), 'piles' (per seat, seat 0 "
             "first, a list of piles of four cards: six piles each with two players, four with "
             "three) and optionally 'middle' (the four face-up cards)")
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 52-card pack")
    unknown = sorted(set(deal) - {"dealer", "piles", "middle"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {shape}", field="deal")
    dealer = reader.seat("dealer", players)
    given = deal.get("piles")
    count = PILES[players]
    if not isinstance(given, list) or len(given) != players:
        raise CardsageError(f"deal.piles must list the piles of {players} seats, seat 0 first", field="deal.piles")
    piles = []
    for s, row in enumerate(given):
        if not isinstance(row, list) or len(row) != count:
            raise CardsageError(f"seat {s} needs {count} piles of four cards", field=f"deal.piles.{s}")
        piles.append([reader.cards(p, f"seat {s}'s pile {i + 1}", f"deal.piles.{s}.{i}", size=PILE)
                      for i, p in enumerate(row)])
    middle = reader.optional("middle", "the middle", size=MIDDLE)
    if middle is None:
        left = [str(c) for c in reader.undealt()]
        if len(left) != MIDDLE:
            raise CardsageError(f"the piles leave {len(left)} cards; the middle needs {MIDDLE}", field="deal")
        middle = reader.cards(left, "the middle", "deal.middle", size=MIDDLE)
    if reader.undealt():
        raise CardsageError(f"cards missing from the deal: {' '.join(map(str, reader.undealt()))}", field="deal")
    order = [(dealer + 1 + k) % players for k in range(players)]
    deck = [c for s in order for pile in piles[s] for c in pile] + list(middle)
    return dealer, deck


class JamesBond(Game):
    """The James Bond ruleset."""

    name = "james-bond"
    real_time = True
    real_time_unless = {"mode": ("turns",)}
    title = "James Bond"
    family = "race"
    min_players = 2
    max_players = 3
    summary = ("Everyone at once: swap cards one at a time between the one pile you hold and "
               "the four face-up cards, until every pile of yours is four of a kind. Shout "
               "James Bond!")
    Options = JamesBondOptions
    State = JamesBondState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: JamesBondOptions, seed: int, deal: Any) -> JamesBondState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, options.players, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return deal_from(options, rng, dealer, deck)


GAME = JamesBond()
