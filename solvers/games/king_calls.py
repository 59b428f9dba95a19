"""The positive hands' decisions by rules of thumb: the dealer's choice, bids, trumps, up or down.

Everything rests on a trick estimate of one hand for a given trump suit (or none):
aces, guarded kings and queens, length in trumps and long suits with no trumps.
Playing up scores 25 a trick and down 325 − 75 a trick, so against the average of the
other three players up is the better deal from 3.25 (adjusted) tricks on.
"""

from __future__ import annotations

from solvers.cards import Card, Rank, Suit
from solvers.game import Action
from solvers.games.king import CHOOSE, DECLARE, UP_DOWN, KingState

STRAINS: tuple[int | None, ...] = (int(Suit.SPADES), int(Suit.HEARTS), int(Suit.DIAMONDS), int(Suit.CLUBS), None)
# (adjusted) tricks from which playing up beats playing down for the dealer
UP_FROM = 3.25
# what the dealer expects to be added by an auction's winning bid
EXPECTED_BID = 1.5
# tricks a bidder keeps in hand above its bid before it bids on
BID_CUSHION = 1.0


def strain_name(trump: int | None) -> str:
    """"spades", …, or "no trumps"."""
    return "no trumps" if trump is None else Suit(trump).name.lower()


def strain_action(trump: int | None) -> Action:
    """The action naming a trump suit or no trumps."""
    return Action("notrump") if trump is None else Action("trump", (Suit(trump).letter,))


def estimate_tricks(hand, trump: int | None) -> float:
    """Tricks ``hand`` should take with ``trump`` (None: no trumps), by rules of thumb."""
    suits: dict[int, list[Card]] = {int(s): [] for s in Suit}
    for c in hand:
        suits[c.suit].append(c)
    total = 0.0
    for suit, cards in suits.items():
        ranks = sorted((c.rank for c in cards), reverse=True)
        n = len(ranks)
        if Rank.ACE in ranks:
            total += 1
        if Rank.KING in ranks and n >= 2:
            total += 0.9 if Rank.ACE in ranks else 0.6
        if Rank.QUEEN in ranks and n >= 3:
            total += 0.5 if (Rank.ACE in ranks or Rank.KING in ranks) else 0.3
        if trump is not None and suit == trump:
            total += max(0, n - 3) * 0.9
        elif trump is None and n >= 5 and ranks[0] >= Rank.KING:
            total += (n - 4) * 0.6
        elif trump is not None and n <= 1 and len(suits[trump]) >= 3:
            total += 0.5 * (2 - n)       # a short side suit lets trumps ruff
    return total


def best_strain(hand, *, fewest: bool = False) -> tuple[int | None, float]:
    """The trump suit (or no trumps) giving the most tricks, or the fewest when ``fewest``."""
    values = [(estimate_tricks(hand, t), i) for i, t in enumerate(STRAINS)]
    value, index = (min if fewest else max)(values)
    return STRAINS[index], value


def up_value(tricks: float) -> float:
    """Points ahead of the others' average playing up with ``tricks`` (adjusted)."""
    return 25 * tricks - (325 - 25 * tricks) / 3


def down_value(tricks: float) -> float:
    """Points ahead of the others' average playing down with ``tricks`` (adjusted)."""
    return (325 - 75 * tricks) - 75 * tricks / 3


def choose_call(state: KingState, seat: int, legal: list[Action]) -> tuple[Action, str]:
    """The rules-of-thumb choice, bid, trump or up/down, and why."""
    hand = state.hands[seat]
    if state.phase == CHOOSE:
        return _dealer_choice(hand)
    if state.phase == DECLARE:
        trump, tricks = best_strain(hand)
        return strain_action(trump), f"{strain_name(trump)} gives the most tricks (about {tricks:.1f})"
    if state.phase == UP_DOWN:
        tricks = estimate_tricks(hand, state.trump) + (state.bid if state.auction else 0)
        extra = f" counting the {state.bid} bid tricks added to yours" if state.auction else ""
        if tricks >= UP_FROM:
            return Action("up"), f"about {tricks:.1f} tricks{extra}: playing up pays more"
        return Action("down"), f"only about {tricks:.1f} tricks{extra}: playing down pays more"
    return _bid(state, hand, legal)


def _dealer_choice(hand) -> tuple[Action, str]:
    up_trump, most = best_strain(hand)
    down_trump, fewest = best_strain(hand, fewest=True)
    average = sum(estimate_tricks(hand, t) for t in STRAINS) / len(STRAINS)
    # the auction's winner picks trumps for their own hand, not for the dealer's
    given = (average + fewest) / 2 + EXPECTED_BID
    options = [
        (up_value(most), strain_action(up_trump),
         f"{strain_name(up_trump)} gives about {most:.1f} tricks: enough to play up"),
        (down_value(fewest), strain_action(down_trump),
         f"{strain_name(down_trump)} leaves about {fewest:.1f} tricks: a weak hand to play down"),
        (up_value(given), Action("auction"),
         f"the auction adds the winning bid to your tricks: about {given:.1f} in all, then play up"),
    ]
    value, action, reason = max(options, key=lambda o: o[0])
    return action, reason


def _bid(state: KingState, hand, legal: list[Action]) -> tuple[Action, str]:
    trump, most = best_strain(hand)
    average = sum(estimate_tricks(hand, t) for t in STRAINS) / len(STRAINS)
    bids = [int(a.args[0]) for a in legal if a.kind == "bid"]
    can_pass = Action("pass") in legal
    if not can_pass:
        low = min(bids)
        return Action("bid", (str(low),)), f"the first bidder must open: the lowest bid, {low}"
    worth = most - average - BID_CUSHION       # what naming trumps gains over another's choice
    if bids and min(bids) <= worth:
        low = min(bids)
        return Action("bid", (str(low),)), \
            f"naming {strain_name(trump)} is worth about {most:.1f} tricks: bid {low}"
    return Action("pass"), f"naming trumps would not pay back a bid of {min(bids) if bids else 13}"


__all__ = ["estimate_tricks", "best_strain", "choose_call", "strain_action", "strain_name", "up_value",
           "down_value"]
