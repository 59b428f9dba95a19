"""Troefcall players and hints.

Rules of thumb (the ``heuristic`` bot):

* Trumps: from the five cards seen, the suit with most cards, high cards breaking ties.
* Redeal: a hand without pictures asks for a new deal unless it holds three aces.
* Cards: the usual whist tactics (second hand low, third hand high, win cheaply, ruff
  low, discard from the weakest suit, cash masters), as the Whist player plays them.
* After a sweep of the first seven tricks: play on for baunie only when every card
  left in hand is a sure winner; a partner who speaks first leaves the choice to the
  winner of the seventh trick, and backs the winner's ``continue``.

The ``search`` bot and the hints value each decision on sampled deals (the unseen cards
dealt again consistently with what the seat knows), in points of the hand
(:mod:`solvers.games.troefcall_values`: played on by the rules of thumb, the last six
tricks solved double dummy):

* trumps: for each suit, the points on deals that complete the five cards seen (the hint;
  the search bot names the longest suit, as the rules of thumb do: the sampled choice
  measured no better, −0.02 [−0.24, +0.19] points a hand over 168 deals);
* redeal: keep the hand when it wins in at least half the sampled deals;
* stop or continue: the share of deals where the side takes every remaining trick
  (double dummy) gives the expected points of playing on, against the sure points
  of stopping;
* cards: the card worth most points (the hint). The search bot plays the heuristic's
  card while a hand holds more than ``EXACT_FROM`` (8) cards; from there each of up to
  48 sampled deals values every card by one exact double-dummy solve (points: 7 tricks
  or not, baunie made or not), and another card replaces the heuristic's only when it
  gains at least a quarter point on average and two standard errors of the paired
  differences.

``TRICK_ADAPTER`` lets the shared sampled double-dummy search (:mod:`solvers.pimc`)
read the card play too (aim: seven tricks, or all of them in baunie).
"""

from __future__ import annotations

import itertools
import threading
import time

from solvers.cards import Card, Rank, Rng, Suit, parse_card
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint, State
from solvers.games import troefcall as rules
from solvers.games.troefcall import CALL, PLAY, REDEAL, STOP, TroefcallState, side_of
from solvers.games.troefcall_values import EXACT_FROM, card_points, dd_tricks, hand_points
from solvers.games.whist_bot import choose as whist_choice
from solvers.ismcts import SearchConfig
from solvers.pimc.adapters import Adapter
from solvers.pimc.search import card_groups
from solvers.sampling import sample_hidden

SUIT_NAMES = {int(s): s.name.lower() for s in Suit}
HIGH_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
DEFAULT_SAMPLES = 16        # sampled deals for a hint or a search decision without a count
REDEAL_KEEP_SHARE = 0.5     # keep a pictureless hand that makes seven tricks this often
# double dummy sees every card, so it finds baunie more often than play at a table does
BAUNIE_DISCOUNT = 0.85
# share of a timed hint's budget spent on deals (the rest: a deal slower than the pace so
# far, and the answer)
HINT_SHARE = 0.95
UNTIMED_CARD_CLOCK = 0.8    # seconds a card hint asked with neither a budget nor a count may take


# ---------------------------------------------------------------- rules of thumb

def _by_suit(cards) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {}
    for c in cards:
        out.setdefault(c.suit, []).append(c)
    return out


def trump_by_thumb(cards) -> tuple[int, str]:
    """The suit with most cards among those seen, high cards breaking ties, and why."""
    suits = _by_suit(cards)
    best = max(suits, key=lambda s: (len(suits[s]), sum(HIGH_POINTS.get(c.rank, 0) for c in suits[s]), s))
    count = len(suits[best])
    return best, f"{SUIT_NAMES[best]} is your longest and strongest suit ({count} of the five cards)"


def redeal_by_thumb(hand) -> tuple[str, str]:
    """Ask for a new deal unless three aces make up for the missing pictures."""
    aces = sum(1 for c in hand if c.rank == Rank.ACE)
    if aces >= 3:
        return "keep", f"{aces} aces are enough to play this hand"
    return "redeal", "no king, queen or jack: a new deal is likely to be better"


