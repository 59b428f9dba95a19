"""Sam Sip's rules of thumb: keep the pairs, keep the wild cards, count the outs.

What a player knows: their own hand, the indicator, every discard pile (face up), and the
cards each other player took from a pile (still in that player's hand until discarded).
Every other card is *unseen*: in the stock or in someone's hand.

* A five-card hand's *outs* are the unseen cards that would make it a winning six (three
  pairs, three aces, six of one suit). Two pairs and a single card whose partner has many
  unseen copies is the best hand to wait with.
* Never throw a wild card; keep the pairs made; of the single cards keep those whose
  partners are still unseen most often, and throw the one with the fewest (a card whose
  partners have all gone into the discard piles completes nothing).
* Take the card offered when it makes the hand better than it is (a new pair, more outs);
  otherwise draw from the stock, which may give anything.
* Do not hand the next player a card that pairs with one they were seen taking.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from solvers.cards import Card, Kind, Rank, Rng
from solvers.game import Action, card_action
from solvers.games.sam_sip import DISCARD, DRAW, TAKE, SamSipState, next_active, pack_for
from solvers.games.sam_sip_hands import is_wild, pair_value, pairs_with, partner_value, winning_hand

__all__ = ["Outlook", "unseen_cards", "outlook", "heuristic_choice", "heuristic_bot", "describe_hand",
           "TAKE_MARGIN"]

TAKE_MARGIN = 1.0    # how much better than the hand as it is a taken card must make it


def unseen_cards(state: SamSipState, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen: in the stock or in another player's hand, not taken openly."""
    seen = set(state.hands[seat]) | {state.indicator}
    for pile in state.discards:
        seen.update(pile)
    for s, cards in enumerate(state.taken):
        if s != seat:
            seen.update(cards)
    return [c for c in pack_for(state.options.jokers) if c not in seen]


@dataclass(frozen=True)
class Outlook:
    """How good a five-card hand is to wait with."""

    pairs: int          # pairs it makes now
    outs: int           # unseen cards that would win at once
    partners: int       # unseen cards that would pair one of its single cards
    wilds: int

    @property
    def score(self) -> float:
        """One number to compare hands by: outs first, then pairs, partners and wild cards."""
        return 3.0 * self.outs + 10.0 * self.pairs + 0.3 * self.partners + 2.0 * self.wilds


def _unseen_counts(unseen: list[Card], wild: int | None) -> tuple[Counter, int, Counter, Counter]:
    """Unseen natural cards by pair value, unseen wild cards, naturals by (value, suit), and the
    wild cards of the wild rank by suit."""
    values: Counter = Counter()
    suits: Counter = Counter()
    wild_suits: Counter = Counter()
    wilds = 0
    for c in unseen:
        if is_wild(c, wild):
            wilds += 1
            if c.kind == Kind.STANDARD:
                wild_suits[c.suit] += 1
        else:
            values[pair_value(c)] += 1
            suits[(pair_value(c), c.suit)] += 1
    return values, wilds, suits, wild_suits


def outlook(hand: tuple[Card, ...], counts, wild: int | None, specials: bool) -> Outlook:
    """The outlook of a five-card ``hand`` against unseen ``counts`` (from :func:`_unseen_counts`).

    Counted directly from the pair groups: a natural card added to the hand pairs a left-over
    card of its partner value or is left over itself; the wild cards pair what is left over."""
    values, unseen_wilds, suit_counts, wild_suits = counts
    held: Counter = Counter()
    wilds = aces = 0
    suits = set()
    for c in hand:
        ace = c.kind == Kind.STANDARD and c.rank == Rank.ACE
        if is_wild(c, wild):
            wilds += 1
            if not specials:
                # without wilds in the special wins a wild card counts there as itself
                aces += ace
                suits.add(c.suit)
            continue
        held[pair_value(c)] += 1
        aces += ace
        suits.add(c.suit)
    leftover: dict[int, int] = {}
    pairs = 0
    for v, n in held.items():
        p = partner_value(v)
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
    for v, n in values.items():
        if leftover.get(partner_value(v), 0) > 0:
            wins = wilds >= left - 1
        else:
            wins = wilds >= left + 1
        if wins or (v == 1 and aces + counted_wilds >= 2):
            outs += n
        elif one_suit:
            outs += suit_counts.get((v, suit), 0)
    if unseen_wilds:
        if wilds + 1 >= left or (specials and (aces + wilds + 1 >= 3 or one_suit)):
            outs += unseen_wilds
        elif not specials:
            wild_aces = sum(wild_suits.values()) if wild == Rank.ACE and aces >= 2 else 0
            outs += wild_aces or (wild_suits.get(suit, 0) if one_suit else 0)
    if aces + counted_wilds >= 3 and values:
        outs = sum(values.values()) + unseen_wilds      # three aces already: any card wins
    used = min(left, wilds)
    made = pairs + used + (wilds - used) // 2
    partners = sum(values.get(partner_value(v), 0) + unseen_wilds for v, n in leftover.items() if n)
    return Outlook(made, outs, partners, wilds)


