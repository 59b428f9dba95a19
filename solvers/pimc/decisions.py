"""Teka's decisions other than cards, from sampled trick counts per option.

Deals are sampled consistent with everything public, the auction included: a sampled
deal is kept with the chance that each other seat, holding its sampled cards, would
have made the calls it made (read by the heuristic bidder, :func:`call_likelihood`), so
a partner who said "behi ter" rarely holds three aces in the samples. Only public calls
are used.

For each kept deal the tricks the seat's side would take are counted for every option
(trump suit, playing alone) by quick play then double dummy. A call is valued by
finishing the auction on the deal with the heuristic bidder at the other seats and
scoring the contract that results; trumps, raises and answers by the contract's
points averaged over the deals. Every loop watches the deadline and the hint answers
from the deals valued so far.
"""

from __future__ import annotations

import time
from dataclasses import replace

from solvers.cards import Rng, Suit
from solvers.doubledummy import Solver
from solvers.game import Action, Hint
from solvers.games.teka import (ANSWER, BIDDING, DOUBLE13, LOWEST_BID, NO_RAISE, PASSES, PLAY, REDEAL, TRICKS,
                                TRUMP, TekaState, partner_of, side_of)
from solvers.games.teka_calls import best_trump, call_likelihood, heuristic_call, pass_word
from solvers.pimc.adapters import TekaAdapter
from solvers.pimc.hint import CardSamples, gone_cards, hint_from_samples, legal_cards, seat_hand
from solvers.pimc.pool import lent_solver
from solvers.pimc.search import HORIZON, OutOfTime, card_groups, card_values, hand_tricks
from solvers.sampling import determinize

__all__ = ["teka_decision_hint", "teka_card_hint", "teka_raise_hint", "raise_at_turn", "contract_score",
           "raise_choice", "raise_values", "auction_weight", "consistent_deal"]

ADAPTER = TekaAdapter()
# draws of a deal tried before the most consistent one seen is taken as it is
MAX_DRAWS = 40
# share of a bidding hint's budget for valuing deals before it is known whether the same
# deals are to be valued with the partner's hand laid aside (a double 13 alone)
CALL_SHARE = 0.75
# ... and, when they are not, for valuing more deals: each deal's auctions are finished as
# it is valued, and the sums over the kept deals take a few milliseconds
CALL_ONLY_SHARE = 0.95
# ... and for valuing the same deals with the partner's hand laid aside (double 13)
ALONE_SHARE = 0.9
# a raise is proposed when it beats the current bid by this many points on average
RAISE_MARGIN = 0.5


class _Clock:
    """The hint's deadline (None: no budget, the sample count decides)."""

    def __init__(self, budget: float | None):
        self.start = time.perf_counter()
        self.deadline = None if budget is None else self.start + budget

    def at(self, share: float) -> float | None:
        return None if self.deadline is None else self.start + (self.deadline - self.start) * share

    def over(self, deadline: float | None = None) -> bool:
        deadline = self.deadline if deadline is None else deadline
        return deadline is not None and time.perf_counter() >= deadline


def contract_score(state: TekaState, bid: int, double13: bool, tricks: float, forced: bool = False) -> int:
    """Points for the declaring side (negative: what the defenders score) with ``tricks`` taken."""
    if double13:
        return 26 if tricks >= TRICKS else -52
    if tricks >= bid:
        return 26 if bid == TRICKS and state.options.lawreece else bid
    return -LOWEST_BID if forced and bid == LOWEST_BID else -2 * bid


# ---------------------------------------------------------------- sampling consistent with the auction


def _bidding_hand(deal: TekaState, seat: int):
    """The cards ``seat`` held during the auction: what it holds now and what it has played."""
    played = [c for plays in deal.history + (deal.trick,) for s, c, _ in plays if s == seat]
    return tuple(deal.hands[seat]) + tuple(played)


def auction_weight(state: TekaState, deal: TekaState, seat: int) -> float:
    """How likely the other seats' calls are with their cards in ``deal`` (1: each called
    just as the heuristic bidder would). Uses the public calls and the sampled cards only."""
    return _auction(state, seat).weight(deal)