def _played(state: TroefcallState) -> set[Card]:
    return {c for plays in state.history for _, c in plays} | {c for _, c in state.trick}


def sure_winners(state: TroefcallState, seat: int) -> int:
    """Cards in hand that win whatever the others hold: the unbroken top trumps, and in other
    suits the unbroken top cards once no trump is left outside this hand."""
    hand = set(state.hands[seat])
    gone = _played(state) | hand
    trumps_out = any(Card.standard(r, state.trump) not in gone for r in range(2, 15))
    count = 0
    for suit, cards in _by_suit(hand).items():
        if suit != state.trump and trumps_out:
            continue
        rank = Rank.ACE
        while rank >= 2:
            card = Card.standard(rank, suit)
            if card in hand:
                count += 1
            elif card not in gone:
                break
            rank -= 1
    return count


def stop_by_thumb(state: TroefcallState, seat: int) -> tuple[str, str]:
    """Play on only with nothing but sure winners; a partner backs the winner's choice."""
    left = len(state.hands[seat])
    if seat != state.seventh:
        if state.continued:
            return "continue", "your partner chose to play on: back the call for baunie"
        return "continue", "leave the choice to your partner, who won the seventh trick (kap partij scores 5)"
    if sure_winners(state, seat) >= left:
        return "continue", f"all {left} cards in your hand are sure winners: go for baunie (15)"
    return "stop", "kap partij: take the 5 points rather than risk the remaining tricks"


def heuristic_bot(state: TroefcallState, seat: int, rng: Rng) -> Action:
    """The rules-of-thumb Troefcall policy."""
    return _thumb(state, seat)[0]


def _thumb(state: TroefcallState, seat: int) -> tuple[Action, str]:
    if state.phase == CALL:
        suit, why = trump_by_thumb(state.hands[seat])
        return Action("trump", (Suit(suit).letter,)), why
    if state.phase == REDEAL:
        kind, why = redeal_by_thumb(state.hands[seat])
        return Action(kind), why
    if state.phase == STOP:
        kind, why = stop_by_thumb(state, seat)
        return Action(kind), why
    card, why = whist_choice(state, seat)
    return Action("play", (str(card),)), why


def heuristic_hint(state: TroefcallState, seat: int) -> Hint:
    """The rules of thumb's move with its reason and the other legal moves."""
    action, why = _thumb(state, seat)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, why, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")


# ---------------------------------------------------------------- sampled double dummy

class TroefcallAdapter(Adapter):
    """Plain trump tricks, partners opposite; the aim is seven tricks, or all of them in baunie."""

    def in_card_play(self, state) -> bool:
        return state.phase == PLAY and not state.over

    def goal(self, state, side) -> int:
        if state.baunie < 0:
            return rules.MAJORITY
        return rules.TRICKS if side == state.baunie else state.tricks[side] + 1

    def goal_text(self, state, side) -> str:
        if state.baunie < 0:
            return "takes seven tricks"
        return "takes every trick (baunie)" if side == state.baunie else "breaks the baunie"

    def position(self, state) -> Position:
        return Position.from_hands(list(state.hands), state.leader, [c for _, c in state.trick],
                                   TrickRules.troefcall(state.trump))

    def live_hands(self, state):
        return list(state.hands)

    def rollout_action(self, state, seat, rng):
        return heuristic_bot(state, seat, rng)


TRICK_ADAPTER = TroefcallAdapter()


def _samples(state: State, seat: int, count: int | None, rng: Rng, deadline: float | None = None):
    """``count`` sampled deals (the same for the same ``rng``); with a ``deadline`` (a
    ``perf_counter`` time) no more than are begun before it, each after the first only when
    one more at the pace so far (the caller's work on each included) still ends before it."""
    start = time.perf_counter()
    for i in itertools.count() if count is None else range(count):
        if deadline is not None and i:
            now = time.perf_counter()
            if now + (now - start) / i >= deadline:
                return
        yield sample_hidden(state, seat, rng.fork(f"deal {i}"))


