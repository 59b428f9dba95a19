"""Teen Patti's range model, equity and paired sampled search.

What a seat knows: its own cards once it has looked, the hands it compared in a
compromise, and every public move of the deal. The opponents' hands are not uniform: a
seen player who raised is likely strong. Each opponent still in is modelled as one of
two kinds of player, the rules of thumb (:mod:`solvers.games.teen_patti_play`, prior
``PRIOR_MANIAC`` against) and the always-raise player. A sampled deal of the unseen
cards is weighted, opponent by opponent, by the chance that they would have made the
moves they made holding the cards the deal gives them:
``(1 - prior) * L_thumb(hand) + prior * L_raise``. Compromises the seat was not part of
are respected too: the player who folded had the lower hand.

* :func:`equity`: the weighted share of sampled deals in which the seat's hand beats
  every opponent still in ("you win 62% against the hands that bet like this").
* :func:`sample_world`: one deal drawn by sampling-importance-resampling (``CANDIDATES``
  uniform deals, one kept with probability proportional to its weight), with each
  opponent's kind drawn from its posterior; :func:`evaluate` plays every candidate move
  on the same such deals, the deal finished by each player's kind, and ranks them by the
  chips the seat gains by the end of the deal.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.cards import Card, Rng
from solvers.game import Action
from solvers.games.teen_patti import BET, TeenPattiState
from solvers.games.teen_patti_hands import PACK, hand_key, percentile
from solvers.games.teen_patti_play import always_raise_bot, heuristic_bot, move_likelihood
from solvers.paired_search import Evaluation, evaluate as paired_evaluate, play_until

__all__ = ["known_hands", "sample_world", "equity", "evaluate", "candidates", "PRIOR_MANIAC"]

PRIOR_MANIAC = 0.05
CANDIDATES = 12
MAX_STEPS = 400


def known_hands(state: TeenPattiState, seat: int) -> dict[int, tuple[Card, ...]]:
    """The hands ``seat`` knows: its own once seen, and those compared with it in a compromise."""
    known = dict(state.partners_seen(seat))
    if state.seen[seat]:
        known[seat] = state.hands[seat]
    return known


def _uniform_hands(state: TeenPattiState, known, rng: Rng) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """Every dealt hand (known ones kept, the others drawn uniformly) and the cards left over."""
    used = {c for cards in known.values() for c in cards}
    pool = [c for c in PACK if c not in used]
    hands, at = [], 0
    for s in range(state.players):
        if s in known:
            hands.append(known[s])
        elif state.hands[s]:
            for i in range(at, at + 3):   # a partial shuffle: only the cards dealt are drawn
                j = i + rng.below(len(pool) - i)
                pool[i], pool[j] = pool[j], pool[i]
            hands.append(tuple(pool[at:at + 3]))
            at += 3
        else:
            hands.append(())
    return hands, pool[at:]


def _weights(state: TeenPattiState, hands, seat: int) -> tuple[float, dict[int, float]]:
    """A deal's weight and, per opponent still in, the posterior chance it is the always-raise kind."""
    a23 = state.options.a23
    for asker, asked, loser in state.compromises:
        if seat in (asker, asked):
            continue
        winner = asked if loser == asker else asker
        kl, kw = hand_key(hands[loser], a23), hand_key(hands[winner], a23)
        if kl > kw or (kl == kw and loser != asker):
            return 0.0, {}
    weight, maniac = 1.0, {}
    for s in state.in_deal():
        if s == seat:
            continue
        p = percentile(hands[s], a23)
        thumb, raise_ = 1.0, 1.0
        for move in state.moves:
            if move.seat == s:
                thumb *= move_likelihood(move, p)
                raise_ *= move_likelihood(move, p, maniac=True)
        mixed = (1 - PRIOR_MANIAC) * thumb + PRIOR_MANIAC * raise_
        weight *= mixed
        maniac[s] = PRIOR_MANIAC * raise_ / mixed
    return weight, maniac


