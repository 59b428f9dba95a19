"""Readable text for canonical forms.

Rules, in order of importance:

1. fewest brackets: chains are written flat (``10 * 4 - 8 * 2``), brackets appear only
   around a sum used as a factor or around a compound power operand;
2. integer-only intermediates when such an order exists: a chain is evaluated left to
   right, and when the largest-first order meets a fraction another order of the same
   chain is tried (``10 / 5 * 12`` rather than ``12 / 5 * 10``);
3. largest terms first: added terms before subtracted ones and numerator factors before
   denominator factors, each group by decreasing value.

``text`` uses ASCII ``+ - * / ^``; :func:`pretty` turns it into ``× ÷ −``.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from solvers.twentyfour.arith import Value, divide, normal
from solvers.twentyfour.canonical import CAT, LEAF, POW, PROD, SUM, FormStore

MAX_REORDER = 6
"""Chains longer than this keep the largest-first order (permutations get too many)."""


@dataclass(frozen=True, slots=True)
class Rendered:
    """A form written out, with the facts used to rank renderings and solutions."""

    text: str
    integral: bool        # every intermediate result is a whole number
    largest: Value        # largest absolute intermediate result (0 for a lone card)
    brackets: int         # bracket pairs written
    depth: int            # nesting depth of chains
    last_op: str | None   # the operation evaluated last, ``None`` for a lone card

    def rank(self) -> tuple:
        """Sort key: smaller is more readable."""
        return (not self.integral, self.brackets, self.largest, self.depth, len(self.text),
                self.text)


def pretty(text: str) -> str:
    """``8 / (3 - 8 / 3)`` → ``8 ÷ (3 − 8 ÷ 3)``."""
    return text.replace(" * ", " × ").replace(" / ", " ÷ ").replace(" - ", " − ")


class Renderer:
    """Memoised rendering of the forms of one :class:`FormStore`."""

    def __init__(self, store: FormStore, operators: str = "+-*/"):
        self.store = store
        self.operators = operators
        self._memo: dict[tuple[int, bool], Rendered] = {}

    def render(self, f: int, negate: bool = False) -> Rendered:
        """Render form ``f``; ``negate`` writes its negative (used for negative targets)."""
        key = (f, negate)
        found = self._memo.get(key)
        if found is None:
            found = self._render(f, negate)
            self._memo[key] = found
        return found

    def can_negate(self, f: int) -> bool:
        """True when ``-f`` can be written without a unary minus."""
        store = self.store
        kind = store.kind[f]
        if kind == SUM:
            return bool(store.second[f])
        if kind == PROD:
            return any(self.can_negate(c) for c in store.first[f] + store.second[f]
                       if store.kind[c] == SUM)
        return False

    def _render(self, f: int, negate: bool) -> Rendered:
        store = self.store
        kind = store.kind[f]
        if kind == LEAF:
            return Rendered(str(store.first[f]), True, 0, 0, 0, None)
        if kind == CAT:
            return Rendered("".join(str(c) for c in store.first[f]), True, 0, 0, 0, None)
        if kind == POW:
            return self._render_pow(f)
        pos, neg = store.first[f], store.second[f]
        if kind == SUM:
            if negate:
                pos, neg = neg, pos
            return self._render_chain(pos, neg, SUM, allow_negative=negate)
        flip = None
        if negate:
            flip = min((c for c in pos + neg if store.kind[c] == SUM and self.can_negate(c)),
                       key=lambda c: (-abs(store.value[c]), c))
        return self._render_chain(pos, neg, PROD, allow_negative=negate, flip=flip)

    def _render_pow(self, f: int) -> Rendered:
        store = self.store
        base, exponent = store.first[f], store.second[f]
        rb, re = self.render(base), self.render(exponent)
        bt = rb.text if store.kind[base] in (LEAF, CAT) else f"({rb.text})"
        et = re.text if store.kind[exponent] in (LEAF, CAT) else f"({re.text})"
        brackets = rb.brackets + re.brackets + (bt != rb.text) + (et != re.text)
        value = store.value[f]
        integral = rb.integral and re.integral and type(value) is int
        largest = max(rb.largest, re.largest, abs(value))
        return Rendered(f"{bt} ^ {et}", integral, largest, brackets,
                        1 + max(rb.depth, re.depth), "^")

    def _render_chain(self, pos, neg, kind: int, *, allow_negative: bool = False,
                      flip: int | None = None) -> Rendered:
        store = self.store
        items = []
        for sign, group in ((1, pos), (-1, neg)):
            ordered = []
            for child in group:
                negate = child == flip
                if negate:
                    flip = None  # flip exactly one occurrence
                ordered.append((sign, child, self.render(child, negate), negate))
            # equal values: the simpler operand first (``12 + 6 + 3 * 2``)
            ordered.sort(key=lambda it: (-abs(store.value[it[1]]), it[2].depth, it[2].text))
            items.extend(ordered)
        if self._needs_nesting(items, kind):
            nested = self._render_nested(items, kind)
            if nested is not None:
                return nested
        order = self._best_order(items, kind, allow_negative)
        parts = []
        brackets = 0
        for i, (sign, child, rendered, negate) in enumerate(order):
            text = rendered.text
            if kind == PROD and store.kind[child] == SUM:
                text = f"({text})"
                brackets += 1
            brackets += rendered.brackets
            if i:
                if kind == SUM:
                    parts.append(" + " if sign > 0 else " - ")
                else:
                    parts.append(" * " if sign > 0 else " / ")
            parts.append(text)
        partials = _partials(order, kind, self._value_of)
        integral = all(it[2].integral for it in order) and all(
            type(p) is int for p in partials)
        largest = max([abs(p) for p in partials] + [it[2].largest for it in order])
        depth = 1 + max(it[2].depth for it in order)
        last_sign = order[-1][0]
        last_op = ("+" if last_sign > 0 else "-") if kind == SUM else (
            "*" if last_sign > 0 else "/")
        return Rendered("".join(parts), integral, largest, brackets, depth, last_op)

    def _needs_nesting(self, items, kind: int) -> bool:
        """True when a flat chain would need an operator the game does not allow."""
        plain = "+" if kind == SUM else "*"
        return plain not in self.operators and sum(1 for it in items if it[0] > 0) > 1

    def _render_nested(self, items, kind: int) -> Rendered | None:
        """Write a chain with only ``-`` (or only ``/``) by nesting.

        ``a - (b - c)`` stands for the flat ``a - b + c`` when ``+`` is not allowed. The
        tree is searched over splits of the (at most six) items, preferring no negative
        intermediate, then fewest brackets; a zero divisor is never built.
        """
        if len(items) > MAX_REORDER:
            return None
        symbol = " - " if kind == SUM else " / "
        leaves = []
        for sign, child, rendered, _neg in items:
            wrap = kind == PROD and self.store.kind[child] == SUM
            text = f"({rendered.text})" if wrap else rendered.text
            leaves.append((text, rendered.brackets + wrap, self._value_of(items[len(leaves)])))
        memo: dict[tuple, tuple | None] = {}

        def build(members: tuple[int, ...], signs: tuple[int, ...]):
            """Best ``(negatives, brackets, text, value)`` for the signed members, or None."""
            key = (members, signs)
            if key in memo:
                return memo[key]
            best = None
            n = len(members)
            if n == 1:
                text, brackets, value = leaves[members[0]]
                best = (int(value < 0), brackets, text, value) if signs[0] > 0 else None
            for mask in range(1, (1 << n) - 1):
                left = [k for k in range(n) if mask >> k & 1]
                right = [k for k in range(n) if not mask >> k & 1]
                lhs = build(tuple(members[k] for k in left), tuple(signs[k] for k in left))
                if lhs is None:
                    continue
                rhs = build(tuple(members[k] for k in right), tuple(-signs[k] for k in right))
                if rhs is None or (kind == PROD and rhs[3] == 0):
                    continue
                text, brackets = rhs[2], rhs[1]
                if len(right) > 1:
                    text, brackets = f"({text})", brackets + 1
                value = normal(lhs[3] - rhs[3]) if kind == SUM else divide(lhs[3], rhs[3])
                candidate = (lhs[0] + rhs[0] + int(value < 0), lhs[1] + brackets,
                             lhs[2] + symbol + text, value)
                if best is None or candidate[:2] < best[:2]:
                    best = candidate
            memo[key] = best
            return best

        found = build(tuple(range(len(items))), tuple(it[0] for it in items))
        if found is None:
            return None
        from solvers.twentyfour.parser import steps_of  # render ↔ parser: only here
        steps = steps_of(found[2])
        integral = all(type(st.result) is int for st in steps)
        largest = max(abs(st.result) for st in steps)
        depth = 1 + max(it[2].depth for it in items) + found[1]
        return Rendered(found[2], integral, largest, found[1], depth, steps[-1].op)

    def _value_of(self, item) -> Value:
        value = self.store.value[item[1]]
        return normal(-value) if item[3] else value

    def _best_order(self, items, kind: int, allow_negative: bool):
        """The first order (largest-first preferred) whose intermediates are all integral."""
        if not all(it[2].integral for it in items) or len(items) > MAX_REORDER:
            return items
        if _chain_ok(_partials(items, kind, self._value_of), allow_negative):
            return items
        for order in permutations(items):
            if order[0][0] < 0:
                continue
            if _chain_ok(_partials(order, kind, self._value_of), allow_negative):
                return list(order)
        return items


def _partials(order, kind: int, value_of) -> list[Value]:
    """Results of each binary step when the chain is evaluated left to right."""
    acc = value_of(order[0])
    out = []
    for item in order[1:]:
        v = value_of(item)
        if kind == SUM:
            acc = normal(acc + v if item[0] > 0 else acc - v)
        else:
            acc = normal(acc * v) if item[0] > 0 else divide(acc, v)
        out.append(acc)
    return out


def _chain_ok(partials, allow_negative: bool) -> bool:
    return all(type(p) is int and (allow_negative or p >= 0) for p in partials)