def trump_values(state: TroefcallState, seat: int, count: int | None, rng: Rng,
                 deadline: float | None = None) -> dict[int, list[int]]:
    """Per suit, the hand's points for the caller's side on each sampled completion of the
    five cards (deals as :func:`_samples` draws them)."""
    side = side_of(seat)
    out: dict[int, list[int]] = {s: [] for s in range(4)}
    for i, deal in enumerate(_samples(state, seat, count, rng, deadline)):
        for suit in range(4):
            after = ready_to_lead(deal._apply(Action("trump", (Suit(suit).letter,)), seat))
            out[suit].append(hand_points(_solver(), after, side, heuristic_bot, rng.fork(f"{i}:{suit}")))
    return out


def ready_to_lead(state: TroefcallState) -> TroefcallState:
    """The state ready for the first lead (a redeal claim window is passed over)."""
    from dataclasses import replace
    return replace(state, phase=PLAY) if state.phase == REDEAL else state


def _mean(values) -> float:
    return sum(values) / len(values)


def trump_hint(state: TroefcallState, seat: int, count: int | None, rng: Rng, deadline: float | None = None) -> Hint:
    """Trumps from the five cards seen, valued on sampled completions of the deal."""
    values = trump_values(state, seat, count, rng, deadline)
    count = len(values[0])
    held = {s: sum(1 for c in state.hands[seat] if c.suit == s) for s in range(4)}
    ranked = sorted(range(4), key=lambda s: (_mean(values[s]), held[s], s), reverse=True)
    best = ranked[0]
    mean = _mean(values[best])
    wins = sum(v > 0 for v in values[best]) / count
    reason = (f"with {SUIT_NAMES[best]} as trumps your side wins the hand in {wins:.0%} of {count} deals "
              f"that complete your five cards, worth {mean:+.1f} points on average")
    alternatives = [{"action": Action("trump", (Suit(s).letter,)).to_json(),
                     "expected_points": round(_mean(values[s]), 2)} for s in ranked[1:]]
    return Hint(Action("trump", (Suit(best).letter,)), reason,
                evaluation={"kind": "sampled", "samples": count, "expected_points": round(mean, 2),
                            "win_probability": round(wins, 3)},
                alternatives=alternatives, method="sampled")


def redeal_hint(state: TroefcallState, seat: int, count: int | None, rng: Rng, deadline: float | None = None) -> Hint:
    """Keep or ask for a new deal, from what this hand is worth on sampled deals."""
    side = side_of(seat)
    kept = ready_to_lead(state)
    values = [hand_points(_solver(), d, side, heuristic_bot, rng.fork(i))
              for i, d in enumerate(_samples(kept, seat, count, rng, deadline))]
    count = len(values)
    wins = sum(v > 0 for v in values) / count
    mean = _mean(values)
    keep = wins >= REDEAL_KEEP_SHARE
    reason = (f"this hand wins for your side in {wins:.0%} of {count} sampled deals "
              f"({mean:+.1f} points on average): " + ("worth playing" if keep else "a new deal is better"))
    action = Action("keep" if keep else "redeal")
    other = Action("redeal" if keep else "keep")
    return Hint(action, reason, evaluation={"kind": "sampled", "samples": count,
                                            "win_probability": round(wins, 3), "expected_points": round(mean, 2)},
                alternatives=[{"action": other.to_json()}], method="sampled")


def baunie_chance(state: TroefcallState, seat: int, count: int | None, rng: Rng,
                  deadline: float | None = None) -> tuple[float, int]:
    """Share of sampled deals where the sweeping side takes every remaining trick (as
    double dummy finds it, discounted), and the number of deals."""
    solver = _solver()
    side = side_of(seat)
    # playing on: the winner of the seventh trick leads to the eighth
    after = _as_played_on(state)
    made = done = 0
    for deal in _samples(after, seat, count, rng, deadline):
        made += dd_tricks(solver, deal, side) == rules.TRICKS
        done += 1
    return made / done * BAUNIE_DISCOUNT, done


def _as_played_on(state: TroefcallState) -> TroefcallState:
    from dataclasses import replace
    return replace(state, phase=PLAY, baunie=side_of(state.seventh), leader=state.seventh,
                   continued=state.deciders)


