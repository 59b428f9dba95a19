"""Mao's policies: a veteran's rules of thumb, the search, and a hint that knows only what the
seat could know.

Bots are veterans: they play by the rules in force. The hint plays by a *belief*: the
base rule plus the rules its seat has been penalised under (every rule in teacher mode),
so it never tells a player more than the table has taught them.

Rules of thumb (``heuristic``): pay no penalty you can avoid (a fitting card with exactly
the words asked for); keep jacks back while another card fits; play an ace or a seven
when the next player is close to going out; prefer the card of the suit you hold most of,
so the next match is easy; call the suit you hold most of; draw only when nothing fits.
"""

from __future__ import annotations

from solvers.cards import Rng, Suit, parse_card
from solvers.game import Action, Hint
from solvers.games import mao_rules as R
from solvers.games.mao import DRAW, PLAY, MaoState
# the rules of thumb live in mao_play (the search plays them out too); named here as well
from solvers.games.mao_play import belief, best_action, heuristic_bot, thumb_action  # noqa: F401 (named for callers)
from solvers.games.mao_search import SAMPLES, choose, make_search_bot
from solvers.ismcts import SearchConfig


BOTS = {"heuristic": heuristic_bot, "search": make_search_bot(heuristic_bot)}
# the generic search's settings, for tools that ask for them (the game's own search plays)
SEARCH = SearchConfig(rollout=heuristic_bot, widen_base=4, rollout_steps=200)


def hint(state: MaoState, seat: int, budget=None, *, mode=None, rng=None, iterations=None) -> Hint:
    """The sampled search's advice on the match as ``seat`` understands it (its known rules only)."""
    known = belief(state, seat)
    if seat != state.turn:
        action, reason = best_action(known, seat, known.rules)
        return Hint(action, reason, method="heuristic")
    samples = iterations if iterations is not None else SAMPLES
    limit = None if iterations is not None else (1.0 if budget is None else budget) * 0.8
    chosen, values = choose(known, seat, heuristic_bot, rng or Rng(0), samples, limit)
    safe, safe_reason = best_action(known, seat, known.rules)
    if chosen.kind == DRAW:
        text = safe_reason if safe.kind == DRAW else "keeping your cards and drawing does best in the play-outs"
    else:
        text = _why(known, seat, chosen)
    reason = (text + " (as far as you know the rules: the basic rule"
              + (" and what your penalties taught you" if known.rules else "") + ")")
    value = next(v for m, v, _ in values if m == chosen)
    done = max((n for _, _, n in values), default=0)
    alternatives = [{"action": m.notation, "value": round(v, 4)} for m, v, _ in
                    sorted(values, key=lambda x: -x[1]) if m != chosen]
    return Hint(chosen, reason, evaluation={"value": round(value, 4), "samples": done},
                alternatives=alternatives, method="sampled" if len(values) > 1 else "heuristic")


def breaches(state: MaoState, seat: int, action: Action) -> bool:
    """True when ``action`` earns a penalty under ``state``'s rules (bad card or wrong words)."""
    if action.kind != PLAY:
        return False
    table = state.table(seat)
    card = parse_card(action.args[0])
    if R.fits(state.rules, card, table) is not None:
        return True
    return bool(R.judge_words(state.rules, card, action.args[1:], table))


def _why(state: MaoState, seat: int, action: Action) -> str:
    """The hint's reason for a play, in the words a player uses at the table."""
    card = parse_card(action.args[0])
    words = action.args[1:]
    text = f"play {card.pretty()} on {state.top.pretty()}"
    if words:
        text += ", saying " + (R.spoken(words) or "") + (
            (" and calling " + Suit.parse(next(w for w in words if w.startswith(R.SUIT))[len(R.SUIT):]).symbol)
            if any(w.startswith(R.SUIT) for w in words) else "")
    return text
