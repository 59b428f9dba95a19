"""The bit helpers of the compiled search against plain Python."""

import random

from solvers.doubledummy.bits import _spread_loop, spread


def _places(x: int, within: int) -> int:
    """Bit 3k set when the k-th lowest card of ``within`` is in ``x``."""
    cards = [b for b in range(16) if (within >> b) & 1]
    return sum(1 << (3 * k) for k, b in enumerate(cards) if (x >> b) & 1)


def test_spread_matches_plain_places():
    rng = random.Random(20)
    cases = [(0, 0), (0, 0xFFFF), (0xFFFF, 0xFFFF), (1, 1), (0x8000, 0x8001)]
    for _ in range(2000):
        within = rng.getrandbits(16)
        cases.append((within & rng.getrandbits(16), within))
    for x, within in cases:
        want = _places(x, within)
        # the processor's instructions where it has them, and the loop used without
        assert spread(x, within) == want
        assert _spread_loop(x, within) == want

