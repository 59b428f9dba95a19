"""Chor Voli's players and hints.

The only decision with skill is the partition of the hand (the showdown order is forced
and dealing is a formality), so every policy here plans a whole partition and then keeps
its combinations one by one, strongest first.

* ``heuristic``: the rules of thumb (:func:`~solvers.games.chor_voli_partition.best_by_rules_of_thumb`):
  as many combinations as possible, then the weakest as strong as possible.
* ``search``: the best few partitions by the round odds (depth-first over every partition,
  :func:`~solvers.games.chor_voli_partition.ranked_partitions`) and the rules-of-thumb one
  are each played on the same sampled deals of the other 39 cards, the opponents
  partitioning by the rules of thumb; the partition that wins most chips on average is
  played (:mod:`solvers.paired_search`).
* The hint does the same within its budget and names the whole partition.
"""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.game import Action, Hint
from solvers.games.chor_voli import DEAL, DISCARD, KEEP, MOST, PLAYERS, SCORED, ChorVoliState
from solvers.games.chor_voli_partition import best_by_rules_of_thumb, ranked_partitions
from solvers.games.chor_voli_rank import PACK, card_index, hand_rank, index_card, mask_of, strength_table
from solvers.ismcts import SearchConfig
from solvers.paired_search import evaluate

__all__ = ["BOTS", "SEARCH", "hint", "heuristic_bot", "search_bot", "plan_actions", "CANDIDATES",
           "SEARCH_SAMPLES"]

CANDIDATES = 6            # partitions by the round odds tried besides the rules-of-thumb one
SEARCH_SAMPLES = 40       # sampled deals a partition for the search bot
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given
DEAL_TRIES = 30           # resamples to match what is public about the other hands
_PLANS: dict = {}         # the search bot's partition, by what the seat knows
_PLAN_CACHE = 2048


def _indexes(cards) -> tuple[int, ...]:
    return tuple(sorted(card_index(c) for c in cards))


def _cards(mask: int) -> tuple[Card, ...]:
    out = [index_card(i) for i in range(52) if mask >> i & 1]
    return tuple(sorted(out, key=lambda c: (-c.rank, -c.suit)))


def plan_actions(partition) -> Action:
    """The action keeping every combination of ``partition`` ((mask, strength) pairs) at once
    (for a search's play-outs; a player keeps them one at a time), or discarding when empty."""
    if not partition:
        return Action(DISCARD)
    return Action(KEEP, tuple(str(c) for mask, _ in partition for c in _cards(mask)))


def _thumb_partition(state: ChorVoliState, seat: int):
    return best_by_rules_of_thumb(_indexes(state.hands[seat]), state.options.threes_high,
                                  MOST - len(state.combos[seat]))


def _first_step(partition) -> Action:
    """Keep the partition's strongest combination (or discard when it is empty)."""
    if not partition:
        return Action(DISCARD)
    return Action(KEEP, tuple(str(c) for c in _cards(partition[0][0])))


def heuristic_bot(state: ChorVoliState, seat: int, rng: Rng) -> Action:
    """Deal when it is time; otherwise keep the strongest combination of the rules-of-thumb partition."""
    if state.phase == SCORED:
        return Action(DEAL)
    return _first_step(_thumb_partition(state, seat))


def _finish_with(state: ChorVoliState, seat: int, partition) -> ChorVoliState:
    if partition:
        state = state._apply(plan_actions(partition), seat)
    if not state.done[seat] and state.phase != SCORED:
        state = state._apply(Action(DISCARD), seat)
    return state


def _sample_deal(state: ChorVoliState, seat: int, rng: Rng) -> ChorVoliState:
    """The other hands dealt afresh from the 39 cards ``seat`` has not seen: nobody holds a
    four of a kind (the deal went on), and, where it can be matched within a few tries, a
    player who has discarded keeps as many combinations by the rules of thumb as they did.
    The other players partition afresh by the rules of thumb."""
    own = set(state.hands[seat]) | set(state.discards[seat]) | {c for t in state.combos[seat] for c in t}
    unseen = [c for c in PACK if c not in own]
    wanted = {s: len(state.combos[s]) for s in range(PLAYERS) if s != seat and state.done[s]}
    others = [s for s in range(PLAYERS) if s != seat]
    best = None
    for attempt in range(DEAL_TRIES):
        deck = rng.shuffled(unseen)
        hands = {s: tuple(deck[i * 13:(i + 1) * 13]) for i, s in enumerate(others)}
        if any(_has_four(h) for h in hands.values()):
            continue
        if best is None:
            best = hands
        if all(len(best_by_rules_of_thumb(_indexes(hands[s]), state.options.threes_high)) == k
               for s, k in wanted.items()):
            best = hands
            break
    if best is None:
        best = hands
    all_hands = tuple(best[s] if s != seat else state.hands[seat] for s in range(PLAYERS))
    combos = tuple(state.combos[s] if s == seat else () for s in range(PLAYERS))
    discards = tuple(state.discards[s] if s == seat else () for s in range(PLAYERS))
    done = tuple(state.done[s] if s == seat else False for s in range(PLAYERS))
    world = ChorVoliState(options=state.options, rng_state=state.rng_state, dealer=state.dealer,
                          phase=state.phase, hands=all_hands, combos=combos, discards=discards, done=done,
                          chips=state.chips, pool=state.pool, sheet=state.sheet)
    # the others' partitions do not depend on the move tried: made once per deal
    for s in others:
        world = _finish_with(world, s, _thumb_partition(world, s))
    return world


def _has_four(hand) -> bool:
    ranks = [c.rank for c in hand]
    return any(ranks.count(r) == 4 for r in set(ranks))