@dataclass
class World:
    """A sampled deal and the kind of player each opponent is taken to be in it."""

    state: TeenPattiState
    maniacs: frozenset


def sample_world(state: TeenPattiState, seat: int, rng: Rng) -> World:
    """One deal of the unseen cards drawn by weight, with the opponents' kinds drawn too."""
    known = known_hands(state, seat)
    drawn = []
    for _ in range(CANDIDATES):
        hands, rest = _uniform_hands(state, known, rng)
        drawn.append((hands, rest, *_weights(state, hands, seat)))
    total = sum(d[2] for d in drawn)
    chosen = drawn[0]
    if total > 0:
        pick = rng.random() * total
        for chosen in drawn:
            pick -= chosen[2]
            if pick < 0:
                break
    hands, rest, _, maniac = chosen
    maniacs = frozenset(s for s, chance in maniac.items() if rng.random() < chance)
    world = state.with_zones({**{f"hand:{s}": h for s, h in enumerate(hands)}, "stock": tuple(rest)})
    return World(world, maniacs)


def equity(state: TeenPattiState, seat: int, rng: Rng, samples: int = 300,
           against: int | None = None) -> float:
    """The weighted share of sampled deals in which ``seat`` holds the best hand (against one
    opponent ``against``, or every opponent still in); equal best hands count as shared."""
    known = known_hands(state, seat)
    a23 = state.options.a23
    total = won = 0.0
    for _ in range(samples):
        hands, _ = _uniform_hands(state, known, rng)
        weight, _ = _weights(state, hands, seat)
        if weight <= 0:
            continue
        mine = hand_key(hands[seat], a23)
        rivals = [against] if against is not None else [s for s in state.in_deal() if s != seat]
        best = max(hand_key(hands[s], a23) for s in rivals)
        total += weight
        won += weight * (1.0 if mine > best else 0.5 if mine == best else 0.0)
    return won / total if total else 0.0


def candidates(state: TeenPattiState, seat: int) -> list[Action]:
    """The moves the search tries: every kind of move, and the smallest, a middle and the
    largest bet."""
    legal = state.legal_actions(seat)
    bets = [a for a in legal if a.kind == BET]
    out = [a for a in legal if a.kind != BET]
    if bets:
        picks = {0, len(bets) // 2, len(bets) - 1}
        out.extend(bets[i] for i in sorted(picks))
    return out


def evaluate(state: TeenPattiState, seat: int, rng: Rng, *, samples: int | None = None,
             budget: float | None = None, prefer: Action | None = None) -> Evaluation:
    """Try every candidate on the same weighted deals, each finished by the players' kinds;
    a candidate's value is the chips ``seat`` holds at the end of the deal less those it holds now."""
    holder: dict[str, World] = {}
    start_chips = state.chips[seat]
    deal_number = state.hands_played

    def deal(s: TeenPattiState, who: int, r: Rng) -> TeenPattiState:
        world = sample_world(s, who, r)
        holder["world"] = world
        return world.state

    def outcome(after: TeenPattiState, r: Rng) -> tuple[bool, float]:
        maniacs = holder["world"].maniacs

        def policy(st, who, rr):
            return (always_raise_bot if who in maniacs else heuristic_bot)(st, who, rr)

        end = play_until(after, policy, r, lambda st: st.hands_played > deal_number, MAX_STEPS)
        if end.hands_played > deal_number:
            record = end.sheet[deal_number]
            gain = (record.pot if record.winner == seat else 0) - (record.put_in[seat] - state.put_in[seat])
            return record.winner == seat, gain / state.scale
        return False, (end.chips[seat] - start_chips) / state.scale

    return paired_evaluate(state, seat, rng, candidates=candidates(state, seat), outcome=outcome,
                           samples=samples, budget=budget, prefer=prefer, deal=deal)