def _auction(state: TekaState, seat: int) -> "_Auction":
    # a state is a value: what its deals' weights share is kept with it, as its sampler is
    cache = state.__dict__.get("_auctions")
    if cache is None:
        cache = state.__dict__["_auctions"] = {}
    auction = cache.get(seat)
    if auction is None:
        auction = cache[seat] = _Auction(state, seat)
    return auction


class _Auction:
    """The other seats' calls of one state as :func:`auction_weight` reads them: the public
    part (the calls before each, the calls that were legal) worked out once, and each call's
    likelihood kept per bidding hand drawn. A likelihood depends only on the set of cards
    the caller held (the estimate counts cards by suit and rank), and late in a hand the
    few unseen cards make the same hands again and again."""

    __slots__ = ("calls", "played", "likelihoods")

    def __init__(self, state: TekaState, seat: int):
        self.calls = []
        for i, (caller, call) in enumerate(state.calls):
            if caller == seat:
                continue
            before = state.calls[:i]
            legal = replace(state, phase=BIDDING, calls=before).legal_actions(caller)
            self.calls.append((i, caller, call, before, legal))
        # the cards each seat has played: public, the same in every deal of the state
        self.played = [_mask(c for plays in state.history + (state.trick,) for s, c, _ in plays if s == seat_)
                       for seat_ in range(len(state.hands))]
        self.likelihoods: dict[tuple[int, int], float] = {}

    def weight(self, deal: TekaState) -> float:
        """:func:`auction_weight` of ``deal``, one of this state's deals."""
        weight = 1.0
        masks: dict[int, int] = {}
        estimates: dict[int, tuple] = {}
        likelihoods = self.likelihoods
        for i, caller, call, before, legal in self.calls:
            mask = masks.get(caller)
            if mask is None:
                mask = masks[caller] = self.played[caller] | _mask(deal.hands[caller])
            value = likelihoods.get((i, mask))
            if value is None:
                hand = _bidding_hand(deal, caller)
                if caller not in estimates:
                    estimates[caller] = best_trump(hand)
                value = likelihoods[i, mask] = call_likelihood(call, hand, before, caller, legal,
                                                                estimates[caller])
            weight *= value
        return weight


def _mask(cards) -> int:
    """A set of cards as one number: a bit per suit and rank."""
    mask = 0
    for c in cards:
        mask |= 1 << (c.suit << 4 | c.rank)
    return mask


def consistent_deal(state: TekaState, seat: int, rng: Rng, deadline: float | None = None) -> TekaState:
    """A sampled deal kept with the chance :func:`auction_weight` gives it (rejection
    sampling); after ``MAX_DRAWS`` refusals, the most consistent deal drawn."""
    others = any(s != seat for s, _ in state.calls)
    best, best_weight = None, -1.0
    for draw in range(MAX_DRAWS if others else 1):
        deal = determinize(state, seat, rng)
        if not others:
            return deal
        weight = auction_weight(state, deal, seat)
        if rng.random() < weight:
            return deal
        if weight > best_weight:
            best, best_weight = deal, weight
        if deadline is not None and draw and time.perf_counter() >= deadline:
            break
    return best


def _sampled(state: TekaState, seat: int, clock: _Clock, samples: int | None, rng: Rng, oracle: bool,
             value_of, deadline: float | None = None) -> list:
    """Apply ``value_of(deal, deadline)`` to sampled deals until the deadline or the count ends;
    a deal cut off by the deadline is left out."""
    deadline = clock.deadline if deadline is None else deadline
    out = []
    while samples is None or len(out) < samples:
        if (deadline is not None and time.perf_counter() >= deadline) or (oracle and out):
            break
        deal = state if oracle else consistent_deal(state, seat, rng, deadline)
        try:
            out.append((deal, value_of(deal, deadline)))
        except OutOfTime:
            break
    return out