def _outcome(seat: int, start_hands: int):
    def outcome(world: ChorVoliState, rng: Rng) -> tuple[bool, float]:
        if not world.done[seat]:
            world = world._apply(Action(DISCARD), seat)
        won = world.sheet[start_hands].won[seat] if world.hands_played > start_hands else 0
        return won >= 2, float(won)
    return outcome


def _candidates(state: ChorVoliState, seat: int):
    """The partitions tried (of the cards not yet kept): the best few by the round odds,
    the combinations already kept counted in, and the rules-of-thumb one."""
    threes = state.options.threes_high
    table = strength_table(threes)
    kept = [table.get(mask_of(t), 0) for t in state.combos[seat]]
    ranked = ranked_partitions(_indexes(state.hands[seat]), threes, kept=kept, most=MOST - len(kept),
                               top=CANDIDATES)
    chosen = [p for _, p in ranked]
    seen = {frozenset(m for m, _ in p) for p in chosen}
    thumb = _thumb_partition(state, seat)
    if frozenset(m for m, _ in thumb) not in seen:
        chosen.append(thumb)
    return chosen, thumb


def _evaluate(state: ChorVoliState, seat: int, rng: Rng, samples: int | None, budget: float | None):
    partitions, thumb = _candidates(state, seat)
    by_action = {plan_actions(p): p for p in partitions}
    result = evaluate(state, seat, rng, candidates=list(by_action), outcome=_outcome(seat, state.hands_played),
                      samples=samples, budget=budget, prefer=plan_actions(thumb), deal=_sample_deal)
    return result, by_action, thumb


def _knowledge(state: ChorVoliState, seat: int) -> tuple:
    """What the search's plan depends on: the seat's 13 cards and what is public about the
    others' partitions (who has discarded, keeping how many combinations)."""
    own = frozenset(state.hands[seat]) | {c for t in state.combos[seat] for c in t}
    others = tuple((state.done[s], len(state.combos[s]) if state.done[s] else None)
                   for s in range(PLAYERS) if s != seat)
    return (state.options, state.hands_played, own, others)


def search_bot(state: ChorVoliState, seat: int, rng: Rng) -> Action:
    """Keep the next combination of the partition that won most chips over sampled deals."""
    if state.phase == SCORED:
        return Action(DEAL)
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    key = _knowledge(state, seat)
    plan = _PLANS.get(key)
    kept = set(state.combos[seat])
    if plan is None or not kept <= set(plan):
        result, by_action, _ = _evaluate(state, seat, rng.fork("chor-voli-search"), SEARCH_SAMPLES, None)
        plan = tuple(state.combos[seat]) + tuple(_cards(m) for m, _ in by_action[result.best.action])
        if len(_PLANS) > _PLAN_CACHE:
            _PLANS.clear()
        _PLANS[key] = plan
    rest = [t for t in plan if t not in kept]
    if not rest:
        return Action(DISCARD)
    return Action(KEEP, tuple(str(c) for c in rest[0]))


def _describe(partition, threes_high: bool) -> str:
    if not partition:
        return "nothing more"
    return " | ".join(f"{' '.join(c.pretty() for c in _cards(m))} ({hand_rank(_cards(m), {'threes_high': threes_high}).name})"
                      for m, _ in partition)


def hint(state: ChorVoliState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The partition worth most chips over sampled deals of the other hands, and its next step.

    ``iterations`` fixes the number of sampled deals (no time limit); otherwise the
    search runs for ``budget`` seconds (1 by default)."""
    if state.phase == SCORED:
        return Hint(Action(DEAL), "no choice: you deal the next hand (there is nothing to decide)",
                    {"kind": "forced"}, [], method="exact")
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "no choice: no combination is left among your cards, so you discard the rest",
                    {"kind": "forced"}, [], method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result, by_action, thumb = _evaluate(state, seat, rng or Rng("chor-voli-hint"), iterations,
                                         None if iterations is not None else budget * 0.7)
    best = result.best
    plan = by_action[best.action]
    threes = state.options.threes_high
    step = _first_step(plan)
    if step.kind == KEEP:
        action = step
        what = f"keep {' '.join(parse.pretty() for parse in _cards(plan[0][0]))}"
    else:
        action = Action(DISCARD)
        what = "discard the rest now"
    kept = len(state.combos[seat]) + len(plan)
    reason = (f"{what}: it belongs to the partition {_describe(plan, threes)}"
              f"{' (with the combinations you kept)' if state.combos[seat] else ''}, {kept} combination"
              f"{'s' if kept != 1 else ''} in all. Over {result.samples} deals of the other 39 cards, the "
              f"others partitioning by the rules of thumb, it won {best.mean:.2f} chips a deal on average")
    runner = result.runner_up
    if runner is not None:
        reason += f"; the next best partition ({_describe(by_action[runner.action], threes)}) won {runner.mean:.2f}"
    if best.action == plan_actions(thumb):
        reason += ". It is also the rules-of-thumb choice: as many combinations as possible, the weakest as strong as possible"
    evaluation = {"kind": "sampled", "samples": result.samples, "expected_chips": round(best.mean, 3),
                  "partition": [" ".join(map(str, _cards(m))) for m, _ in plan],
                  "elapsed_s": round(result.elapsed, 3)}
    if budget is not None and iterations is None:
        evaluation["budget_s"] = budget
    alternatives = [{"action": _first_step(by_action[c.action]).to_json(),
                     "partition": [" ".join(map(str, _cards(m))) for m, _ in by_action[c.action]],
                     "expected_chips": round(c.mean, 3), "expected_gain": round(c.mean - best.mean, 3)}
                    for c in result.ranked[1:]]
    return Hint(action, reason, evaluation, alternatives, method="sampled")


# the generic search (available to callers that ask for it) rolls out by the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)

BOTS = {"heuristic": heuristic_bot, "search": search_bot}
