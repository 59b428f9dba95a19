"""Seven Rummy's hints and rules of thumb: every decision, honest, with reasons; the meld
enumeration agrees with the shared meld solver and never reports a meld the rules refuse."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from solvers.cards import Rng, parse_cards
from solvers.games.seven_rummy import PACK
from solvers.games.seven_rummy_melds import RULES, best_plan, is_meld, new_melds
from solvers.melds import readings
from solvers.sampling import determinize
from tests.games.test_seven_rummy import GAME, deal, run


def test_discard_hint_names_the_plan_and_is_honest():
    state = deal(["7H 8H 5C 5D 2C KD QS", "KS QC 7C 3D 4D 9C AS"], "TC", stock_top="JC")
    state = run(state, "draw")
    hint = GAME.hint(state, 0, rng=Rng(1), iterations=3)
    assert hint.action in state.legal_actions(0) and hint.method == "sampled"
    assert "deals of the cards you cannot see" in hint.reason
    other = determinize(state, 0, Rng(5))
    again = GAME.hint(other, 0, rng=Rng(1), iterations=3)
    assert again.action == hint.action and again.reason == hint.reason


def test_rules_of_thumb_meld_first_then_discard_the_dearest_loose_card():
    from solvers.games.seven_rummy_play import heuristic_choice
    state = run(deal(["7H 8H 5C 5D 2C KD QS", "KS QC 7C 3D 4D 9C AS"], "TC", stock_top="JC"), "draw")
    action, why = heuristic_choice(state, 0)
    assert action.notation == "meld 7H 8H" and "count" in why
    state = run(state, "meld 7H 8H")
    action, why = heuristic_choice(state, 0)
    assert action.kind == "discard" and "completes nothing" in why


def test_claim_hints_for_a_set_and_a_sequence():
    state = deal(["7D 2H 3H 4S KD QC JC", "6D 9S 9H 2S 3S 4H 5H", "7C 8C 9C JH JS JD 2D"], "TC",
                 stock_top="AS AH AD TS TD TH")
    state = run(state, "draw", "discard AS", "draw", "discard AH", "pass", "draw", "discard AD", (0, "pass"),
                (1, "pass"), "draw", "discard 7D")
    hint = GAME.hint(state, 2, rng=Rng(2), iterations=2)
    assert hint.action.notation in ("pon 7C", "pass") and hint.reason
    forced = GAME.hint(state, 1)            # seat 1 cannot make a set with the 7D
    assert forced.action.notation == "pass" and forced.method == "exact" and "no choice" in forced.reason
    state = run(state, (1, "pass"), (2, "pass"))
    hint = GAME.hint(state, 1, rng=Rng(2), iterations=2)
    assert hint.action.notation in ("chi 6D", "draw") and "7D" in hint.reason


def test_a_draw_without_a_choice_says_so():
    state = deal(["7D 2H 3H 4S KD QC JC", "6D 8D 9H 2S 3S 4H 5H"], "TC")
    hint = GAME.hint(state, 0)
    assert hint.action.notation == "draw" and "no choice" in hint.reason


@given(st.lists(st.sampled_from(PACK), min_size=1, max_size=9, unique=True))
@settings(max_examples=25, deadline=None)
def test_melds_agree_with_the_shared_solver_and_plans_are_legal(hand):
    for meld in new_melds(hand, keep=0):
        assert readings(meld, RULES), meld
    plan = best_plan(hand)
    used = [c for m in plan.melds for c in m.cards]
    assert len(used) == len(set(used)) and set(used) | set(plan.deadwood) == set(hand)
    for m in plan.melds:
        assert is_meld(m.cards), m
    # every group of up to four cards is a meld for one exactly when it is for the other
    for size in (1, 2, 3):
        group = hand[:size]
        assert is_meld(group) == bool(readings(group, RULES)), group


def test_refused_groups_are_no_melds():
    for text in ("QH KH AH", "6H 7S", "8H 9H", "5H 5S", "KH AH 2H"):
        assert not is_meld(parse_cards(text.split())), text


def test_the_fast_play_out_policy_plays_the_rules_of_thumb():
    from solvers.games.seven_rummy_play import heuristic_choice
    from solvers.games.seven_rummy_search import fast_choice
    for seed in range(3):
        state = GAME.new(seed=seed)
        rng = Rng(seed)
        while not state.is_over and state.hands_played < 1:
            seat = min(state.to_move)
            action = heuristic_choice(state, seat)[0]
            assert fast_choice(state, seat) == action
            if rng.below(4) == 0:               # now and then a random move, for variety
                action = rng.choice(state.legal_actions(seat))
            state = state.apply(action, seat)


def test_search_candidates_keep_the_rules_of_thumb_move_first():
    from solvers.games.seven_rummy_play import heuristic_choice
    from solvers.games.seven_rummy_search import DISCARDS, HOLDS, candidates
    state = run(deal(["7H 8H 5C 5D 2C KD QS", "KS QC 7C 3D 4D 9C AS"], "TC", stock_top="JC"), "draw")
    prior = heuristic_choice(state, 0)[0]
    # a first meld (nothing laid yet): against holding the melds back for the double
    held = candidates(state, 0, prior)
    assert prior.kind == "meld" and held[0] == prior and len(held) == 1 + HOLDS
    assert all(a.kind == "discard" and a in state.legal_actions(0) for a in held[1:])
    from dataclasses import replace
    laid = replace(state, laid_before=(True,) + state.laid_before[1:])
    assert candidates(laid, 0, prior) == [prior]          # the double is gone: melds are not searched
    wide = candidates(state, 0, prior, wide=True)
    assert wide[0] == prior and len(wide) == 1 + len(state.hands[0])
    state = run(state, "meld 7H 8H")
    prior = heuristic_choice(state, 0)[0]
    found = candidates(state, 0, prior)
    assert found[0] == prior and len(found) == DISCARDS and len(set(found)) == DISCARDS
    assert all(a in state.legal_actions(0) for a in found)


def test_plans_against_the_reachable_table_agree_with_the_full_plan():
    from solvers.games.seven_rummy_search import table_plan
    table = [tuple(parse_cards(m.split())) for m in ("5H 6H 7H", "9S 9C 9D", "7C", "2D 3D 4D")]
    for text in ("8H 9H 9H KD", "8H 9H 4C 2S", "9H 6C KS QS", "AD 5D 8C 6C"):
        hand = tuple(dict.fromkeys(parse_cards(text.split())))
        full, fast = best_plan(hand, table), table_plan(hand, table)
        assert fast.deadwood_value == full.deadwood_value and fast.deadwood == full.deadwood
        assert [(i, m.cards) for i, m in fast.layoffs] == [(i, m.cards) for i, m in full.layoffs]


def test_claim_need_counts_the_hand_cards_that_meld_a_card():
    from solvers.games.seven_rummy_search import claim_need
    hand = parse_cards("9S 9D 6H 8H 2C 3C KD".split())
    assert claim_need(hand, parse_cards(["9C"])[0], True, False) == 2          # a set of 9s
    assert claim_need(hand, parse_cards(["9C"])[0], False, True) is None
    assert claim_need(hand, parse_cards(["7H"])[0], False, True) == 1          # 6H-7H, a short sequence
    assert claim_need(hand, parse_cards(["AC"])[0], False, True) == 2          # A-2-3, the ace low
    assert claim_need(hand, parse_cards(["AD"])[0], True, True) is None        # Q-K-A is no sequence
    assert claim_need(parse_cards(["7S"]), parse_cards(["7C"])[0], True, False) == 1
    assert claim_need(parse_cards(["7S"]), parse_cards(["7C"])[0], True, False, pair_of_sevens=False) is None


def test_the_search_deals_respect_refused_claims():
    """Seats 1 and 2 passed on the 9C: the search's deals seldom give either two 9s, while
    the plain deal does as often as chance has it; every card stays where it is known."""
    from solvers.games.seven_rummy_search import deal as search_deal, refusals
    state = deal(["9C 2H 3H 4S KD QC JC", "KS QS 5C 3D 4D 6H AS", "8S 8D JH JS 2D 3C 4C"], "TC",
                 stock_top="AD AH 5D TS TD TH")
    state = run(state, "draw", "discard AD", "draw", "discard AH", (0, "pass"), "draw", "discard 5D",
                (0, "pass"), (1, "pass"), "draw", "discard 9C", (1, "pass"), (2, "pass"))
    seen = refusals(state, 0)
    assert ("9C", True, False, 0) in [(str(c), a, b, n) for c, a, b, n in seen[1]]
    nines = set(parse_cards("9S 9H 9D".split()))

    def share(sampler, rng):
        hits = 0
        for _ in range(150):
            world = sampler(state, 0, rng)
            assert world.hands[0] == state.hands[0] and world.discard == state.discard
            assert sorted(map(len, world.hands)) == sorted(map(len, state.hands))
            assert len(world.stock) == len(state.stock)
            hits += sum(len(nines & set(world.hands[s])) >= 2 for s in (1, 2))
        return hits

    assert share(search_deal, Rng(5)) * 3 < share(determinize, Rng(5))
