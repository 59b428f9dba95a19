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



def test_top_runs_and_top_cards_match_plain_loops():
    from numba import njit

    from solvers.doubledummy.bits import _top_cards_loop, top_cards, top_run, top_run_mask

    @njit
    def compiled(mine, rem, s, r):
        return top_run(mine, rem), top_run_mask(mine, rem, s), top_cards(rem, r)

    rng = random.Random(21)
    for _ in range(3000):
        rem = rng.getrandbits(16)
        mine = rem & rng.getrandbits(16) if rng.random() < 0.8 else rng.getrandbits(16)
        s = rng.randrange(4)
        cards = [b for b in range(15, -1, -1) if (rem >> b) & 1]
        run = 0
        for b in cards:
            if not (mine >> b) & 1:
                break
            run += 1
        r = rng.randint(0, len(cards))
        top = sum(1 << b for b in cards[:r])
        got_run, got_mask, got_top = compiled(mine, rem, s, r)
        assert got_run == run
        assert got_mask % (1 << 64) == sum(1 << b for b in cards[:run]) << (16 * s)
        assert got_top == top
        assert _top_cards_loop(rem, len(cards) - r) == top
