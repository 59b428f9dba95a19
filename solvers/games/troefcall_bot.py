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
dealt again consistently with what the seat knows), solved double dummy:

* trumps: for each suit, the tricks the caller's side takes on deals that complete
  the five cards seen (the early tricks played by the rules of thumb, the last six
  double dummy); the suit that most often reaches seven tricks;
* redeal: keep the hand when it reaches seven tricks in at least half the sampled deals;
* stop or continue: the share of deals where the side takes every remaining trick
  gives the expected points of playing on, against the sure points of stopping;
* cards: sampled double dummy (:mod:`solvers.pimc`).
"""

from __future__ import annotations

from solvers.cards import Card, Rank, Rng, Suit
from solvers.doubledummy import Position, Solver, TrickRules
from solvers.game import Action, Hint, State
from solvers.games import troefcall as rules
from solvers.games.troefcall import (CALL, PLAY, REDEAL, STOP, TroefcallState, has_picture, partner_of,
                                     side_of)
from solvers.games.whist_bot import choose as whist_choice
from solvers.ismcts import SearchConfig
from solvers.pimc import make_pimc_bot, sampled_hint_or_heuristic
from solvers.pimc.adapters import Adapter
from solvers.pimc.search import hand_tricks
from solvers.sampling import sample_hidden

SUIT_NAMES = {int(s): s.name.lower() for s in Suit}
HIGH_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
DEFAULT_SAMPLES = 16        # sampled deals for a hint or a search decision without a count
REDEAL_KEEP_SHARE = 0.5     # keep a pictureless hand that makes seven tricks this often
# double dummy sees every card, so it finds baunie more often than play at a table does
BAUNIE_DISCOUNT = 0.85


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


def _dd_tricks(solver: Solver, state: TroefcallState, side: int) -> int:
    """Tricks ``side`` takes from here to the end of the hand, every card known."""
    result = solver.solve(TRICK_ADAPTER.position(state), values="best")
    value = result.value if result.exact else (result.lower + result.upper) / 2
    remaining = max(len(h) for h in state.hands)
    mover = min(state.to_move)
    mine = value if side_of(mover) == side else remaining - value
    return state.tricks[side] + mine


def _samples(state: State, seat: int, count: int, rng: Rng):
    for i in range(count):
        yield sample_hidden(state, seat, rng.fork(f"deal {i}"))


def trump_values(state: TroefcallState, seat: int, count: int, rng: Rng, solver: Solver) -> dict[int, list[int]]:
    """Per suit, the caller's side's tricks on each sampled completion of the five cards."""
    side = side_of(seat)
    out: dict[int, list[int]] = {s: [] for s in range(4)}
    for deal in _samples(state, seat, count, rng):
        for suit in range(4):
            after = deal._apply(Action("trump", (Suit(suit).letter,)), seat)
            after = replace_phase(after)
            out[suit].append(hand_tricks(solver, TRICK_ADAPTER, after, side, rng.fork(suit), None))
    return out


def replace_phase(state: TroefcallState) -> TroefcallState:
    """The state ready for the first lead (a redeal claim window is passed over)."""
    from dataclasses import replace
    return replace(state, phase=PLAY) if state.phase == REDEAL else state


def trump_hint(state: TroefcallState, seat: int, count: int, rng: Rng) -> Hint:
    """Trumps from the five cards seen, valued on sampled completions of the deal."""
    values = trump_values(state, seat, count, rng, Solver())
    suits = state.hands[seat]
    held = {s: sum(1 for c in suits if c.suit == s) for s in range(4)}

    def stats(s):
        v = values[s]
        return sum(x >= rules.MAJORITY for x in v) / len(v), sum(v) / len(v)

    ranked = sorted(range(4), key=lambda s: (stats(s)[0], stats(s)[1], held[s], s), reverse=True)
    best = ranked[0]
    share, mean = stats(best)
    reason = (f"with {SUIT_NAMES[best]} as trumps your side takes {mean:.1f} tricks on average and "
              f"seven or more in {share:.0%} of {count} deals that complete your five cards")
    alternatives = [{"action": Action("trump", (Suit(s).letter,)).to_json(),
                     "expected_tricks": round(stats(s)[1], 2), "seven_probability": round(stats(s)[0], 3)}
                    for s in ranked[1:]]
    return Hint(Action("trump", (Suit(best).letter,)), reason,
                evaluation={"kind": "sampled", "samples": count, "expected_tricks": round(mean, 2),
                            "seven_probability": round(share, 3)},
                alternatives=alternatives, method="sampled")


def redeal_hint(state: TroefcallState, seat: int, count: int, rng: Rng) -> Hint:
    """Keep or ask for a new deal, from how often this hand reaches seven tricks."""
    solver = Solver()
    side = side_of(seat)
    kept = replace_phase(state)
    values = [hand_tricks(solver, TRICK_ADAPTER, d, side, rng.fork(i), None)
              for i, d in enumerate(_samples(kept, seat, count, rng))]
    share = sum(v >= rules.MAJORITY for v in values) / len(values)
    mean = sum(values) / len(values)
    keep = share >= REDEAL_KEEP_SHARE
    reason = (f"this hand takes seven tricks for your side in {share:.0%} of {count} sampled deals "
              f"({mean:.1f} tricks on average): " + ("worth playing" if keep else "a new deal is better"))
    action = Action("keep" if keep else "redeal")
    other = Action("redeal" if keep else "keep")
    return Hint(action, reason, evaluation={"kind": "sampled", "samples": count,
                                            "seven_probability": round(share, 3),
                                            "expected_tricks": round(mean, 2)},
                alternatives=[{"action": other.to_json()}], method="sampled")


def baunie_chance(state: TroefcallState, seat: int, count: int, rng: Rng) -> float:
    """Share of sampled deals where the sweeping side takes every remaining trick."""
    solver = Solver()
    side = side_of(seat)
    # playing on: the winner of the seventh trick leads to the eighth
    after = _as_played_on(state)
    made = 0
    for deal in _samples(after, seat, count, rng):
        made += _dd_tricks(solver, deal, side) == rules.TRICKS
    return made / count * BAUNIE_DISCOUNT


def _as_played_on(state: TroefcallState) -> TroefcallState:
    from dataclasses import replace
    return replace(state, phase=PLAY, baunie=side_of(state.seventh), leader=state.seventh,
                   continued=state.deciders)


def stop_hint(state: TroefcallState, seat: int, count: int, rng: Rng) -> Hint:
    """Stop or play on, by the expected points of each."""
    p = baunie_chance(state, seat, count, rng)
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
    if state.phase == PLAY:
        return sampled_hint_or_heuristic(state, seat, budget, heuristic_hint, rng=rng, samples=iterations)
    count = iterations or _count_for(state, budget)
    if state.phase == CALL:
        return trump_hint(state, seat, count, rng)
    if state.phase == REDEAL:
        return redeal_hint(state, seat, count, rng)
    return stop_hint(state, seat, count, rng)


def _count_for(state: TroefcallState, budget: float | None) -> int:
    # a trump choice solves four whole deals a sample; the other decisions one
    if budget is None:
        return DEFAULT_SAMPLES
    per = 0.03 if state.phase == CALL else 0.01
    return max(2, min(DEFAULT_SAMPLES * 2, int(budget / per)))


_card_player = make_pimc_bot(samples=12, budget_ms=400, fallback=heuristic_bot)


def search_bot(state: TroefcallState, seat: int, rng: Rng) -> Action:
    """Sampled double dummy for every decision: trumps, redeal, stop and cards."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PLAY:
        return _card_player(state, seat, rng)
    return hint(state, seat, None, rng=rng.fork("search"), iterations=DEFAULT_SAMPLES // 2).action


BOTS = {"heuristic": heuristic_bot, "search": search_bot}
SEARCH = SearchConfig(keep_margin=2.0)