def _danger(card: Card, state: SamSipState, seat: int) -> float:
    """How much ``card`` would help the next player, judged by the cards they took openly."""
    nxt = next_active(seat, state.active)
    if is_wild(card, state.wild):
        return 5.0
    return 2.0 * sum(1 for c in state.taken[nxt] if pairs_with(card, c, state.wild))


def best_discard(state: SamSipState, seat: int, hand: tuple[Card, ...], counts) -> tuple[Card, Outlook, float]:
    """The discard leaving the best outlook from a six-card ``hand``: the card, the outlook, its score."""
    best = None
    for card in hand:
        rest = tuple(c for c in hand if c != card)
        look = outlook(rest, counts, state.wild, state.options.wilds_in_specials)
        value = look.score - _danger(card, state, seat)
        key = (-round(value, 6), card.kind, card.rank, -1 if card.suit is None else card.suit)
        if best is None or key < best[0]:
            best = (key, card, look, value)
    assert best is not None
    return best[1], best[2], best[3]


def describe_hand(hand: tuple[Card, ...], wild: int | None) -> str:
    """The pairs and single cards of a hand, e.g. ``7♥+3♦, K♣+K♠; single 2♣``."""
    rest = list(hand)
    pairs = []
    for a in hand:
        if a not in rest or is_wild(a, wild):
            continue
        for b in rest:
            if b != a and not is_wild(b, wild) and pairs_with(a, b, wild):
                pairs.append(f"{a.pretty()}+{b.pretty()}")
                rest.remove(a)
                rest.remove(b)
                break
    wilds = [c for c in rest if is_wild(c, wild)]
    singles = [c for c in rest if not is_wild(c, wild)]
    parts = []
    if pairs:
        parts.append("pairs " + ", ".join(pairs))
    if wilds:
        parts.append("wild " + " ".join(c.pretty() for c in wilds))
    if singles:
        parts.append("single " + " ".join(c.pretty() for c in singles))
    return "; ".join(parts)


def heuristic_choice(state: SamSipState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb action for ``seat`` and why, in words a player understands."""
    counts = _unseen_counts(unseen_cards(state, seat), state.wild)
    hand = state.hands[seat]
    specials = state.options.wilds_in_specials
    if state.phase == DISCARD:
        card, look, _ = best_discard(state, seat, hand, counts)
        rest = tuple(c for c in hand if c != card)
        if look.outs:
            why = (f"discard {card.pretty()}: it keeps {describe_hand(rest, state.wild)}, and {look.outs} unseen "
                   f"card(s) would win at once")
        else:
            why = (f"discard {card.pretty()}: it keeps {describe_hand(rest, state.wild)}; {card.pretty()} "
                   f"completes the least ({look.partners} unseen partner card(s) for the singles kept)")
        return card_action(DISCARD, card), why
    offer = state.offer
    if offer is None:
        return Action(DRAW), "draw from the stock: there is no discard you may take"
    if not state.stock:
        return card_action(TAKE, offer), "the stock is empty: you must take the card offered"
    if winning_hand(hand + (offer,), state.wild, specials):
        return card_action(TAKE, offer), f"take {offer.pretty()}: it completes a winning hand"
    now = outlook(hand, counts, state.wild, specials)
    card, look, value = best_discard(state, seat, hand + (offer,), counts)
    if card != offer and value > now.score + TAKE_MARGIN:
        return card_action(TAKE, offer), (f"take {offer.pretty()}: with {card.pretty()} thrown you would hold "
                                          f"{look.pairs} pair(s) and {look.outs} winning out(s) (now {now.pairs} "
                                          f"pair(s), {now.outs} out(s))")
    return Action(DRAW), (f"draw from the stock: {offer.pretty()} does not improve your hand "
                          f"({describe_hand(hand, state.wild)}; {now.outs} winning out(s))")


def heuristic_bot(state: SamSipState, seat: int, rng: Rng) -> Action:
    """Play the rules-of-thumb action."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    return heuristic_choice(state, seat)[0]