def _as_declarer(deal: TekaState, declarer: int, trump: int, alone: bool) -> TekaState:
    """The deal as if ``declarer`` had won the auction and named ``trump``."""
    alone = alone and deal.options.double13_alone
    return replace(deal, phase=PLAY, declarer=declarer, trump=trump, leader=declarer,
                   bid=TRICKS if alone else LOWEST_BID, double13=alone, forced=False,
                   sitting_out=partner_of(declarer) if alone else None, trick=(), history=(),
                   tricks=(0, 0), voids=(frozenset(),) * 4, pending_raise=0, raise_asked=True, raises=())


def _option_tricks(state, seat, clock, samples, rng, solver, oracle, trumps, alone, deadline=None, then=None):
    """Per kept deal: the tricks the seat's side takes with each trump suit, the seat declaring
    (and ``then(deal)`` called on each deal valued, within the same deadline)."""
    def value_of(deal, deadline):
        row = {}
        for t in trumps:
            if deadline is not None and time.perf_counter() >= deadline:
                raise OutOfTime
            row[t] = hand_tricks(solver, ADAPTER, _as_declarer(deal, seat, t, alone), side_of(seat),
                                 rng.fork(t), deadline)
        if then is not None:
            then(deal)
        return row
    return _sampled(state, seat, clock, samples, rng, oracle, value_of, deadline)


def _mean(xs) -> float:
    xs = list(xs)
    return sum(xs) / len(xs) if xs else 0.0


# ---------------------------------------------------------------- calls


def _finish_auction(deal: TekaState, seat: int, call: Action, estimates: dict) -> TekaState:
    """The deal after ``seat``'s call with the other seats calling as the heuristic bidder."""
    state = deal._apply(call, seat)
    while state.phase == BIDDING and len(state.sheet) == len(deal.sheet):
        speaker = state.speaker
        state = state._apply(heuristic_call(state, speaker, estimates[speaker]), speaker)
    return state


def _auction_ends(state: TekaState, seat: int, deal: TekaState) -> tuple[dict, dict]:
    """The other seats' ``best_trump`` on ``deal`` and, per legal call of the seat, the deal
    once the auction has ended after it: what the bid table reads of each deal, worked
    out as the deal is valued so that its cost falls within the sampling's deadline."""
    estimates = {s: best_trump(deal.hands[s]) for s in range(4) if s != seat}
    return estimates, {call: _finish_auction(deal, seat, call, estimates) for call in state.legal_actions(seat)}


def _call_outcome(deal: TekaState, seat: int, end: TekaState, row: dict, alone_row: dict | None,
                  own_trump: int | None, estimates: dict) -> float:
    """The seat's side's score once the auction has ended (``end``) on this deal (0: thrown in)."""
    if len(end.sheet) != len(deal.sheet) or end.declarer is None:
        return 0.0
    declarer = end.declarer
    ours = side_of(declarer) == side_of(seat)
    trump = own_trump if declarer == seat and own_trump is not None else estimates[declarer][0]
    tricks = row[trump]
    if declarer == seat and end.double13 and end.sitting_out is not None and alone_row:
        tricks = alone_row[trump]
    if ours:
        return contract_score(end, end.bid, end.double13, tricks, end.forced)
    # the opponents declare: they take what the seat's side does not (the lead aside)
    return -contract_score(end, end.bid, end.double13, TRICKS - tricks, end.forced)


def _bid_table(state: TekaState, seat: int, rows: list, alone_rows: list, ends: dict) -> dict[Action, dict]:
    """Expected score of every legal call, each auction finished on every kept deal (``ends``:
    :func:`_auction_ends` of each deal, by the deal's id)."""
    legal = state.legal_actions(seat)
    top = state.highest_call()
    forced = state.options.forced_fourth_bid and len(state.calls) == 3 and top is None
    alone = {id(deal): row for deal, row in alone_rows}
    prepared = [ends[id(deal)] for deal, _ in rows]
    table: dict[Action, dict] = {}
    for action in legal:
        own_trump = None
        info: dict = {"trump": None}
        if action.kind not in PASSES:
            bid, d13 = (TRICKS, True) if action.kind == DOUBLE13 else (int(action.args[0]), False)
            source = [alone.get(id(deal), row) if d13 else row for deal, row in rows]
            own_trump = max(Suit, key=lambda t: _mean(contract_score(state, bid, d13, r[t], forced) for r in source))
            info.update(trump=own_trump, tricks=_mean(r[own_trump] for r in source),
                        make=_mean(r[own_trump] >= bid for r in source))
        scores = []
        for (deal, row), (est, end) in zip(rows, prepared):
            scores.append(_call_outcome(deal, seat, end[action], row, alone.get(id(deal)), own_trump, est))
        info["score"] = _mean(scores)
        table[action] = info
    return table


