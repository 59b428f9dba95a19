"""James Bond's rules of thumb: what a player who remembers their piles would do.

Everything here uses only what the seat knows: the pile in hand, the piles it has looked
at before (only the owner touches a pile, so they are still as it saw them), the middle,
and the cards everyone saw an opponent take from the middle.

* Give each pile looked at a target rank: the rank it holds most of, each rank for one
  pile only (the pile with most of a rank gets it first).
* Holding a pile whose target rank lies in the middle: take it, giving away the card the
  player needs least, and not a rank an opponent is seen to collect (the rule text's
  tip: "if you saw him take a King earlier, hold onto your King and play the 7").
* Otherwise move on: to a pile whose target lies in the middle, else to a pile not yet
  looked at.
* Stuck (nothing useful in the middle): now and then swap a spare card for the middle
  card of the rank the player holds most of elsewhere, so the cards keep moving.
* Claim as soon as every pile is known to be four of a kind.
* In the race, act only after the bot's reaction time (``bot_reaction``) has passed.
"""

from __future__ import annotations

from collections import Counter

from solvers.cards import Card, Rng
from solvers.game import Action
from solvers.games.james_bond import JamesBondState, is_quad

DELAY = {"instant": 0, "human": 1, "slow": 3}
STUCK_WAIT = 2


def own_piles(state: JamesBondState, seat: int) -> list[tuple[Card, ...] | None]:
    """Per pile, its cards when the seat has looked at it (None: not yet looked at)."""
    return [pile if state.seen[seat][i] else None for i, pile in enumerate(state.piles[seat])]


def targets(piles: list) -> dict[int, int]:
    """A target rank per looked-at pile: the most common rank first, each rank once."""
    pairs = []
    for i, pile in enumerate(piles):
        if pile is None:
            continue
        for rank, n in Counter(c.rank for c in pile).items():
            pairs.append((-n, i, rank))
    pairs.sort()
    chosen: dict[int, int] = {}
    used: set[int] = set()
    for _, i, rank in pairs:
        if i not in chosen and rank not in used:
            chosen[i] = rank
            used.add(rank)
    return chosen


def collected_by_others(state: JamesBondState, seat: int) -> set[int]:
    """Ranks the opponents are seen to keep (taken from the middle or shown in a claim)."""
    return {c.rank for s in range(state.players) if s != seat for pile in state.known[s] for c in pile}


def rank_counts(piles: list) -> Counter:
    """Copies of each rank among the seat's looked-at piles."""
    return Counter(c.rank for pile in piles if pile is not None for c in pile)


def spare_card(state: JamesBondState, seat: int, index: int, keep: int | None, aims: dict[int, int]) -> Card | None:
    """The card of pile ``index`` the seat needs least (never one of rank ``keep``)."""
    piles = own_piles(state, seat)
    counts = rank_counts(piles)
    wanted = set(aims.values())
    theirs = collected_by_others(state, seat)
    best = None
    for card in sorted(piles[index], key=lambda c: (c.rank, c.suit)):
        if card.rank == keep:
            continue
        # a card another pile of ours collects is sent through the middle to it
        value = counts[card.rank] - 3 * (card.rank in wanted) + 4 * (card.rank in theirs)
        if best is None or value < best[0]:
            best = (value, card)
    return None if best is None else best[1]


