"""Mao's own sampled search: every move that earns no penalty tried on the same sampled deals.

A penalty never pays in Mao (a bad card is a draw that also shows the card; a wrong word is
a card more), so the candidates are the faultless moves under the rules the searcher plays
by: each fitting card with exactly the words asked for (a jack with each suit it may call)
and the draw (two copies of a card are one move). Each candidate is played on the same
``samples`` deals of the unseen cards and finished by the rules of thumb for every seat a
few turns ahead (:func:`fast_rollout`, the engine's play on plain lists, about six times
cheaper than playing on the frozen states); a move replaces the rules-of-thumb move only
when its paired gain over it is clearly more than noise (``KEEP_MARGIN`` standard errors).

The deals honour what the table has shown: a seat that drew held no card fitting the table
then (the rules of thumb draw only then), so but for the cards it was given since, its hand
is dealt from the cards that do not fit (:func:`refusals` rebuilds the round's moves from the
discard pile, the action count, the turn and the hand sizes, keeping only what every
history that fits them agrees on).
"""

from __future__ import annotations

import time
from dataclasses import replace

from solvers.cards import Rank, Rng, Suit
from solvers.game import Action
from solvers.games import mao_rules as R
from solvers.games.mao import DRAW, PLAY, MaoState

SAMPLES = 96
ORBITS = 4          # a play-out looks this many turns per player ahead: the hand sizes then
                    # tell more than a far-off, noisy win or loss
KEEP_MARGIN = 2.0   # leave the rules-of-thumb move only for one better by this many standard errors


def candidates(state: MaoState, seat: int) -> list[Action]:
    """The moves that earn no penalty under ``state.rules`` (the draw when it is allowed)."""
    table = state.table(seat)
    rules = state.rules
    moves: list[Action] = []
    faces = set()
    for card in sorted(set(state.hands[seat]), key=lambda c: (c.suit, c.rank, c.copy)):
        if card.face in faces or R.fits(rules, card, table) is not None:
            continue                   # two copies of a card are one move (the first copy)
        faces.add(card.face)
        need = R.required_words(rules, card, table)
        said = tuple(w for w in _ordered(need) if w != R.SUIT)
        if R.SUIT in need:
            moves.extend(Action(PLAY, (str(card),) + said + (R.SUIT + s.letter,)) for s in Suit)
        else:
            moves.append(Action(PLAY, (str(card),) + said))
    able = bool(moves)
    if not (able and R.NO_DRAW_WHEN_ABLE in rules):
        moves.append(Action(DRAW))
    return moves


def _ordered(words) -> list[str]:
    order = {"name": 0, "nice": 1, "hail": 2, "mao": 3, "suit": 4}

    def key(w: str) -> int:
        if w == R.SUIT:
            return order["suit"]
        text = w[len(R.SAY):]
        if text.endswith("nice-day"):
            return order["nice"]
        if text == R.HAIL_WORD:
            return order["hail"]
        if text == R.MAO_WORD:
            return order["mao"]
        return order["name"]
    return sorted(words, key=key)


def rollout(state: MaoState, policy, rng: Rng) -> MaoState:
    """Play on with ``policy`` for every seat to the end of the round (or a step limit)."""
    hand = state.hands_played
    for _ in range(ORBITS * state.players):
        if state.is_over or state.hands_played > hand:
            break
        seat = state.turn
        state = state._apply(policy(state, seat, rng), seat)   # the policy's moves are legal
    return state


def _order(card):
    return (card.suit, card.rank, card.copy)


UNKNOWN = -1         # a past jack's suit call, which the discard pile does not show
NODES = 4000         # the reconstruction gives up after this many steps