def _call_hint(state, seat, clock, samples, rng, solver, oracle, method):
    legal = state.legal_actions(seat)
    ends: dict[int, tuple] = {}

    def auction_ends(deal):
        ends[id(deal)] = _auction_ends(state, seat, deal)

    then = auction_ends if state.phase == BIDDING else None
    rows = _option_tricks(state, seat, clock, samples, rng, solver, oracle, tuple(Suit), False,
                          clock.at(CALL_SHARE), then=then)
    if not rows:
        return None
    go_alone = (state.phase == BIDDING and Action(DOUBLE13) in legal and state.options.double13_alone
                and max(_mean(r[t] for _, r in rows) for t in Suit) >= TRICKS - 1)
    if not go_alone and clock.deadline is not None and not oracle:
        # no second valuation: the time it would take goes to more deals (the generator
        # goes on as one loop would; with a count, the deals it left)
        rows += _option_tricks(state, seat, clock, None if samples is None else samples - len(rows), rng, solver,
                               oracle, tuple(Suit), False, clock.at(CALL_ONLY_SHARE), then=then)
    alone_rows: list = []
    if go_alone:
        # the same deals again, the partner's hand laid aside
        alone_deadline = clock.at(ALONE_SHARE)
        for deal, _ in rows:
            if clock.over(alone_deadline):
                break
            try:
                alone_rows.append((deal, {t: hand_tricks(solver, ADAPTER, _as_declarer(deal, seat, t, True),
                                                         side_of(seat), rng.fork(t), alone_deadline)
                                          for t in Suit}))
            except OutOfTime:
                break
    n = len(rows)
    if state.phase == REDEAL:
        best_bid = max(max(_mean(contract_score(state, b, False, r[t]) for _, r in rows) for t in Suit)
                       for b in range(LOWEST_BID, TRICKS + 1))
        redeal = Action("redeal") in legal and best_bid <= 0
        action = Action("redeal") if redeal else Action("keep")
        reason = (f"no contract scores on average with this hand (best {best_bid:+.1f} over {n} sampled deals)"
                  if redeal else f"the hand can be played: best contract {best_bid:+.1f} points on average "
                                 f"over {n} sampled deals")
        return Hint(action, reason, evaluation={"kind": method, "samples": n, "best_bid_score": round(best_bid, 2)},
                    alternatives=[{"action": a.to_json()} for a in legal if a != action], method=method)
    table = _bid_table(state, seat, rows, alone_rows, ends)
    # equal scores: the pass word that describes the hand (the rule text's meaning), then the lower call
    honest = pass_word(best_trump(state.hands[seat])[1])
    order = {a: i for i, a in enumerate(legal)}
    ranked = sorted(table.items(), key=lambda kv: (-round(kv[1]["score"], 6), kv[0].kind != honest, order[kv[0]]))
    action, info = ranked[0]
    if action.kind in PASSES:
        words = {"pass": "some tricks but not enough to bid", "ter": "nothing partner can rely on",
                 "behi-ter": "even less than ter"}
        reason = (f"{action.kind.replace('-', ' ')} ({words[action.kind]}): {info['score']:+.1f} points expected "
                  f"once the auction ends, over {n} sampled deals consistent with the calls so far; "
                  f"no bid scores more")
    else:
        reason = (f"{'double 13' if action.kind == DOUBLE13 else 'bid ' + action.args[0]} with "
                  f"{Suit(info['trump']).name.lower()} as trumps: your side takes {info['tricks']:.1f} tricks "
                  f"on average, makes it in {info['make']:.0%} of {n} sampled deals, "
                  f"{info['score']:+.1f} points expected once the auction ends")
    alternatives = [{"action": a.to_json(), "expected_score": round(i["score"], 2),
                     **({"trump": Suit(i["trump"]).letter, "make_probability": round(i["make"], 3)}
                        if i.get("trump") is not None else {})} for a, i in ranked if a != action]
    return Hint(action, reason, evaluation={"kind": method, "samples": n, "expected_score": round(info["score"], 2),
                                            "elapsed_s": round(time.perf_counter() - clock.start, 3)},
                alternatives=alternatives, method=method)


