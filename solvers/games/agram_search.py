"""Valuing Agram cards on sampled deals: forced wins by double dummy, the rest by best reply.

For one seat to play, the cards it cannot see are dealt afresh (consistent with every
shown void) ``samples`` times. On each deal:

* an exact double-dummy solve of the rest of the round values every legal card: 1 when
  the seat can force the last trick whatever all the others do together, else 0. With
  two players that is the whole truth of the deal; with more, the others rarely combine
  against one player, so a card that cannot force the win is then valued by
* searching the seat's own later cards while the others play the rules of thumb: 1 when
  some line of play takes the last trick (a best reply; after ``STEPS`` plays the seat
  too plays the rules of thumb).

A card's value is the share of deals it wins, forced wins counting double. Cards that do the
same job (touching cards of a suit, the cards between them gone) are valued once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from solvers.cards import Card, Rng
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint
from solvers.games.agram import AgramState
from solvers.games.agram_play import choose, heuristic_bot
from solvers.pimc.adapters import Adapter
from solvers.pimc.search import card_groups
from solvers.sampling import determinize

__all__ = ["CardTable", "card_table", "best_card", "card_hint"]

STEPS = 400               # plays a card's best-reply search may make on one deal


class OutOfTime(Exception):
    """The deadline passed before a deal was valued."""


@dataclass
class CardTable:
    """Per legal card: deals valued, deals won by force, deals won in all."""

    cards: list[Card]
    deals: int = 0
    forced: dict[Card, int] = field(default_factory=dict)
    won: dict[Card, int] = field(default_factory=dict)
    elapsed: float = 0.0

    def win_rate(self, card: Card) -> float:
        """Share of the valued deals on which ``card`` wins the last trick."""
        return self.won.get(card, 0) / self.deals if self.deals else 0.0

    def forced_rate(self, card: Card) -> float:
        """Share of the valued deals on which ``card`` forces the last trick."""
        return self.forced.get(card, 0) / self.deals if self.deals else 0.0


class _Steps:
    """How many plays a deal's best-reply search may still make."""

    def __init__(self, allowance: int):
        self.left = allowance


def _distinct(state: AgramState, seat: int, cards: list[Card]) -> list[Card]:
    """One card of each run that does the same job on this known deal: cards of a suit
    with no other player's card of that suit between them."""
    others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
    out: list[Card] = []
    for card in sorted(cards, key=lambda c: (c.suit, c.rank)):
        if out and out[-1].suit == card.suit and not any(
                o.suit == card.suit and out[-1].rank < o.rank < card.rank for o in others):
            continue
        out.append(card)
    return out


def can_win(state: AgramState, seat: int, steps: _Steps) -> bool:
    """True when ``seat`` has a way to take the last trick of this known deal while the
    others play the rules of thumb (its own choices searched, theirs as the rules say).
    Once the step allowance is spent, the seat plays the rules of thumb too."""
    hands = len(state.sheet)
    while len(state.sheet) == hands:
        mover = state.turn
        if mover != seat or steps.left <= 0:
            state = state._apply(heuristic_bot(state, mover, None), mover)
            steps.left -= 1
            continue
        cards = state.playable(seat)
        if len(cards) == 1:
            state = state._apply(Action("play", (str(cards[0]),)), seat)
            continue
        preferred, _ = choose(state, seat)
        order = [preferred] + [c for c in _distinct(state, seat, cards) if c != preferred]
        return any(can_win(state._apply(Action("play", (str(c),)), seat), seat, steps) for c in order)
    return state.sheet[-1].winner == seat


def _deal_values(deal: AgramState, seat: int, groups: list[list[Card]], solver: Solver,
                 deadline: float | None) -> dict[Card, tuple[int, int]]:
    """(forced, won) for the first card of each group on one fully known deal."""
    budget_ms = None
    if deadline is not None:
        budget_ms = (deadline - time.perf_counter()) * 1000.0
        if budget_ms <= 0.5:
            raise OutOfTime
    result = solver.solve(TRICK_ADAPTER.position(deal), values="all", budget_ms=budget_ms)
    if not result.exact:
        raise OutOfTime
    out = {}
    for group in groups:
        card = group[0]
        forced = int(result.cards[str(card)] >= 1)
        won = forced or int(can_win(deal._apply(Action("play", (str(card),)), seat), seat, _Steps(STEPS)))
        out[card] = (forced, won)
    return out


