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

from solvers.twentyfour.arith import Value, divide
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

    def __init__(self, store: FormStore):
        self.store = store
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

    def _value_of(self, item) -> Value:
        value = self.store.value[item[1]]
        return -value if item[3] else value

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
            acc = acc + v if item[0] > 0 else acc - v
        else:
            acc = acc * v if item[0] > 0 else divide(acc, v)
        out.append(acc)
    return out


def _chain_ok(partials, allow_negative: bool) -> bool:
    return all(type(p) is int and (allow_negative or p >= 0) for p in partials)

