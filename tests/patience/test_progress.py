"""The proof that a player can make no more progress (the solver bot resigns on it
alone): it never claims so where some line of the real deal still makes progress,
although it only sees what the player has seen. Checked by an exhaustive search over
the real positions, on positions met along random lines of play from small deals."""

import random

import pytest

from solvers.patience.deal import forty_thieves_deal, klondike_deal
from solvers.patience.formats import position_from_json
from solvers.patience.options import FortyThievesRules, KlondikeRules
from solvers.patience.position import player_view, validate, visible_cards
from solvers.patience.progress import cannot_progress
from solvers.patience.rules import apply_move, legal_moves

# rules, deal shape (ranks, columns[, rows]) and the deals whose random line of play
# (seeded with the deal number) reaches positions where the proof succeeds: random
# play seldom gets provably stuck; these were found among deals 0-59
STUCK_LINES = [
    (KlondikeRules(draw=1), (4, 4), (16, 25, 36, 39)),
    (KlondikeRules(draw=3, single_pass_switch=False), (5, 5), (0, 39, 40)),
    (KlondikeRules(draw=3), (4, 4), (41,)),
    (KlondikeRules(draw=1, passes=2), (4, 4), (16, 39)),
    (KlondikeRules(draw=1, foundation_to_tableau=False), (4, 4), (24, 25, 28)),
    (FortyThievesRules(None), (4, 4, 4), (3, 39, 48)),
    (FortyThievesRules(0), (4, 4, 4), (40,)),
    (FortyThievesRules(1), (4, 4, 4), (57,)),
]
PROOFS_PER_LINE = 5      # once stuck, a line stays stuck: the first few are checked


def _counts(pos):
    """(foundation cards, face-down cards, stock and waste cards): what progress counts."""
    return (sum(len(p) for p in pos.foundations), sum(len(c.down) for c in pos.columns),
            len(pos.stock) + len(pos.waste))


def _record(best, pos):
    now = _counts(pos)
    return max(now[0], best[0]), min(now[1], best[1]), min(now[2], best[2])


def _progress_reachable(pos, rules, best, limit=200_000):
    """Does some line from the real position ``pos`` beat the record ``best``?"""
    def key(p):
        return p.with_(redeals_used=0) if rules.max_redeals is None else p
    seen = {key(pos)}
    stack = [pos]
    while stack:
        here = stack.pop()
        for move in legal_moves(here, rules):
            nxt = apply_move(here, move, rules)
            if _record(best, nxt) != best:
                return True
            if key(nxt) not in seen:
                seen.add(key(nxt))
                assert len(seen) < limit, "reference search too large"
                stack.append(nxt)
    return False


def _line(rules, shape, seed):
    """(real position, cards seen, record) along a random line of play from a small deal."""
    rng = random.Random(seed)
    if rules.game == "klondike":
        pos = klondike_deal(seed, ranks=shape[0], columns=shape[1])
    else:
        pos = forty_thieves_deal(seed, ranks=shape[0], columns=shape[1], rows=shape[2])
    seen, best = set(visible_cards(pos)), _counts(pos)
    for _ in range(200):
        moves = legal_moves(pos, rules)
        if pos.is_won() or not moves:
            break
        yield pos, seen, best
        pos = apply_move(pos, rng.choice(moves), rules)
        seen |= visible_cards(pos)
        best = _record(best, pos)


@pytest.mark.parametrize("rules,shape,seeds", STUCK_LINES, ids=[r.label() for r, _, _ in STUCK_LINES])
def test_never_claims_no_progress_where_the_real_deal_can_progress(rules, shape, seeds):
    for seed in seeds:
        proven = 0
        for pos, seen, best in _line(rules, shape, seed):
            if cannot_progress(player_view(pos, seen), rules, best):
                proven += 1
                assert not _progress_reachable(pos, rules, best), (seed, pos, best)
                if proven == PROOFS_PER_LINE:
                    break
        assert proven, f"deal {seed}: the proof never succeeded"


def test_an_unseen_stock_card_may_be_any_card_not_seen():
    # two ranks: clubs and diamonds are up; the two of hearts covers two face-down
    # cards and nothing can move. The stock card decides: the two of spades fits
    # nowhere (proven), the ace of spades goes up; unseen, it may be an ace
    rules = KlondikeRules(draw=1)
    found = [["AC", "2C"], ["AD", "2D"], [], []]
    for down, stock, stuck in ((["AH", "AS"], "2S", True), (["AH", "2S"], "AS", False)):
        pos = validate(position_from_json({"tableau": [{"down": down, "up": ["2H"]}], "stock": [stock],
                                           "foundations": found, "ranks": 2}))
        best = _counts(pos)
        assert cannot_progress(player_view(pos, visible_cards(pos) | {pos.stock[0]}), rules, best) == stuck
        assert cannot_progress(player_view(pos, visible_cards(pos)), rules, best) is False
        assert _progress_reachable(pos, rules, best) != stuck
