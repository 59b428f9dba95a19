"""Mätäpesä's sampled search: the ``search`` bot and the hint.

The cards a seat cannot see are dealt afresh many times, consistently with everything
public: the spare cards and every played card lie face up, and a player who threw a card
below the trick's highest showed that all their remaining cards are at least that high.
On each sampled deal every card the seat may play is tried (one per rank: suits do not
matter) and the deal is played out to the end with everyone, the seat included, playing
the rules of thumb. The card is valued by how often the seat then takes the last trick
(with cucumber points, by the penalty it costs), the same sampled deals for every card.

Playouts run on ranks alone, so a sampled deal costs microseconds and a decision can look
at hundreds of them.

The ending is played exactly by the shared double-dummy solver's suitless rules
(:func:`matapesa_rules`, :mod:`solvers.doubledummy.suitless`): one card order by rank,
head the trick or throw your lowest, the last of equal highest cards wins, the last
trick loses (one game, or with cucumber points the rank that took it). Once the seat
holds ``exact_horizon(players)`` cards or fewer, each sampled deal is solved exactly,
every player then playing the card best for itself (max-n; among cards that cost it the
same, the highest, as the rules of thumb would), and each card the seat may play is
valued by that exact result. The bot keeps the rules of thumb's card (the highest
allowed) unless another card is clearly better on the same sampled deals (by
``EXACT_MARGIN`` standard errors of the paired difference).
"""

from __future__ import annotations

import time
from functools import lru_cache

from solvers.cards import Card, Rng, Suit, parse_card, standard_pack
from solvers.doubledummy import Position, Suitless, TrickRules
from solvers.doubledummy.suitless import OutOfBudget, SuitlessSearch, card_vectors
from solvers.game import Action, Hint, card_action
from solvers.games.matapesa import CUCUMBER, MatapesaState, card_order, rank_name
from solvers.games.matapesa_play import heuristic_bot, heuristic_card, heuristic_hint
from solvers.sampling import sample_hidden

__all__ = ["SEARCH_SAMPLES", "EXACT_SAMPLES", "HORIZON", "candidates", "sample_ranks", "card_table",
           "exact_table", "exact_horizon", "matapesa_rules", "dd_position", "solve_cards", "in_ending",
           "playout", "hint", "search_bot"]

SEARCH_SAMPLES = 120       # sampled deals a decision for the search bot
DEFAULT_BUDGET = 1.0
SAMPLE_TRIES = 30         # plain shuffles tried before the general sampler places the cards
MIN_BUDGET = 0.01          # below this not one sampled deal fits: the rules of thumb answer
EXACT_SAMPLES = 60         # sampled deals solved exactly a decision for the search bot in the ending
# a timed hint in the ending stops solving deals at this share of the budget: measured on a
# loaded machine, hints stopped here answered at up to 0.92 of a 1 s budget
EXACT_BUDGET_SHARE = 0.8
EXACT_MARGIN = 1.5         # standard errors by which another card must beat the rules of thumb's

# cards in the hand of the seat to move from which the bot and hint solve sampled deals
# exactly, by the number of players in the deal (node counts in docs/games/matapesa.md)
HORIZON = {2: 6, 3: 6, 4: 6, 5: 6, 6: 6, 7: 6, 8: 6}


def exact_horizon(players: int) -> int:
    """Cards each from which sampled deals are solved exactly."""
    return HORIZON.get(players, 3)


# ---------------------------------------------------------------- the shared solver's rules


@lru_cache(maxsize=32)
def matapesa_rules(players: int, cucumber: bool = False, paranoid: bool = False) -> TrickRules:
    """Mätäpesä's trick rules for the double-dummy solver: ranks only (ace high), head the
    trick or throw your lowest card, the last of equal highest cards wins, the last trick
    costs one game (with ``cucumber``: the rank that took it). Every player for itself
    (max-n, the highest of equally good cards first), or ``paranoid``: the others all
    against the seat to play."""
    powers = {str(c): int(c.rank) for c in standard_pack()}
    spec = Suitless(powers=powers, follow="head_or_lowest", ties="last",
                    payoff="last_trick_power" if cucumber else "last_trick", prefer="high",
                    play="paranoid" if paranoid else "maxn")
    return TrickRules(seats=players, sides=tuple(range(players)), suitless=spec, name="matapesa")


