"""The search for suitless trick rules (:class:`~solvers.doubledummy.suitless_rules.Suitless`).

Positions are small tuples: each hand a sorted tuple of *codes* (a plain card's code is
its power; a card with a choice of powers gets a code above every power), the seat to
play, the cards on the trick so far (their count, the highest power and who played it)
and, for trick payoffs, the tricks each seat has taken from the root. The search is a
memoised max-n: every node returns the payoff vector of the whole table, the seat to
play keeping the first child (in ``prefer`` order) that is strictly best for itself.
The paranoid model is the same search with the vector ``(V for the side, -V for the
others)``, which is plain minimax.

Sound reductions, each checked against :mod:`solvers.doubledummy.suitless_reference`:

* equal powers in one hand are one move (suits do not exist here);
* with ``follow="any"``, ``ties="first"`` and a payoff that does not read powers, two
  cards of a hand with no other live power between them (nor equal to either, nor the
  trick's highest in between) are one move: the positions after them are the same up to
  swapping the two labels, so their payoff vectors are equal;
* a seat whose payoff cannot get better than the child it already holds (the payoff's
  ceiling, when it has one) stops looking: no later child can be strictly better, so
  the tie-break picks the same child.
"""

from __future__ import annotations

import time

from solvers.cards import Card
from solvers.doubledummy.position import Position, seat_name
from solvers.doubledummy.result import DDResult
from solvers.errors import CardsageError

__all__ = ["SuitlessSearch", "solve_suitless", "card_vectors", "move_label", "CHOICE_BASE"]

CHOICE_BASE = 1 << 20        # codes of cards with a choice of powers start here
MEMO_LIMIT = 2_000_000       # a cached search forgets its table beyond this many positions
DEFAULT_NODE_BUDGET = 20_000_000


class OutOfBudget(Exception):
    """The node or time budget ran out."""


def move_label(card: Card, power: int, choice: bool) -> str:
    """A move's name: the card, with the power said for a card with a choice (``FOOL=22``)."""
    return f"{card}={power}" if choice else str(card)


