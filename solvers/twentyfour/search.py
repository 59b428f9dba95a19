"""Exhaustive search over sub-multisets of values, memoised.

Every expression over a multiset ``S`` splits at its last operation into expressions over
two complementary sub-multisets ``A`` and ``B``. The engine keeps, per sub-multiset,

* ``values(S)``: every value some expression over ``S`` reaches, and
* ``forms(S, v)``: the canonical forms (see :mod:`canonical`) of the expressions over
  ``S`` worth exactly ``v``, found goal-first: for each split and each ``a`` in
  ``values(A)`` the partner ``b`` that makes ``a op b == v`` is computed and looked up,
  instead of trying every pair.

Sub-multisets are sorted tuples, so the same sub-multiset met in different deals (or
different branches) is computed once. In the default non-negative mode a subtraction is
always larger minus smaller: a negative intermediate is never needed (its sign can be
moved outwards), and leaving them out halves the work and gives sign-normalised forms
for free. Positions holding a negative value, and negative targets for the value-only
questions, use the signed mode with both subtraction orders.
"""

from __future__ import annotations

from itertools import combinations, permutations

from solvers.twentyfour.arith import Value, concat, divide, normal, power
from solvers.twentyfour.canonical import FormStore

Multiset = tuple


class Engine:
    """Memoised search for one option set (operators, power, concatenation, sign mode)."""

    def __init__(self, operators: str = "+-*/", *, allow_power: bool = False,
                 allow_concat: bool = False, signed: bool = False):
        self.plus = "+" in operators
        self.minus = "-" in operators
        self.times = "*" in operators
        self.over = "/" in operators
        self.allow_power = allow_power
        self.allow_concat = allow_concat
        self.signed = signed
        self.store = FormStore()
        self._splits: dict[Multiset, list] = {}
        self._values: dict[Multiset, frozenset] = {}
        self._forms: dict[tuple, tuple[int, ...]] = {}
        self._reach: dict[tuple, bool] = {}

    def size(self) -> int:
        """Number of memoised entries (the caller resets an engine that grows too big)."""
        return len(self._values) + len(self._forms) + len(self._reach) + len(self.store)

    # -- structure ------------------------------------------------------------------

    def splits(self, s: Multiset) -> list[tuple[Multiset, Multiset]]:
        """Each unordered split of ``s`` into two non-empty complementary sub-multisets."""
        found = self._splits.get(s)
        if found is not None:
            return found
        seen = set()
        out = []
        n = len(s)
        rest = range(1, n)
        # Fixing element 0 on the left side lists each unordered split exactly once
        # (up to equal values, removed by ``seen``).
        for k in range(0, n - 1):
            for extra in combinations(rest, k):
                left = (s[0],) + tuple(s[i] for i in extra)
                chosen = set(extra)
                right = tuple(s[i] for i in rest if i not in chosen)
                key = (left, right) if left <= right else (right, left)
                if key not in seen:
                    seen.add(key)
                    out.append((left, right))
        self._splits[s] = out
        return out

    def _concats(self, s: Multiset):
        """``(cards_in_order, value)`` for each distinct concatenation of all of ``s``."""
        if not self.allow_concat or len(s) < 2 or any(type(x) is not int for x in s):
            return
        for order in sorted(set(permutations(s))):
            value = concat(order)
            if value is not None:
                yield order, value

    # -- values ---------------------------------------------------------------------

    def values(self, s: Multiset) -> frozenset:
        """Every value an expression over ``s`` can take."""
        found = self._values.get(s)
        if found is not None:
            return found
        if len(s) == 1:
            result = frozenset(s)
        else:
            out = set()
            for left, right in self.splits(s):
                self._combine_values(self.values(left), self.values(right), out)
            out.update(value for _, value in self._concats(s))
            result = frozenset(out)
        self._values[s] = result
        return result

    def _combine_values(self, va, vb, out: set) -> None:
        signed = self.signed
        for a in va:
            for b in vb:
                both_int = type(a) is int and type(b) is int
                if self.plus:
                    out.add(a + b if both_int else normal(a + b))
                if self.minus:
                    d = a - b if both_int else normal(a - b)
                    if signed:
                        out.add(d)
                        out.add(-d)
                    else:
                        out.add(d if d >= 0 else -d)
                if self.times:
                    out.add(a * b if both_int else normal(a * b))
                if self.over:
                    if b:
                        out.add(divide(a, b))
                    if a:
                        out.add(divide(b, a))
                if self.allow_power:
                    for p in (power(a, b), power(b, a)):
                        if p is not None and (signed or p >= 0):
                            out.add(p)

    # -- solvability ------------------------------------------------------------------

    def reachable(self, s: Multiset, target: Value) -> bool:
        """True when some expression over ``s`` equals ``target`` (values only, no forms)."""
        key = (s, target)
        found = self._reach.get(key)
        if found is not None:
            return found
        if len(s) == 1:
            result = s[0] == target
        elif len(s) <= 3 or self.allow_power:
            result = target in self.values(s)
        else:
            result = any(True for _ in self._matches(s, target, first_only=True))
        self._reach[key] = result
        return result

    def _matches(self, s: Multiset, v: Value, first_only: bool = False):
        """Yield ``(op, left, a, right, b)``: ``a op b == v`` with ``a`` over ``left``."""
        for left, right in self.splits(s):
            va, vb = self.values(left), self.values(right)
            if len(va) > len(vb):
                left, right, va, vb = right, left, vb, va
            for a in va:
                for op, b, a_first in self._partners(a, v, vb):
                    if a_first:
                        yield op, left, a, right, b
                    else:
                        yield op, right, b, left, a
                    if first_only:
                        return
        for order, value in self._concats(s):
            if value == v:
                yield "cat", order, value, None, None
                if first_only:
                    return

    def _partners(self, a: Value, v: Value, vb):
        """``(op, b, a_first)`` with ``b`` in ``vb`` and ``a op b == v`` (or ``b op a``)."""
        signed = self.signed
        if self.plus:
            b = normal(v - a)
            if b in vb:
                yield "+", b, True
        if self.minus:
            b = normal(a - v)
            if b in vb and (signed or v >= 0):
                yield "-", b, True
            b = normal(a + v)
            if b in vb and (signed or v >= 0):
                yield "-", b, False
        if self.times:
            if a:
                b = divide(v, a)
                if b in vb:
                    yield "*", b, True
            elif v == 0:
                for b in vb:
                    yield "*", b, True
        if self.over:
            if v:
                b = divide(a, v)
                if b and b in vb:
                    yield "/", b, True
            elif a == 0:
                for b in vb:
                    if b:
                        yield "/", b, True
            if a:
                b = normal(v * a)
                if b in vb:
                    yield "/", b, False
        if self.allow_power:
            for b in vb:
                if power(a, b) == v:
                    yield "^", b, True
                if power(b, a) == v:
                    yield "^", b, False

    # -- canonical forms ----------------------------------------------------------------

    def forms(self, s: Multiset, v: Value) -> tuple[int, ...]:
        """Ids of the (unpruned) canonical forms of the expressions over ``s`` worth ``v``."""
        key = (s, v)
        found = self._forms.get(key)
        if found is not None:
            return found
        store = self.store
        out = set()
        if len(s) == 1:
            if s[0] == v:
                out.add(store.leaf(v))
        else:
            build = {"+": store.add, "-": store.sub, "*": store.mul, "/": store.div,
                     "^": store.pow}
            for op, left, a, right, b in self._matches(s, v):
                if op == "cat":
                    out.add(store.cat(left, a))
                    continue
                make = build[op]
                for fa in self.forms(left, a):
                    for fb in self.forms(right, b):
                        out.add(make(fa, fb, v))
        result = tuple(sorted(out))
        self._forms[key] = result
        return result