def dd_position(state: MatapesaState, ranks: dict[int, list[int]] | None = None,
                paranoid: bool = False) -> tuple[list[int], Position]:
    """The state (or a sampled deal: ``ranks``, seat → ranks) as a solver position: the
    players in the deal in play order (the solver's seats) and the position. Suits do not
    count, so each rank's cards get any free suits."""
    seats = list(state.seats)
    place = {s: i for i, s in enumerate(seats)}
    if ranks is None:
        ranks = {s: [c.rank for c in state.hands[s]] for s in seats}
    free: dict[int, list[int]] = {}
    trick = []
    for _, card in state.trick:
        free.setdefault(int(card.rank), list(Suit)).remove(card.suit)
        trick.append(card)
    hands = []
    for s in seats:
        hand = []
        for r in ranks[s]:
            suits = free.setdefault(int(r), list(Suit))
            hand.append(Card.standard(int(r), suits.pop()))
        hands.append(hand)
    leader = (place[state.turn] - len(state.trick)) % len(seats)
    rules = matapesa_rules(len(seats), state.options.match == CUCUMBER, paranoid)
    return seats, Position.from_hands(hands, leader, trick, rules)


def _outcome(vector: tuple[int, ...], cucumber: bool) -> tuple[int, int]:
    """(loser's place, rank that took the last trick) from a max-n payoff vector; without
    cucumber points the rank is not part of the payoff and reads as 0."""
    loser = min(range(len(vector)), key=vector.__getitem__)
    return loser, (-vector[loser] if cucumber else 0)


def solve_cards(state: MatapesaState, ranks: dict[int, list[int]] | None = None, *,
                paranoid: bool = False, search: SuitlessSearch | None = None) -> dict[int, object]:
    """For the seat to move: each rank it may play → the exact result, every hand as in
    ``state`` (or ``ranks``). Max-n: (loser seat, rank that took the last trick; 0 when
    the match does not price it). ``paranoid``: what the seat pays when all the others
    play against it."""
    seats, pos = dd_position(state, ranks, paranoid)
    cucumber = state.options.match == CUCUMBER
    vectors = card_vectors(pos, search)
    me = pos.to_play
    out: dict[int, object] = {}
    for label, vector in vectors.items():
        rank = int(parse_card(label).rank)
        if paranoid:
            out[rank] = -vector[me]
        else:
            loser, lost = _outcome(vector, cucumber)
            out[rank] = (seats[loser], lost)
    return out


def candidates(state: MatapesaState, seat: int) -> list[Card]:
    """One card of each rank the seat may play, highest first (equal ranks play alike)."""
    by_rank: dict[int, Card] = {}
    for card in sorted(state.playable(seat), key=card_order):
        by_rank.setdefault(card.rank, card)
    return [by_rank[r] for r in sorted(by_rank, reverse=True)]


def playout(state: MatapesaState, hands: dict[int, list[int]], first: int) -> tuple[int, int]:
    """Play the deal out on ranks from ``state`` after the seat to move plays rank ``first``,
    everyone then playing the highest card allowed; returns the loser and the losing rank.

    ``hands`` maps each seat in the deal to its ranks, sorted low to high (consumed)."""
    order = state.seats
    place = {s: i for i, s in enumerate(order)}
    n = len(order)
    trick = len(state.trick)
    top, win = 0, -1
    for s, c in state.trick:
        if c.rank >= top:
            top, win = c.rank, s
    turn = state.turn
    hands[turn].remove(first)
    rank = first
    while True:
        if rank >= top:
            top, win = rank, turn
        trick += 1
        if trick == n:
            if not hands[win]:
                return win, top
            turn, trick, top = win, 0, 0
            held = hands[turn]
            rank = held.pop()
            continue
        turn = order[(place[turn] + 1) % n]
        held = hands[turn]
        rank = held.pop() if held[-1] >= top else held.pop(0)