class SuitlessSearch:
    """Exact values of positions under one set of suitless rules, seen from one side.

    ``team`` (paranoid play only) marks the seats of the maximising side. The memo is
    kept between calls, so every root card of a position and its principal line share
    it."""

    def __init__(self, rules, team: tuple[bool, ...] | None = None):
        spec = rules.suitless
        if spec is None:
            raise CardsageError("these rules are not suitless")
        self.rules = rules
        self.spec = spec
        self.n = rules.seats
        self.team = team
        if spec.play == "paranoid" and team is None:
            raise CardsageError("paranoid play needs the maximising side")
        choice_cards = sorted(spec._choices, key=lambda c: (spec.power(c), str(c)))
        self.choice_code = {card: CHOICE_BASE + i for i, card in enumerate(choice_cards)}
        self.choice_powers = {CHOICE_BASE + i: spec.choices_of(card) for i, card in enumerate(choice_cards)}
        for card in spec.cards:
            if card not in self.choice_code and not -CHOICE_BASE < spec.power(card) < CHOICE_BASE:
                raise CardsageError(f"card powers must lie within ±{CHOICE_BASE}", field="powers")
        self.last = spec.ties == "last"
        self.head = spec.follow == "head_or_lowest"
        self.payoff = spec.payoff
        self.counts = spec.payoff in ("tricks", "exact")
        plain = [spec.power(c) for c in spec.cards if c not in self.choice_code]
        said = [p for values in self.choice_powers.values() for p in values]
        distinct = len(set(plain)) == len(plain) and not set(plain) & set(said)
        self.merge = (distinct and spec.follow == "any" and spec.ties == "first"
                      and spec.payoff != "last_trick_power")
        # at a trick's start a position is keyed by the order of its live cards alone when
        # powers are distinct, the payoff does not read them and every said power lies
        # outside the plain ones
        self.low = min(plain, default=0)
        self.squeeze = self.merge and all(p < self.low or p > max(plain) for p in said)
        # small non-negative powers: the live cards fit one integer's bits
        self.small = self.squeeze and 0 <= self.low and max(plain) < 62
        self.high = spec.prefer == "high"
        self.targets = spec.targets
        self.ceiling = 0 if (spec.play == "maxn" and not spec.relative and spec.payoff != "tricks") else None
        # paranoid: the side's payoff is at most 0; the others' is at most what one last
        # trick costs the side
        self.other_ceiling = None
        if spec.play == "paranoid" and spec.payoff != "tricks":
            self.ceiling = 0
            if spec.payoff in ("last_trick", "last_trick_power"):
                self.other_ceiling = 1 if spec.payoff == "last_trick" else max(plain + [0])
        self.memo: dict = {}
        self.nodes = 0
        self.node_limit = DEFAULT_NODE_BUDGET
        self.deadline: float | None = None

    # ------------------------------------------------------------ encoding

    def code(self, card: Card) -> int:
        """A card's code in hands."""
        found = self.choice_code.get(card)
        return self.spec.power(card) if found is None else found

    def encode(self, position: Position):
        """(hands, turn, count, top, win, won) of a position."""
        spec = self.spec
        hands = tuple(tuple(sorted(self.code(c) for c in hand)) for hand in position.hands)
        count = len(position.trick)
        top, win = 0, -1
        for i, card in enumerate(position.trick):
            power = spec.played_power(card)
            if i == 0 or power > top or (self.last and power == top):
                top, win = power, (position.leader + i) % self.n
        won = (0,) * self.n if self.counts else None
        return hands, position.to_play, count, top, win, won

    # ------------------------------------------------------------ moves

    def moves(self, hands, turn: int, count: int, top: int, members: bool = False) -> list:
        """(code, power) of each distinct move of the seat to play, in ``prefer`` order;
        with ``members``, (code, power, codes of the hand's cards this move stands for)."""
        hand = hands[turn]
        choices = self.choice_powers
        if not (self.merge or choices or members):
            # the plain case: one move for each power held (the hand is sorted)
            if self.head and count:
                kept = list(dict.fromkeys(c for c in hand if c >= top))
                if hand[0] < top:
                    kept.insert(0, hand[0])
            else:
                kept = list(dict.fromkeys(hand))
            if self.high:
                kept.reverse()
            return [(c, c) for c in kept]
        if self.head and count:
            low = hand[0]
            plain = sorted({c for c in hand if c >= top} | {low})
        else:
            plain = sorted(set(hand))
        chosen = [(c, p, (c,)) for c in plain if c >= CHOICE_BASE for p in choices[c]]
        runs = [[c] for c in plain if c < CHOICE_BASE]
        if self.small and len(runs) > 1:
            # powers are distinct, small and never between a said power: a card of the hand
            # merges with the one below when no live card lies between them
            mask = 0
            for h in hands:
                for c in h:
                    if c < CHOICE_BASE:
                        mask |= 1 << c
            merged = [runs[0]]
            for (q,) in runs[1:]:
                p = merged[-1][-1]
                if mask & ((1 << q) - (2 << p)) or (count and p <= top < q):
                    merged.append([q])
                else:
                    merged[-1].append(q)
            runs = merged
        elif self.merge and len(runs) > 1:
            # powers are distinct here: two cards of the hand next to each other among every
            # live power (a choice card's every power included) play alike
            live = sorted([c for h in hands for c in h if c < CHOICE_BASE] +
                          [p for h in hands for c in h if c >= CHOICE_BASE for p in choices[c]])
            at = {v: i for i, v in enumerate(live)}
            merged = [runs[0]]
            for (q,) in runs[1:]:
                p = merged[-1][-1]
                if at[q] != at[p] + 1 or (count and p <= top < q):
                    merged.append([q])
                else:
                    merged[-1].append(q)
            runs = merged
        # a merged run plays as its first card in ``prefer`` order
        out = [(run[-1] if self.high else run[0], None, tuple(run)) for run in runs]
        out = [(c, c, m) for c, _, m in out] + chosen
        if chosen:
            out.sort(key=lambda m: (m[1], m[0] >= CHOICE_BASE))
        if self.high:
            out.reverse()
        if members:
            return out
        return [(c, p) for c, p, _ in out]

    def child(self, hands, turn, count, top, win, won, code, power):
        """The position after the seat to play plays ``code`` as ``power``: ``(False, pos)``
        or, once play is over, ``(True, payoff vector)``."""
        n = self.n
        hand = hands[turn]
        i = hand.index(code)
        hands = hands[:turn] + (hand[:i] + hand[i + 1:],) + hands[turn + 1:]
        if count == 0 or power > top or (self.last and power == top):
            top, win = power, turn
        count += 1
        if count < n:
            return False, (hands, (turn + 1) % n, count, top, win, won)
        if won is not None:
            won = won[:win] + (won[win] + 1,) + won[win + 1:]
        if not hands[win]:
            return True, self.final(won, win, top)
        return False, (hands, win, 0, 0, -1, won)

    def final(self, won, winner: int, top: int) -> tuple[int, ...]:
        """The payoff vector at the end of play."""
        n = self.n
        payoff = self.payoff
        if payoff == "exact":
            own = [-abs(won[s] - self.targets[s]) for s in range(n)]
        elif payoff == "tricks":
            own = list(won)
        else:
            cost = 1 if payoff == "last_trick" else top
            own = [0] * n
            own[winner] = -cost
        if self.team is not None:
            value = sum(o for o, t in zip(own, self.team) if t)
            return tuple(value if t else -value for t in self.team)
        if self.spec.relative:
            total = sum(own)
            return tuple(n * o - total for o in own)
        return tuple(own)

    # ------------------------------------------------------------ search

    def value(self, hands, turn, count, top, win, won) -> tuple[int, ...]:
        """The payoff vector of a position with best play."""
        if count == 0 and self.squeeze:
            order = sorted(c for h in hands for c in h if c < CHOICE_BASE)
            rank = {c: self.low + i for i, c in enumerate(order)}
            key = (tuple(tuple(rank.get(c, c) for c in h) for h in hands), turn, won)
        else:
            key = (hands, turn, count, top, win, won)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if not self.nodes & 255:
            if self.nodes >= self.node_limit or (self.deadline is not None and time.perf_counter() > self.deadline):
                raise OutOfBudget
        best = None
        ceiling = self.ceiling if self.team is None or self.team[turn] else self.other_ceiling
        for code, power in self.moves(hands, turn, count, top):
            done, after = self.child(hands, turn, count, top, win, won, code, power)
            result = after if done else self.value(*after)
            if best is None or result[turn] > best[turn]:
                best = result
                if ceiling is not None and result[turn] >= ceiling:
                    break
        self.memo[key] = best
        return best



