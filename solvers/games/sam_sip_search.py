"""Sam Sip's sampled search: every choice tried on the same sampled deals of the unseen cards.

For each sample the cards the player cannot see are dealt afresh
(:func:`solvers.sampling.determinize`: the other hands and the stock; the discard piles, the
indicator and the cards others took openly stay where they are). Every candidate (draw or
take; each card to discard) is applied to that same deal and the deal is played on by the
rules of thumb for every player.

The value is the player's expected chips from the deal, in stakes (+1 for each loser who
pays them when they win, −1 when another player wins, 0 for a void deal), counted as a
*win probability* rather than as the one result a play-out happens to reach. Whoever draws
from the stock wins at once with probability outs / stock (the stock cards that would
complete their hand); the play-out adds that share of the still undecided probability to
the drawer's account and carries on with the rest, the drawer taking the first card of the
sampled stock that does *not* win. This is the same deal, valued by its chances instead of
by one roll of them (conditional Monte Carlo), so one sample says far more than a won or
lost deal and close choices separate with few samples. A taken card that wins settles all
that is left. Once less than :data:`CUT` (30%) of the probability is left, or the stock is empty,
the rest is shared out in proportion to each player's outs at that moment.

The play-outs use :func:`fast_choice`, the rules of thumb of
:func:`solvers.games.sam_sip_play.heuristic_choice` without the words (the tests check
that both always choose alike).
"""

from __future__ import annotations

import time
from dataclasses import replace

from collections import Counter

from solvers.cards import Card, Kind, Rng, parse_card
from solvers.game import Action, card_action
from solvers.games.sam_sip import DISCARD, DRAW, TAKE, SamSipState
from solvers.games.sam_sip_hands import is_wild, winning_hand
from solvers.games.sam_sip_play import TAKE_MARGIN, _danger, unseen_cards
from solvers.paired_search import Candidate, Evaluation
from solvers.sampling import determinize

__all__ = ["Candidate", "Evaluation", "evaluate", "candidates", "fast_choice", "deal_chances", "CUT", "MAX_TURNS"]

CUT = 0.3           # undecided probability below which a play-out stops and shares it by outs
MAX_TURNS = 120     # a guard: a deal has far fewer turns (the stock runs out first)


def _unseen_counts(cards, wild: int | None) -> tuple[Counter, int, Counter, Counter]:
    """:func:`solvers.games.sam_sip_play._unseen_counts`, inlined for the play-outs."""
    values: Counter = Counter()
    suits: Counter = Counter()
    wild_suits: Counter = Counter()
    wilds = 0
    joker = Kind.JOKER
    for c in cards:
        rank = c.rank
        if c.kind == joker:
            wilds += 1
        elif rank == wild:
            wilds += 1
            wild_suits[c.suit] += 1
        else:
            v = 1 if rank == 14 else int(rank)
            values[v] += 1
            suits[(v, c.suit)] += 1
    return values, wilds, suits, wild_suits


_PARTNER = {v: (10 - v if v < 10 else v) for v in range(1, 14)}