def _trump_hint(state, seat, clock, samples, rng, solver, oracle, method):
    legal = state.legal_actions(seat)
    suits = tuple(Suit.parse(a.args[0]) for a in legal)
    alone = state.sitting_out is not None
    rows = [r for _, r in _option_tricks(state, seat, clock, samples, rng, solver, oracle, suits, alone)]
    if not rows:
        return None
    n = len(rows)

    def score(t):
        return _mean(contract_score(state, state.bid, state.double13, r[t], state.forced) for r in rows)

    ranked = sorted(suits, key=lambda t: (-score(t), -_mean(r[t] for r in rows)))
    best = ranked[0]
    action = Action("trump", (Suit(best).letter,))
    made = _mean(r[best] >= state.bid for r in rows)
    reason = (f"{Suit(best).name.lower()} as trumps: your side takes {_mean(r[best] for r in rows):.1f} "
              f"tricks on average and makes {state.bid} in {made:.0%} of {n} sampled deals")
    alternatives = [{"action": Action("trump", (Suit(t).letter,)).to_json(), "expected_score": round(score(t), 2),
                     "expected_tricks": round(_mean(r[t] for r in rows), 2)} for t in ranked[1:]]
    return Hint(action, reason, evaluation={"kind": method, "samples": n, "expected_score": round(score(best), 2),
                                            "make_probability": round(made, 3)},
                alternatives=alternatives, method=method)


# ---------------------------------------------------------------- raises


def raise_values(state: TekaState, finals: list[float]) -> tuple[float, dict[int, float]]:
    """The declaring side's expected score over every sampled final trick count: for the
    current bid, and for each raise it may propose (made: the raised bid, Lawreece
    included; failed: twice the raised bid, the forced 8's exception lapsing)."""
    now = _mean(contract_score(state, state.bid, False, f, state.forced) for f in finals)
    raised = {b: _mean(contract_score(state, b, False, f) for f in finals)
              for b in state.raise_range(state.declarer)}
    return now, raised


def raise_choice(state: TekaState, finals: list[float]) -> tuple[int, float, float] | None:
    """The raise worth proposing given sampled final trick counts: (bid, new score, old score)."""
    if not finals or not state.raise_range(state.declarer):
        return None
    now, raised = raise_values(state, finals)
    best = max(raised, key=lambda b: (raised[b], -b))
    return (best, raised[best], now) if raised[best] > now + RAISE_MARGIN else None


def raise_at_turn(state: TekaState, seat: int, data: CardSamples, hint: Hint) -> Hint:
    """At the declarer's turn, the card hint or a raise when the sampled deals say it pays:
    the expected score over every deal (made: the raised bid; failed: twice it) against the
    current bid's, both after the card the hint plays."""
    # before any trick is played the trump split is unknown and long deals are valued
    # by quick play at their roughest: no raise is staked on that
    if seat != state.declarer or not state.history or not data.count:
        return hint
    card = ADAPTER.card_of(hint.action)
    finals = [v[card] if card in v else max(v.values()) for v in data.values]
    choice = raise_choice(state, finals)
    if choice is None:
        return hint
    bid, score, now = choice
    action = Action("raise", (str(bid),))
    if action not in state.legal_actions(seat):
        return hint
    made = _mean(f >= bid for f in finals)
    reason = (f"propose {bid}: worth {score:+.1f} points on average against {now:+.1f} for {state.bid}, "
              f"made in {made:.0%} of {data.count} sampled deals (then {hint.action.notation})")
    alternatives = [{"action": hint.action.to_json(), "note": hint.reason}] + hint.alternatives
    return Hint(action, reason, evaluation={**hint.evaluation, "raise_score": round(score, 2),
                                            "current_score": round(now, 2)},
                alternatives=alternatives, method=hint.method)


