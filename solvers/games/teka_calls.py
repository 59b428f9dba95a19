"""What a Teka call says about a hand: the trick estimate and the heuristic bidder.

Shared by the ``heuristic`` bot (:mod:`solvers.games.teka_bot`) and the sampled hints
(:mod:`solvers.pimc.decisions`), which finish auctions with this bidder and read the
other seats' public calls with it (:func:`call_likelihood`).

* The estimate counts the tricks a hand should take with a trump suit: high cards,
  trump length, short side suits with three or more trumps.
* A call adds what partner's call promises (a number: 4 tricks; pass 2.5, ter 1.5,
  behi ter 0.5), bids the lowest legal number the total reaches, never over partner,
  double 13 from 12.5 tricks in hand alone; else passes with the word that describes
  the hand.
"""

from __future__ import annotations

import math
from collections import defaultdict
from operator import attrgetter

from solvers.cards import Card, Rank, Suit
from solvers.game import Action
from solvers.games.teka import DOUBLE13, PASSES, TRICKS, TekaState, partner_of

__all__ = ["SUIT_NAMES", "PARTNER_PROMISE", "trick_estimate", "best_trump", "partner_promise", "pass_word",
           "call_for", "heuristic_call", "call_likelihood", "by_suit"]

SUIT_NAMES = {s: s.name.lower() for s in Suit}
_RANK = attrgetter("rank")               # a card's rank, read in C
# tricks partner is expected to bring, by partner's call
PARTNER_PROMISE = {"pass": 2.5, "ter": 1.5, "behi-ter": 0.5, None: 2.5}


def by_suit(cards) -> dict[int, list[Card]]:
    """The cards by suit, each suit highest first."""
    out: dict[int, list[Card]] = defaultdict(list)
    for c in cards:
        out[c.suit].append(c)
    for v in out.values():
        v.sort(key=_RANK, reverse=True)
    return out


def trick_estimate(hand, trump: int) -> float:
    """Tricks a hand should take with ``trump`` as trumps: high cards, trump length, ruffs."""
    suits = by_suit(hand)
    trumps = len(suits.get(trump, []))
    total = 0.0
    for suit in Suit:
        cards = suits.get(suit, [])
        ranks = {c.rank for c in cards}
        if suit == trump:
            honours = (Rank.ACE in ranks) + (Rank.KING in ranks and len(cards) >= 2) + \
                      (Rank.QUEEN in ranks and len(cards) >= 3)
            total += max(honours, 0) + max(0, len(cards) - 3)
            continue
        total += (Rank.ACE in ranks) + 0.6 * (Rank.KING in ranks and len(cards) >= 2) + \
            0.3 * (Rank.QUEEN in ranks and len(cards) >= 3)
        if trumps >= 3:
            total += {0: 1.0, 1: 0.5}.get(len(cards), 0.0)
    return total


def best_trump(hand, allowed=tuple(Suit)) -> tuple[int, float]:
    """The suit giving the best estimate (ties to the longer, then higher suit), and that estimate."""
    suits = by_suit(hand)
    best = max(allowed, key=lambda s: (trick_estimate(hand, s), len(suits.get(s, [])), s))
    return best, trick_estimate(hand, best)


def partner_promise(calls, seat: int) -> float:
    """Tricks ``seat`` expects from its partner, by what partner has called so far (public)."""
    partner_call = next((c for s, c in calls if s == partner_of(seat)), None)
    return 4.0 if partner_call is not None and partner_call not in PASSES else \
        PARTNER_PROMISE.get(partner_call, 2.5)


def pass_word(own: float) -> str:
    """The pass that describes a hand of ``own`` estimated tricks: pass, ter or behi ter."""
    return "pass" if own >= 3 else "ter" if own >= 1.5 else "behi-ter"


def heuristic_call(state: TekaState, seat: int, estimate: tuple[int, float] | None = None) -> Action:
    """The heuristic's call for ``seat`` (``estimate``: its ``best_trump``, if already known)."""
    return call_for(state, seat, state.legal_actions(seat), estimate)[0]


def call_likelihood(call: str, hand, calls_before, seat: int, legal: list[Action],
                    estimate: tuple[int, float] | None = None) -> float:
    """How well ``call`` fits ``hand`` by the heuristic bidder's reading (1: just what it
    would say; each trick of estimate it is off by divides by e). Only public facts are
    used besides the hand: the calls before it and the calls that were legal."""
    own = (estimate or best_trump(hand))[1]
    total = own + partner_promise(calls_before, seat)
    numbers = [int(a.args[0]) for a in legal if a.kind == "bid"]
    passes = [a.kind for a in legal if a.kind in PASSES]
    lowest = min(numbers) if numbers else TRICKS + 1
    if call == DOUBLE13:
        return math.exp(-max(0.0, 12.5 - own) / 2)     # a long shot some players take
    if call.isdigit():
        if not passes:                                  # a forced bid says nothing of the hand
            return math.exp(-max(0.0, int(call) - max(total, lowest)))
        return math.exp(-max(0.0, int(call) - total))
    bids = [(s, c) for s, c in calls_before if c not in PASSES]
    doubles = [b for b in bids if b[1] == DOUBLE13]
    leader = doubles[-1] if doubles else max(bids, key=lambda b: int(b[1]), default=None)
    # a pass with a hand that should have bid (passing partner's lead says nothing)
    miss = 0.0 if leader is not None and leader[0] == partner_of(seat) else max(0.0, total - lowest)
    if len(passes) > 1:
        low, high = {"pass": (3.0, 99.0), "ter": (1.5, 3.0), "behi-ter": (-99.0, 1.5)}[call]
        miss += max(0.0, low - own, own - high)
    return math.exp(-miss)


def call_for(state: TekaState, seat: int, legal: list[Action],
          estimate: tuple[int, float] | None = None) -> tuple[Action, str]:
    hand = state.hands[seat]
    trump, own = estimate or best_trump(hand)
    total = own + partner_promise(state.calls, seat)
    numbers = [int(a.args[0]) for a in legal if a.kind == "bid"]
    passes = [a for a in legal if a.kind in PASSES]
    if not passes:
        return Action("bid", (str(min(numbers)),)), f"the first three passed: the bid is forced, bid {min(numbers)}"
    if own >= 12.5:
        return Action(DOUBLE13), f"about {own:.1f} tricks in hand alone: bid double 13"
    leader = state.highest_call()
    reachable = [n for n in numbers if n <= total]
    if reachable and (leader is None or leader[0] != partner_of(seat)):
        n = min(reachable)
        return Action("bid", (str(n),)), (f"about {own:.1f} tricks in hand with {SUIT_NAMES[Suit(trump)]} "
                                          f"trumps, {total:.1f} with partner: bid {n}")
    word = pass_word(own)
    if Action(word) not in legal:
        word = "pass"
    if leader is not None and leader[0] == partner_of(seat):
        return Action(word), "partner leads the bidding: let partner play it"
    meaning = {"pass": "some tricks but not enough to bid",
               "ter": "little to rely on", "behi-ter": "nothing to rely on"}[word]
    short = f"short of {min(numbers)}" if numbers else "no number left to bid"
    return Action(word), f"about {total:.1f} tricks with partner, {short}: {word} ({meaning})"
