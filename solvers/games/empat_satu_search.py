"""Empat Satu's sampled search: every choice tried on the same deals of the unseen cards.

For each sample the cards the player cannot see (the other hands, less the discards they
were seen to take, and the stock order) are dealt afresh by
:func:`solvers.sampling.determinize`; every candidate (draw, take, stop, end, or each card
to discard) is applied to that same deal and the hand is played to its end by the rules of
thumb (:mod:`solvers.games.empat_satu_play`) for every player. The play-out runs on plain
card lists rather than on states, as the rules are simple and it is many times faster.

A candidate's value: in a match of hand wins, the share of the hand's win the player gets
(1, or 1/k for a win shared by k) plus a hundredth of its hand value ahead of the others'
mean; in a cumulative match, that margin itself.
"""

from __future__ import annotations

from dataclasses import replace

from solvers.cards import Card, Rng
from solvers.game import Action
from solvers.games.empat_satu import DISCARD_PHASE, END, STOP, TAKE, EmpatSatuState
from solvers.games.empat_satu_cards import card_value, hand_value, suit_totals, winners_and_losers
from solvers.games.empat_satu_play import best_discard, draw_choice
from solvers.paired_search import Evaluation, evaluate as paired_evaluate
from solvers.sampling import determinize

__all__ = ["play_out", "hand_outcome", "evaluate", "deal"]


def play_out(state: EmpatSatuState) -> list[list[Card]]:
    """Play the hand under way to its end by the rules of thumb; the hands shown at the end."""
    n = state.players
    hands = [list(h) for h in state.hands]
    stock = state.stock
    drawn = 0
    offer = state.discards[-1][1] if state.discards else None
    turn, phase, taken = state.turn, state.phase, state.taken
    done, left = state.turns_done, state.turns_left
    rounds_after = state.options.rounds_after_stock
    while True:
        hand = hands[turn]
        if phase == DISCARD_PHASE:
            card = best_discard(hand, taken)
            hand.remove(card)
            offer, taken, phase = card, None, "draw"
            turn = (turn + 1) % n
            done += 1
            if drawn >= len(stock):
                left = n * rounds_after if left is None else left - 1
                if left <= 0:
                    return hands
            continue
        choice = draw_choice(hand, offer, len(stock) - drawn, done // n)
        if choice == STOP or choice == END:
            return hands
        if choice == TAKE:
            hand.append(offer)
            taken, offer = offer, None
        else:
            hand.append(stock[drawn])
            drawn += 1
        phase = DISCARD_PHASE


def hand_outcome(start: EmpatSatuState, after: EmpatSatuState, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` wins the hand under way at ``start`` (reached ``after`` a candidate),
    and what it is worth to ``seat``."""
    if after.hands_played > start.hands_played:
        shown = [list(h) for h in after.sheet[start.hands_played].shown]
    else:
        shown = play_out(after)
    winners, _ = winners_and_losers(shown)
    values = [hand_value(h) for h in shown]
    margin = values[seat] - (sum(values) - values[seat]) / (len(values) - 1)
    won = seat in winners
    if start.options.match == "cumulative":
        return won, float(margin)
    return won, (1.0 / len(winners) if won else 0.0) + margin / 100



# ---------------------------------------------------------------- what the others' discards say
CHAIN = 6            # how many of a player's latest discards are checked
MISFIT = 0.02        # the chance a discard that was not the hand's best is still believed
TRIES = 100           # re-deals of the unseen cards a sample at most


def _discard_fits(five: list[Card], card: Card, banned: Card | None) -> bool:
    """Whether discarding ``card`` from ``five`` leaves as good a hand as any other discard."""
    totals = suit_totals(five)
    whole = sum(totals)
    best = None
    mine = None
    for c in five:
        if c == banned:
            continue
        v = card_value(c)
        totals[c.suit] -= v
        left = 2 * max(totals) - whole + v
        totals[c.suit] += v
        if best is None or left > best:
            best = left
        if c == card:
            mine = left
    return mine is not None and mine >= best


def _histories(state: EmpatSatuState, seat: int) -> dict[int, list[tuple[Card, Card | None]]]:
    """Each other player's latest discards still on view (latest first), with the card they
    had taken that turn where it is known (the discard they may not have made)."""
    out: dict[int, list[tuple[Card, Card | None]]] = {s: [] for s in range(state.players) if s != seat}
    entries = list(state.discards)
    if state.taken is not None and state.turn == seat:
        entries.append(((seat - 1) % state.players, state.taken))   # the discard just taken from them
    for who, card in reversed(entries):
        if who in out and len(out[who]) < CHAIN:
            out[who].append((card, None))
    return out


def _likelihood(hand: list[Card], history: list[tuple[Card, Card | None]], rng: Rng) -> float:
    """How well ``hand`` explains the player's latest discards under the rules of thumb:
    walking back a turn at a time (the card drawn that turn is any of the five), each
    discard that was not the best of its five counts ``MISFIT``."""
    weight = 1.0
    held = list(hand)
    for card, banned in history:
        five = held + [card]
        if not _discard_fits(five, card, banned):
            weight *= MISFIT
        # the turn before: one of the five was drawn then
        drawn = five[rng.below(len(five))]
        held = [c for c in five if c is not drawn]
    return weight


def deal(state: EmpatSatuState, seat: int, rng: Rng) -> EmpatSatuState:
    """A deal of the unseen cards that fits what ``seat`` has seen the others discard.

    The generic deal gives every other player a uniformly random hand; yet a player who has
    been keeping a suit for some turns holds far better than that, and what they threw away
    says which cards they do not want. Deals are redrawn (up to ``TRIES`` times) and kept
    with a chance equal to how well the other hands explain their latest discards."""
    world = determinize(state, seat, rng)
    histories = {s: h for s, h in _histories(state, seat).items() if h}
    if not histories:
        return world
    pool = list(world.stock) + [c for s in range(state.players) if s != seat
                                for c in world.hands[s] if c not in state.known[s]]
    best, best_weight = world, -1.0
    for _ in range(TRIES):
        order = rng.shuffled(pool)
        hands = list(world.hands)
        at = 0
        for s in range(state.players):
            if s == seat:
                continue
            keep = [c for c in world.hands[s] if c in state.known[s]]
            need = len(world.hands[s]) - len(keep)
            hands[s] = tuple(keep + order[at:at + need])
            at += need
        weight = 1.0
        for s, history in histories.items():
            weight *= _likelihood(list(hands[s]), history, rng)
        candidate = replace(world, hands=tuple(hands), stock=tuple(order[at:]))
        if rng.random() < weight:
            return candidate
        if weight > best_weight:
            best, best_weight = candidate, weight
    return best


def evaluate(state: EmpatSatuState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every legal action on ``samples`` sampled deals (or as many as ``budget`` seconds
    allow, at least one); rank them by mean value, ``prefer`` winning ties."""
    return paired_evaluate(state, seat, rng, candidates=state.legal_actions(seat),
                           outcome=lambda world, r: hand_outcome(state, world, seat),
                           samples=samples, budget=budget, prefer=prefer, deal=deal)

