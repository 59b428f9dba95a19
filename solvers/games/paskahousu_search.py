"""Paskahousu's sampled search: every distinct move tried on the same deals of the unseen cards.

Suits play no part, so playing two sevens is the same move whichever two: the search tries
one play per rank and number of cards, picking up and turning the stock card. For each
sample it deals the cards the player cannot see afresh (the other hands, except the cards
everybody saw go into them, and the order of the stock:
:func:`solvers.sampling.determinize`), plays every candidate on that same deal and finishes
the game by the rules of thumb for everybody, up to a horizon. A candidate's value is 1
when the player does not end as the paskahousu, 0 when it does; a game still running at
the horizon is valued by how the player's cards compare with the others'.
"""

from __future__ import annotations

from solvers.cards import Rng
from solvers.game import Action
from solvers.games.paskahousu import PLAY, PaskahousuState
from solvers.games.paskahousu_play import heuristic_bot
from solvers.paired_search import Candidate, Evaluation, evaluate as paired_evaluate

__all__ = ["Candidate", "Evaluation", "candidates", "evaluate", "play_out"]

HORIZON = 300     # turns a sampled game is played on before it is judged by the cards held


def candidates(state: PaskahousuState, seat: int) -> list[Action]:
    """The legal moves that differ: one play per rank and number of cards, pick up, gamble."""
    seen: set[tuple[str, int]] = set()
    out = []
    for action in state.legal_actions(seat):
        if action.kind == PLAY:
            key = (action.args[0][:-1], len(action.args))
            if key in seen:
                continue
            seen.add(key)
        out.append(action)
    return out


def play_out(state: PaskahousuState, rng: Rng, horizon: int = HORIZON) -> PaskahousuState:
    """Play on by the rules of thumb until the current game ends or ``horizon`` turns pass."""
    game = state.hands_played
    for _ in range(horizon):
        if state.over or state.hands_played > game:
            break
        seat = state.turn
        state = state._apply(heuristic_bot(state, seat, rng), seat)
    return state


def game_value(start: PaskahousuState, end: PaskahousuState, seat: int) -> float:
    """1 when ``seat`` escaped the loss of the game under way at ``start``, 0 when it lost;
    a game not finished: the share of the others still playing who hold more cards."""
    if end.hands_played > start.hands_played:
        return 0.0 if end.sheet[start.hands_played].loser == seat else 1.0
    if seat in end.out:
        return 1.0
    mine = len(end.hands[seat])
    others = [len(end.hands[s]) for s in range(end.players) if s != seat and s not in end.out]
    return sum(1.0 if n > mine else 0.5 if n == mine else 0.0 for n in others) / len(others)


def evaluate(state: PaskahousuState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None,
             horizon: int = HORIZON) -> Evaluation:
    """Try every distinct move on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value (the share of games not lost), ``prefer``
    winning ties."""
    return paired_evaluate(state, seat, rng, candidates=candidates(state, seat),
                           outcome=lambda world, r: (False, game_value(state, play_out(world, r, horizon), seat)),
                           samples=samples, budget=budget, prefer=prefer)
