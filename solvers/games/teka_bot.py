"""A Teka player built on a simple trick estimate and the usual whist tactics.

* Redeal: a hand without A, K, Q or J asks for a new deal.
* Bidding: count the tricks the hand should take with its best trump suit (high
  cards, trump length, short side suits), add what partner's call promises, and bid
  the lowest legal number that estimate reaches; pass with the pass word that
  describes the hand.
* Trumps: the suit that gives the best estimate (the longest, strongest suit).
* Raise: propose one more trick only when the sure winners in hand already make it
  (between its own cards the declarer otherwise says ``no-raise``); accept a raise only
  when the defence looks able to beat even the raised bid.
* Cards: the declaring side draws trumps with master trumps, then cashes masters;
  defenders cash masters and lead partner's signalled suit; second hand low, third
  hand high, last hand wins as cheaply as possible, ruff low, discard from the weakest
  suit. The only signal used is an honest ``drop`` on the last card of a suit.

Every choice comes with a reason a person can read.
"""

from __future__ import annotations

import time
from operator import attrgetter

from solvers.cards import Card, Rank, Rng, Suit
from solvers.errors import CardsageError
from solvers.game import Action, Hint
from solvers.games.teka import (ANSWER, ASSOCIATED_SUIT, BIDDING, NO_RAISE, PLAY, REDEAL, SIGNALS, TRICKS, TRUMP,
                                TekaState, partner_of, side_of)
from solvers.games.teka_calls import SUIT_NAMES, best_trump, by_suit, call_for
from solvers.ismcts import SearchConfig
from solvers.pimc import pimc_bot
from solvers.pimc.adapters import register_card_choice
from solvers.tricks import ALL_RANKS, current_winner, is_master, played_rank_masks

_RANK = attrgetter("rank")               # a card's rank, read in C
_SUIT_RANK = attrgetter("suit", "rank")


def _played(state: TekaState) -> set[Card]:
    return {c for plays in state.history + (state.trick,) for _, c, _ in plays}


_ALL_RANKS = ALL_RANKS


def _played_ranks(state: TekaState) -> list[int]:
    """Per suit, the ranks played so far in this hand (a bit per rank). Worked out once
    per state: the bot asks several times a decision, and quick play decides a card a step."""
    masks = state.__dict__.get("_played_ranks")
    if masks is None:
        masks = played_rank_masks(c for plays in state.history + (state.trick,) for _, c, _ in plays)
        state.__dict__["_played_ranks"] = masks
    return masks


def _is_master(card: Card, state: TekaState, mine) -> bool:
    """True when no unseen card of its suit outranks it."""
    return is_master(card, _played_ranks(state), mine)


def _outstanding_trumps(state: TekaState, seat: int) -> int:
    """Trumps neither played nor in ``seat``'s hand."""
    trump = state.trump
    known = _played_ranks(state)[trump]
    for c in state.hands[seat]:
        if c.suit == trump:
            known |= 1 << c.rank
    return len(Rank) - bin(known & _ALL_RANKS).count("1")


def sure_winners(state: TekaState, seat: int) -> int:
    """Cards in hand that win a trick whatever the others hold: the unbroken run of masters
    in trumps, and in side suits once no trump is left outside this hand."""
    hand = set(state.hands[seat])
    accounted = _played(state) | hand
    plain_safe = _outstanding_trumps(state, seat) == 0
    count = 0
    for suit, cards in by_suit(hand).items():
        if suit != state.trump and not plain_safe:
            continue
        for card in cards:     # highest first
            if not all(Card.standard(r, suit) in accounted for r in range(card.rank + 1, Rank.ACE + 1)):
                break
            count += 1
    return count


# ---------------------------------------------------------------- decisions


def choose(state: TekaState, seat: int) -> tuple[Action, str]:
    """The heuristic's action for ``seat`` and why."""
    legal = state.legal_actions(seat)
    if not legal:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    if state.phase == REDEAL:
        if Action("redeal") in legal:
            return Action("redeal"), "no ace, king, queen or jack: ask for a new deal"
        return Action("keep"), "the hand holds an honour: keep it"
    if state.phase == BIDDING:
        return call_for(state, seat, legal)
    if state.phase == TRUMP:
        allowed = [Suit.parse(a.args[0]) for a in legal]
        suit, estimate = best_trump(state.hands[seat], allowed)
        return Action("trump", (suit.letter,)), \
            f"{SUIT_NAMES[suit]} is the longest, strongest suit (about {estimate:.1f} tricks in hand)"
    if state.phase == ANSWER:
        return _answer(state, seat)
    proposal = _raise(state, seat, legal)
    if proposal is not None:
        return proposal
    if seat != state.turn:
        return Action(NO_RAISE), "not enough sure winners to raise: let the play go on"
    card, reason = _card(state, seat, legal)
    return _with_signal(state, seat, card, legal), reason


