"""Manille's rules of thumb: choosing trumps, tapping, and playing the cards.

* Trumps: count what a hand is worth with each suit as trumps (long trumps headed by the
  manille and the manillon, manilles outside, short side suits to trump in) and without
  trumps (manilles, backed manillons, long suits). No trumps doubles the score either
  way, so it needs a hand full of manilles; a dealer with no good suit says "en face".
* Taps: an opponent taps with a strong hand in the chosen trumps (or many manilles
  against no trumps); the dealer's side re-taps when its own holding is strong.
* Cards: draw trumps with the master trump and long trumps; cash masters that carry
  points; otherwise lead a small card. Load your partner's sure trick with points; win an
  opponent's trick with a master or as cheaply as possible; otherwise give nothing away.

Every choice comes with a reason a player can read.
"""

from __future__ import annotations

from collections import defaultdict

from solvers.cards import Card, Rng, Suit
from solvers.game import Action, Hint, card_action
from solvers.games.manille import (CHOOSE, NO_TRUMPS, PARTNER, PLAY, RETAP, STRAINS, TAP, ManilleState, SUIT_CARDS,
                                   points_of, power, side_of, strain_name, strain_trump, trick_winner)

# a strain must reach this estimate for the dealer to keep the choice
EN_FACE_BELOW = 14.0
# no trumps is chosen only with this estimate and more than the best suit
NO_TRUMPS_FROM = 22.0
TAP_FROM = 15.0
RETAP_FROM = 20.0


def _by_suit(cards) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = defaultdict(list)
    for c in cards:
        out[c.suit].append(c)
    for cards_of in out.values():
        cards_of.sort(key=power, reverse=True)
    return out


def _ranks(cards) -> set[int]:
    return {c.rank for c in cards}


def strain_value(hand, strain: str) -> float:
    """A rough count of how well ``hand`` plays in ``strain`` (higher is better)."""
    suits = _by_suit(hand)
    trump = strain_trump(strain)
    value = 0.0
    for suit in Suit:
        cards = suits.get(suit, [])
        ranks = _ranks(cards)
        if suit == trump:
            value += 2.0 * len(cards)
            value += 6 if 10 in ranks else 0
            value += (5 if 10 in ranks or len(cards) >= 3 else 2) if 14 in ranks else 0
            value += 2 if 13 in ranks and len(cards) >= 3 else 0
            continue
        value += 5 if 10 in ranks else 0
        value += (4 if 10 in ranks else 1 if len(cards) >= 3 else 0) if 14 in ranks else 0
        value += 2 if {10, 14, 13} <= ranks else 0
        if trump is None:
            value += 2 if len(cards) >= 4 and 10 in ranks else 0
        else:
            trumps = len(suits.get(trump, []))
            if trumps >= 3:
                value += 3 if not cards else 1.5 if len(cards) == 1 else 0
    return value


def choose_strain(hand, may_pass: bool) -> tuple[Action, str]:
    """The trump call for a hand: a suit, no trumps, or (when allowed) "en face"."""
    values = {s: strain_value(hand, s) for s in STRAINS}
    suit = max(STRAINS[:4], key=lambda s: (values[s], s))
    if values[NO_TRUMPS] >= NO_TRUMPS_FROM and values[NO_TRUMPS] > values[suit]:
        tens = sum(1 for c in hand if c.rank == 10)
        return Action("notrump"), f"no trumps: {tens} manilles make a strong hand, and the score is doubled"
    if may_pass and values[suit] < EN_FACE_BELOW:
        return Action("enface"), "no suit is strong enough: let your partner choose (en face)"
    count = sum(1 for c in hand if c.suit == strain_trump(suit))
    return Action("trump", (suit,)), f"{strain_name(suit)} as trumps: your best suit ({count} cards)"


def defence_value(hand, strain: str) -> float:
    """How strong ``hand`` is against ``strain`` chosen by the other side."""
    return strain_value(hand, strain) + (3 if strain != NO_TRUMPS else 0)


def tap_call(state: ManilleState, seat: int) -> tuple[Action, str]:
    """Tap or pass for an opponent of the dealer."""
    value = defence_value(state.hands[seat], state.strain)
    if value >= TAP_FROM:
        return Action("tap"), f"tap: your hand is strong against {strain_name(state.strain)}"
    return Action("pass"), f"pass: your hand is not strong enough to beat 30 against {strain_name(state.strain)}"


def retap_call(state: ManilleState, seat: int) -> tuple[Action, str]:
    """Re-tap or pass for the dealer's side after a tap."""
    value = strain_value(state.hands[seat], state.strain)
    if value >= RETAP_FROM:
        return Action("retap"), f"re-tap: your hand is strong in {strain_name(state.strain)}"
    return Action("pass"), "pass: the tap shows strength against you; do not double again"


# ---------------------------------------------------------------- card play


def played_cards(state: ManilleState) -> set[Card]:
    """Cards played so far in this deal (the current trick included)."""
    return {c for plays in state.history for _, c in plays} | {c for _, c in state.trick}


def is_master(card: Card, gone: set[Card], mine) -> bool:
    """True when no card still hidden from the holder outranks ``card`` in its suit."""
    return all(c in gone or c in mine for c in SUIT_CARDS[card.suit] if power(c) > power(card))


def _beats(card: Card, best: Card, trump: int | None) -> bool:
    if card.suit == best.suit:
        return power(card) > power(best)
    return trump is not None and card.suit == trump