def _final_tricks(state: TekaState, seat: int, clock: _Clock, samples, rng, solver, oracle) -> list[float]:
    """The declaring side's tricks at the end of the hand, per kept deal, play going on as it is."""
    side = state.declaring_side

    def value_of(deal, deadline):
        going_on = replace(deal, phase=PLAY, pending_raise=0, raise_asked=True)
        return hand_tricks(solver, ADAPTER, going_on, side, rng.fork(1), deadline)

    return [v for _, v in _sampled(state, seat, clock, samples, rng, oracle, value_of)]


def _answer_hint(state, seat, clock, samples, rng, solver, oracle, method):
    finals = _final_tricks(state, seat, clock, samples, rng, solver, oracle)
    if not finals:
        return None
    n = len(finals)
    bid = state.pending_raise
    # every deal counts: made, the raised bid goes to the declarer; failed, twice it to the defence
    now = -_mean(contract_score(state, state.bid, False, f, state.forced) for f in finals)
    raised = -_mean(contract_score(state, bid, False, f) for f in finals)
    made = _mean(f >= bid for f in finals)
    action = Action("accept") if raised > now else Action("refuse")
    reason = (f"{action.kind}: the declarer makes {bid} in {made:.0%} of {n} sampled deals; the raise is worth "
              f"{raised:+.1f} points to your side on average against {now:+.1f} for the bid of {state.bid}")
    other = Action("refuse") if action.kind == "accept" else Action("accept")
    return Hint(action, reason, evaluation={"kind": method, "samples": n, "accept_score": round(raised, 2),
                                            "refuse_score": round(now, 2), "raise_made_probability": round(made, 3)},
                alternatives=[{"action": other.to_json(),
                               "expected_score": round(now if action.kind == "accept" else raised, 2)}],
                method=method)


def teka_raise_hint(state: TekaState, seat: int, budget: float | None, *, samples: int | None = None,
                    rng: Rng | None = None, solver: Solver | None = None, oracle: bool = False) -> Hint | None:
    """The declarer's raise window while another seat is to play: the best raise, or
    ``no-raise`` (None: not one deal valued in time)."""
    clock = _Clock(budget)
    rng = rng or Rng(0)
    solver = solver or Solver()
    method = "oracle" if oracle else "sampled"
    legal = state.legal_actions(seat)
    if Action(NO_RAISE) not in legal:
        return None
    if not state.history:
        reason = ("no raise during the first trick: the trumps have not split yet, "
                  "so no sampled count is worth staking on")
        return Hint(Action(NO_RAISE), reason, evaluation={"kind": method, "samples": 0},
                    alternatives=[{"action": a.to_json()} for a in legal if a.kind == "raise"], method=method)
    finals = _final_tricks(state, seat, clock, samples, rng, solver, oracle)
    if not finals:
        return None
    n = len(finals)
    now, raised = raise_values(state, finals)
    choice = raise_choice(state, finals)
    if choice is None:
        best = max(raised, key=lambda b: (raised[b], -b))
        action = Action(NO_RAISE)
        reason = (f"no raise: the bid of {state.bid} is worth {now:+.1f} points on average over {n} sampled "
                  f"deals, the best raise ({best}) {raised[best]:+.1f}")
    else:
        bid, score, _ = choice
        action = Action("raise", (str(bid),))
        reason = (f"propose {bid}: worth {score:+.1f} points on average against {now:+.1f} for {state.bid}, "
                  f"made in {_mean(f >= bid for f in finals):.0%} of {n} sampled deals")
    alternatives = [{"action": Action("raise", (str(b),)).to_json(), "expected_score": round(v, 2)}
                    for b, v in sorted(raised.items(), key=lambda kv: -kv[1]) if Action("raise", (str(b),)) != action]
    if action.kind != NO_RAISE:
        alternatives.insert(0, {"action": Action(NO_RAISE).to_json(), "expected_score": round(now, 2)})
    return Hint(action, reason, evaluation={"kind": method, "samples": n, "current_score": round(now, 2),
                                            "expected_tricks": round(_mean(finals), 2)},
                alternatives=alternatives, method=method)