def _kept(search: SuitlessSearch, state):
    """The move the seat to play keeps (the first strictly best in ``prefer`` order):
    (code, power, payoff vector after it, whether play ends, the position after it)."""
    hands, turn, count, top, win, won = state
    kept = None
    for code, power in search.moves(hands, turn, count, top):
        done, after = search.child(hands, turn, count, top, win, won, code, power)
        vector = after if done else search.value(*after)
        if kept is None or vector[turn] > kept[2][turn]:
            kept = (code, power, vector, done, after)
    return kept


def _legal(position: Position, spec) -> list[tuple[Card, int, bool]]:
    """Every legal (card, power, said) of the seat to play, plainly from the rules."""
    hand = position.hands[position.to_play]
    if spec.follow == "head_or_lowest" and position.trick:
        top = max(spec.played_power(c) for c in position.trick)
        low = min(spec.power(c) for c in hand)
        hand = [c for c in hand if spec.power(c) >= top or spec.power(c) == low]
    return [(c, p, len(spec.choices_of(c)) > 1) for c in hand for p in spec.choices_of(c)]


def card_vectors(position: Position, search: SuitlessSearch | None = None) -> dict[str, tuple[int, ...]]:
    """The payoff vector of the whole table after each legal move of the seat to play
    (``FOOL=22`` names a card played with a chosen power)."""
    rules = position.rules
    if search is None:
        search = SuitlessSearch(rules, _team(rules, position.to_play))
    state = search.encode(position)
    hands, turn, count, top, win, won = state
    stands = {}
    for code, power, members in search.moves(hands, turn, count, top, members=True):
        done, after = search.child(hands, turn, count, top, win, won, code, power)
        vector = after if done else search.value(*after)
        for member in members:
            # a merged plain card stands for itself played at its own power
            stands[member, power if code >= CHOICE_BASE else member] = vector
    out = {}
    for card, power, said in _legal(position, rules.suitless):
        out[move_label(card, power, said)] = stands[search.code(card), power]
    return out


def _team(rules, seat: int) -> tuple[bool, ...] | None:
    if rules.suitless.play != "paranoid":
        return None
    return tuple(rules.sides[s] == rules.sides[seat] for s in range(rules.seats))