def stop_hint(state: TroefcallState, seat: int, count: int | None, rng: Rng, deadline: float | None = None) -> Hint:
    """Stop or play on, by the expected points of each."""
    p, count = baunie_chance(state, seat, count, rng, deadline)
    on = p * rules.BAUNIE_POINTS - (1 - p) * rules.FAILED_BAUNIE_POINTS
    evaluation = {"kind": "sampled", "samples": count, "baunie_probability": round(p, 3),
                  "play_on_points": round(on, 2)}
    chance = f"your side takes every remaining trick in about {p:.0%} of {count} sampled deals"
    if seat != state.seventh and not state.continued:
        # the winner of the seventh trick speaks after us and can still take kap partij (5)
        reason = (f"{chance}; leave the choice to your partner, who can still stop for "
                  f"{rules.KAP_PARTIJ_POINTS} points, more than the {rules.PARTNER_STOP_POINTS} you would get")
        return Hint(Action("continue"), reason, evaluation=evaluation,
                    alternatives=[{"action": Action("stop").to_json()}], method="sampled")
    sure = rules.KAP_PARTIJ_POINTS if seat == state.seventh else rules.PARTNER_STOP_POINTS
    go = on > sure
    reason = f"{chance}: playing on is worth {on:+.1f} points against {sure} for stopping"
    evaluation["stop_points"] = sure
    action = Action("continue" if go else "stop")
    other = Action("stop" if go else "continue")
    return Hint(action, reason, evaluation=evaluation, alternatives=[{"action": other.to_json()}],
                method="sampled")


def hint(state, seat: int, budget: float | None = None, *, mode: str | None = None, rng: Rng | None = None,
         iterations: int | None = None) -> Hint:
    """The sampled hint for every decision (``iterations``: sampled deals); the rules of
    thumb when the budget is too small."""
    if budget is not None and budget < 0.05 and iterations is None:
        return heuristic_hint(state, seat)
    rng = rng or Rng(0)
    if iterations is None and budget is not None:
        # a timed hint weighs as many deals as its budget allows; the counts (and the card
        # hint's 80% clock) below are for a hint asked without a budget
        deadline = time.perf_counter() + budget * HINT_SHARE
        if state.phase == PLAY:
            return card_hint(state, seat, None, rng, None, deadline=deadline)
        if state.phase == CALL:
            return trump_hint(state, seat, None, rng, deadline)
        if state.phase == REDEAL:
            return redeal_hint(state, seat, None, rng, deadline)
        return stop_hint(state, seat, None, rng, deadline)
    count = iterations or DEFAULT_SAMPLES
    if state.phase == PLAY:
        return card_hint(state, seat, count, rng, None if iterations else UNTIMED_CARD_CLOCK)
    if state.phase == CALL:
        return trump_hint(state, seat, count, rng)
    if state.phase == REDEAL:
        return redeal_hint(state, seat, count, rng)
    return stop_hint(state, seat, count, rng)


CARD_SAMPLES = 16
CARD_BUDGET = 0.6           # seconds a card at most for the search bot
CARD_MARGIN = 0.25          # points on average a card must gain over the heuristic's card
CARD_Z = 2.0                # and standard errors of the paired differences
EXACT_SAMPLES = 48          # sampled deals a search decision in the exact ending
_solvers = threading.local()


def _solver() -> Solver:
    solver = getattr(_solvers, "solver", None)
    if solver is None:
        solver = _solvers.solver = Solver()
    return solver