def deal_value(state: MatapesaState, seat: int, loser: int, rank: int) -> float:
    """What a finished deal is worth to ``seat``: minus what it costs if it loses, plus its
    share of what another loser pays (the score difference the match keeps)."""
    cost = penalty_of(state, rank)
    if loser == seat:
        return -float(cost)
    return cost / max(1, len(state.seats) - 1)


def penalty_of(state: MatapesaState, rank: int) -> int:
    """Points the loser scores for taking the last trick with a card of ``rank``."""
    return rank if state.options.match == CUCUMBER else 1


def sample_ranks(state: MatapesaState, seat: int, rng: Rng) -> dict[int, list[int]]:
    """The ranks of every hand in the deal, the others' dealt afresh from the cards ``seat``
    cannot see, consistently with the lowest cards shown: sorted low to high, by seat.

    A plain shuffle is kept when it fits what was shown (so every fitting deal is equally
    likely); after ``SAMPLE_TRIES`` misfits the general sampler places the cards."""
    others = [s for s in state.seats if s != seat]
    pool = sorted((c for s in others for c in state.hands[s]), key=card_order)
    floors = [state.floors[s] for s in others]
    sizes = [len(state.hands[s]) for s in others]
    ranks = {seat: sorted(c.rank for c in state.hands[seat])}
    for _ in range(SAMPLE_TRIES if any(floors) else 1):
        order = rng.shuffled(pool)
        at, hands = 0, []
        for size, floor in zip(sizes, floors):
            hand = sorted(c.rank for c in order[at:at + size])
            at += size
            if hand and hand[0] < floor:
                break
            hands.append(hand)
        else:
            ranks.update(zip(others, hands))
            return ranks
    deal = sample_hidden(state, seat, rng)
    ranks.update((s, sorted(c.rank for c in deal.hands[s])) for s in others)
    return ranks


def card_table(state: MatapesaState, seat: int, rng: Rng, samples: int | None,
               deadline: float | None) -> tuple[list[Card], list[list[tuple[float, bool]]]]:
    """Per sampled deal, each candidate card's (value to the seat, whether it loses):
    ``samples`` deals (None: as many as fit before ``deadline``)."""
    cards = candidates(state, seat)
    rows: list[list[tuple[float, bool]]] = []
    while samples is None or len(rows) < samples:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        ranks = sample_ranks(state, seat, rng)
        row = []
        for card in cards:
            loser, rank = playout(state, {s: list(r) for s, r in ranks.items()}, card.rank)
            row.append((deal_value(state, seat, loser, rank), loser == seat))
        rows.append(row)
    return cards, rows


def in_ending(state: MatapesaState, seat: int) -> bool:
    """Whether the seat holds few enough cards for sampled deals to be solved exactly."""
    return len(state.hands[seat]) <= exact_horizon(len(state.seats))


def exact_table(state: MatapesaState, seat: int, rng: Rng, samples: int | None,
                deadline: float | None) -> tuple[list[Card], list[list[tuple[float, bool]]]]:
    """Per sampled deal solved exactly, each candidate card's (value to the seat, whether it
    loses): the same rows as :func:`card_table`, the play-out replaced by exact play."""
    cards = candidates(state, seat)
    rules = matapesa_rules(len(state.seats), state.options.match == CUCUMBER)
    rows: list[list[tuple[float, bool]]] = []
    while samples is None or len(rows) < samples:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        # a timed hint drops a deal still unsolved at the deadline
        search = SuitlessSearch(rules)
        search.deadline = deadline
        try:
            results = solve_cards(state, sample_ranks(state, seat, rng), search=search)
        except OutOfBudget:
            break
        row = []
        for card in cards:
            loser, rank = results[int(card.rank)]
            row.append((deal_value(state, seat, loser, rank), loser == seat))
        rows.append(row)
    return cards, rows