def _outlook(hand, counts, wild: int | None, specials: bool) -> tuple[int, int, int, int]:
    """:func:`solvers.games.sam_sip_play.outlook` inlined for the play-outs: (pairs, outs,
    partners, wilds)."""
    values, unseen_wilds, suit_counts, wild_suits = counts
    held: dict[int, int] = {}
    wilds = aces = 0
    suits = set()
    joker = Kind.JOKER
    for c in hand:
        kind, rank = c.kind, c.rank
        ace = kind != joker and rank == 14
        if kind == joker or rank == wild:
            wilds += 1
            if not specials:
                aces += ace
                suits.add(c.suit)
            continue
        v = 1 if rank == 14 else int(rank)
        held[v] = held.get(v, 0) + 1
        aces += ace
        suits.add(c.suit)
    leftover: dict[int, int] = {}
    pairs = 0
    for v, n in held.items():
        p = _PARTNER[v]
        if p == v:
            pairs += n // 2
            leftover[v] = n % 2
        else:
            made = min(n, held.get(p, 0))
            pairs += made if v < p else 0
            leftover[v] = n - made
    left = sum(leftover.values())
    counted_wilds = wilds if specials else 0
    one_suit = len(suits) == 1 and None not in suits
    suit = next(iter(suits)) if one_suit else None
    outs = 0
    near = wilds >= left - 1
    far = wilds >= left + 1
    ace_rule = aces + counted_wilds >= 2
    for v, n in values.items():
        if (near if leftover.get(_PARTNER[v], 0) > 0 else far) or (v == 1 and ace_rule):
            outs += n
        elif one_suit:
            outs += suit_counts.get((v, suit), 0)
    if unseen_wilds:
        if wilds + 1 >= left or (specials and (aces + wilds + 1 >= 3 or one_suit)):
            outs += unseen_wilds
        elif not specials:
            wild_aces = sum(wild_suits.values()) if wild == 14 and aces >= 2 else 0
            outs += wild_aces or (wild_suits.get(suit, 0) if one_suit else 0)
    if aces + counted_wilds >= 3 and values:
        outs = sum(values.values()) + unseen_wilds
    used = min(left, wilds)
    made = pairs + used + (wilds - used) // 2
    partners = sum(values.get(_PARTNER[v], 0) + unseen_wilds for v, n in leftover.items() if n)
    return made, outs, partners, wilds


def _score(look: tuple[int, int, int, int]) -> float:
    """:attr:`solvers.games.sam_sip_play.Outlook.score` of an :func:`_outlook` tuple."""
    return 3.0 * look[1] + 10.0 * look[0] + 0.3 * look[2] + 2.0 * look[3]


def _best_discard(state: SamSipState, seat: int, hand: tuple[Card, ...], counts) -> tuple[Card, float]:
    """:func:`solvers.games.sam_sip_play.best_discard` inlined: the card and its value."""
    wild, specials = state.wild, state.options.wilds_in_specials
    best = None
    for i, card in enumerate(hand):
        value = _score(_outlook(hand[:i] + hand[i + 1:], counts, wild, specials)) - _danger(card, state, seat)
        key = (-round(value, 6), card.kind, card.rank, -1 if card.suit is None else card.suit)
        if best is None or key < best[0]:
            best = (key, card, value)
    assert best is not None
    return best[1], best[2]


def fast_choice(state: SamSipState, seat: int) -> Action:
    """The rules-of-thumb action for ``seat`` (as :func:`heuristic_choice`, without the reason)."""
    if state.phase == DISCARD:
        counts = _unseen_counts(unseen_cards(state, seat), state.wild)
        return card_action(DISCARD, _best_discard(state, seat, state.hands[seat], counts)[0])
    offer = state.offer
    if offer is None:
        return Action(DRAW)
    if not state.stock:
        return card_action(TAKE, offer)
    hand = state.hands[seat]
    specials = state.options.wilds_in_specials
    if winning_hand(hand + (offer,), state.wild, specials):
        return card_action(TAKE, offer)
    counts = _unseen_counts(unseen_cards(state, seat), state.wild)
    now = _score(_outlook(hand, counts, state.wild, specials))
    card, value = _best_discard(state, seat, hand + (offer,), counts)
    if card != offer and value > now + TAKE_MARGIN:
        return card_action(TAKE, offer)
    return Action(DRAW)


def _stock_outs(state: SamSipState, hand: tuple[Card, ...]) -> int:
    """How many stock cards would make ``hand`` (five cards) a winning six."""
    counts = _unseen_counts(state.stock, state.wild)
    return _outlook(hand, counts, state.wild, state.options.wilds_in_specials)[1]


def _payoffs(state: SamSipState, seat: int) -> list[float]:
    """What each seat's win is worth to ``seat``, in stakes."""
    losers = sum(state.active) - 1
    return [float(losers) if s == seat else -1.0 for s in range(state.players)]