def refusals(state: MaoState, seat: int) -> dict[int, tuple[R.Table, int]]:
    """What the others' draws this round tell ``seat``: per other seat, the table at its last
    draw (it held no card that fits it: the rules of thumb draw only then) and how many
    cards it has been given since, its own draw included (those may fit).

    The table does not keep the round's moves, so they are rebuilt from what is public: the
    discard pile (the round's plays in order), the actions taken, the direction, the turn
    and the hand sizes, under the rules in force. The first history that fits all of them
    is used; none (a penalty this round, a reshuffled pile, too many histories) means
    nothing is inferred."""
    opts = state.options
    n = state.players
    if opts.realtime_out_of_turn or any(p.round == len(state.sheet) + 1 for p in state.penalties):
        return {}
    rules = state.rules
    pile = state.discard
    plays = len(pile) - 1
    draws = state.actions - plays
    if draws < 0:
        return {}
    sizes = tuple(len(h) for h in state.hands)
    reverse = R.reverse_rank(opts.reverse_rank)
    wild, skips = R.JACK_WILD in rules, R.ACE_SKIPS in rules
    nice, turns = R.SEVEN_NICE_DAY in rules, R.EIGHT_REVERSES in rules
    budget = [NODES]
    memo: dict = {}
    NONE = frozenset()

    def fit(card, top, called, sevens) -> bool:
        if sevens:
            return card.rank == Rank.SEVEN
        if wild:
            if card.rank == Rank.JACK:
                return True
            if top.rank == Rank.JACK and called is not None:
                return called == UNKNOWN or card.suit == called
        return card.rank == top.rank or card.suit == top.suit

    def walk(j, d, turn, direction, called, sevens, held) -> frozenset:
        """Every history from here on that ends in the present: per seat, its last draw
        (top, called suit, sevens, cards given) or None when it draws no more."""
        if j == len(pile) and d == draws:
            ok = turn == state.turn and direction == state.direction and held == sizes
            return frozenset({(None,) * n}) if ok else NONE
        key = (j, d, turn, direction, called, sevens, held)
        if key in memo:
            return memo[key]
        budget[0] -= 1
        if budget[0] < 0:
            raise OverflowError
        out = set()
        top = pile[j - 1]
        if j < len(pile) and held[turn] > 0 and fit(pile[j], top, called, sevens):
            card = pile[j]
            after = held[:turn] + (held[turn] - 1,) + held[turn + 1:]
            d2 = -direction if turns and card.rank == reverse else direction
            step = 2 if skips and card.rank == Rank.ACE else 1
            call = UNKNOWN if wild and card.rank == Rank.JACK else None
            if j == len(pile) - 1 and call == UNKNOWN:
                call = state.called_suit
            out |= walk(j + 1, d, (turn + step * d2) % n, d2, call,
                        sevens + 1 if nice and card.rank == Rank.SEVEN else 0, after)
        if d < draws:
            given = sevens or 1
            after = held[:turn] + (held[turn] + given,) + held[turn + 1:]
            seen = (top, called, sevens, given)
            for rest in walk(j, d + 1, (turn + direction) % n, direction, called, 0, after):
                out.add(rest if rest[turn] is not None else rest[:turn] + (seen,) + rest[turn + 1:])
        if len(out) > 64:
            raise OverflowError
        memo[key] = result = frozenset(out)
        return result

    start = (state.dealer + 1) % n
    try:
        histories = walk(1, 0, start, 1, None, 0, (opts.hand_size,) * n)
    except (OverflowError, RecursionError):
        return {}
    result = {}
    for who in range(n):
        if who == seat:
            continue
        seen = {h[who] for h in histories}
        if len(seen) != 1:
            continue            # the histories disagree: nothing sure about this seat
        (entry,) = seen
        if entry is None or entry[1] == UNKNOWN:
            continue
        top, called, sevens, given = entry
        result[who] = (R.Table(top, called, sevens, 0, reverse), given)
    return result


INFER = True


def deal(state: MaoState, seat: int, rng: Rng, known: dict | None = None) -> MaoState:
    """:func:`uniform_deal`, but each other seat known (by :func:`refusals`) to have held
    no card fitting some table keeps only cards that do not fit it, but for the cards it
    has been given since."""
    if not known:
        return uniform_deal(state, seat, rng)
    pool = list(state.stock)
    for s in range(state.players):
        if s != seat:
            pool.extend(state.hands[s])
    pool.sort(key=_order)
    order = rng.shuffled(pool)
    hands = list(state.hands)
    taken = set()
    rules = state.rules
    for s in sorted(known):
        table, fresh = known[s]
        old = len(state.hands[s]) - fresh
        if old <= 0:
            continue
        picked = []
        for i, c in enumerate(order):
            if i not in taken and R.fits(rules, c, table) is not None:
                picked.append(i)
                if len(picked) == old:
                    break
        if len(picked) < old:
            return uniform_deal(state, seat, rng)
        taken.update(picked)
        hands[s] = [order[i] for i in picked]
    rest = [c for i, c in enumerate(order) if i not in taken]
    at = 0
    for s in range(state.players):
        if s == seat:
            continue
        have = list(hands[s]) if s in known and isinstance(hands[s], list) else []
        room = len(state.hands[s]) - len(have)
        hands[s] = tuple(sorted(have + rest[at:at + room], key=_order))
        at += room
    return replace(state, hands=tuple(hands), stock=tuple(rest[at:]), rng_state=rng.next64())