def _bounds(search: SuitlessSearch, state, seat: int) -> tuple[int, int]:
    """What the seat's payoff can be at most and at least, from the tricks left alone."""
    hands, turn, count, top, win, won = state
    n = search.n
    tricks = max(len(h) for h in hands) + (1 if count else 0)
    spec = search.spec
    ranges = []
    for s in range(n):
        if spec.payoff == "exact":
            t = spec.targets[s]
            span = [-abs(k - t) for k in range(tricks + 1)]
            ranges.append((min(span), max(span)))
        elif spec.payoff == "tricks":
            ranges.append((0, tricks))
        elif spec.payoff == "last_trick":
            ranges.append((-1, 0))
        else:
            most = max([spec.power(c) for c in spec.cards] + [0])
            ranges.append((-most, 0))
    if search.team is not None:
        return (sum(r[0] for r, t in zip(ranges, search.team) if t),
                sum(r[1] for r, t in zip(ranges, search.team) if t))
    if spec.relative:
        lo = (n - 1) * ranges[seat][0] - sum(r[1] for s, r in enumerate(ranges) if s != seat)
        hi = (n - 1) * ranges[seat][1] - sum(r[0] for s, r in enumerate(ranges) if s != seat)
        return lo, hi
    return ranges[seat]


def _cached_search(owner, rules, team) -> SuitlessSearch:
    """The search a :class:`~solvers.doubledummy.Solver` keeps for these rules and side."""
    cache = owner.__dict__.setdefault("_suitless_searches", {}) if owner is not None else {}
    key = (rules.signature(), team)
    search = cache.get(key)
    if search is None or len(search.memo) > MEMO_LIMIT:
        if len(cache) > 8:
            cache.clear()
        search = cache[key] = SuitlessSearch(rules, team)
    return search


def solve_suitless(position: Position, *, values: str = "best", budget_nodes: int | None = None,
                   budget_ms: float | None = None, line: bool = False, owner=None) -> DDResult:
    """Solve a suitless position for the seat to play, as :meth:`Solver.solve` does.

    ``value`` is the seat's payoff (max-n) or its side's (paranoid) with best play;
    ``cards`` maps each legal move (``FOOL=22`` for a said power) to the same figure
    after it. ``owner`` is the :class:`~solvers.doubledummy.Solver` whose table is kept."""
    if budget_nodes is not None and (isinstance(budget_nodes, bool) or not isinstance(budget_nodes, int)
                                     or budget_nodes < 1):
        raise CardsageError("budget_nodes must be a positive integer", field="budget_nodes")
    if budget_ms is not None and (isinstance(budget_ms, bool) or not isinstance(budget_ms, (int, float))
                                  or budget_ms <= 0):
        raise CardsageError("budget_ms must be a positive number", field="budget_ms")
    start = time.perf_counter()
    rules = position.rules
    seat = position.to_play
    search = _cached_search(owner, rules, _team(rules, seat))
    search.nodes = 0
    search.node_limit = DEFAULT_NODE_BUDGET if budget_nodes is None else budget_nodes
    search.deadline = None if budget_ms is None else start + budget_ms / 1000.0
    state = search.encode(position)
    lower, upper = _bounds(search, state, seat)
    legal = _legal(position, rules.suitless)
    result = DDResult(value=lower, lower=lower, upper=upper, exact=False,
                      best=move_label(*legal[0]), to_play=seat_name(seat, rules.seats))
    result.line = [result.best]
    try:
        vectors = card_vectors(position, search)
        code, power, vector, _, _ = _kept(search, state)
        card = next(c for c in position.hands[seat] if search.code(c) == code)
        best = move_label(card, power, code >= CHOICE_BASE)
        result.value = result.lower = result.upper = vector[seat]
        result.best = best
        result.line = [best]
        if values == "all":
            result.cards = {label: vec[seat] for label, vec in vectors.items()}
        if line:
            result.line = _line(search, position, state)
        result.exact = True
    except OutOfBudget:
        pass
    result.nodes = search.nodes
    result.ms = (time.perf_counter() - start) * 1000.0
    return result


def _line(search: SuitlessSearch, position: Position, state) -> list[str]:
    """The principal line: each seat's kept move in turn, to the end of play."""
    names: dict[tuple[int, int], list[Card]] = {}
    for seat, hand in enumerate(position.hands):
        for card in hand:
            names.setdefault((seat, search.code(card)), []).append(card)
    line = []
    while True:
        code, power, _, done, after = _kept(search, state)
        line.append(move_label(names[state[1], code].pop(), power, code >= CHOICE_BASE))
        if done:
            return line
        state = after
