"""Napoleon's bid, Wellington's trumps and the opening lead, valued on sampled deals.

The cards a player cannot see are dealt many times, consistent with everything public
(shown voids, what forced leads told). A deal is kept with the chance that the players
who have already spoken would have made their calls with the cards it gives them (read by
the rules of thumb), so a player who bid Four before you holds a strong hand in the samples.

On each deal the five-card hands are solved double dummy with the bidder to lead, once
per trump suit; since the opening lead fixes trumps, leading a card of a suit is valued
with that suit as trumps. A bid is worth its chips (paid when the bidder can make it on the
deal, paying otherwise) averaged over the deals; passing is worth nothing. Wellington's
trumps and the opening lead take the choice most often good for the contract.
"""

from __future__ import annotations

import time
from dataclasses import replace

from solvers.cards import Card, Rng, Suit
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint
from solvers.games.napoleon import BID, PAID, PAYS, PASS, TARGET, TRUMP, NapoleonState, bid_title
from solvers.games.napoleon_play import SUIT_WORDS, choose_bid
from solvers.sampling import determinize

__all__ = ["call_hint", "sampled_call", "lead_table", "auction_weight", "consistent_deal"]

MAX_DRAWS = 30
MISMATCH = 0.1         # chance kept for a deal where a caller would have called otherwise


def auction_weight(state: NapoleonState, deal: NapoleonState, seat: int) -> float:
    """How likely the calls already made are with the cards ``deal`` gives the callers."""
    weight = 1.0
    for i, (caller, call) in enumerate(state.bids):
        if caller == seat:
            continue
        before = replace(deal, bids=state.bids[:i], phase=BID)
        expected, _ = choose_bid(before, caller)
        said = Action(PASS) if call == PASS else Action("bid", (call,))
        if expected != said:
            weight *= MISMATCH
    return weight


def consistent_deal(state: NapoleonState, seat: int, rng: Rng) -> NapoleonState:
    """A sampled deal, kept with the chance :func:`auction_weight` gives it."""
    others = any(s != seat for s, _ in state.bids)
    best, best_weight = None, -1.0
    for _ in range(MAX_DRAWS if others else 1):
        deal = determinize(state, seat, rng)
        if not others:
            return deal
        weight = auction_weight(state, deal, seat)
        if rng.random() < weight:
            return deal
        if weight > best_weight:
            best, best_weight = deal, weight
    return best


def _order(deal: NapoleonState, bidder: int) -> list[int]:
    """Seats holding cards, clockwise from the bidder (the double-dummy seat numbers)."""
    seats = [bidder]
    while len(seats) < len(deal.active()):
        seats.append(deal.next_active(seats[-1]))
    return seats


def lead_table(solver: Solver, deal: NapoleonState, bidder: int, suits) -> dict[int, dict[Card, int]]:
    """Per trump suit, the tricks the bidder takes after each opening lead (double dummy)."""
    order = _order(deal, bidder)
    hands = [deal.hands[s] for s in order]
    out = {}
    for suit in suits:
        rules = TrickRules.napoleon(suit, len(order), 0, deal.options.pack_size)
        result = solver.solve(Position.from_hands(hands, 0, (), rules), values="all")
        out[suit] = {card: result.cards[str(card)] for card in deal.hands[bidder]}
    return out


def _forced_leads(hand, contract: str, trump: int) -> list[Card]:
    if contract == "napoleon":
        return [min((c for c in hand if c.suit == trump), key=lambda c: c.rank)] if \
            any(c.suit == trump for c in hand) else []
    plain = [c for c in hand if c.suit != trump] or list(hand)
    low = min(c.rank for c in plain)
    return [c for c in plain if c.rank == low]


def best_tricks(table: dict[int, dict[Card, int]], hand, contract: str) -> float:
    """The most tricks the bidder can take under ``contract``'s lead rule."""
    if contract in ("three", "four", "nap"):
        return max(table[c.suit][c] for c in hand)
    if contract == "napoleon":
        return max((table[s][c] for s in table for c in _forced_leads(hand, contract, s)), default=0)
    return max(table[s][c] for s in table for c in _forced_leads(hand, contract, s))


def _chips(contract: str, made: float, players: int) -> float:
    """Expected chips for the bidder when the contract is made with probability ``made``."""
    return (players - 1) * (made * PAID[contract] - (1 - made) * PAYS[contract])


class _Samples:
    """Sampled deals valued one by one until the count or the deadline ends."""

    def __init__(self, budget: float | None, samples: int | None):
        self.start = time.perf_counter()
        self.deadline = None if budget is None else self.start + budget
        self.limit = samples

    def more(self, done: int) -> bool:
        if self.limit is not None and done >= self.limit:
            return False
        return not (self.deadline is not None and done and time.perf_counter() >= self.deadline)


def call_hint(state: NapoleonState, seat: int, budget: float | None, *, samples: int | None = None,
              rng: Rng | None = None, solver: Solver | None = None) -> Hint:
    """The sampled hint for a bid, Wellington's trumps or an opening lead that fixes trumps."""
    rng = rng or Rng(0)
    solver = solver or Solver()
    clock = _Samples(budget, samples if samples is not None or budget is not None else 16)
    if state.phase == BID:
        return _bid_hint(state, seat, clock, rng, solver)
    if state.phase == TRUMP:
        return _trump_hint(state, seat, clock, rng, solver)
    return _lead_hint(state, seat, clock, rng, solver)


