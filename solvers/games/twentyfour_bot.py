"""Twenty-Four players that use the exact solver, and the hint built on them.

The solver bot knows every deal at once; what makes it beatable is its reaction time:
``bot_reaction_s`` for an easy deal, twice that for a medium one, three times for a
hard one and four times for an expert one. It slaps when that time has passed on the
logical clock, answers with the most readable solution, and agrees there is no
solution (once that is allowed) only when none exists. As the odd player out of four
it picks the slowest slapper, the likeliest bluffer. Judging another player's solution
(``judge=players``), it checks it exactly: it accepts a right one and disputes a wrong
one. It never shuffles its stack: the order is unknown either way.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action, Hint
from solvers.games.twentyfour import TARGET, TwentyFourState, answer_action
from solvers.twentyfour import check, hint_ladder, solve

SLOWNESS = {"easy": 1, "medium": 2, "hard": 3, "expert": 4}


def reaction_time(state: TwentyFourState) -> int:
    """Seconds the solver bot needs to see a solution of the board (0 when there is none)."""
    found = solve(state.values, TARGET)
    if not found.solvable:
        return 0
    return state.options.bot_reaction_s * SLOWNESS.get(found.difficulty, 4)


def choose(state: TwentyFourState, seat: int, *, patient: bool = True) -> tuple[Action, str]:
    """The solver bot's action and why; ``patient=False`` ignores the reaction time."""
    found = solve(state.values, TARGET)
    if state.phase == "race":
        if found.solvable:
            due = state.set_start + (reaction_time(state) if patient else 0)
            if state.clock >= due or state.clock >= state.deadline:
                return Action("slap"), f"{found.count} solution(s) exist: slap and answer"
            wait = min(due, state.deadline) - state.clock
            return Action("wait", (str(wait),)), f"still working it out ({wait} s)"
        if state.clock < state.deadline:
            wait = state.deadline - state.clock
            return (Action("wait", (str(wait),)),
                    f"no solution exists; wait {wait} s until no solution may be agreed")
        if Action("vote") in state.legal_actions(seat):
            return Action("vote"), "no solution exists: an exhaustive search finds none"
        return Action("slap"), "three slaps are needed; slap (there is no solution)"
    if state.phase == "answer":
        if found.solvable:
            return answer_action(found.preferred), f"{found.preferred_pretty} = 24"
        return Action("pass"), "there is no solution to give"
    if state.phase == "judge":
        verdict = check(state.claim, state.values, TARGET)
        if verdict.ok:
            return Action("accept"), f"{state.claim} is right: it makes 24"
        return Action("dispute"), f"{state.claim} is wrong: {verdict.message}"
    if state.phase == "pick":
        if not found.solvable:
            return Action("pick", (str(state.slaps[0]),)), "there is no solution: every slap is a bluff"
        return (Action("pick", (str(state.slaps[-1]),)),
                "the slowest slapper is the likeliest to be bluffing")
    legal = state.legal_actions(seat)
    return legal[0], "put back the first of your two cards"


def solver_bot(state: TwentyFourState, seat: int, rng: Rng) -> Action:
    """The solver policy with its reaction time."""
    return choose(state, seat)[0]


def solver_hint(state: TwentyFourState, seat: int) -> Hint:
    """The next sensible action for ``seat`` with the solver's hint ladder for the board."""
    action, reason = choose(state, seat, patient=False)
    found = solve(state.values, TARGET)
    evaluation = {"kind": "exact", "solvable": found.solvable, "count": found.count,
                  "difficulty": found.difficulty, "solutions": found.solutions,
                  "ladder": hint_ladder(state.values, TARGET)}
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat)
                    if a != action and a.kind != "wait"][:10]
    return Hint(action, reason, evaluation=evaluation, alternatives=alternatives, method="exact")


def hint(state: TwentyFourState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The exact solver's hint: every card is face up when a hint is asked for."""
    return solver_hint(state, seat)


BOTS = {"solver": solver_bot}