def _keep_unless_clearly_better(cards: list[Card], rows, prior: Card) -> tuple[Card, bool]:
    """The best card by mean value, unless its paired gain over ``prior`` on the same
    sampled deals is not above ``EXACT_MARGIN`` standard errors: then ``prior``.
    Returns the card and whether the prior was kept."""
    best = _ranked(cards, rows)[0][0]
    mine = next(i for i, c in enumerate(cards) if c.rank == prior.rank)
    if best.rank == prior.rank:
        return cards[mine], False
    other = cards.index(best)
    gains = [r[other][0] - r[mine][0] for r in rows]
    n = len(gains)
    mean = sum(gains) / n
    spread = (sum((g - mean) ** 2 for g in gains) / (n - 1)) ** 0.5 / n ** 0.5 if n > 1 else float("inf")
    if mean > 0 and mean > EXACT_MARGIN * spread:
        return best, False
    return cards[mine], True


def _ranked(cards: list[Card], rows) -> list[tuple[Card, float, float]]:
    n = len(rows)
    stats = [(card, sum(r[i][0] for r in rows) / n, sum(r[i][1] for r in rows) / n)
             for i, card in enumerate(cards)]
    # equal values: the higher card first, as the rules of thumb would play
    return sorted(stats, key=lambda s: (-round(s[1], 9), -s[0].rank))


def _how(state: MatapesaState, card) -> str:
    """How a card is played to the trick, in a player's words."""
    top = state.highest()
    if top is None:
        return f"Lead {card.pretty()}"
    if card.rank >= top.rank:
        return f"Head the trick with {card.pretty()}"
    return f"Throw your lowest card, {card.pretty()}"


def _card_hint(state: MatapesaState, seat: int, cards, rows, elapsed: float) -> Hint:
    ranked = _ranked(cards, rows)
    card, value, lose = ranked[0]
    n = len(rows)
    how = _how(state, card)
    reason = (f"{how}: over {n} sampled deals of the cards you cannot see, played out to the end, "
              f"you take the last trick in {lose:.0%} of them")
    if len(ranked) > 1:
        other, _, other_lose = ranked[1]
        reason += f" (next best {rank_name(other.rank)}: {other_lose:.0%})"
    if state.options.match == CUCUMBER:
        reason += "; each card is valued by the penalty points it is likely to cost you or the others"
    evaluation = {"kind": "sampled", "samples": n, "valuation": "playouts with the rules of thumb",
                  "loss_probability": round(lose, 3), "expected_value": round(value, 3),
                  "elapsed_s": round(elapsed, 3)}
    alternatives = [{"action": card_action("play", c).to_json(), "loss_probability": round(p, 3),
                     "expected_value": round(v, 3)} for c, v, p in ranked[1:]]
    return Hint(card_action("play", card), reason, evaluation, alternatives, method="sampled")