def _bid_hint(state, seat, clock, rng, solver) -> Hint:
    hand = state.hands[seat]
    legal = state.legal_actions(seat)
    contracts = [a.args[0] for a in legal if a.kind == "bid"]
    made = {c: 0.0 for c in contracts}
    total = 0.0
    n = 0
    while clock.more(n):
        deal = consistent_deal(state, seat, rng.fork(n))
        table = lead_table(solver, deal, seat, sorted({c.suit for c in hand} | ({0, 1, 2, 3} if "wellington" in contracts else set())))
        for contract in contracts:
            made[contract] += best_tricks(table, hand, contract) >= TARGET[contract]
        total += 1
        n += 1
    share = {c: made[c] / total for c in contracts}
    value = {c: _chips(c, share[c], state.players) for c in contracts}
    options = [(value[c], Action("bid", (c,))) for c in contracts]
    if Action(PASS) in legal:
        options.append((0.0, Action(PASS)))
    options.sort(key=lambda item: -item[0])
    best_value, action = options[0]
    if action.kind == PASS:
        top = max(contracts, key=lambda c: value[c]) if contracts else None
        reason = ("no bid pays on average: " + (
            f"{bid_title(top)} would be made in {share[top]:.0%} of {n} sampled deals "
            f"({value[top]:+.1f} chips)" if top else "nothing higher is left") + ": pass")
    else:
        contract = action.args[0]
        reason = (f"bid {bid_title(contract)}: made in {share[contract]:.0%} of {n} sampled deals, "
                  f"worth {best_value:+.1f} chips on average")
    alternatives = [{"action": a.to_json(), "expected_chips": round(v, 2),
                     **({"made_share": round(share[a.args[0]], 3)} if a.kind == "bid" else {})}
                    for v, a in options[1:]]
    evaluation = {"kind": "sampled", "samples": n, "expected_chips": round(best_value, 2),
                  "made_share": {bid_title(c): round(share[c], 3) for c in contracts},
                  "elapsed_s": round(time.perf_counter() - clock.start, 3)}
    return Hint(action, reason, evaluation=evaluation, alternatives=alternatives, method="sampled")


def _trump_hint(state, seat, clock, rng, solver) -> Hint:
    hand = state.hands[seat]
    made = {s: 0 for s in range(4)}
    tricks = {s: 0.0 for s in range(4)}
    n = 0
    while clock.more(n):
        deal = consistent_deal(state, seat, rng.fork(n))
        table = lead_table(solver, deal, seat, range(4))
        for s in range(4):
            best = max(table[s][c] for c in _forced_leads(hand, "wellington", s))
            made[s] += best >= 5
            tricks[s] += best
        n += 1
    ranked = sorted(range(4), key=lambda s: (-made[s], -tricks[s], -s))
    suit = ranked[0]
    action = Action("trump", (Suit(suit).letter,))
    reason = (f"with {SUIT_WORDS[suit]} as trumps Wellington is made in {made[suit] / n:.0%} of {n} sampled "
              f"deals ({tricks[suit] / n:.1f} tricks on average)")
    alternatives = [{"action": Action("trump", (Suit(s).letter,)).to_json(), "made_share": round(made[s] / n, 3),
                     "expected_tricks": round(tricks[s] / n, 2)} for s in ranked[1:]]
    evaluation = {"kind": "sampled", "samples": n, "made_share": round(made[suit] / n, 3),
                  "expected_tricks": round(tricks[suit] / n, 2),
                  "elapsed_s": round(time.perf_counter() - clock.start, 3)}
    return Hint(action, reason, evaluation=evaluation, alternatives=alternatives, method="sampled")


def _lead_hint(state, seat, clock, rng, solver) -> Hint:
    cards = state.playable(seat)
    need = TARGET[state.contract]
    made = {c: 0 for c in cards}
    tricks = {c: 0.0 for c in cards}
    n = 0
    while clock.more(n):
        deal = determinize(state, seat, rng.fork(n))
        table = lead_table(solver, deal, seat, sorted({c.suit for c in cards}))
        for c in cards:
            made[c] += table[c.suit][c] >= need
            tricks[c] += table[c.suit][c]
        n += 1
    ranked = sorted(cards, key=lambda c: (-made[c], -tricks[c], c.suit, c.rank))
    card = ranked[0]
    action = Action("play", (str(card),))
    reason = (f"lead {card.pretty()} to make {SUIT_WORDS[card.suit]} trumps: your {bid_title(state.contract)} "
              f"({need} tricks) is made in {made[card] / n:.0%} of {n} sampled deals "
              f"({tricks[card] / n:.1f} tricks on average)")
    alternatives = [{"action": Action("play", (str(c),)).to_json(), "made_share": round(made[c] / n, 3),
                     "expected_tricks": round(tricks[c] / n, 2)} for c in ranked[1:]]
    evaluation = {"kind": "sampled", "samples": n, "made_share": round(made[card] / n, 3),
                  "expected_tricks": round(tricks[card] / n, 2), "goal_tricks": need,
                  "elapsed_s": round(time.perf_counter() - clock.start, 3)}
    return Hint(action, reason, evaluation=evaluation, alternatives=alternatives, method="sampled")


def sampled_call(state: NapoleonState, seat: int, rng: Rng, samples: int, solver: Solver | None = None) -> Action:
    """The action the sampled hint recommends (for the search bot)."""
    return call_hint(state, seat, None, samples=samples, rng=rng, solver=solver).action

