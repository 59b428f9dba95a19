"""Seven Rummy's sampled search: each choice tried on the same deals of the unseen cards.

The candidates of a decision: in a claim window, passing or each set claim; before the
draw, drawing or each sequence claim; for a discard, the rules of thumb's card and the
``DISCARDS - 1`` next best by the same rule (a card the plan leaves over, dearest and least
connected first); for the rules of thumb's first meld while the one-turn double is still open
(nothing laid before or this turn), holding the melds back and discarding one of the
``HOLDS`` best cards instead. Other melds and lay-offs are the rules of thumb's. For each sample the cards the
player cannot see (the other hands and the stock) are dealt afresh — melds on the table
and the discard pile are public and stay — every candidate is applied to that same deal
and play goes on by the rules of thumb for everyone to the real end of the hand (a guard of
``ROLLOUT_STEPS`` moves is never reached in practice: the stock's reshuffle limit ends a
hand). A finished hand is valued as the match score moves: the player's points minus the
mean of the others'. Should the guard stop a play-out, it is valued by the leftover
counts (the mean of the others' minus the player's own, halved).

The play-outs use :func:`fast_choice`, the rules of thumb's move computed with the meld
plans memoised (the same hand and table are planned again and again across the
candidates of one deal, which share most of their play-outs); it picks exactly the move
:func:`solvers.games.seven_rummy_play.heuristic_choice` picks.
"""

from __future__ import annotations

from dataclasses import replace

from solvers.cards import Card, Rng
from solvers.game import Action, card_action
from solvers.games.seven_rummy import (CHI, CLAIM_PHASE, DISCARD, DRAW, DRAW_PHASE, LAYOFF, MELD, MELD_PHASE, PASS, PON,
                                       SevenRummyState)
from solvers.games.seven_rummy_melds import best_plan, can_extend, card_count, claim_melds, new_melds, sort_cards
from solvers.games.seven_rummy_play import CONNECTION_WORTH, _connections
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["candidates", "evaluate", "fast_choice", "fast_bot", "hand_value", "ROLLOUT_STEPS", "DISCARDS", "HOLDS"]

ROLLOUT_STEPS = 600       # a guard only: a hand ends by going out or by the reshuffle limit
DISCARDS = 3              # discard candidates searched (the rules of thumb's among them)
HOLDS = 2                 # discards searched against a first meld (holding the melds for the double)
PLAN_CACHE = 100_000      # memoised meld plans kept before the memo is cleared

_plans: dict = {}


def plan(hand, table=()):
    """:func:`best_plan` memoised on the hand (in its order) and the table's melds."""
    key = (tuple(hand), tuple(table))
    found = _plans.get(key)
    if found is None:
        if len(_plans) >= PLAN_CACHE:
            _plans.clear()
        found = _plans[key] = best_plan(hand, table)
    return found


_extends: dict = {}


def extends(meld, card) -> bool:
    """:func:`can_extend` memoised."""
    key = (meld, card)
    found = _extends.get(key)
    if found is None:
        if len(_extends) >= PLAN_CACHE:
            _extends.clear()
        found = _extends[key] = can_extend(meld, card)
    return found


def reachable(hand, table) -> list[int]:
    """The indices of the table's melds some card of ``hand`` extends on its own: the only
    ones a plan can lay off on (a longer lay-off always has a card next to the meld)."""
    return [i for i, meld in enumerate(table) if any(extends(meld, c) for c in hand)]


def table_plan(hand, table):
    """The plan for ``hand`` against ``table`` (the solver's answer), computed on the melds it
    can reach; its lay-offs' indices are those of ``table``."""
    keep = reachable(hand, table)
    found = plan(hand, [table[i] for i in keep])
    if len(keep) == len(table) or not found.layoffs:
        return found
    return replace(found, layoffs=[(keep[i], grown) for i, grown in found.layoffs])


def _claim(state: SevenRummyState, seat: int, kind: str) -> Action | None:
    """The rules of thumb's claim (the one using most hand cards) when it lowers the leftover count."""
    hand = state.hands[seat]
    if kind == PON:
        claims = claim_melds(hand, state.top, "set", pair_of_sevens=state.options.pair_of_sevens_claim)
    else:
        claims = claim_melds(hand, state.top, "sequence")
    if not claims:
        return None
    if plan(tuple(hand) + (state.top,)).deadwood_value >= plan(hand).deadwood_value:
        return None
    args = max((tuple(str(c) for c in cards) for cards in claims), key=lambda a: (len(a), a))
    return Action(kind, args)


def _discard_key(card: Card, deadwood) -> tuple[int, int]:
    return card_count(card) - CONNECTION_WORTH * _connections(card, deadwood), card_count(card)