def _exact_hint(state: MatapesaState, seat: int, cards, rows, elapsed: float) -> Hint:
    prior = heuristic_card(state, seat)
    card, kept = _keep_unless_clearly_better(cards, rows, prior)
    stats = {c.rank: (v, p) for c, v, p in _ranked(cards, rows)}
    value, lose = stats[card.rank]
    n = len(rows)
    held = len(state.hands[seat])
    how = _how(state, card)
    lost = round(lose * n)
    each = "your last card" if held == 1 else f"{held} cards in your hand"
    reason = (f"{how}: with {each}, over {n} sampled deals of the cards you cannot see, each "
              f"solved exactly (every player then plays the card best for themselves), this card "
              f"takes the last trick in {lost} of {n}")
    others = [(c, v, p) for c, v, p in _ranked(cards, rows) if c.rank != card.rank]
    if others:
        other, _, other_lose = others[0]
        reason += f" (next best {rank_name(other.rank)}: {round(other_lose * n)} of {n})"
    if kept and others and others[0][1] > value:
        reason += "; no other card is clearly better, so keep the rule of thumb: the highest card allowed"
    if state.options.match == CUCUMBER:
        reason += "; each card is valued by the penalty points it is likely to cost you or the others"
    evaluation = {"kind": "sampled exact", "samples": n, "valuation": "exact play of each sampled deal",
                  "cards_held": held, "loss_probability": round(lose, 3), "expected_value": round(value, 3),
                  "losing_deals": lost, "elapsed_s": round(elapsed, 3)}
    alternatives = [{"action": card_action("play", c).to_json(), "loss_probability": round(p, 3),
                     "losing_deals": round(p * n), "expected_value": round(v, 3)} for c, v, p in others]
    return Hint(card_action("play", card), reason, evaluation, alternatives, method="sampled")


def _forced(state: MatapesaState, seat: int) -> Hint:
    """The hint when every card the seat may play has one rank: the choice changes nothing."""
    action = card_action("play", heuristic_card(state, seat))
    card = heuristic_card(state, seat)
    top = state.highest()
    if len(state.hands[seat]) == 1:
        reason = f"{card.pretty()} is your last card"
    elif len(state.legal_actions(seat)) > 1:
        reason = "Every card you may play has the same rank, and suits do not count: any of them will do"
    else:
        reason = (f"You hold nothing of {rank_name(top.rank)} or higher, so you must throw your lowest card, "
                  f"{card.pretty()}")
    return Hint(action, reason, {"kind": "forced"}, [], method="exact")


def hint(state: MatapesaState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Sampled playouts for the card to play (``iterations``: sampled deals, no clock); the
    rules of thumb when the budget is too small for one sampled deal."""
    if len(candidates(state, seat)) == 1:
        return _forced(state, seat)
    rng = rng or Rng(0)
    deadline = None
    start = time.perf_counter()
    if iterations is None or budget is not None:
        budget = DEFAULT_BUDGET if budget is None else budget
        if budget < MIN_BUDGET:
            return heuristic_hint(state, seat)
        # a margin for building the hint after the last deal
        deadline = start + budget * 0.9 - 0.002
    if in_ending(state, seat):
        # a deal solved exactly can take a while on a loaded machine: a wider margin, and a
        # deal unsolved at the deadline is dropped
        hard = None if deadline is None else start + budget * EXACT_BUDGET_SHARE
        cards, rows = exact_table(state, seat, rng, iterations, hard)
        if rows:
            return _exact_hint(state, seat, cards, rows, time.perf_counter() - start)
        return heuristic_hint(state, seat)
    cards, rows = card_table(state, seat, rng, iterations, deadline)
    if not rows:
        return heuristic_hint(state, seat)
    return _card_hint(state, seat, cards, rows, time.perf_counter() - start)


def search_bot(state: MatapesaState, seat: int, rng: Rng) -> Action:
    """Sampled playouts over ``SEARCH_SAMPLES`` deals for every card with a real choice;
    in the ending ``EXACT_SAMPLES`` sampled deals solved exactly, the rules of thumb's
    card kept unless another is clearly better."""
    if len(candidates(state, seat)) == 1:
        return heuristic_bot(state, seat, rng)
    if in_ending(state, seat):
        cards, rows = exact_table(state, seat, rng.fork("matapesa-exact"), EXACT_SAMPLES, None)
        return card_action("play", _keep_unless_clearly_better(cards, rows, heuristic_card(state, seat))[0])
    cards, rows = card_table(state, seat, rng.fork("matapesa-search"), SEARCH_SAMPLES, None)
    return card_action("play", _ranked(cards, rows)[0][0])