def card_values(state: TroefcallState, seat: int, count: int | None, rng: Rng, budget: float | None, *,
                deadline: float | None = None) -> tuple[list[Card], dict[Card, float], int]:
    """Mean points of the hand for the seat's side after each legal card, over sampled deals
    (each card played, then the rules of thumb, then double dummy for the last six tricks).

    ``count`` deals at most (no limit when None), until ``budget`` seconds have passed; with
    a ``deadline`` (a ``perf_counter`` time) no deal is begun that would end after it at the
    mean pace of the deals before. The first deal is always valued."""
    cards = [parse_card(a.args[0]) for a in state.legal_actions(seat)]
    gone = {c for plays in state.history for _, c in plays}
    groups = card_groups(cards, set(state.hands[seat]), gone)
    totals = {c: 0.0 for c in cards}
    start = time.perf_counter()
    if budget is not None:
        deadline = start + budget if deadline is None else min(deadline, start + budget)
        pace = False
    else:
        pace = deadline is not None
    done = 0
    for i in itertools.count() if count is None else range(count):
        if deadline is not None and done:
            now = time.perf_counter()
            if now + ((now - start) / done if pace else 0.0) >= deadline:
                break
        deal = sample_hidden(state, seat, rng.fork(f"deal {i}"))
        values = card_points(_solver(), deal, seat, groups, heuristic_bot, rng.fork(f"play {i}"))
        for c in cards:
            totals[c] += values[c]
        done += 1
    return cards, {c: totals[c] / max(done, 1) for c in cards}, done


def search_card(state: TroefcallState, seat: int, rng: Rng) -> Action:
    """The heuristic's card, unless from ``EXACT_FROM`` cards a hand down (where every sampled
    deal is solved exactly) another card is worth clearly more points on the same deals:
    ``CARD_MARGIN`` on average and ``CARD_Z`` standard errors of the paired differences."""
    base = heuristic_bot(state, seat, rng)
    if max(len(h) for h in state.hands) > EXACT_FROM:
        return base
    card = parse_card(base.args[0])
    cards = [parse_card(a.args[0]) for a in state.legal_actions(seat)]
    gone = {c for plays in state.history for _, c in plays}
    groups = card_groups(cards, set(state.hands[seat]), gone)
    if len(groups) == 1:
        return base
    deadline = time.perf_counter() + CARD_BUDGET
    rows = []
    for i in range(EXACT_SAMPLES):
        if rows and time.perf_counter() >= deadline:
            break
        deal = sample_hidden(state, seat, rng.fork(f"deal {i}"))
        rows.append(card_points(_solver(), deal, seat, groups, heuristic_bot, rng.fork(f"play {i}")))
    if len(rows) < 2:
        return base
    means = {c: _mean([r[c] for r in rows]) for c in cards}
    best = max(cards, key=lambda c: (means[c], c == card))
    gain = means[best] - means[card]
    if gain < CARD_MARGIN:
        return base
    diffs = [r[best] - r[card] for r in rows]
    spread = (sum((d - gain) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5 / len(diffs) ** 0.5
    return Action("play", (str(best),)) if gain >= CARD_Z * spread else base


def card_hint(state: TroefcallState, seat: int, count: int | None, rng: Rng, budget: float | None, *,
              deadline: float | None = None) -> Hint:
    """The card worth most points for the side, with the mean points of the others
    (``count``, ``budget`` and ``deadline`` as :func:`card_values` takes them)."""
    cards, means, done = card_values(state, seat, count, rng, budget, deadline=deadline)
    if not done:
        return heuristic_hint(state, seat)
    ranked = sorted(cards, key=lambda c: -means[c])
    best = ranked[0]
    reason = (f"{best.pretty()} is worth {means[best]:+.1f} points to your side on average over {done} "
              f"sampled deals (played on by rules of thumb, the last tricks solved exactly)")
    alternatives = [{"action": Action("play", (str(c),)).to_json(), "expected_points": round(means[c], 2)}
                    for c in ranked[1:]]
    return Hint(Action("play", (str(best),)), reason,
                evaluation={"kind": "sampled", "samples": done, "expected_points": round(means[best], 2)},
                alternatives=alternatives, method="sampled")


def search_bot(state: TroefcallState, seat: int, rng: Rng) -> Action:
    """Sampled double dummy for every decision: trumps, redeal, stop and cards."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PLAY:
        return search_card(state, seat, rng)
    if state.phase == CALL:
        # sampled trumps measured no better than the longest suit (see the docs): keep the thumb
        return heuristic_bot(state, seat, rng)
    return hint(state, seat, None, rng=rng.fork("search"), iterations=DEFAULT_SAMPLES).action


BOTS = {"heuristic": heuristic_bot, "search": search_bot}
SEARCH = SearchConfig(keep_margin=2.0)
