"""Whist 22 players: rules of thumb, and the sampled hint for bids, cards and the Fool.

Rules of thumb (the ``heuristic`` bot; the rule text gives no tips of its own):

* Bid: each card's chance to be among the highest cards of the deal (one trick for
  each of the top cards dealt, counting the unseen cards above it); bid the nearest
  whole number to the sum. The Fool is a trick taken or lost at will, so with it bid
  one more than the sum rounded down, and the missed trick is covered either way. The
  dealer on the hook takes the nearest allowed bid.
* Play while tricks are still needed: win with the cheapest card that only the Fool
  could beat (the last to play only has to beat the table); keep the Fool for when
  nothing else wins; when every remaining trick is needed, play the highest. Otherwise play low and
  keep the high cards.
* Play once the bid is made: lose with the highest card that already loses (a card
  below the one winning the trick), so the dangerous high cards go; the Fool played as
  0 is the safe way out when nothing else loses; lead the lowest card.
* The Fool counts 22 when a trick is wanted and 0 otherwise.

The hint (:func:`hint`) values every legal move on sampled deals of the cards the seat
cannot see (:mod:`solvers.games.whist_22_search`); once few enough cards are left each
sampled deal is solved exactly by the double-dummy solver's suitless rules.

The ``search`` bot plays its cards by sampled double dummy once the hands are small
enough to solve (``EXACT_ORDERS`` in :mod:`solvers.games.whist_22_search`: four hands of
three cards): ``SEARCH_SAMPLES`` sampled deals, each solved exactly for every card at
once. Before that, and for bids and the blind Fool's value, it plays the generic
information-set search with the rules of thumb as rollouts (``GENERIC_ITERATIONS``
simulations).
"""

from __future__ import annotations

from math import comb, floor
from functools import lru_cache

from solvers.cards import Card, Rng, tarot_trumps
from solvers.game import Action, Hint
from solvers.games.whist_22 import BID, DECLARE, FOOL, FOOL_HIGH, FOOL_LOW, PLAY, Whist22State, card_order
from solvers.games.whist_22_search import EXACT_ORDERS, orders, sampled_hint
from solvers.ismcts import SearchConfig, make_search_bot

__all__ = ["BOTS", "SEARCH", "choose", "heuristic_bot", "heuristic_hint", "hint", "search_bot",
           "expected_tricks", "known_hand", "unseen", "needed", "SEARCH_SAMPLES", "GENERIC_ITERATIONS"]

SEARCH_SAMPLES = 24       # sampled deals solved exactly a card decision for the search bot
GENERIC_ITERATIONS = 40   # simulations of the generic search a decision before the ending

ALL_CARDS = tuple(tarot_trumps())


# ---------------------------------------------------------------- what a seat knows


def known_hand(state: Whist22State, seat: int) -> tuple[Card, ...]:
    """The seat's own cards as it sees them (none in a blind one-card deal)."""
    return () if state.blind else state.hands[seat]


def played_cards(state: Whist22State) -> set[Card]:
    """Every card played this deal, the current trick included."""
    return {c for plays in state.history for _, c, _ in plays} | {c for _, c, _ in state.trick}


def unseen(state: Whist22State, seat: int) -> list[Card]:
    """Cards the seat has not seen this deal: other hands and the cards set aside."""
    seen = played_cards(state) | set(known_hand(state, seat)) | set(state.shown_cards(seat).values())
    return [c for c in ALL_CARDS if c not in seen]


def needed(state: Whist22State, seat: int) -> int:
    """Tricks the seat still wants: its bid less the tricks taken (negative when over)."""
    return state.bids[seat] - state.tricks[seat]


def value_of(card: Card) -> int:
    """The most a card can count (the Fool: 22)."""
    return FOOL_HIGH if card == FOOL else card.rank


# ---------------------------------------------------------------- bidding


@lru_cache(maxsize=65536)
def _below(pool: int, higher: int, drawn: int, limit: int) -> float:
    """Chance that fewer than ``limit`` of ``higher`` marked cards are among ``drawn`` of ``pool``."""
    if limit <= 0:
        return 0.0
    total = comb(pool, drawn)
    return sum(comb(higher, k) * comb(pool - higher, drawn - k) for k in range(min(limit, higher + 1))) / total


def expected_tricks(hand, pool: list[Card], players: int, size: int) -> float:
    """Expected tricks of the hand's cards other than the Fool: the chance of each to be
    among the ``size`` highest cards dealt (other hands are drawn from ``pool``)."""
    drawn = min(len(pool), (players - 1) * size)
    total = 0.0
    for card in hand:
        if card == FOOL:
            continue
        mine_above = sum(1 for c in hand if c != FOOL and c.rank > card.rank)
        higher = sum(1 for c in pool if value_of(c) > card.rank)
        total += _below(len(pool), higher, drawn, size - mine_above)
    return total


def heuristic_bid(state: Whist22State, seat: int) -> tuple[int, str]:
    """The rules-of-thumb bid and why."""
    size = state.hand_size
    hook = state.hooked_bid()
    if state.blind:
        return _blind_bid(state, seat, hook)
    hand = state.hands[seat]
    expected = expected_tricks(hand, unseen(state, seat), state.players, size)
    fool = FOOL in hand
    want = min(size, floor(expected) + 1) if fool else min(size, int(expected + 0.5))
    why = (f"your cards are worth about {expected:.1f} tricks" +
           (" and the Fool can take or lose one more at will" if fool else ""))
    if want == hook:
        target = expected + (0.5 if fool else 0.0)
        options = [b for b in (want - 1, want + 1) if 0 <= b <= size]
        want = min(options, key=lambda b: (abs(b - target), b))
        why += f"; the dealer may not bid {hook}, so {want}"
    return want, why