# ---------------------------------------------------------------- cards


def _card_values(solver: Solver, deal: TekaState, seat: int, groups, rng: Rng, deadline) -> dict:
    """Tricks the seat's side ends the hand with after each card, on one deal. A card that
    ends the hand (the contract made or beaten on the spot) is worth the tricks it ends with."""
    if ADAPTER.hand_size(deal) <= HORIZON:
        return card_values(solver, ADAPTER, deal, seat, groups, rng, deadline)
    side = side_of(seat)
    out = {}
    shared = ADAPTER.quick_shared(deal)
    for group in groups:
        if deadline is not None and time.perf_counter() >= deadline:
            raise OutOfTime
        after = ADAPTER.play_card(deal, seat, group[0])
        if len(after.sheet) != len(deal.sheet):
            value = after.sheet[-1].tricks[side]
        else:
            value = hand_tricks(solver, ADAPTER, after, side, rng, deadline,
                                None if shared is None else (shared, seat, group[0]))
        for card in group:
            out[card] = value
    return out


def teka_card_hint(state: TekaState, seat: int, budget: float | None, *, samples: int | None = None,
                   rng: Rng | None = None, solver: Solver | None = None, oracle: bool = False) -> Hint | None:
    """The card to play, from deals sampled consistent with the auction and valued double
    dummy (after quick play while the hands are long); at the declarer's turn from trick 2
    on, a raise when it pays. None when not one deal was valued in time."""
    clock = _Clock(budget)
    rng = rng or Rng(0)
    solver = solver or Solver()
    cards = legal_cards(ADAPTER, state, seat)
    groups = card_groups(cards, set(seat_hand(state, seat)) | set(cards), gone_cards(state),
                         ADAPTER.position(state).rules)
    data = CardSamples(cards, long_deal=ADAPTER.hand_size(state) > HORIZON)
    count = [0]

    def value_of(deal, deadline):
        count[0] += 1
        return _card_values(solver, deal, seat, groups, rng.fork(count[0] - 1), deadline)

    data.values = [v for _, v in _sampled(state, seat, clock, samples, rng, oracle, value_of)]
    data.elapsed = time.perf_counter() - clock.start
    if not data.count:
        return None
    hint = hint_from_samples(state, seat, data, oracle=oracle, budget=budget)
    return raise_at_turn(state, seat, data, hint)


# ---------------------------------------------------------------- entry


def teka_decision_hint(state: TekaState, seat: int, budget: float | None, *, samples: int | None = None,
                       rng: Rng | None = None, solver: Solver | None = None, oracle: bool = False) -> Hint | None:
    """The sampled hint for every Teka decision: a redeal answer, a call, trumps, a card (or a
    raise at the declarer's turn), a raise answer, or the declarer's raise window between
    its cards (None: no deal valued in time)."""
    if solver is None:
        # a solver kept between hints (its table's entries hold under any later hint)
        with lent_solver(state.game.name) as lent:
            return teka_decision_hint(state, seat, budget, samples=samples, rng=rng, solver=lent, oracle=oracle)
    clock = _Clock(budget)
    rng = rng or Rng(0)
    method = "oracle" if oracle else "sampled"
    if state.phase in (REDEAL, BIDDING):
        return _call_hint(state, seat, clock, samples, rng, solver, oracle, method)
    if state.phase == TRUMP:
        return _trump_hint(state, seat, clock, samples, rng, solver, oracle, method)
    if state.phase == ANSWER:
        return _answer_hint(state, seat, clock, samples, rng, solver, oracle, method)
    if state.phase == PLAY and seat != state.turn:
        return teka_raise_hint(state, seat, budget, samples=samples, rng=rng, solver=solver, oracle=oracle)
    if state.phase == PLAY:
        return teka_card_hint(state, seat, budget, samples=samples, rng=rng, solver=solver, oracle=oracle)
    return None
