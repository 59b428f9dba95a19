"""Kontsina's players and hints.

* ``heuristic``: rules of thumb. Take what is worth most (the ten of diamonds and the two
  of clubs first, then clubs, then plain cards); with nothing to take, lay the card that
  gives least away: no counting card, no club, preferably a card whose rank is mostly gone.
* ``search``: every legal move tried on the same sampled deals of the cards the player
  cannot see, each played out by the rules of thumb to the end of the round of four cards
  (or the hand), then scored by what the piles are worth; the best average is played.
* The hint does the same and says what each move was worth on average.
"""

from __future__ import annotations

import time

from solvers.cards import Card, Rng, Suit, parse_card
from solvers.game import Action, Hint
from solvers.games.kontsina import TEN_DIAMONDS, TWO_CLUBS, KontsinaState
from solvers.games.kontsina_captures import CAPTURE, read_capture, value
from solvers.sampling import determinize

__all__ = ["BOTS", "hint", "heuristic_bot", "search_bot", "card_worth", "evaluate"]

SEARCH_SAMPLES = 12       # sampled deals a decision for the search bot
HINT_SAMPLES = 24         # sampled deals for a hint without a time limit
DEFAULT_BUDGET = 1.0      # seconds for a hint when none is given


def card_worth(card: Card) -> float:
    """What taking a card is worth in points, roughly: one card toward 'most cards',
    a club toward 'most clubs', and the two scoring cards a whole point each."""
    worth = 0.15
    if card.suit == Suit.CLUBS:
        worth += 0.12
    if card in (TWO_CLUBS, TEN_DIAMONDS):
        worth += 1.0
    return worth


def _lay_risk(state: KontsinaState, card: Card, seat: int) -> float:
    """How much laying ``card`` may give away: its own worth, and how easily it is taken."""
    risk = card_worth(card)
    seen = [c for p in state.piles for c in p] + list(state.table) + list(state.hands[seat])
    gone = sum(1 for c in seen if c.rank == card.rank and c != card)
    risk += 0.05 * (3 - gone)                     # fewer of the rank left, fewer ways to match it
    if value(card):
        # number cards also feed sums with what is already on the table
        risk += 0.03 * sum(1 for t in state.table if value(t) and value(t) + value(card) <= 10)
    return risk


def _action_value(state: KontsinaState, seat: int, action: Action) -> float:
    if action.kind == CAPTURE:
        played, parts = read_capture(action)
        taken = [c for p in parts for c in p]
        gain = card_worth(played) + sum(card_worth(c) for c in taken)
        left = len(state.table) - len(taken)
        return 1.0 + gain - 0.01 * left
    return -_lay_risk(state, parse_card(action.args[0]), seat)


def heuristic_choice(state: KontsinaState, seat: int) -> tuple[Action, str]:
    """The rules of thumb's move and why."""
    legal = state.legal_actions(seat)
    best = max(legal, key=lambda a: _action_value(state, seat, a))
    if best.kind == CAPTURE:
        played, parts = read_capture(best)
        taken = [c for p in parts for c in p]
        if any(c in (TWO_CLUBS, TEN_DIAMONDS) for c in taken + [played]):
            why = "it takes a card worth a point by itself (the two of clubs or the ten of diamonds)"
        else:
            why = f"it takes the most valuable cards on offer ({len(taken) + 1} cards into your pile)"
    else:
        why = "nothing worth taking: this card gives away least (no point card, few ways to take it)"
    return best, why


def heuristic_bot(state: KontsinaState, seat: int, rng: Rng) -> Action:
    """Play by the rules of thumb."""
    return heuristic_choice(state, seat)[0]


def _pile_value(piles, seat: int) -> float:
    own = sum(card_worth(c) for c in piles[seat])
    others = [sum(card_worth(c) for c in p) for i, p in enumerate(piles) if i != seat]
    return own - sum(others) / len(others)


def _playout_value(state: KontsinaState, seat: int) -> float:
    """Play on by the rules of thumb to the end of the round, then value the piles."""
    hands_before = state.hands_played
    stock_before = len(state.stock)
    while not state.over and state.hands_played == hands_before and len(state.stock) == stock_before:
        mover = state.turn
        state = state.apply(heuristic_choice(state, mover)[0], mover)
    if state.hands_played > hands_before:
        r = state.sheet[-1]
        own = r.points[seat]
        others = [p for i, p in enumerate(r.points) if i != seat]
        return own - sum(others) / len(others)
    value_now = _pile_value(state.piles, seat)
    if state.last_capturer >= 0 and state.table:
        # the cards still on the table drift to whoever captures last
        sweep = sum(card_worth(c) for c in state.table) * 0.5
        value_now += sweep if state.last_capturer == seat else -sweep / (state.players - 1)
    return value_now


class Evaluation:
    """What the sampled search found: moves with their mean value, best first."""

    def __init__(self, ranked: list[tuple[Action, float]], samples: int, elapsed: float):
        self.ranked, self.samples, self.elapsed = ranked, samples, elapsed


def evaluate(state: KontsinaState, seat: int, rng: Rng, *, samples: int | None,
             budget: float | None) -> Evaluation:
    """Try every legal move on the same sampled deals of the unseen cards."""
    legal = state.legal_actions(seat)
    totals = {a: 0.0 for a in legal}
    start = time.perf_counter()
    done = 0
    limit = samples if samples is not None else 10_000
    while done < limit:
        world = determinize(state, seat, rng.fork(done))
        for a in legal:
            totals[a] += _playout_value(world.apply(a, seat), seat)
        done += 1
        if budget is not None and time.perf_counter() - start > budget:
            break
    ranked = sorted(((a, totals[a] / done) for a in legal), key=lambda x: (-x[1], legal.index(x[0])))
    return Evaluation(ranked, done, time.perf_counter() - start)


def search_bot(state: KontsinaState, seat: int, rng: Rng) -> Action:
    """Play the move worth most on average over sampled deals played out by the rules of thumb."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return evaluate(state, seat, rng.fork("kontsina-search"), samples=SEARCH_SAMPLES, budget=None).ranked[0][0]


def hint(state: KontsinaState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """The sampled search's move for ``seat``, with what each move was worth on average."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return Hint(legal[0], "the only legal move", {"kind": "forced"}, [], method="exact")
    if iterations is None and budget is None:
        budget = DEFAULT_BUDGET
    result = evaluate(state, seat, rng or Rng("kontsina-hint"), samples=iterations,
                      budget=None if iterations is not None else budget * 0.8)
    best, score = result.ranked[0]
    thumb, why = heuristic_choice(state, seat)
    reason = (f"{best.notation}: over {result.samples} deals of the cards you cannot see, played on to the "
              f"end of the round, it was worth {score:+.2f} points against the others on average")
    if len(result.ranked) > 1:
        runner, second = result.ranked[1]
        reason += f"; next best {runner.notation} ({second:+.2f})"
    if best == thumb:
        reason += f". Rule of thumb agrees: {why}"
    evaluation = {"kind": "sampled", "samples": result.samples, "value": round(score, 3),
                  "elapsed_s": round(result.elapsed, 3)}
    alternatives = [{"action": a.to_json(), "value": round(v, 3), "expected_gain": round(v - score, 3)}
                    for a, v in result.ranked[1:]]
    return Hint(best, reason, evaluation, alternatives, method="sampled")


BOTS = {"heuristic": heuristic_bot, "search": search_bot}
