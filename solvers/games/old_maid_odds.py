"""Old Maid's odds: a seat's chance of being left with the old maid under blind draws.

Exact with two hands left. Every card then pairs with one in the other hand except the old
maid, which lies in the bigger hand; the position is only ``p`` (the pairs still split
between the hands) and whether the old maid is with the offerer, and a blind draw moves it
as a small Markov chain:

* old maid with the offerer (``p + 1`` cards): the drawer takes it with chance ``1/(p+1)``
  (nothing pairs and the roles swap), else makes a pair (``p - 1``, the old maid now with
  the next drawer);
* old maid with the drawer: the drawer always pairs (``p - 1``, the old maid with the next
  offerer).

With more hands the cards one cannot see are dealt afresh (:func:`consistent_deal`: no hand
ever holds two cards that pair, and a card the seat gave away stays with a seat that may
have drawn it since) and each deal is played out with blind draws.
"""

from __future__ import annotations

import time
from dataclasses import replace
from functools import lru_cache

from solvers.cards import Card, Rng
from solvers.errors import CardsageError
from solvers.games.old_maid import OldMaidState, pair_class
from solvers.sampling import determinize, weighted_index

__all__ = ["offerer_keeps_it", "loss_chance", "consistent_deal", "play_out_blind", "DEAL_ATTEMPTS"]

DEAL_ATTEMPTS = 200


@lru_cache(maxsize=None)
def offerer_keeps_it(pairs: int, with_offerer: bool) -> float:
    """With two hands left, ``pairs`` pairs split between them and the old maid with the
    offerer (or the drawer): the chance the current offerer ends with it."""
    if pairs == 0:
        return 1.0 if with_offerer else 0.0
    if not with_offerer:
        # the drawer pairs; the old maid is with the next offerer, who is the drawer now
        return 1.0 - offerer_keeps_it(pairs - 1, True)
    # g = 1/(p+1) (1 - g) + p/(p+1) (1 - g(p-1, drawer)), solved for g
    return (1.0 + pairs * (1.0 - offerer_keeps_it(pairs - 1, False))) / (pairs + 2)


def two_hand_chance(state: OldMaidState, seat: int) -> float | None:
    """The exact chance ``seat`` ends with the old maid when only the offerer and the drawer
    hold cards; None otherwise."""
    holding = [s for s in range(state.players) if state.hands[s]]
    if sorted(holding) != sorted({state.offerer, state.drawer}) or len(holding) != 2:
        return None
    if seat not in holding:
        return 0.0
    sizes = {s: len(state.hands[s]) for s in holding}
    if abs(sizes[state.offerer] - sizes[state.drawer]) != 1:
        return None
    with_offerer = sizes[state.offerer] > sizes[state.drawer]
    g = offerer_keeps_it(min(sizes.values()), with_offerer)
    return g if seat == state.offerer else 1.0 - g


def consistent_deal(state: OldMaidState, seat: int, rng: Rng) -> OldMaidState:
    """The cards ``seat`` cannot see dealt afresh, consistent with what it knows: hand sizes,
    the pairs on the table, no two cards that pair in one hand, the cards it gave away with
    the seats that may hold them. Falls back to the generic sampler if no such deal is found."""
    zones = state.zones()
    hidden = [n for n, z in zones.items() if not z.known_to(seat)]
    pool = sorted((c for n in hidden for c in zones[n].cards), key=_key)
    room0 = {n: len(zones[n].cards) for n in hidden}
    traced = state.holders_of(seat)
    pairing = state.options.pairing
    allowed0 = {}
    for c in pool:
        # a traced card lies in one of the hands that may have drawn it, never face down apart
        allowed0[c] = [n for n in hidden if c not in traced
                       or n != "removed" and int(n.split(":")[1]) in traced[c]]
    for _ in range(DEAL_ATTEMPTS):
        order = sorted(rng.shuffled(pool), key=lambda c: len(allowed0[c]))
        room = dict(room0)
        classes: dict[str, set] = {n: set() for n in hidden}
        placed: dict[str, list[Card]] = {n: [] for n in hidden}
        for card in order:
            cls = pair_class(card, pairing)
            options = [n for n in allowed0[card] if room[n] > 0 and (n == "removed" or cls not in classes[n])]
            if not options:
                break
            zone = options[weighted_index(rng, [room[n] for n in options])]
            room[zone] -= 1
            classes[zone].add(cls)
            placed[zone].append(card)
        else:
            world = state.with_zones({n: tuple(placed[n]) for n in hidden})
            return replace(world, rng_state=rng.next64())
    try:
        return determinize(state, seat, rng)
    except CardsageError:
        return state


def play_out_blind(state: OldMaidState, rng: Rng) -> int | None:
    """Play the hand under way to its end with blind draws; the seat left with the old maid
    (None when the draw guard abandons the hand)."""
    n = state.players
    pairing = state.options.pairing
    hands = [[pair_class(c, pairing) for c in h] for h in state.hands]
    offerer, drawer = state.offerer, state.drawer
    quiet = state.quiet
    limit = state.options.quiet_draw_limit
    while True:
        holding = [s for s in range(n) if hands[s]]
        held = [c for s in holding for c in hands[s]]
        if len(holding) <= 1 or len(set(held)) == len(held):
            if not holding:
                return None
            return max(holding, key=lambda s: (len(hands[s]), -s))
        if quiet >= limit:
            return None
        if not hands[offerer] or not hands[drawer] or offerer == drawer:
            offerer = next(s for s in _clockwise(offerer, n) if hands[s])
            drawer = next(s for s in _clockwise(offerer + 1, n) if hands[s] and s != offerer)
        offered = hands[offerer]
        cls = offered.pop(rng.below(len(offered)))
        if cls in hands[drawer]:
            hands[drawer].remove(cls)
            quiet = 0
        else:
            hands[drawer].append(cls)
            quiet += 1
        offerer = next(s for s in _clockwise(drawer, n) if hands[s]) if any(hands) else drawer
        drawer = next((s for s in _clockwise(offerer + 1, n) if hands[s] and s != offerer), offerer)


def loss_chance(state: OldMaidState, seat: int, rng: Rng, samples: int,
                budget: float | None = None) -> tuple[float, str, int]:
    """``seat``'s chance of ending this hand with the old maid, from its own information:
    the chance, ``"exact"`` or ``"sampled"``, and the deals sampled (0 when exact). Sampling
    stops after ``samples`` deals or ``budget`` seconds (at least one deal)."""
    if not state.hands[seat]:
        return 0.0, "exact", 0
    exact = two_hand_chance(state, seat)
    if exact is not None:
        return exact, "exact", 0
    started = time.perf_counter()
    lost = done = 0
    while done < max(1, samples):
        if done and budget is not None and time.perf_counter() - started >= budget:
            break
        world = consistent_deal(state, seat, rng)
        lost += play_out_blind(world, rng) == seat
        done += 1
    return lost / done, "sampled", done


def _clockwise(first: int, n: int) -> list[int]:
    return [(first + i) % n for i in range(n)]


def _key(card: Card):
    return (card.kind, -1 if card.suit is None else card.suit, card.rank, card.copy)