def card_table(state: AgramState, seat: int, *, samples: int | None, deadline: float | None, rng: Rng,
               solver: Solver) -> CardTable:
    """Value every legal card on sampled deals until ``samples`` deals or the deadline."""
    start = time.perf_counter()
    cards = state.playable(seat)
    gone = {c for plays in state.history for _, c in plays}
    groups = card_groups(cards, set(state.hands[seat]), gone, TRICK_ADAPTER.position(state).rules)
    table = CardTable(sorted(cards, key=lambda c: (c.suit, c.rank)))
    while samples is None or table.deals < samples:
        if deadline is not None and time.perf_counter() >= deadline:
            break
        deal = determinize(state, seat, rng)
        try:
            values = _deal_values(deal, seat, groups, solver, deadline)
        except OutOfTime:
            break
        table.deals += 1
        for group in groups:
            forced, won = values[group[0]]
            for card in group:
                table.forced[card] = table.forced.get(card, 0) + forced
                table.won[card] = table.won.get(card, 0) + won
    table.elapsed = time.perf_counter() - start
    return table


def ranked(state: AgramState, seat: int, table: CardTable) -> list[Card]:
    """Cards best first: most wins with forced wins counted twice (a win that holds
    whatever the others do is surer than one that needs them to play by the rules of
    thumb), then the rules of thumb's card, then the lower card (it keeps the higher)."""
    preferred, _ = choose(state, seat)
    return sorted(table.cards, key=lambda c: (-table.won.get(c, 0) - table.forced.get(c, 0),
                                              c != preferred, c.rank, c.suit))


def best_card(state: AgramState, seat: int, table: CardTable) -> Card:
    """The card to play from a valued table."""
    return ranked(state, seat, table)[0]


def card_hint(state: AgramState, seat: int, *, samples: int | None, deadline: float | None, rng: Rng,
              solver: Solver) -> Hint | None:
    """The sampled card hint (None when not one deal was valued in time)."""
    table = card_table(state, seat, samples=samples, deadline=deadline, rng=rng, solver=solver)
    if not table.deals:
        return None
    order = ranked(state, seat, table)
    card = order[0]
    n = table.deals
    win, forced = table.win_rate(card), table.forced_rate(card)
    if win == 0:
        _, why = choose(state, seat)
        reason = (f"play {card.pretty()}: no card wins the last trick on any of {n} sampled deals, "
                  f"so follow the rule of thumb ({why})")
    else:
        reason = (f"play {card.pretty()}: you take the last trick on {win:.0%} of {n} sampled deals "
                  f"(on {forced:.0%} whatever the others do)")
        runner = next((c for c in order[1:] if table.won.get(c, 0) < table.won.get(card, 0)), None)
        if runner is not None and len(order) > 1:
            reason += f"; the next best card, {order[1].pretty()}, on {table.win_rate(order[1]):.0%}"
    action = Action("play", (str(card),))
    alternatives = [{"action": Action("play", (str(c),)).to_json(), "win_probability": round(table.win_rate(c), 3),
                     "forced_probability": round(table.forced_rate(c), 3)} for c in order[1:]]
    evaluation = {"kind": "sampled", "samples": n, "valuation": "double dummy (forced wins), then play-outs "
                  "by the rules of thumb", "win_probability": round(win, 3),
                  "forced_probability": round(forced, 3), "elapsed_s": round(table.elapsed, 3)}
    return Hint(action, reason, evaluation=evaluation, alternatives=alternatives, method="sampled")


class AgramAdapter(Adapter):
    """Agram for the sampled double-dummy search: every seat for itself, the last trick
    the only prize. Side numbers are seat numbers; no trick before the last counts."""

    def in_card_play(self, state: AgramState) -> bool:
        return not state.over

    def side(self, state, seat) -> int:
        return seat

    def taken(self, state) -> tuple[int, ...]:
        return (0,) * state.players

    def goal(self, state, side) -> int:
        return 1

    def goal_text(self, state, side) -> str:
        return "wins the last trick"

    def order(self, state: AgramState) -> list[int]:
        """Seats in playing order from the leader of the current trick (the double-dummy
        seat numbers)."""
        seats = [state.leader]
        while len(seats) < state.players:
            seats.append(state.after(seats[-1]))
        return seats

    def position(self, state: AgramState) -> Position:
        rules = TrickRules.agram(state.players, state.options.low_card)
        order = self.order(state)
        return Position.from_hands([state.hands[s] for s in order], 0, [c for _, c in state.trick], rules)

    def live_hands(self, state):
        return list(state.hands)

    def rollout_action(self, state, seat, rng):
        return heuristic_bot(state, seat, rng)

    def hand_number(self, state) -> int:
        return len(state.sheet)

    def final_tricks(self, state) -> tuple[int, ...]:
        winner = state.sheet[-1].winner
        return tuple(int(s == winner) for s in range(state.players))


TRICK_ADAPTER = AgramAdapter()
