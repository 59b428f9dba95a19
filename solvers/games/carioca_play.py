"""Carioca's rules of thumb: the ``heuristic`` bot and the search's play-outs.

* Before the contract is down, keep the cards that work toward it: pairs and triples of a
  rank when the contract asks for trios, cards close together in one suit when it asks
  for escaleras; never throw a joker; of the cards that help least, throw the costliest.
* Take the upcard when it is a joker or builds on what you hold (a third card of a rank,
  a card next to two of its suit); otherwise draw from the stock, which shows nothing.
* Lay the contract down as soon as you can, the way that leaves the least in hand.
* Once down, get rid of cards: swap jokers out of escaleras, lay off everything that fits,
  take the upcard when it fits a meld on the table, and throw your costliest card.
"""

from __future__ import annotations

from collections import Counter

from solvers.cards import Card, Rng, parse_card
from solvers.game import Action, card_action
from solvers.games.carioca import DISCARD, DRAW, DRAW_PHASE, TAKE, CariocaState
from solvers.games.carioca_melds import HIGH, LOW, TRIO, card_value, distinct_cards, is_joker

__all__ = ["heuristic_bot", "heuristic_choice", "usefulness", "ranked_discards", "best_layout", "fits_table"]

JOKER_USE = 100          # a joker is always worth keeping before the contract is down
TAKE_AT = 2              # the upcard is taken when it is at least this useful


def usefulness(card: Card, hand, contract: tuple[int, int]) -> int:
    """How much ``card`` works toward ``contract`` (trios, escaleras) with the rest of ``hand``."""
    if is_joker(card):
        return JOKER_USE
    trios, escaleras = contract
    others = [c for c in hand if c is not card and not is_joker(c) and (c.rank == card.rank or c.suit == card.suit)]
    score = 0
    if trios:
        same = sum(1 for c in others if c.rank == card.rank)
        score += 2 * min(same, 2)
    if escaleras:
        near = {c.face for c in others if c.suit == card.suit and c.face != card.face
                and _run_gap(c.rank, card.rank) <= 3}
        score += min(len(near), 3) + sum(1 for c in near if _run_gap(c.rank, card.rank) == 1)
    return score


def _run_gap(a: int, b: int) -> int:
    gap = abs(a - b)
    # the ace sits at both ends of the suit
    if 14 in (a, b):
        low = b if a == 14 else a
        gap = min(gap, low - 1)
    return gap


def ranked_discards(state: CariocaState, seat: int) -> list[Card]:
    """The seat's cards, best discard first: before the contract the least useful, costliest
    first; after it the costliest that fits no meld on the table."""
    hand = state.hands[seat]
    cards = distinct_cards(hand)
    if state.down[seat]:
        fitting = fits_table(state, cards)
        return sorted(cards, key=lambda c: (c in fitting, -card_value(c), str(c)))
    return sorted(cards, key=lambda c: (usefulness(c, hand, state.contract), -card_value(c), str(c)))


def fits_table(state: CariocaState, cards) -> set[Card]:
    """Which of ``cards`` some meld on the table would take."""
    out = set()
    for card in cards:
        for meld in state.melds:
            ends = (None,) if meld.kind == TRIO else (LOW, HIGH)
            if any(meld.fits(card, end) for end in ends):
                out.add(card)
                break
    return out


def best_layout(state: CariocaState, seat: int):
    """The way to lay the contract down leaving the least in hand (None when there is none)."""
    found = state.layouts(seat)
    if not found:
        return None
    hand = state.hands[seat]

    def left(item):
        used = Counter(c for m in item[1] for c in m.cards)
        rest = list((Counter(hand) - used).elements())
        return sum(card_value(c) for c in rest), -sum(usefulness(c, rest, (1, 1)) for c in rest)

    return min(found, key=left)


def wants_upcard(state: CariocaState, seat: int) -> tuple[bool, str]:
    """Whether to take the upcard, and why."""
    if not state.discard:
        return False, "there is no upcard"
    up = state.discard[-1]
    if not state.stock:
        return True, "the stock is empty"
    if is_joker(up):
        return True, "a joker is wild in any meld"
    hand = state.hands[seat]
    if state.down[seat]:
        if fits_table(state, [up]):
            return True, f"{up.pretty()} lays off on a meld on the table next turn"
        return False, f"{up.pretty()} fits no meld on the table"
    use = usefulness(up, hand + (up,), state.contract)
    if use >= TAKE_AT and use > min((usefulness(c, hand, state.contract) for c in hand), default=0):
        return True, f"{up.pretty()} builds on cards you hold toward the contract"
    return False, f"{up.pretty()} does little for the contract; the stock shows nothing"


def heuristic_choice(state: CariocaState, seat: int) -> tuple[Action, str]:
    """The rules of thumb's move for ``seat`` and a reason a player understands."""
    if state.phase == DRAW_PHASE:
        take, why = wants_upcard(state, seat)
        if take and any(a.kind == TAKE for a in state.legal_actions(seat)):
            return Action(TAKE, (str(state.discard[-1]),)), f"take the upcard: {why}"
        return Action(DRAW), f"draw from the stock: {why}"
    layout = best_layout(state, seat)
    if layout is not None:
        text = "; ".join(m.describe() for m in layout[1])
        return layout[0], f"lay the contract down now: {text}"
    moves = state.extensions(seat)
    if moves:
        swaps = [m for m in moves if m[0].kind == "swap"]
        action, index, meld = max(swaps or moves, key=lambda m: (card_value(_card(m[0])), m[0].notation))
        verb = "swap it in for the joker" if swaps else "lay it off"
        return action, (f"{_card(action).pretty()} fits meld {index}: {verb} "
                        f"(it would cost {card_value(_card(action))} in hand)")
    card = ranked_discards(state, seat)[0]
    if state.down[seat]:
        why = f"your costliest card ({card_value(card)})"
    else:
        why = f"it does least for the contract ({'; '.join(_contract_words(state))}) and costs {card_value(card)}"
    return card_action(DISCARD, card), f"discard {card.pretty()}: {why}"


def _contract_words(state: CariocaState) -> list[str]:
    trios, escaleras = state.contract
    return [w for w, n in (("trios want cards of one rank", trios), ("escaleras want close cards of one suit",
                                                                      escaleras)) if n]


def _card(action: Action) -> Card:
    return parse_card(action.args[0])


def heuristic_bot(state: CariocaState, seat: int, rng: Rng) -> Action:
    """Play by the rules of thumb."""
    return heuristic_choice(state, seat)[0]
