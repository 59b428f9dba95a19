"""Canonical forms of Twenty-Four expressions, hash-consed to small integer ids.

A form is one of

* ``LEAF``  a card, e.g. ``8``;
* ``CAT``   cards written side by side (the concatenation option), e.g. ``1`` ``3`` → ``13``;
* ``SUM``   a flattened chain of ``+`` and ``-``: a multiset of added terms and a multiset
  of subtracted terms, none of which is itself a ``SUM``;
* ``PROD``  a flattened chain of ``*`` and ``/``: a multiset of numerator factors and a
  multiset of denominator factors, none of which is itself a ``PROD``;
* ``POW``   ``base ^ exponent`` (the power option).

Flattening makes commutativity and associativity disappear (``a-(b-c)`` and ``a-b+c``
are the same ``SUM``; ``a/(b/c)`` and ``a*c/b`` the same ``PROD``). The search only ever
builds non-negative intermediates, so the sign-flipped variants (``(1-5)*(2-8)``) map to
the same form by construction. :meth:`FormStore.prune` then removes wasted cards to give
the key that decides whether two solutions are the same.

Every distinct form is stored once and named by an ``int`` id; children lists are sorted
tuples of ids, so equal forms get equal ids and comparing forms is comparing ints.
"""

from __future__ import annotations

from itertools import combinations

from solvers.twentyfour.arith import Value, divide

LEAF, CAT, SUM, PROD, POW = range(5)