def plan(state: JamesBondState, seat: int, rng: Rng) -> tuple[Action, str]:
    """The rules of thumb's move for ``seat`` and why (waits for the reaction time included)."""
    realtime = state.realtime
    if realtime:
        since = state.clock - state.acted[seat]
        delay = DELAY[state.options.bot_reaction]
        if since < delay:
            return Action("wait", (str(delay - since),)), "still reaching for the cards"
    piles = own_piles(state, seat)
    if all(p is not None and is_quad(p) for p in piles):
        return Action("claim"), "every pile is four of a kind: shout James Bond"
    aims = targets(piles)
    middle_ranks = Counter(c.rank for c in state.middle)
    held = state.holding[seat]
    if held is not None and not is_quad(piles[held]):
        aim = aims.get(held)
        wanted = next((c for c in state.middle if c.rank == aim), None)
        give = spare_card(state, seat, held, aim, aims)
        if wanted is not None and give is not None:
            return (Action("swap", (str(give), str(wanted))),
                    f"pile {held + 1} collects {_rank_name(aim)}: take {wanted}, give away {give}")
        ferry = ferry_swap(state, seat, held, aims)
        if ferry is not None:
            return ferry
    nxt = next_pile(state, seat, piles, aims, middle_ranks)
    if nxt is not None:
        index, why = nxt
        if realtime and held is not None:
            return Action("put_down"), f"nothing more for pile {held + 1}; {why}"
        return Action("pick", (str(index + 1),)), why
    # stuck: keep the cards moving now and then, else wait for the others to change the middle
    if held is not None and rng.below(2) == 0:
        swap = circulation_swap(state, seat, held, aims)
        if swap is not None:
            return swap, "nothing useful in the middle: change it, keeping the cards moving"
    incomplete = [i for i, p in enumerate(piles) if p is not None and not is_quad(p) and i != held]
    if held is None and incomplete:
        index = incomplete[rng.below(len(incomplete))]
        return Action("pick", (str(index + 1),)), "nothing useful in the middle: take up an unfinished pile"
    if realtime:
        return Action("wait", (str(STUCK_WAIT),)), "nothing useful in the middle: wait for it to change"
    if incomplete and is_quad(piles[held]):
        index = incomplete[rng.below(len(incomplete))]
        return Action("pick", (str(index + 1),)), "pile done: take up an unfinished pile"
    return Action("pass"), "nothing useful in the middle: pass"


def next_pile(state: JamesBondState, seat: int, piles: list, aims: dict[int, int],
              middle_ranks: Counter) -> tuple[int, str] | None:
    """The pile to take up next and why: one whose rank lies in the middle, else one not
    looked at yet (None: neither)."""
    held = state.holding[seat]
    ready = [(-(middle_ranks[aims[i]]), -Counter(c.rank for c in p)[aims[i]], i)
             for i, p in enumerate(piles) if i != held and p is not None and not is_quad(p)
             and i in aims and middle_ranks[aims[i]]]
    if ready:
        index = min(ready)[2]
        return index, f"pile {index + 1} collects {_rank_name(aims[index])}, and the middle has one"
    unseen = [i for i, p in enumerate(piles) if p is None]
    if unseen:
        return unseen[0], f"pile {unseen[0] + 1} has not been looked at yet"
    return None


def ferry_swap(state: JamesBondState, seat: int, held: int, aims: dict[int, int]) -> Action | None:
    """Send a card another of the seat's piles collects into the middle, to take it there next."""
    aim = aims.get(held)
    others = {rank: i for i, rank in aims.items() if i != held}
    theirs = collected_by_others(state, seat)
    for card in sorted(state.piles[seat][held], key=lambda c: (c.rank, c.suit)):
        if card.rank in others and card.rank != aim and card.rank not in theirs:
            options = [c for c in state.middle if c.rank not in others and c.rank != card.rank]
            if not options:
                return None
            counts = rank_counts(own_piles(state, seat))
            take = max(options, key=lambda c: (c.rank == aim, counts[c.rank], -c.rank, -c.suit))
            return (Action("swap", (str(card), str(take))),
                    f"pass {card} through the middle to pile {others[card.rank] + 1}, "
                    f"which collects {_rank_name(card.rank)}")
    return None


def circulation_swap(state: JamesBondState, seat: int, held: int, aims: dict[int, int]) -> Action | None:
    """Swap a spare card for the middle card of the rank the seat holds most of elsewhere."""
    piles = own_piles(state, seat)
    counts = rank_counts(piles)
    give = spare_card(state, seat, held, aims.get(held), aims)
    if give is None:
        return None
    options = [c for c in state.middle if c.rank != give.rank]
    if not options:
        return None
    take = max(options, key=lambda c: (counts[c.rank], -c.rank, -c.suit))
    return Action("swap", (str(give), str(take)))


def heuristic_bot(state: JamesBondState, seat: int, rng: Rng) -> Action:
    """The rules of thumb's move."""
    return plan(state, seat, rng)[0]


def _rank_name(rank: int | None) -> str:
    names = {1: "aces", 11: "jacks", 12: "queens", 13: "kings", 14: "aces"}
    return names.get(rank, f"{rank}s")
