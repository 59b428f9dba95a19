"""Sam Sip hints: every kind of decision gets an honest hint with a reason."""

from __future__ import annotations

from solvers import games
from solvers.cards import Rng, parse_cards
from solvers.games.sam_sip import pack_for
from solvers.games.sam_sip_play import heuristic_choice
from solvers.sampling import determinize

GAME = games.get("sam-sip")


def deal(hand0: str, hand1: str, indicator: str, stock_top: str):
    used = set(parse_cards((hand0 + " " + hand1 + " " + indicator + " " + stock_top).split()))
    rest = [str(x) for x in pack_for(3) if x not in used]
    return GAME.new(seed=1, options={"players": 2}, deal={
        "dealer": 0, "hands": [hand0, hand1], "indicator": indicator, "stock": stock_top.split() + rest})


def test_the_dealers_first_draw_is_forced_and_said_so():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C")
    hint = GAME.hint(state, 0, iterations=2, rng=Rng(1))
    assert hint.action.notation == "draw" and "no choice" in hint.reason


def test_discard_hint_keeps_the_pairs_and_names_the_outs():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0)
    hint = GAME.hint(state, 0, iterations=6, rng=Rng(1))
    assert hint.action.kind == "discard" and hint.action.args[0] in ("QS", "9C")
    assert "keeps" in hint.reason and "pairs" in hint.reason and "would win" in hint.reason
    assert hint.method == "sampled" and hint.alternatives


def test_draw_or_take_hint_explains_the_choice():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0).apply("discard QS", 0)
    hint = GAME.hint(state, 1, iterations=6, rng=Rng(1))
    assert hint.action.notation in ("take QS", "draw")
    assert "offered" in hint.reason and "won the deal" in hint.reason


def test_rule_of_thumb_takes_a_card_that_makes_a_pair():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0).apply("discard QS", 0)
    action, why = heuristic_choice(state, 1)
    assert action.notation == "take QS" and "pair" in why


def test_the_hint_is_the_same_on_any_deal_of_the_unseen_cards():
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0).apply("discard QS", 0)
    first = GAME.hint(state, 1, iterations=4, rng=Rng(5))
    other = determinize(state, 1, Rng(77))
    again = GAME.hint(other, 1, iterations=4, rng=Rng(5))
    assert first.action == again.action and first.reason == again.reason


def test_the_search_plays_out_by_the_very_rules_of_thumb():
    from solvers.games.sam_sip_search import fast_choice
    for seed in range(12):
        state, rng = GAME.new(seed=seed), Rng(seed)
        while not state.is_over and not state.hands_played:
            seat = state.turn
            legal = state.legal_actions(seat)
            thumb = heuristic_choice(state, seat)[0]
            assert fast_choice(state, seat) == thumb
            state = state.apply(rng.choice(legal) if rng.below(3) == 0 else thumb, seat)


def test_the_play_out_outs_are_the_exact_count_of_winning_cards():
    from solvers.games.sam_sip_hands import winning_hand
    from solvers.games.sam_sip_play import _unseen_counts, outlook
    from solvers.games.sam_sip_search import _outlook
    pack = list(pack_for(3))
    rng = Rng(5)
    for _ in range(300):
        cards = rng.shuffled(pack)
        hand, indicator, pool = tuple(cards[:5]), cards[5], cards[6:36]
        wild = None if indicator.kind == 1 else indicator.rank
        for specials in (True, False):
            counts = _unseen_counts(pool, wild)
            look = outlook(hand, counts, wild, specials)
            assert _outlook(hand, counts, wild, specials) == (look.pairs, look.outs, look.partners, look.wilds)
            assert look.outs == sum(1 for c in pool if winning_hand(hand + (c,), wild, specials))


def test_the_chances_of_a_deal_add_up():
    from solvers.games.sam_sip_search import deal_chances
    state = deal("3H 7D 4S 6C QS", "QD 8H 2S 5C 6D", "JC", "9C").apply("draw", 0)
    for action in state.legal_actions(0):
        world = determinize(state, 0, Rng(3))
        won, value = deal_chances(world, 0, action)
        # two players: the value is the chance of winning less the chance of losing
        assert 0.0 <= won <= 1.0 and 2 * won - 1 - 1e-9 <= value <= won + 1e-9