def _share_rest(state: SamSipState, pay: list[float]) -> tuple[float, float]:
    """The expected value (and ``seat``'s win chance) of what is left undecided, shared by outs."""
    outs = [(_stock_outs(state, state.hands[s]) if state.active[s] and state.stock else 0)
            for s in range(state.players)]
    total = sum(outs)
    if not total:
        return 0.0, 0.0
    value = sum(o * pay[s] for s, o in enumerate(outs)) / total
    mine = next(i for i, p in enumerate(pay) if p > 0)
    return value, outs[mine] / total


def deal_chances(state: SamSipState, seat: int, first: Action | None = None, *,
                 cut: float | None = None) -> tuple[float, float]:
    """Play the deal on from ``state`` (``first`` played by the seat to move, then the rules of
    thumb); return ``seat``'s chance of winning it and its expected value in stakes."""
    cut = CUT if cut is None else cut
    pay = _payoffs(state, seat)
    alive = 1.0
    won = value = 0.0
    action = first
    for _ in range(MAX_TURNS):
        if state.is_over or alive < cut or (state.phase == DRAW and not state.stock):
            break
        mover = state.turn
        if action is None:
            action = fast_choice(state, mover)
        if action.kind == DISCARD:
            state = state._apply(action, mover)
        elif action.kind == TAKE:
            hand = state.hands[mover] + (state.offer,)
            if winning_hand(hand, state.wild, state.options.wilds_in_specials):
                value += alive * pay[mover]
                won += alive if mover == seat else 0.0
                return won, value
            state = state._apply(action, mover)
        else:
            hand = state.hands[mover]
            stock = state.stock
            h = _stock_outs(state, hand) / len(stock)
            if h > 0:
                value += alive * h * pay[mover]
                won += alive * h if mover == seat else 0.0
                alive *= 1.0 - h
            specials = state.options.wilds_in_specials
            pick = next((i for i, c in enumerate(stock) if not winning_hand(hand + (c,), state.wild, specials)),
                        None)
            if pick is None:
                return won, value
            if pick:
                stock = (stock[pick],) + stock[:pick] + stock[pick + 1:]
                state = replace(state, stock=stock)
            state = state._apply(action, mover)
        action = None
    if alive > 0 and not state.is_over:
        rest, mine = _share_rest(state, pay)
        value += alive * rest
        won += alive * mine
    return won, value


def candidates(state: SamSipState, seat: int) -> list[Action]:
    """The legal actions worth trying: every one, except that a wild card is not thrown while a
    natural card could be (with wild cards counting in the special wins a wild card does all a
    natural card does, so keeping it is never worse)."""
    legal = state.legal_actions(seat)
    if state.phase != DISCARD or not state.options.wilds_in_specials:
        return legal
    wild = state.wild
    naturals = [a for a in legal if not is_wild(parse_card(a.args[0]), wild)]
    return naturals or legal


def evaluate(state: SamSipState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every candidate (:func:`candidates`) on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value, ``prefer`` winning ties.

    A candidate's ``wins`` add up its chances of winning the deal (so ``win_share`` is its
    mean chance)."""
    started = time.perf_counter()
    arms = [Candidate(a) for a in candidates(state, seat)]
    if not arms:
        raise ValueError("no candidate moves to evaluate")
    if samples is None and budget is None:
        samples = 1
    done = 0
    while True:
        if samples is not None and done >= samples:
            break
        if budget is not None and done and time.perf_counter() - started >= budget:
            break
        world = determinize(state, seat, rng)
        for arm in arms:
            won, value = deal_chances(world, seat, arm.action)
            arm.values.append(value)
            arm.wins += won
        done += 1
    ranked = sorted(arms, key=lambda a: (-round(a.mean, 9), a.action != prefer))
    return Evaluation(ranked, done, time.perf_counter() - started)
