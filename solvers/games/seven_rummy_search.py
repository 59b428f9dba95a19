"""Seven Rummy's sampled search: each choice tried on the same deals of the unseen cards.

The candidates of a decision: in a claim window, passing or each set claim; before the
draw, drawing or each sequence claim; for a discard, the rules of thumb's card and the
``DISCARDS - 1`` next best by the same rule (a card the plan leaves over, dearest and least
connected first); for the rules of thumb's first meld while the one-turn double is still open
(nothing laid before or this turn), holding the melds back and discarding one of the
``HOLDS`` best cards instead. Other melds and lay-offs are the rules of thumb's. For each sample the cards the
player cannot see (the other hands and the stock) are dealt afresh — melds on the table
and the discard pile are public and stay — each other hand weighed by what the player was
seen to refuse (:func:`deal`: a card it passed on, drew past or threw away that the hand
could have melded at once makes the hand unlikely); every candidate is applied to that same deal
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
from solvers.sampling import determinize

__all__ = ["candidates", "evaluate", "fast_choice", "fast_bot", "hand_value", "deal", "refusals", "claim_need",
           "ROLLOUT_STEPS", "DISCARDS", "HOLDS"]

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


# ---------------------------------------------------------------- what the others refused
MISFIT = 0.1         # the chance a player refuses (or throws) a card it could have melded at once
TRIES = 60           # re-deals of one player's hand a sample at most


def _place(card: Card) -> int:
    return 1 if card.rank == 14 else int(card.rank)


def claim_need(hand, card: Card, sets: bool, sequences: bool, pair_of_sevens: bool = True) -> int | None:
    """The fewest cards of ``hand`` that make a new meld with ``card`` (sets and/or
    sequences, the short melds with a 7 included), or None when none do."""
    rank, suit, at = card.rank, card.suit, _place(card)
    same = 0
    near = set()
    for c in hand:
        if c.rank == rank:
            same += 1
        elif c.suit == suit:
            near.add(_place(c))
    best = None
    if sets:
        if rank == 7 and pair_of_sevens and same >= 1:
            return 1
        if same >= 2:
            best = 2
    if sequences:
        if (at == 7 and (6 in near or 8 in near)) or (at in (6, 8) and 7 in near):
            return 1
        if best is None and ((at - 1 in near and (at - 2 in near or at + 1 in near))
                             or (at + 1 in near and at + 2 in near)):
            best = 2
    return best


def refusals(state: SevenRummyState, seat: int) -> dict[int, list[tuple[Card, bool, bool, int]]]:
    """What each other player was seen to refuse this hand, from the public record: each
    entry is (card, sets, sequences, draws since), a card it could not at that time have
    melded at once in the named way — a set claim it passed on, a sequence claim it drew
    past, a card it threw away (either) — and how many cards it has drawn since (cards
    that may have come to its hand later)."""
    out: dict[int, list[tuple[Card, bool, bool, int]]] = {s: [] for s in range(state.players) if s != seat}
    drawn = {s: 0 for s in out}
    record = list(state.discards_seen)
    current = ()
    if state.phase == CLAIM_PHASE and record and record[-1].card == state.top:
        current = tuple(s for s, a in state.answers if a == PASS)
    # walk back from now: a player's discard ends a turn, begun by a draw unless it claimed
    for i in range(len(record) - 1, -1, -1):
        d = record[i]
        passed = d.passed + (current if i == len(record) - 1 else ())
        for s in passed:
            if s in out:
                out[s].append((d.card, True, False, drawn[s]))
        if d.drew_instead in out:
            out[d.drew_instead].append((d.card, False, True, drawn[d.drew_instead]))
        if d.seat in out:
            out[d.seat].append((d.card, True, True, drawn[d.seat]))
            # the turn this discard ended began with a draw unless the seat claimed the card before
            before = record[i - 1] if i > 0 else None
            if not (before is not None and before.taken_by == d.seat):
                drawn[d.seat] += 1
    return {s: v for s, v in out.items() if v}


def _weight(hand, seen, pair_of_sevens: bool) -> float:
    """How well ``hand`` (a player's hand now) explains what the player refused: each refused
    card it could have melded at once counts ``MISFIT``, unless the cards that would meld it
    came to the hand since (drawn later: a chance from how many cards were drawn since)."""
    n = len(hand)
    weight = 1.0
    for card, sets, sequences, since in seen:
        need = claim_need(hand, card, sets, sequences, pair_of_sevens)
        if need is None:
            continue
        held = max(0.0, (n - since) / n) ** need if n else 0.0
        weight *= 1.0 - (1.0 - MISFIT) * held
    return weight


def deal(state: SevenRummyState, seat: int, rng: Rng) -> SevenRummyState:
    """A deal of the unseen cards that fits what ``seat`` has seen the others refuse.

    The generic deal gives every other player a uniformly random hand; yet a player who
    passed on a discard it could have claimed into a meld, drew past one it could have taken
    for a sequence, or threw a card away, unlikely held the cards that card melds with.
    Each other player's hand is redrawn from the cards left (up to ``TRIES`` times) and
    kept with a chance equal to how well it explains those refusals (:func:`_weight`)."""
    world = determinize(state, seat, rng)
    seen = refusals(state, seat)
    if not seen:
        return world
    pool = sort_cards(list(world.stock) + [c for s in range(state.players) if s != seat for c in world.hands[s]])
    pool = list(rng.shuffled(pool))
    hands = list(world.hands)
    pair7 = state.options.pair_of_sevens_claim
    order = sorted((s for s in range(state.players) if s != seat), key=lambda s: s not in seen)
    for s in order:
        size = len(world.hands[s])
        if s not in seen:
            hands[s], pool = tuple(pool[:size]), pool[size:]
            continue
        best, best_weight = None, -1.0
        for _ in range(TRIES):
            picks = rng.shuffled(range(len(pool)))[:size]
            hand = [pool[i] for i in picks]
            w = _weight(hand, seen[s], pair7)
            if w > best_weight:
                best, best_weight = picks, w
            if rng.random() < w:
                best = picks
                break
        chosen = set(best)
        hands[s] = tuple(pool[i] for i in best)
        pool = [c for i, c in enumerate(pool) if i not in chosen]
    return replace(world, hands=tuple(hands), stock=tuple(rng.shuffled(pool)))


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
                           samples=samples, budget=budget, prefer=prior, deal=deal)
