"""The paired sampled search shared by the games' own search bots and hints."""

from solvers import games
from solvers.cards import Rng
from solvers.paired_search import evaluate, play_until


def _xeri_state():
    return games.get("xeri").new(seed=7)


def test_every_candidate_is_tried_on_every_sample():
    state = _xeri_state()
    seat = min(state.to_move)
    legal = state.legal_actions(seat)
    seen = []

    def outcome(world, rng):
        seen.append(world)
        return False, 0.0

    result = evaluate(state, seat, Rng("t"), candidates=legal, outcome=outcome, samples=4)
    assert result.samples == 4
    assert len(seen) == 4 * len(legal)
    assert all(len(c.values) == 4 for c in result.ranked)


def test_ranks_by_mean_value_and_prefer_breaks_exact_ties():
    state = _xeri_state()
    seat = min(state.to_move)
    legal = state.legal_actions(seat)
    worth = {a: i for i, a in enumerate(legal)}

    flat = evaluate(state, seat, Rng("t"), candidates=legal, outcome=lambda w, r: (False, 0.0),
                    samples=2, prefer=legal[-1])
    assert flat.best.action == legal[-1]

    counter = iter(range(10_000))
    scored = evaluate(state, seat, Rng("t"), candidates=legal, samples=3,
                      outcome=lambda w, r: (True, float(next(counter) % len(legal))))
    means = [c.mean for c in scored.ranked]
    assert means == sorted(means, reverse=True)
    assert scored.best.win_share == 1.0
    assert worth  # every legal move was a candidate
    assert {c.action for c in scored.ranked} == set(legal)


def test_same_generator_gives_the_same_evaluation():
    state = _xeri_state()
    seat = min(state.to_move)

    def outcome(world, rng):
        end = play_until(world, lambda s, p, r: s.legal_actions(p)[0], rng, lambda s: False, 5)
        return False, float(len(end.legal_actions(min(end.to_move))) if end.to_move else 0)

    a = evaluate(state, seat, Rng("same"), candidates=state.legal_actions(seat), outcome=outcome, samples=3)
    b = evaluate(state, seat, Rng("same"), candidates=state.legal_actions(seat), outcome=outcome, samples=3)
    assert [(c.action, c.values) for c in a.ranked] == [(c.action, c.values) for c in b.ranked]


def test_a_budget_always_takes_at_least_one_sample():
    state = _xeri_state()
    seat = min(state.to_move)
    result = evaluate(state, seat, Rng("t"), candidates=state.legal_actions(seat),
                      outcome=lambda w, r: (False, 1.0), budget=0.0)
    assert result.samples == 1


def test_play_until_stops_at_the_guard():
    state = _xeri_state()
    end = play_until(state, lambda s, p, r: s.legal_actions(p)[0], Rng("t"), lambda s: False, 3)
    assert len(end.key()) > 0 and end is not state
