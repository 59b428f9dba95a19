"""Building explicit Old Maid deals for the tests: the hands each seat keeps after discarding."""

from __future__ import annotations

from solvers.cards import parse_cards
from solvers.games.old_maid import deal_sizes, pack_for, pair_class


def deal_keeping(kept: list[str], *, dealer: int, odd_card: str = "remove_QC", pairing: str = "rank",
                 removed: str | None = None) -> dict:
    """A deal in which seat ``s`` keeps exactly the cards ``kept[s]`` once pairs are out:
    every other card goes out in pairs, given to seats so the dealt sizes come right."""
    n = len(kept)
    hands = [parse_cards(k) for k in kept]
    used = {c for h in hands for c in h}
    if removed:
        used |= set(parse_cards(removed))
    rest = [c for c in pack_for(odd_card) if c not in used]
    by_class: dict = {}
    for c in rest:
        by_class.setdefault(pair_class(c, pairing), []).append(c)
    pairs = []
    for cards in by_class.values():
        assert len(cards) % 2 == 0, f"cards {cards} cannot go out in pairs"
        pairs += [cards[i:i + 2] for i in range(0, len(cards), 2)]
    total = len(pack_for(odd_card)) - (1 if odd_card == "remove_random_hidden" else 0)
    need = [size - len(h) for size, h in zip(deal_sizes(total, n, dealer), hands)]
    assert all(x >= 0 and x % 2 == 0 for x in need), f"sizes do not work out: {need}"
    for pair in pairs:
        cls = pair_class(pair[0], pairing)
        # a pair goes where no kept card of its class could be swapped for one of it
        order = sorted(range(n), key=lambda s: (need[s] == 0, any(pair_class(c, pairing) == cls for c in hands[s])))
        seat = order[0]
        assert need[seat] > 0
        hands[seat] += pair
        need[seat] -= 2
    deal = {"dealer": dealer, "hands": [[str(c) for c in h] for h in hands]}
    if removed:
        deal["removed"] = removed
    return deal
