"""Sedma's rules of thumb: which card to lead or play, and whether to continue a trick.

Leading: lead a worthless card (no ace, ten or seven), best one whose rank you hold twice,
so you can take it back; keep the sevens; lead an ace or a ten only with a second card
of its rank or a seven behind it.
Following: when the trick is being taken by the other side and holds points (or you
could add some), take it with a card of the led rank, else a seven; when your own side
is taking it and nobody after you can still take it back, add an ace or a ten (the
"greasing" that gives Zsírozás its name); otherwise throw your least useful card.
Continuing: continue a trick the other side is taking when it holds points or it is the
last trick, with a card of the led rank before a seven; otherwise stop.
"""

from __future__ import annotations

from collections import Counter

from solvers.cards import Card, Rng
from solvers.game import Action, Hint, card_action
from solvers.games.sedma import COUNTERS, LAST_TRICK, PLAY, SEVEN, STOP, SedmaState, card_points, matches

__all__ = ["heuristic_bot", "heuristic_choice", "heuristic_hint"]


def _is_counter(card: Card) -> bool:
    return card.rank in COUNTERS


def _waste(card: Card, hand) -> tuple:
    """How little a card is worth keeping: lower is a better card to throw away."""
    same = sum(1 for c in hand if c.rank == card.rank)
    return (card.rank == SEVEN, _is_counter(card), same, card.rank, card.suit)


def _last_trick(state: SedmaState) -> bool:
    """True when the trick under way is the deal's last (no stock, and hands run out with it)."""
    return not state.stock and all(len(h) <= 1 for h in state.hands)


def _lead(state: SedmaState, seat: int) -> tuple[Card, str]:
    hand = state.hands[seat]
    ranks = Counter(c.rank for c in hand)
    sevens = ranks[SEVEN]
    plain = [c for c in hand if c.rank != SEVEN and not _is_counter(c)]
    if plain:
        card = min(plain, key=lambda c: (-ranks[c.rank], c.rank, c.suit))
        if ranks[card.rank] > 1:
            return card, f"lead {card}: a worthless card whose rank you hold twice, so you can take it back"
        return card, f"lead {card}: a worthless card, keeping your sevens, aces and tens"
    backed = [c for c in hand if _is_counter(c) and (ranks[c.rank] > 1 or sevens)]
    if backed:
        card = min(backed, key=lambda c: (-ranks[c.rank], c.rank, c.suit))
        return card, f"lead {card}: you can take it back with another {_rank_word(card)} or a seven"
    counters = [c for c in hand if _is_counter(c)]
    if counters and len(counters) < len(hand):
        # only counters and sevens: a seven led is taken only by sevens
        seven = next(c for c in hand if c.rank == SEVEN)
        return seven, f"lead {seven}: only a seven can take a seven, and your aces and tens stay safe"
    card = min(hand, key=lambda c: _waste(c, hand))
    return card, f"lead {card}: the card you can best spare"


def _follow(state: SedmaState, seat: int) -> tuple[Card, str]:
    hand = state.hands[seat]
    led = state.led
    mine = state.side_of(seat)
    taking = state.winning_seat()
    ours = state.side_of(taking) == mine
    in_trick = card_points(c for _, c in state.trick)
    last = _last_trick(state)
    # players still to play in this round, and whether any of them is an opponent
    to_play = [(seat + i) % state.players for i in range(1, state.players - len(state.trick) % state.players)]
    opponents_after = any(state.side_of(s) != mine for s in to_play)
    leader_can_continue = state.options.continuation and state.side_of(state.leader) != mine
    takers = [c for c in hand if matches(c, led)]
    same = [c for c in takers if c.rank != SEVEN]
    sevens = [c for c in takers if c.rank == SEVEN]
    if not ours:
        worth = in_trick + (LAST_TRICK if last else 0)
        add_counter = any(_is_counter(c) for c in same)
        if takers and (worth > 0 or add_counter or (same and not opponents_after)):
            if same:
                card = max(same, key=lambda c: (_is_counter(c), c.suit))
                return card, (f"take the trick with {card}, a card of the led rank"
                              + (f": it holds {worth} points" if worth else ""))
            if worth >= 10 and (not opponents_after or worth >= 20 or last):
                card = sevens[0]
                return card, f"take the trick with the seven {card}: it holds {worth} points"
        card = min(hand, key=lambda c: _waste(c, hand))
        if takers and card in takers and len(hand) > 1:
            others = [c for c in hand if c not in takers]
            if others:
                card = min(others, key=lambda c: _waste(c, hand))
        return card, f"let the trick go and throw {card}, the card you can best spare"
    # our side is taking the trick
    safe = not opponents_after and not leader_can_continue
    counters = [c for c in hand if _is_counter(c) and c.rank != led.rank]
    if safe and counters:
        card = counters[0]
        return card, f"your side takes this trick: add {card} for 10 points"
    card = min(hand, key=lambda c: _waste(c, hand))
    return card, f"your side is taking the trick: throw {card}, the card you can best spare"


def _continue(state: SedmaState, seat: int) -> tuple[Action, str]:
    taking = state.winning_seat()
    in_trick = card_points(c for _, c in state.trick)
    # continuing with the last cards makes this trick the deal's last
    last = not state.stock and len(state.hands[seat]) == 1
    worth = in_trick + (LAST_TRICK if last else 0)
    if state.side_of(taking) == state.side_of(seat):
        return Action(STOP), "stop: your side already takes the trick"
    cards = state.continuing_cards()
    same = [c for c in cards if c.rank != SEVEN]
    if worth and same:
        card = same[0]
        return card_action(PLAY, card), f"continue with {card}: the other side is taking {worth} points"
    if worth >= 20 or (worth and len(cards) > 1):
        card = cards[0]
        return card_action(PLAY, card), f"continue with the seven {card}: the trick holds {worth} points"
    return Action(STOP), f"stop: the trick holds {worth} points, not worth a seven"


def heuristic_choice(state: SedmaState, seat: int) -> tuple[Action, str]:
    """The rules of thumb's action for ``seat`` and the reason for it."""
    if state.deciding:
        return _continue(state, seat)
    if not state.trick:
        card, why = _lead(state, seat)
    else:
        card, why = _follow(state, seat)
    return card_action(PLAY, card), why


def heuristic_bot(state: SedmaState, seat: int, rng: Rng) -> Action:
    """Play by the rules of thumb."""
    return heuristic_choice(state, seat)[0]


def heuristic_hint(state: SedmaState, seat: int) -> Hint:
    """The rules of thumb as a hint."""
    action, why = heuristic_choice(state, seat)
    return Hint(action, why, {"kind": "rules of thumb"}, [], method="heuristic")


def _rank_word(card: Card) -> str:
    return {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten"}.get(card.rank, str(card.rank))