def discard_order(hand, table) -> list[Card]:
    """The hand's cards in the rules of thumb's order of discarding (its choice first): the
    plan's leftover cards, dearest and least connected first, then the melded ones."""
    p = table_plan(hand, table)
    pool = sort_cards(p.deadwood or list(hand))
    first = sorted(pool, key=lambda c: _discard_key(c, p.deadwood), reverse=True)
    # max() keeps the first of equal keys in sorted order; a stable sort on the reversed key does not
    best = max(pool, key=lambda c: _discard_key(c, p.deadwood))
    first.remove(best)
    rest = [c for c in sort_cards(hand) if c not in pool]
    return [best] + first + rest


def fast_choice(state: SevenRummyState, seat: int) -> Action:
    """The rules of thumb's move (:func:`heuristic_choice`'s), with the meld plans memoised."""
    if state.phase == CLAIM_PHASE:
        return _claim(state, seat, PON) or Action(PASS)
    if state.phase == DRAW_PHASE:
        if state.can_claim_sequence(seat):
            return _claim(state, seat, CHI) or Action(DRAW)
        return Action(DRAW)
    hand = state.hands[seat]
    table = [(m, owner, n) for owner, own in enumerate(state.melds) for n, m in enumerate(own)]
    melds = [m for m, _, _ in table]
    p = table_plan(hand, melds)
    hold = (not state.laid_before[seat] and not state.laid_now and len(p.deadwood) == 2 and len(hand) >= 4)
    if not hold:
        ordered = sorted(p.melds, key=lambda m: -sum(card_count(c) for c in m.cards))
        if ordered:
            allowed = set(new_melds(hand))
            for meld in ordered:
                cards = sort_cards(meld.cards)
                if cards in allowed:
                    return Action(MELD, tuple(str(c) for c in cards))
        if len(hand) > 1:
            for index, grown in p.layoffs:
                meld, owner, n = table[index]
                for card in sort_cards(c for c in grown.cards if c not in meld):
                    if card in hand and extends(meld, card):
                        return Action(LAYOFF, (str(card), str(owner), str(n)))
    pool = sort_cards(p.deadwood or list(hand))
    card = max(pool, key=lambda c: _discard_key(c, p.deadwood))
    return card_action(DISCARD, card)


def fast_bot(state: SevenRummyState, seat: int, rng: Rng) -> Action:
    """:func:`fast_choice` as a bot (the play-out policy)."""
    return fast_choice(state, seat)


def candidates(state: SevenRummyState, seat: int, prior: Action, wide: bool = False) -> list[Action]:
    """The moves the search compares (the rules of thumb's move always first). ``wide`` (the
    hint's list) adds, in the meld phase, discarding any card at once (holding back the
    melds); otherwise a first meld while the double is open is tried against ``HOLDS``
    discards (holding the melds), other melds and lay-offs are not searched, and a discard
    has ``DISCARDS`` candidates."""
    if state.phase != MELD_PHASE:
        legal = state.legal_actions(seat)
        return [prior] + [a for a in legal if a != prior]
    if wide:
        return [prior] + [a for a in state.legal_actions(seat) if a.kind == DISCARD and a != prior]
    table = [m for own in state.melds for m in own]
    out = [prior]
    if prior.kind != DISCARD:
        # a meld or lay-off: searched only while the one-turn double is still open (nothing
        # laid before or this turn), against holding everything back and discarding
        if state.laid_before[seat] or state.laid_now:
            return out
        for card in discard_order(state.hands[seat], table)[:HOLDS]:
            out.append(card_action(DISCARD, card))
        return out
    for card in discard_order(state.hands[seat], table):
        action = card_action(DISCARD, card)
        if action not in out:
            out.append(action)
        if len(out) >= DISCARDS:
            break
    return out



def leftover(state: SevenRummyState, seat: int) -> int:
    """The count of the cards ``seat`` could not meld (its plan's deadwood)."""
    table = [m for own in state.melds for m in own]
    return table_plan(state.hands[seat], table).deadwood_value


def hand_value(start: SevenRummyState, end: SevenRummyState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` won the hand under way at ``start``, and its value to ``seat``."""
    n = start.players
    if end.hands_played > start.hands_played:
        record = end.sheet[start.hands_played]
        others = [record.points[s] for s in range(n) if s != seat]
        return record.winner == seat, record.points[seat] - sum(others) / len(others)
    others = [leftover(end, s) for s in range(n) if s != seat]
    return False, (sum(others) / len(others) - leftover(end, seat)) / 2


def evaluate(state: SevenRummyState, seat: int, rng: Rng, *, prior: Action, samples: int | None = None,
             budget: float | None = None, wide: bool = False) -> Evaluation:
    """Try every candidate (:func:`candidates`, ``wide`` for a hint) on ``samples`` sampled
    deals (or as many as ``budget`` seconds allow, at least one); rank them by mean value,
    the rules of thumb's move winning ties."""
    hand = state.hands_played

    def outcome(world, r):
        end = play_until(world, fast_bot, r, lambda s: s.hands_played > hand, ROLLOUT_STEPS)
        return hand_value(state, end, seat)

    return paired_evaluate(state, seat, rng, candidates=candidates(state, seat, prior, wide), outcome=outcome,
                           samples=samples, budget=budget, prefer=prior)