def _blind_bid(state: Whist22State, seat: int, hook: int | None) -> tuple[int, str]:
    """One card you cannot see: it wins if it is above every card you see."""
    shown = state.shown_cards(seat).values()
    pool = unseen(state, seat)         # your own card is one of these
    if FOOL in shown:
        chance, why = 0.0, "another player holds the Fool and decides this trick"
    else:
        top = max((c.rank for c in shown), default=0)
        chance = sum(1 for c in pool if value_of(c) > top) / len(pool)
        why = f"your unseen card beats every card you see with chance {chance:.0%}"
    want = 1 if chance >= 0.5 else 0
    if want == hook:
        want = 1 - want
        why += f"; the dealer may not bid {hook}"
    return want, why


# ---------------------------------------------------------------- card play


def _play(card: Card, value: int | None = None) -> Action:
    if card == FOOL:
        return Action("play", ("FOOL", str(FOOL_HIGH if value == FOOL_HIGH else FOOL_LOW)))
    return Action("play", (str(card),))


def choose(state: Whist22State, seat: int) -> tuple[Action, str]:
    """The rules of thumb's move and why, for every kind of decision."""
    legal = state.legal_actions(seat)
    if state.phase == BID:
        bid, why = heuristic_bid(state, seat)
        return Action("bid", (str(bid),)), why
    need = needed(state, seat)
    if state.phase == DECLARE:
        if need > 0:
            return Action("fool", (str(FOOL_HIGH),)), "you still need a trick: the Fool counts 22 and wins it"
        return Action("fool", (str(FOOL_LOW),)), "you need no more tricks: the Fool counts 0 and loses"
    if len(legal) == 1:
        return legal[0], "the only card you can play"
    hand = sorted(state.hands[seat], key=card_order)
    plain = [c for c in hand if c != FOOL]
    fool = FOOL in hand
    best = max((v for _, _, v in state.trick), default=-1)
    later = state.players - len(state.trick) - 1
    # the Fool beats anything, but only once: a card only the Fool can beat counts as a winner
    hidden = [c for c in unseen(state, seat) if c != FOOL]
    top_unseen = max((c.rank for c in hidden), default=-1) if later else -1

    def sure(card: Card) -> bool:
        return card.rank > best and card.rank > top_unseen

    if need > 0:
        winners = [c for c in plain if sure(c)]
        if winners:
            card = winners[0]
            return _play(card), f"you need {need} more: only the Fool could beat {card} in this trick"
        if need >= len(hand):
            if fool:
                return _play(FOOL, FOOL_HIGH), "you need every trick left: the Fool counts 22 and wins"
            card = plain[-1]
            return _play(card), f"you need every trick left: play your highest, {card}"
        if fool and not plain:
            return _play(FOOL, FOOL_HIGH), "the Fool counts 22 and takes the trick you need"
        if fool and need >= len(plain):
            return _play(FOOL, FOOL_HIGH), "the Fool counts 22 and takes a trick you need"
        card = plain[0]
        return _play(card), f"nothing wins for sure here: play low ({card}) and keep your high cards"
    losers = [c for c in plain if c.rank < best]
    if losers:
        card = losers[-1]
        return _play(card), f"you have your {state.bids[seat]}: {card} loses to the {best} and goes safely"
    if plain and not state.trick:
        card = plain[0]
        return _play(card), f"you have your {state.bids[seat]}: lead your lowest card, {card}"
    if fool:
        return _play(FOOL, FOOL_LOW), "you want no more tricks: the Fool counts 0 and loses for sure"
    card = plain[0]
    return _play(card), f"you want no more tricks: play your lowest, {card}, and hope it is beaten"


def heuristic_bot(state: Whist22State, seat: int, rng: Rng) -> Action:
    """The rules-of-thumb Whist 22 player."""
    return choose(state, seat)[0]


def heuristic_hint(state: Whist22State, seat: int) -> Hint:
    """The rules of thumb's move with its reason and the other legal moves."""
    action, reason = choose(state, seat)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")


def hint(state, seat: int, budget: float | None = None, *, mode: str | None = None, rng: Rng | None = None,
         iterations: int | None = None) -> Hint:
    """Every legal move valued on sampled deals (the bid: expected |tricks - bid|), the deals
    played on by the rules of thumb and finished by the exact search."""
    return sampled_hint(state, seat, budget, rng=rng, iterations=iterations, policy=heuristic_bot,
                        fallback=heuristic_hint)


_GENERIC: list = []


def search_bot(state: Whist22State, seat: int, rng: Rng) -> Action:
    """Cards by sampled double dummy once the hands are small enough to solve; bids, the
    blind Fool's value and the cards before that by the generic search."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PLAY and not state.blind and orders(state) <= EXACT_ORDERS:
        return sampled_hint(state, seat, None, rng=rng.fork("whist-22 cards"), iterations=SEARCH_SAMPLES,
                            policy=heuristic_bot, fallback=heuristic_hint).action
    if not _GENERIC:
        _GENERIC.append(make_search_bot(SearchConfig(rollout=heuristic_bot), iterations=GENERIC_ITERATIONS,
                                        budget=None))
    return _GENERIC[0](state, seat, rng)


BOTS = {"heuristic": heuristic_bot, "search": search_bot}
SEARCH = None
