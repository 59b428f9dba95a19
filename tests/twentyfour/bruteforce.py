"""An independent brute force over expression trees, and the distinctness key of a text.

Shared by the Twenty-Four tests; deliberately simple (no memo, no canonical forms).
"""

from fractions import Fraction

from solvers.cards import Rng
from solvers.twentyfour.inputs import Options
from solvers.twentyfour.parser import BinOp, parse
from solvers.twentyfour.solver import engine_for


def all_expressions(items):
    """Yield ``(value, text, nonnegative)`` for every expression tree over the items.

    ``items`` are ``(Fraction, text)`` pairs; each is used exactly once. Plain recursion
    over ordered pairs, no memo and no canonical forms.
    """
    if len(items) == 1:
        value, text = items[0]
        yield value, text, True
        return
    n = len(items)
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            rest = [items[k] for k in range(n) if k not in (i, j)]
            (a, ta), (b, tb) = items[i], items[j]
            candidates = [(a + b, f"({ta} + {tb})"), (a - b, f"({ta} - {tb})"),
                          (a * b, f"({ta} * {tb})")]
            if b != 0:
                candidates.append((a / b, f"({ta} / {tb})"))
            for value, text in candidates:
                for result in all_expressions(rest + [(value, text)]):
                    yield result[0], result[1], result[2] and value >= 0


def brute_solvable(numbers, target):
    items = [(Fraction(n), str(n)) for n in numbers]
    return any(v == target for v, _, _ in all_expressions(items))


def sample_deals(count, size, top, seed):
    rng = Rng(seed)
    return [[1 + rng.below(top) for _ in range(size)] for _ in range(count)]


def canonical_key(text, numbers):
    """The library's distinctness key of a typed expression with no negative intermediate."""
    engine, _ = engine_for(Options())
    store = engine.store

    def build(node):
        if not isinstance(node, BinOp):
            return store.leaf(node.value), Fraction(node.value)
        (fa, a), (fb, b) = build(node.left), build(node.right)
        value = {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else None}[node.op]
        make = {"+": store.add, "-": store.sub, "*": store.mul, "/": store.div}[node.op]
        norm = value.numerator if value.denominator == 1 else value
        return make(fa, fb, norm), value

    return store.prune(build(parse(text))[0])