def _raise(state: TekaState, seat: int, legal: list[Action]) -> tuple[Action, str] | None:
    target = state.bid + 1
    if Action("raise", (str(target),)) not in legal:
        return None
    taken = state.tricks[state.declaring_side]
    sure = sure_winners(state, seat)
    if taken + sure >= target:
        return Action("raise", (str(target),)), \
            f"{taken} tricks taken and {sure} sure winners in hand: raise to {target}"
    return None


def _answer(state: TekaState, seat: int) -> tuple[Action, str]:
    bid = state.pending_raise
    needed = TRICKS + 1 - bid
    ours = state.tricks[side_of(seat)] + sure_winners(state, seat)
    if ours >= needed:
        return Action("accept"), f"the defence counts {ours} tricks, enough to beat {bid}: accept"
    return Action("refuse"), f"the defence needs {needed} tricks to beat {bid} and counts {ours}: refuse"


def _with_signal(state: TekaState, seat: int, card: Card, legal: list[Action]) -> Action:
    """Play ``card``, tagging ``drop`` when it really is the last of its suit."""
    drop = Action("play", (str(card), "drop"))
    return drop if drop in legal else Action("play", (str(card),))


def _card(state: TekaState, seat: int, legal: list[Action]) -> tuple[Card, str]:
    # the legal plays are the playable cards, each with or without a signal
    return card_choice(state, seat)


def card_choice(state: TekaState, seat: int) -> tuple[Card, str]:
    """The card the heuristic plays when ``seat`` is to play one, and why."""
    playable = sorted(state.playable(seat), key=_SUIT_RANK)
    if not state.trick:
        return _lead(state, seat, playable)
    return _follow(state, seat, playable)


def card_signal(state: TekaState, seat: int, card: Card) -> str:
    """The signal the heuristic plays ``card`` with: ``drop`` on the last card of a suit
    when the variant has that signal, else none."""
    if "drop" not in SIGNALS[state.options.signals]:
        return ""
    suit = card.suit
    return "drop" if sum(1 for c in state.hands[seat] if c.suit == suit) == 1 else ""


def _lead(state: TekaState, seat: int, playable: list[Card]) -> tuple[Card, str]:
    trump = state.trump
    hand = state.hands[seat]
    suits = by_suit(playable)
    if not state.history and all(c.suit == trump for c in playable):
        top = max(playable, key=_RANK)
        card = top if _is_master(top, state, hand) else min(playable, key=_RANK)
        return card, f"trick 1 must be a trump: lead {card.pretty()}"
    declaring = state.declarer is not None and side_of(seat) == state.declaring_side
    trumps = suits.get(trump, [])
    if declaring and trumps and _outstanding_trumps(state, seat) > 0 and _is_master(trumps[0], state, hand):
        return trumps[0], f"draw the defenders' trumps with the master {trumps[0].pretty()}"
    for suit, cards in suits.items():
        if suit != trump and _is_master(cards[0], state, hand):
            return cards[0], f"cash the master {cards[0].pretty()}"
    wanted = _partner_request(state, seat)
    if wanted is not None and wanted in suits:
        card = suits[wanted][-1]
        return card, f"partner asked for {SUIT_NAMES[Suit(wanted)]}: lead {card.pretty()}"
    plain = {s: v for s, v in suits.items() if s != trump} or suits
    best = max(plain, key=lambda s: (len(plain[s]), sum(c.rank for c in plain[s])))
    card = plain[best][-1]
    return card, f"lead low from the longest suit, {SUIT_NAMES[Suit(best)]} ({card.pretty()})"


def _partner_request(state: TekaState, seat: int) -> int | None:
    """The suit partner last asked for with a slam or snap signal in this hand."""
    partner = partner_of(seat)
    wanted = None
    for plays in state.history:
        for s, card, tag in plays:
            if s == partner and tag == "slam":
                wanted = card.suit
            elif s == partner and tag == "snap":
                wanted = ASSOCIATED_SUIT[Suit(card.suit)]
    return wanted