class FormStore:
    """Interning table for forms plus the memoised wasted-card pruning."""

    def __init__(self):
        self.kind: list[int] = []
        self.value: list[Value] = []
        self.first: list = []   # SUM: added terms; PROD: numerator; POW: base; LEAF/CAT: payload
        self.second: list = []  # SUM: subtracted terms; PROD: denominator; POW: exponent
        self._index: dict = {}
        self._pruned: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self.kind)

    def _intern(self, key, kind: int, value: Value, first, second) -> int:
        found = self._index.get(key)
        if found is not None:
            return found
        ident = len(self.kind)
        self.kind.append(kind)
        self.value.append(value)
        self.first.append(first)
        self.second.append(second)
        self._index[key] = ident
        return ident

    # -- constructors ---------------------------------------------------------------

    def leaf(self, value: int) -> int:
        """The form of a single card."""
        return self._intern((LEAF, value), LEAF, value, value, None)

    def cat(self, cards: tuple[int, ...], value: int) -> int:
        """The form of cards concatenated in the given order."""
        return self._intern((CAT, cards), CAT, value, cards, None)

    def sum(self, pos: tuple[int, ...], neg: tuple[int, ...], value: Value) -> int:
        """A ``SUM`` from already sorted, already flat term tuples."""
        return self._intern((SUM, pos, neg), SUM, value, pos, neg)

    def prod(self, num: tuple[int, ...], den: tuple[int, ...], value: Value) -> int:
        """A ``PROD`` from already sorted, already flat factor tuples."""
        return self._intern((PROD, num, den), PROD, value, num, den)

    def pow(self, base: int, exponent: int, value: Value) -> int:
        """``base ^ exponent``."""
        return self._intern((POW, base, exponent), POW, value, base, exponent)

    # -- combining two forms (the search's binary steps) ---------------------------------

    def _terms(self, f: int):
        if self.kind[f] == SUM:
            return self.first[f], self.second[f]
        return (f,), ()

    def _factors(self, f: int):
        if self.kind[f] == PROD:
            return self.first[f], self.second[f]
        return (f,), ()

    def add(self, x: int, y: int, value: Value) -> int:
        """The form of ``x + y``."""
        px, nx = self._terms(x)
        py, ny = self._terms(y)
        return self.sum(tuple(sorted(px + py)), tuple(sorted(nx + ny)), value)

    def sub(self, x: int, y: int, value: Value) -> int:
        """The form of ``x - y``."""
        px, nx = self._terms(x)
        py, ny = self._terms(y)
        return self.sum(tuple(sorted(px + ny)), tuple(sorted(nx + py)), value)

    def mul(self, x: int, y: int, value: Value) -> int:
        """The form of ``x * y``."""
        nx, dx = self._factors(x)
        ny, dy = self._factors(y)
        return self.prod(tuple(sorted(nx + ny)), tuple(sorted(dx + dy)), value)

    def div(self, x: int, y: int, value: Value) -> int:
        """The form of ``x / y``."""
        nx, dx = self._factors(x)
        ny, dy = self._factors(y)
        return self.prod(tuple(sorted(nx + dy)), tuple(sorted(dx + ny)), value)

    # -- wasted cards ---------------------------------------------------------------

    def prune(self, f: int) -> int:
        """The form with every wasted part removed: the key of a distinct solution.

        Wasted parts are a term worth 0 in a sum (``c-c``, ``2*3-6``, ``x*(5-5)``), a
        factor worth 1 in a product (``c/c``, ``(5-4)``, a card 1), a set of terms that
        cancel out or of factors whose product is 1, and an exponent worth 1. A node is
        never emptied: when everything in it is waste, the node itself is a 0 or a 1 and
        its parent drops it.
        """
        done = self._pruned.get(f)
        if done is not None:
            return done
        kind = self.kind[f]
        if kind == SUM:
            result = self._prune_chain(f, SUM)
        elif kind == PROD:
            result = self._prune_chain(f, PROD)
        elif kind == POW:
            base, exponent = self.prune(self.first[f]), self.prune(self.second[f])
            result = base if self.value[exponent] == 1 else self.pow(base, exponent, self.value[f])
        else:
            result = f
        self._pruned[f] = result
        return result

    def _prune_chain(self, f: int, kind: int) -> int:
        value = self.value[f]
        items = []  # (sign, id): sign +1 for added terms / numerator factors
        for sign, children in ((1, self.first[f]), (-1, self.second[f])):
            for child in children:
                items.extend(self._flat_items(self.prune(child), sign, kind))
        if kind == PROD and any(self.value[c] == 0 for _, c in items):
            return f  # a zero product: its parent drops it as a zero term
        neutral = 0 if kind == SUM else 1
        while len(items) > 1:
            drop = self._neutral_item(items, neutral)
            if drop is not None:
                del items[drop]
                continue
            subset = self._cancelling_subset(items, kind)
            if not subset:
                break
            items = [item for i, item in enumerate(items) if i not in subset]
        return self._rebuild(items, kind, value)

    def _neutral_item(self, items, neutral) -> int | None:
        """Index of an item worth the neutral element, subtracted/denominator ones first.

        Taking those first makes ``1 * 1``, ``1 / 1`` and ``1`` all reduce to the card 1.
        """
        for want in (-1, 1):
            for i, (sign, child) in enumerate(items):
                if sign == want and self.value[child] == neutral:
                    return i
        return None

    def _flat_items(self, child: int, sign: int, kind: int):
        if self.kind[child] == kind:
            return [(sign, c) for c in self.first[child]] + [(-sign, c) for c in self.second[child]]
        return [(sign, child)]

    def _cancelling_subset(self, items, kind: int) -> set[int] | None:
        """Indices of the smallest proper subset of items worth the neutral element."""
        n = len(items)
        if n < 3:
            return None  # two items cancelling would make the whole chain neutral
        values = [self.value[c] for _, c in items]
        for size in range(2, n):
            for subset in combinations(range(n), size):
                if not any(items[i][0] > 0 for i in range(n) if i not in subset):
                    continue  # what remains must still start with an added item
                if kind == SUM:
                    total = sum(items[i][0] * values[i] for i in subset)
                    if total == 0:
                        return set(subset)
                else:
                    num = den = 1
                    for i in subset:
                        if items[i][0] > 0:
                            num *= values[i]
                        else:
                            den *= values[i]
                    if den != 0 and divide(num, den) == 1:
                        return set(subset)
        return None

    def _rebuild(self, items, kind: int, value: Value) -> int:
        first = tuple(sorted(c for s, c in items if s > 0))
        second = tuple(sorted(c for s, c in items if s < 0))
        if len(first) == 1 and not second:
            return first[0]
        if kind == SUM:
            return self.sum(first, second, value)
        return self.prod(first, second, value)

    # -- inspection ----------------------------------------------------------------

    def cards(self, f: int) -> list[int]:
        """The card values a form uses (with repetition), in no particular order."""
        kind = self.kind[f]
        if kind == LEAF:
            return [self.first[f]]
        if kind == CAT:
            return list(self.first[f])
        if kind == POW:
            return self.cards(self.first[f]) + self.cards(self.second[f])
        out = []
        for child in self.first[f] + self.second[f]:
            out.extend(self.cards(child))
        return out
