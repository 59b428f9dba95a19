"""Sampling the unseen cards: every sample fits what is public, and never stalls."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from solvers import games
from solvers.cards import Rng, Suit
from solvers.errors import CardsageError
from solvers.sampling import _hall, determinize, flow_feasible, sample_hidden
from tests.pimc.helpers import advance


def _whist_after(seed: int, plays: int):
    game = games.get("whist")
    state = game.new(seed=seed)
    rng = Rng(seed)
    for _ in range(plays):
        seat = min(state.to_move)
        state = state.apply(game.bots()["random"](state, seat, rng), seat)
    return state


def _check(state, sample, seat):
    zones, again = state.zones(), sample.zones()
    assert Counter(c for z in zones.values() for c in z.cards) == Counter(c for z in again.values() for c in z.cards)
    for name, zone in zones.items():
        assert len(again[name].cards) == len(zone.cards)
        if zone.known_to(seat):
            assert again[name].cards == zone.cards, "a card the seat can see moved"
    for name, cards in state.fixed_cards(seat).items():
        assert set(cards) <= set(again[name].cards)
    for name, allowed in state.determinize_constraints(seat).items():
        assert all(allowed(c) for c in again[name].cards)
    assert sample.view(seat) == state.view(seat)


@settings(max_examples=20)
@given(seed=st.integers(0, 10_000), plays=st.integers(0, 51), salt=st.integers(0, 1000))
def test_whist_samples_are_consistent(seed, plays, salt):
    state = _whist_after(seed, plays)
    seat = min(state.to_move)
    for viewer in (seat, (seat + 1) % 4):
        _check(state, sample_hidden(state, viewer, Rng(salt)), viewer)


def test_late_hand_with_many_voids_samples_fast():
    state = _whist_after(3, 36)
    # every other seat has shown voids in three suits but one
    voids = tuple(frozenset(s for s in Suit if s != keep) for keep in (0, 1, 2, 3))
    hands = [tuple(c for c in h) for h in state.hands]
    state = replace(state, voids=(frozenset(),) + voids[1:])
    seat = 0
    rng = Rng(1)
    try:
        for _ in range(50):
            _check(state, sample_hidden(state, seat, rng), seat)
    except CardsageError:
        # the forced voids may contradict this deal: then the error must say so at once
        pass
    assert hands == [tuple(h) for h in state.hands]


@settings(max_examples=25)
@given(st.lists(st.tuples(st.sets(st.sampled_from("abcd"), min_size=1), st.integers(1, 4)), min_size=1,
                max_size=6),
       st.lists(st.integers(0, 6), min_size=4, max_size=4))
def test_hall_check_agrees_with_flow(classes, rooms):
    merged = Counter()
    for zones, n in classes:
        merged[tuple(sorted(zones))] += n
    counts = tuple(sorted(merged.items()))
    room = tuple((z, r) for z, r in zip("abcd", rooms) if r > 0)
    assert _hall(counts, room) == flow_feasible(counts, room)


def test_impossible_constraints_raise():
    state = _whist_after(5, 8)
    # seat 1 claims to be void in every suit while still holding cards
    state = replace(state, voids=(frozenset(), frozenset(Suit), frozenset(), frozenset()))
    with pytest.raises(CardsageError):
        sample_hidden(state, 0, Rng(0))


def test_teka_sampling_keeps_claimed_voids():
    game = games.get("teka")
    state = game.new(seed=11)
    rng = Rng(2)
    bot = game.bots()["heuristic"]
    while state.phase != "play" or len(state.history) < 4:
        seat = min(state.to_move)
        state = state.apply(bot(state, seat, rng), seat)
        if state.sheet:
            pytest.skip("hand ended early")
    seat = min(state.to_move)
    for salt in range(20):
        _check(state, sample_hidden(state, seat, Rng(salt)), seat)


def test_a_sampled_deal_is_the_same_in_every_process():
    """A deal depends only on the generator, not on the process's string hashing (server
    processes and bench workers must agree): King with shown voids, three hash seeds."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = """
import sys
from solvers import games
from solvers.cards import Rng
from solvers.sampling import determinize
g = games.get('king'); st = g.new(seed=1003); rng = Rng(5)
for _ in range(30):
    s = min(st.to_move); st = st.apply(g.bots()['heuristic'](st, s, rng), s)
d = determinize(st, min(st.to_move), Rng(9))
print(sorted((k, ' '.join(map(str, z.cards))) for k, z in d.zones().items()))
"""
    root = Path(__file__).resolve().parents[2]
    outputs = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        done = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        outputs.add(done.stdout)
    assert len(outputs) == 1


@settings(max_examples=40)
@given(plays=st.integers(8, 44), counts=st.lists(st.integers(0, 4), min_size=8, max_size=8),
       rooms=st.lists(st.integers(0, 5), min_size=2, max_size=2))
def test_the_samplers_hall_check_agrees_with_feasible(plays, counts, rooms):
    from solvers.sampling import _sampler, feasible
    state = _whist_after(5, plays)
    voids = (frozenset(),) + tuple(frozenset(s for s in Suit if s not in keep) for keep in ((0, 1), (1, 2), (2, 3, 0)))
    state = replace(state, voids=voids)
    sampler = _sampler(state, 0)
    if sampler.plain or not sampler.possible:
        return
    classes = dict(zip(sampler.classes, counts))
    # the totals agree, as they do while sampling
    rooms = rooms + [max(0, sum(classes.values()) - sum(rooms))]
    room = dict(zip(sampler.deal.zones, rooms))
    assert sampler._hall(tuple(classes.values()), tuple(room.values())) == feasible(classes, room)


def test_determinize_gives_what_dataclasses_replace_gives():
    # a deal takes its new generator state by a copy of its fields where the class allows it
    checked = 0
    for name in ("teka", "whist", "napoleon", "manille", "troefcall", "king", "trex", "agram", "sedma"):
        game = games.get(name)
        for steps in (3, 9):
            state = advance(game, 1, steps)
            if not state.to_move:
                continue
            seat = min(state.to_move)
            got = determinize(state, seat, Rng(steps))
            rng = Rng(steps)
            want = sample_hidden(state, seat, rng)
            want = dataclasses.replace(want, rng_state=rng.next64())
            assert type(got) is type(want) and got == want
            assert {f.name: getattr(got, f.name) for f in dataclasses.fields(got)} == \
                {f.name: getattr(want, f.name) for f in dataclasses.fields(want)}
            checked += 1
    assert checked >= 15