def _follow(state: TekaState, seat: int, playable: list[Card]) -> tuple[Card, str]:
    trump = state.trump
    hand = state.hands[seat]
    led = state.trick[0][1]
    win_seat, win_card = current_winner([(s, c) for s, c, _ in state.trick], trump)
    partner_winning = side_of(win_seat) == side_of(seat)
    last = len(state.trick) == state.trick_size - 1
    following = playable[0].suit == led.suit

    def beats(c: Card) -> bool:
        if c.suit == win_card.suit:
            return c.rank > win_card.rank
        return c.suit == trump

    winners = sorted((c for c in playable if beats(c)), key=lambda c: (c.suit == trump and led.suit != trump, c.rank))
    if partner_winning and (last or _is_master(win_card, state, hand)):
        card = _lowest(playable, trump, following)
        return card, f"partner's {win_card.pretty()} is winning: play low ({card.pretty()})"
    if not following:
        ruffs = [c for c in winners if c.suit == trump]
        if ruffs:
            return ruffs[0], f"ruff with the lowest trump that wins ({ruffs[0].pretty()})"
        card = _lowest(playable, trump, following)
        return card, f"discard the low {card.pretty()} from the weakest suit"
    if winners and (last or len(state.trick) >= 2 or _is_master(winners[-1], state, hand)):
        card = winners[0] if last else max(winners, key=_RANK)
        if not last:
            card = min((c for c in winners if _is_master(c, state, hand)), key=_RANK, default=card)
        return card, f"win the trick as cheaply as is safe ({card.pretty()})"
    card = _lowest(playable, trump, following)
    if winners:
        return card, f"second hand low ({card.pretty()})"
    return card, f"cannot win the trick: play low ({card.pretty()})"


def _lowest(cards: list[Card], trump: int, following: bool) -> Card:
    """The cheapest card: the lowest when following, else the low card of the weakest side suit."""
    if following:
        return min(cards, key=_RANK)
    suits = by_suit(cards)
    plain = {s: v for s, v in suits.items() if s != trump} or suits
    weakest = min(plain, key=lambda s: (sum(max(0, c.rank - 10) for c in plain[s]), len(plain[s])))
    return plain[weakest][-1]


# ---------------------------------------------------------------- policy and hint


def heuristic_bot(state: TekaState, seat: int, rng: Rng) -> Action:
    """The heuristic Teka policy."""
    action, _ = choose(state, seat)
    return action


def heuristic_hint(state: TekaState, seat: int) -> Hint:
    """The heuristic's action with its reason and the other legal actions."""
    action, reason = choose(state, seat)
    evaluation = {"kind": "heuristic"}
    if state.phase in (BIDDING, TRUMP):
        suit, estimate = best_trump(state.hands[seat])
        evaluation.update(estimated_tricks=round(estimate, 1), best_trump=Suit(suit).letter)
    elif state.phase in (PLAY, ANSWER):
        evaluation.update(sure_winners=sure_winners(state, seat))
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation=evaluation, alternatives=alternatives, method="heuristic")


def hint(state, seat: int, budget: float | None = None, *, mode: str | None = None, rng: Rng | None = None,
         iterations: int | None = None) -> Hint:
    """The sampled double-dummy hint for every decision (``iterations``: that many sampled
    deals, no clock); the rules of thumb when the budget is too small for one deal."""
    from solvers.pimc.decisions import teka_decision_hint
    from solvers.pimc.entry import MIN_SAMPLED_BUDGET
    if iterations is not None and budget is None:
        sampled = teka_decision_hint(state, seat, None, samples=iterations, rng=rng)
        return sampled or heuristic_hint(state, seat)
    budget = 1.0 if budget is None else budget
    if budget < MIN_SAMPLED_BUDGET:
        return heuristic_hint(state, seat)
    # a cold process compiles the solver first: that must not overrun the budget
    start = time.perf_counter()
    if _wait_for_solver(budget) is None:
        fallback = heuristic_hint(state, seat)
        fallback.reason += " (the sampled search is still being prepared)"
        return fallback
    left = (budget - (time.perf_counter() - start)) * BUDGET_SHARE
    sampled = teka_decision_hint(state, seat, left, samples=iterations, rng=rng) if left > 0 else None
    return sampled or heuristic_hint(state, seat)


# share of the budget the sampled search may use (the rest: building the answer)
BUDGET_SHARE = 0.93
# share of a hint's budget it may spend waiting for the solver's kernels to load
SOLVER_WAIT_SHARE = 0.5


def _wait_for_solver(budget: float) -> float | None:
    """Seconds waited for the double-dummy kernels (compiled, or loaded from numba's cache,
    in a background thread); None when they were not ready within part of the budget."""
    from solvers.doubledummy import solver as dd
    start = time.perf_counter()
    if dd.kernels_ready_within(budget * SOLVER_WAIT_SHARE):
        return time.perf_counter() - start
    return None


BOTS = {"heuristic": heuristic_bot, "pimc": pimc_bot}
register_card_choice("teka", card_choice, card_signal)
# a call or a raise is among many choices: the search's favourite must beat the rules
# of thumb by two standard errors, not one, before it is played
SEARCH = SearchConfig(keep_margin=2.0)