def uniform_deal(state: MaoState, seat: int, rng: Rng) -> MaoState:
    """The unseen cards (the other hands but the cards seen going back into them, and the
    stock) shuffled and dealt afresh, and the reshuffle generator re-seeded: what
    :func:`solvers.sampling.determinize` does, without its general machinery."""
    n = state.players
    kept: list[list] = []
    pool = list(state.stock)
    for s in range(n):
        if s == seat:
            kept.append(list(state.hands[s]))
            continue
        held = list(state.hands[s])
        shown = [c for c in state.exposed[s] if c in held]
        for c in shown:
            held.remove(c)
        pool.extend(held)
        kept.append(shown)
    pool.sort(key=_order)
    order = rng.shuffled(pool)
    at = 0
    hands = []
    for s in range(n):
        if s == seat:
            hands.append(state.hands[s])
            continue
        room = len(state.hands[s]) - len(kept[s])
        hands.append(tuple(sorted(kept[s] + order[at:at + room], key=_order)))
        at += room
    return replace(state, hands=tuple(hands), stock=tuple(order[at:]), rng_state=rng.next64())


def fast_rollout(state: MaoState, seat: int, hand: int, steps: int) -> float:
    """:func:`rollout` by the rules of thumb for every seat, then :func:`value` for ``seat``,
    on plain lists instead of frozen states (many times faster; the same play, card for card,
    as the rules of thumb on the engine: see the tests).

    Every seat plays the rules-of-thumb move under the rules in force, which is always a
    faultless one, so only faultless plays and draws need playing here."""
    if state.over or state.hands_played > hand:
        return value(state, seat, hand)
    rules = state.rules
    n = state.players
    hands = [list(h) for h in state.hands]
    stock = list(reversed(state.stock))          # next card last
    discard = list(state.discard)
    turn, direction, called, sevens = state.turn, state.direction, state.called_suit, state.sevens
    actions, limit = state.actions, state.options.turn_limit
    reverse = R.reverse_rank(state.options.reverse_rank)
    wild, skips = R.JACK_WILD in rules, R.ACE_SKIPS in rules
    nice, turns = R.SEVEN_NICE_DAY in rules, R.EIGHT_REVERSES in rules
    shuffler = None
    JACK, ACE, SEVEN = Rank.JACK, Rank.ACE, Rank.SEVEN
    for _ in range(steps):
        hand = hands[turn]
        top = discard[-1]
        if sevens:
            fitting = [c for c in hand if c.rank == SEVEN]
        elif wild and top.rank == JACK and called is not None:
            fitting = [c for c in hand if c.rank == JACK or c.suit == called]
        elif wild:
            fitting = [c for c in hand if c.rank == JACK or c.rank == top.rank or c.suit == top.suit]
        else:
            fitting = [c for c in hand if c.rank == top.rank or c.suit == top.suit]
        actions += 1
        if not fitting:
            owed = sevens or 1
            sevens = 0
            for _ in range(owed):
                if not stock:
                    if shuffler is None:
                        shuffler = Rng(0)
                        shuffler.state = state.rng_state
                    stock = list(reversed(shuffler.shuffled(sorted(discard[:-1], key=_order))))
                    del discard[:-1]
                    if not stock:
                        break
                hand.append(stock.pop())
            turn = (turn + direction) % n
        else:
            suits = [0, 0, 0, 0]
            for c in hand:
                suits[c.suit] += 1
            danger = len(hands[(turn + direction) % n]) <= 2
            best, best_score = None, None
            for card in sorted(fitting, key=_order):
                rank = card.rank
                score = suits[card.suit] - 0.1 * rank / 14
                if wild and rank == JACK:
                    score -= 6
                if danger and ((skips and rank == ACE) or (nice and rank == SEVEN)):
                    score += 8
                if nice and rank == SEVEN:
                    score += 2
                if best_score is None or score > best_score:
                    best, best_score = card, score
            card = best
            hand.remove(card)
            discard.append(card)
            called = None
            if wild and card.rank == JACK:
                rest = [0, 0, 0, 0]
                for c in hand:
                    rest[c.suit] += 1
                called = max(range(4), key=lambda s: (rest[s], s)) if hand else card.suit
            sevens = sevens + 1 if nice and card.rank == SEVEN else 0
            if turns and card.rank == reverse:
                direction = -direction
            turn = (turn + (2 if skips and card.rank == ACE else 1) * direction) % n
            if not hand:
                sizes = [len(h) for h in hands]
                return worth(seat, [s for s in range(n) if not sizes[s]], sizes)
        if actions >= limit:
            sizes = [len(h) for h in hands]
            return worth(seat, [s for s in range(n) if sizes[s] == min(sizes)], sizes)
    return worth(seat, None, [len(h) for h in hands])


