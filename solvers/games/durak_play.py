"""Durak's rules of thumb: shed low cards, keep trumps, take rather than waste high trumps early.

* Attack: lead the lowest non-trump, preferring a rank held twice (it can be thrown in again).
* Throw in: the lowest card of a rank on the table, but no trump and nothing above a ten
  while the talon lasts; when the defender takes, only low non-trumps (they come back).
* Defend: pass the attack on (perevodnoy) with a non-trump of its rank; otherwise beat
  each card with the cheapest card that beats it (same suit before trumps); take when
  something cannot be beaten, or when beating would cost a high trump (queen or better)
  with much of the talon left.
"""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.game import Action
from solvers.games.durak import ATTACK, COVER, DONE, PASS, TAKE, THROW, DurakState, beats

__all__ = ["heuristic_bot", "heuristic_choice", "card_cost"]

HIGH = 12          # queen: above a ten
EARLY_TALON = 10   # "much of the talon left"


def card_cost(card: Card, trump: int) -> int:
    """How dear a card is to give up: trumps above every plain card."""
    return card.rank + (20 if card.suit == trump else 0)


def _cheapest_cover(state: DurakState, attack: Card, hand) -> Card | None:
    options = [c for c in hand if beats(c, attack, state.trump)]
    return min(options, key=lambda c: card_cost(c, state.trump)) if options else None


def _plan_defence(state: DurakState) -> list[tuple[Card, Card]] | None:
    """Cheapest covers for every uncovered card, dearest attack first (None: cannot beat all)."""
    hand = list(state.hands[state.defender])
    plan = []
    todo = sorted((state.attacks[i][1] for i in state.uncovered()), key=lambda c: -card_cost(c, state.trump))
    for attack in todo:
        cover = _cheapest_cover(state, attack, hand)
        if cover is None:
            return None
        hand.remove(cover)
        plan.append((attack, cover))
    return plan


def heuristic_choice(state: DurakState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb action for ``seat`` and why, in words a player knows."""
    trump = state.trump
    hand = state.hands[seat]
    legal = state.legal_actions(seat)
    if not state.attacks:
        counts = {}
        for c in hand:
            counts[c.rank] = counts.get(c.rank, 0) + 1
        plain = [c for c in hand if c.suit != trump] or list(hand)
        best = min(plain, key=lambda c: (card_cost(c, trump) - (2 if counts[c.rank] > 1 else 0), c.suit))
        why = "lead your lowest plain card" if best.suit != trump else "only trumps left: lead the lowest"
        return Action(ATTACK, (str(best),)), why
    if seat == state.defender and not state.taking:
        passes = [a for a in legal if a.kind == PASS]
        plain_pass = [a for a in passes if not a.args[0].endswith("CDHS"[trump])]
        if plain_pass:
            return plain_pass[0], "pass the attack on with a card of the same rank"
        plan = _plan_defence(state)
        if plan is None:
            return Action(TAKE), "you cannot beat every card on the table: take"
        attack, cover = plan[0]
        if cover.suit == trump and cover.rank >= HIGH and state.talon_size >= EARLY_TALON \
                and len(state.attacks) <= 2:
            return Action(TAKE), "beating would cost a high trump this early: take the cards instead"
        return Action(COVER, (str(attack), str(cover))), "beat it with the cheapest card that does"
    throws = [a for a in legal if a.kind == THROW]
    early = state.talon_size > 0
    good = []
    for a in throws:
        card = next(c for c in hand if str(c) == a.args[0])
        if state.taking and (card.suit == trump or card.rank > 10):
            continue
        if early and (card.suit == trump or card.rank > 10):
            continue
        good.append((card_cost(card, trump), a))
    if good:
        return min(good, key=lambda x: x[0])[1], "throw in a low card of a rank on the table"
    return Action(DONE), "nothing cheap to throw in"


def heuristic_bot(state: DurakState, seat: int, rng: Rng) -> Action:
    """Play by the rules of thumb."""
    return heuristic_choice(state, seat)[0]