def _cheap(card: Card, trump: int | None):
    """Sort key: the cheapest card to give away (no points, low, not a trump)."""
    return (card.suit == trump, points_of(card), power(card))


def choose_card(state: ManilleState, seat: int) -> tuple[Card, str]:
    """The card the rules of thumb play, and why."""
    legal = state.playable(seat)
    if len(legal) == 1:
        return legal[0], f"{legal[0].pretty()} is your only legal card"
    if not state.trick:
        return _lead(state, seat, legal)
    trump = state.trump
    hand = set(state.hands[seat])
    gone = played_cards(state)
    win_seat = trick_winner(state.trick, trump)
    win_card = next(c for s, c in state.trick if s == win_seat)
    position = len(state.trick) + 1
    at_stake = sum(points_of(c) for _, c in state.trick)
    if side_of(win_seat) == side_of(seat):
        safe = position == 4 or (is_master(win_card, gone, hand) and (win_card.suit == trump or trump is None
                                                                       or not _may_trump(state, seat)))
        if safe:
            load = max(legal, key=lambda c: (not is_master(c, gone, hand) or c.suit != win_card.suit,
                                             c.suit != trump, points_of(c), -power(c)))
            if points_of(load):
                return load, f"your partner's {win_card.pretty()} wins: give them points ({load.pretty()})"
        low = min(legal, key=lambda c: _cheap(c, trump))
        return low, f"your partner is winning: play low ({low.pretty()})"
    winners = [c for c in legal if _beats(c, win_card, trump)]
    if winners:
        masters = [c for c in winners if is_master(c, gone, hand) and (c.suit == trump or not _may_trump(state, seat)
                                                                       or position == 4)]
        if position == 4 or masters or at_stake >= 4:
            pool = masters if masters and position < 4 else winners
            card = min(pool, key=lambda c: (c.suit == trump and win_card.suit != trump, power(c)))
            why = "take the trick" + (f" with {at_stake} points in it" if at_stake else "")
            return card, f"{why} as cheaply as possible ({card.pretty()})"
    low = min(legal, key=lambda c: _cheap(c, trump))
    return low, f"you cannot win this trick safely: give nothing away ({low.pretty()})"


def _may_trump(state: ManilleState, seat: int) -> bool:
    """True when an opponent still to play may be void in the led suit and hold trumps."""
    if state.trump is None or not state.trick:
        return False
    led = state.trick[0][1].suit
    played = {s for s, _ in state.trick} | {seat}
    for other in range(4):
        if other in played or side_of(other) == side_of(seat):
            continue
        barred = state.barred[other]
        if any(c not in barred for c in SUIT_CARDS[state.trump]) and \
                all(c in barred for c in SUIT_CARDS[led]):
            return True
    return False


def _lead(state: ManilleState, seat: int, legal: list[Card]) -> tuple[Card, str]:
    trump = state.trump
    hand = set(state.hands[seat])
    gone = played_cards(state)
    suits = _by_suit(legal)
    trumps = suits.get(trump, []) if trump is not None else []
    hidden_trumps = [c for c in SUIT_CARDS.get(trump, ()) if c not in gone and c not in hand]
    if trumps and hidden_trumps and is_master(trumps[0], gone, hand) and len(trumps) >= 2:
        return trumps[0], f"draw trumps with the master {trumps[0].pretty()}"
    cash = [c for c in legal if c.suit != trump and points_of(c) >= 3 and is_master(c, gone, hand)
            and not _opponents_void(state, seat, c.suit)]
    if cash:
        card = max(cash, key=points_of)
        return card, f"cash the master {card.pretty()} and its {points_of(card)} points"
    plain = {s: v for s, v in suits.items() if s != trump} or suits
    # lead a small card from the longest suit, keeping the high cards for later
    best = max(plain, key=lambda s: (len(plain[s]), -sum(points_of(c) for c in plain[s]), s))
    card = min(plain[best], key=lambda c: (points_of(c), power(c)))
    return card, f"lead a small card of your longest suit ({card.pretty()})"


def _opponents_void(state: ManilleState, seat: int, suit: int) -> bool:
    return any(all(c in state.barred[o] for c in SUIT_CARDS[suit])
               for o in range(4) if side_of(o) != side_of(seat))


# ---------------------------------------------------------------- bot and hint


def choose(state: ManilleState, seat: int) -> tuple[Action, str]:
    """The rules of thumb's action for any decision, with its reason."""
    if state.phase in (CHOOSE, PARTNER):
        return choose_strain(state.hands[seat], state.phase == CHOOSE)
    if state.phase == TAP:
        return tap_call(state, seat)
    if state.phase == RETAP:
        return retap_call(state, seat)
    card, reason = choose_card(state, seat)
    return card_action("play", card), reason


def heuristic_bot(state: ManilleState, seat: int, rng: Rng) -> Action:
    """The rules-of-thumb Manille player."""
    return choose(state, seat)[0]


def heuristic_hint(state: ManilleState, seat: int) -> Hint:
    """The rules of thumb's move with its reason and the other legal moves."""
    action, reason = choose(state, seat)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")


__all__ = ["choose", "choose_card", "choose_strain", "heuristic_bot", "heuristic_hint", "strain_value",
           "tap_call", "retap_call", "played_cards", "is_master", "PLAY"]