VALUE = "rival"     # or "util": State.utility's shape (rounds won against the others' mean and a
                    # twentieth per card); to the round's end it measured worse (noisier)


def worth(seat: int, winners, sizes) -> float:
    """How a play-out ended for ``seat`` (``winners`` None when it was cut short)."""
    if VALUE == "rival":
        if winners is not None:
            return 1.0 if seat in winners else -1.0
        own = sizes[seat]
        rival = min(x for s, x in enumerate(sizes) if s != seat)
        return 0.1 * (rival - own)
    # utility-shaped: the round won against the others' mean, and a twentieth per card
    n = len(sizes)
    others = (sum(sizes) - sizes[seat]) / (n - 1)
    cards = CARD_WEIGHT * (others - sizes[seat])
    if winners is None:
        return cards
    won = 1.0 if seat in winners else 0.0
    mean = (len(winners) - won) / (n - 1)
    return won - mean + cards


CARD_WEIGHT = 0.05


def value(state: MaoState, seat: int, hand: int) -> float:
    """How a play-out ended for ``seat``: see :func:`worth`."""
    if state.hands_played > hand:
        record = state.sheet[hand]
        return worth(seat, record.winners, record.cards_left)
    return worth(seat, None, [len(h) for h in state.hands])


def heuristic_policy():
    """The rules-of-thumb bot, which :func:`fast_rollout` plays without the engine."""
    from solvers.games.mao_bot import heuristic_bot
    return heuristic_bot


def evaluate(state: MaoState, seat: int, policy, rng: Rng, samples: int = SAMPLES,
             budget: float | None = None) -> tuple[list[tuple[Action, float, int]], list[list[float]]]:
    """Each faultless move's mean value over the same sampled deals, (move, mean, samples),
    and every move's value on each sampled deal (for paired comparisons)."""
    moves = candidates(state, seat)
    hand = state.hands_played
    totals = [0.0] * len(moves)
    per_move: list[list[float]] = [[] for _ in moves]
    done = 0
    start = time.perf_counter()
    known = refusals(state, seat) if INFER and len(moves) > 1 else {}
    if len(moves) > 1:
        for i in range(samples):
            if budget is not None and i and time.perf_counter() - start > budget:
                break
            world = deal(state, seat, rng.fork(i), known)
            seed = rng.fork(10_000 + i).next64()
            for k, move in enumerate(moves):
                after = world._apply(move, seat)
                if policy is heuristic_policy():
                    worth = fast_rollout(after, seat, hand, ORBITS * state.players)
                else:
                    worth = value(rollout(after, policy, Rng(seed)), seat, hand)
                totals[k] += worth
                per_move[k].append(worth)
            done += 1
    return [(m, (t / done if done else 0.0), done) for m, t in zip(moves, totals)], per_move


def choose(state: MaoState, seat: int, policy, rng: Rng, samples: int = SAMPLES,
           budget: float | None = None) -> tuple[Action, list[tuple[Action, float, int]]]:
    """The best faultless move (the rules-of-thumb move on a tie) and every move's value."""
    prior = policy(state, seat, rng.fork("prior"))
    values, per_move = evaluate(state, seat, policy, rng, samples, budget)
    if prior not in [m for m, _, _ in values] or not per_move or len(values) < 2:
        return max(values, key=lambda v: v[1])[0], values
    p = [m for m, _, _ in values].index(prior)
    best, best_gain = prior, 0.0
    for k, (move, _, n) in enumerate(values):
        if k == p or n < 2:
            continue
        diffs = [a - b for a, b in zip(per_move[k], per_move[p])]
        mean = sum(diffs) / n
        spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 / n ** 0.5
        if mean > KEEP_MARGIN * spread and mean > best_gain:
            best, best_gain = move, mean
    return best, values


def make_search_bot(policy, samples: int = SAMPLES):
    """A bot that plays by the rules in force, each move chosen by :func:`choose`."""
    def search_bot(state: MaoState, seat: int, rng: Rng) -> Action:
        if seat != state.turn:
            return policy(state, seat, rng)
        return choose(state, seat, policy, rng, samples)[0]
    return search_bot


def with_rules(state: MaoState, rules: frozenset) -> MaoState:
    """The state played under another rule set (a seat's belief)."""
    return replace(state, rules=rules)
