"""Mao's own sampled search: every move that earns no penalty tried on the same sampled deals.

A penalty never pays in Mao (a bad card is a draw that also shows the card; a wrong word is
a card more), so the candidates are the faultless moves under the rules the searcher plays
by: each fitting card with exactly the words asked for (a jack with each suit it may call)
and the draw (two copies of a card are one move; option ``KEEP_JACKS``: with wild jacks no
jack but the rules of thumb's own, called as they call it, :func:`searched`). Each candidate
is played on the same ``samples`` deals of the unseen cards and finished by the rules of
thumb for every seat a few turns ahead (:func:`fast_rollout`, the engine's play on plain
lists, about six times cheaper than playing on the frozen states; a play-out cut short is
worth the seat's odds of winning the round from the hand sizes then, :data:`ODDS`); a move
replaces the rules-of-thumb move only when its paired gain over it is clearly more than noise
twice: above ``SCREEN`` standard errors on those deals, then above ``KEEP_MARGIN`` on
``CONFIRM`` fresh ones (:func:`choose`).

The deals honour the round's public record (``MaoState.moves``), read under the rules the
searcher plays by (a hint's: the base rule and what its seat was penalised under), the others
taken to play by the rules of thumb (:func:`observations`): a seat that drew held no card that
fitted then, so but for the cards it was given since, its hand is dealt from cards that fit
none of the tables it drew on; and of up to ``TRIES`` such hands the one kept is the first
whose whole round, gone back move by move from it, the rules of thumb would have played
(:func:`disagreements`: the card they pick from the hand it had, no draw while a card fitted,
and with ``CALLS`` the suit they call with a jack), else the one with fewest disagreements,
those after the last card it was given counting most.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace

from solvers.cards import Rank, Rng, Suit, parse_card
from solvers.game import Action
from solvers.games import mao_rules as R
from solvers.games.mao import DRAW, DRAWN, PLAY, PLAYED, MaoState

SAMPLES = 96
ORBITS = 2          # a play-out looks this many turns per player ahead: the hand sizes then
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


def searched(state: MaoState, seat: int, prior: Action) -> list[Action]:
    """The candidates the search weighs against the rules-of-thumb move ``prior``: every
    faultless move, or with ``KEEP_JACKS`` and wild jacks no jack but the one ``prior`` plays,
    called as ``prior`` calls. Valued one move deep with the hands seen, the search's changes
    of a jack or a call lost; in play, keeping them measured lower (docs/games/mao.md)."""
    moves = candidates(state, seat)
    if not (KEEP_JACKS and R.JACK_WILD in state.rules):
        return moves
    return [m for m in moves if m == prior or m.kind != PLAY or parse_card(m.args[0]).rank != Rank.JACK]


KEEP_JACKS = False   # on, the margin measured lower (paired -0.04 over 80 deals: docs/games/mao.md)


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


@dataclass
class Seen:
    """What the round's public record tells about one other seat's hand now.

    ``draws``: per draw the seat made because nothing fitted, oldest first, (the tables of
    that draw and every later one, how many of its present cards it held then at least);
    ``plays``: its plays since it was last given a card, oldest first, (table, the card, the
    next player close to going out, the cards it played after it): with the present hand
    they give back the whole hand it chose from."""

    draws: list = field(default_factory=list)
    plays: list = field(default_factory=list)
    levels: dict = field(default_factory=dict)      # id(card) -> _level, filled as asked
    history: list = field(default_factory=list)     # the seat's moves this round, oldest first
    checked: bool = False                           # some play of it to check a hand against


INFER = True
CALLS = False        # read a jack's suit call (the suit its player held most after it): the
                     # sampled hands come closer, the margin measured no higher (docs/games/mao.md)
TRIES = 24           # hands drawn for a seat until one agrees with its plays


def observations(state: MaoState, seat: int) -> dict[int, Seen]:
    """What the round's public record (``state.moves``) tells ``seat`` about each other
    seat, under the rules it plays by (``state.rules``: a hint's belief). The others are
    taken to play by the rules of thumb: a seat that draws holds nothing that fits; a seat
    that plays plays the card those rules pick. Moves those rules would not make (a
    penalty, a draw that the rules known do not explain) only count the cards given."""
    opts = state.options
    n = state.players
    if opts.realtime_out_of_turn:
        return {}
    rules = state.rules
    reverse = R.reverse_rank(opts.reverse_rank)
    nice = R.SEVEN_NICE_DAY in rules
    wild = CALLS and R.JACK_WILD in rules
    sizes = [opts.hand_size] * n
    sevens = 0
    draws: list[list] = [[] for _ in range(n)]     # per seat: (move index, table)
    taken: list[list] = [[] for _ in range(n)]     # per seat: (move index, cards given)
    plays: list[list] = [[] for _ in range(n)]     # per seat: (move index, table, card, danger)
    history: list[list] = [[] for _ in range(n)]
    for i, m in enumerate(state.moves):
        s = m.seat
        table = R.Table(m.on, m.called, sevens, sizes[s], reverse)
        if m.kind == PLAYED:
            if not m.offences:
                plays[s].append((i, table, m.card, sizes[(s + m.direction) % n] <= 2))
            sevens = sevens + 1 if nice and m.card.rank == Rank.SEVEN else 0
            sizes[s] -= 1
        else:
            if m.kind == DRAWN and not m.offences and m.taken == (sevens or 1):
                draws[s].append((i, table))
            sevens = 0
        if m.kind == PLAYED:
            if m.offences:
                event = (STOOD, m.card, m.taken)
            else:
                call = None
                if wild and m.card.rank == Rank.JACK:
                    call = state.moves[i + 1].called if i + 1 < len(state.moves) else state.called_suit
                event = (CLEAN, table, m.card, plays[s][-1][3], call)
        elif draws[s] and draws[s][-1][0] == i:
            event = (REFUSED, table, m.taken)
        else:
            event = (TAKEN, None, m.taken)
        history[s].append(event)
        if m.taken:
            taken[s].append((i, m.taken))
            sizes[s] += m.taken
    out = {}
    for s in range(n):
        if s == seat or state.exposed[s] or not state.hands[s]:
            continue
        held = len(state.hands[s])
        seen = Seen()
        for k, (i, _) in enumerate(draws[s]):
            given = sum(t for j, t in taken[s] if j >= i)
            if held - given > 0:
                seen.draws.append(([t for _, t in draws[s][k:]], held - given))
        last = max((j for j, _ in taken[s]), default=-1)
        recent = [p for p in plays[s] if p[0] > last]
        for k, (_, table, card, danger) in enumerate(recent):
            seen.plays.append((table, card, danger, [c for _, _, c, _ in recent[k + 1:]]))
        seen.history = history[s]
        seen.checked = bool(seen.plays) or (FULL_HISTORY and any(e[0] == CLEAN for e in history[s]))
        if seen.draws or seen.checked:
            out[s] = seen
    return out


def thumb_pick(hand, table: R.Table, rules: frozenset, danger: bool):
    """The card the rules of thumb play from ``hand`` on ``table`` (None: they draw)."""
    fitting = [c for c in hand if R.fits(rules, c, table) is None]
    if not fitting:
        return None
    suits = [0, 0, 0, 0]
    for c in hand:
        suits[c.suit] += 1
    wild, skips, nice = R.JACK_WILD in rules, R.ACE_SKIPS in rules, R.SEVEN_NICE_DAY in rules
    best, best_score = None, None
    for card in sorted(fitting, key=_order):
        rank = card.rank
        score = suits[card.suit] - 0.1 * rank / 14
        if wild and rank == Rank.JACK:
            score -= 6
        if danger and ((skips and rank == Rank.ACE) or (nice and rank == Rank.SEVEN)):
            score += 8
        if nice and rank == Rank.SEVEN:
            score += 2
        if best_score is None or score > best_score:
            best, best_score = card, score
    return best


CLEAN, STOOD, REFUSED, TAKEN = range(4)
FULL_HISTORY = True     # check the whole round's moves back from the hand (not only the plays
                        # since the seat was last given a card)


def disagreements(hand: list, seen: Seen, rules: frozenset, rand=None) -> int:
    """How many of the seat's moves this round the rules of thumb would not have made, going
    back from ``hand`` (its hand now): a play they would not pick, a draw while a card fitted.
    Only the plays since the seat was last given a card are sure; further back, which of its
    cards came with a draw is guessed (a card that fitted then, else at random by ``rand``),
    so a wrong guess may count too."""
    if not FULL_HISTORY or rand is None:
        wrong = 0
        for table, card, danger, later in seen.plays:
            pick = thumb_pick(hand + later + [card], table, rules, danger)
            if pick is None or pick.face != card.face:
                wrong += 1
        return wrong
    held = list(hand)
    wrong = 0
    weight = SURE            # a disagreement counts this much until a card's coming is guessed
    fits = R.fits
    for event in reversed(seen.history):
        kind = event[0]
        if kind == CLEAN:
            _, table, card, danger, call = event
            if call is not None:         # the rules of thumb call the suit held most after the jack
                rest = [0, 0, 0, 0]
                for c in held:
                    rest[c.suit] += 1
                if (max(range(4), key=lambda x: (rest[x], x)) if held else card.suit) != call:
                    wrong += weight
            held.append(card)
            pick = thumb_pick(held, table, rules, danger)
            if pick is None or pick.face != card.face:
                wrong += weight
            continue
        if kind == STOOD:
            _, card, count = event
            weight = 1
            _drop(held, [], count, rand)
            held.append(card)
            continue
        _, table, count = event
        if count > len(held):
            return wrong        # the hand was short of cards: no more to say
        fitting = [c for c in held if fits(rules, c, table) is None] if kind == REFUSED else []
        if len(fitting) > count:
            wrong += weight
        if len(fitting) < count:
            weight = 1
        _drop(held, fitting[:count], count, rand)
    return wrong


SURE = 8


def _drop(held: list, first: list, count: int, rand) -> None:
    """Take ``count`` cards out of ``held``: ``first``, then others at random."""
    for c in first:
        held.remove(c)
    for _ in range(count - len(first)):
        if not held:
            return
        held.pop(int(rand() * len(held)))


def _level(card, seen: Seen, rules: frozenset) -> int:
    """The first of ``seen.draws`` from which on ``card`` fits none of the tables drawn on
    (``len(seen.draws)``: it fits the last)."""
    level = seen.levels.get(id(card))
    if level is None:
        level = len(seen.draws)
        if level:
            tables = seen.draws[0][0]         # every table, oldest first
            for k in range(len(tables) - 1, -1, -1):
                if R.fits(rules, card, tables[k]) is None:
                    break
                level -= 1
        seen.levels[id(card)] = level
    return level


def _draw_hand(pool: list, levels: list, size: int, seen: Seen, rand) -> list | None:
    """``size`` cards from ``pool`` in a random order keeping ``seen.draws``: at least so many
    of them fit none of the tables of a draw and of every later one (``levels``: each card's
    :func:`_level`). None when it cannot."""
    order = sorted(range(len(pool)), key=lambda _: rand())
    if not seen.draws:
        return [pool[i] for i in order[:size]]
    picked: list = []
    used = set()
    for k, (_, need) in enumerate(seen.draws):
        if len(picked) >= need:
            continue
        for i in order:
            if levels[i] <= k and i not in used:
                picked.append(pool[i])
                used.add(i)
                if len(picked) >= need:
                    break
        else:
            return None
    for i in order:
        if len(picked) >= size:
            break
        if i not in used:
            picked.append(pool[i])
    return picked


def deal(state: MaoState, seat: int, rng: Rng, known: dict | None = None) -> MaoState:
    """:func:`uniform_deal`, but each other seat the record tells about (``known``, from
    :func:`observations`) is dealt a hand that keeps its draws (cards that fitted none of the
    tables it drew on) and, of up to ``TRIES`` such hands, one that its plays agree with
    (the first that agrees fully, else the one with fewest disagreements)."""
    if not known:
        return uniform_deal(state, seat, rng)
    rules = state.rules
    local = random.Random(rng.next64())
    shuffle, rand = local.shuffle, local.random
    pool = list(state.stock)
    for s in range(state.players):
        if s != seat:
            held = list(state.hands[s])
            for c in state.exposed[s]:
                if c in held:
                    held.remove(c)
            pool.extend(held)
    pool.sort(key=_order)
    hands = list(state.hands)
    for s in sorted(known):
        seen = known[s]
        size = len(state.hands[s])
        best, best_wrong = None, None
        levels = [_level(c, seen, rules) for c in pool] if seen.draws else None
        for _ in range(TRIES if seen.checked else 1):
            hand = _draw_hand(pool, levels, size, seen, rand)
            if hand is None:
                break
            wrong = disagreements(hand, seen, rules, rand) if seen.checked else 0
            if best_wrong is None or wrong < best_wrong:
                best, best_wrong = hand, wrong
                if not wrong:
                    break
        if best is None:
            best = pool[:]
            shuffle(best)
            best = best[:size]
        chosen = set(best)
        pool = [c for c in pool if c not in chosen]
        hands[s] = tuple(sorted(best, key=_order))
    order = pool
    shuffle(order)
    at = 0
    for s in range(state.players):
        if s == seat or s in known:
            continue
        held = list(state.hands[s])
        shown = [c for c in state.exposed[s] if c in held]
        room = len(held) - len(shown)
        rest = order[at:at + room]
        at += room
        hands[s] = tuple(sorted(shown + rest, key=_order))
    return replace(state, hands=tuple(hands), stock=tuple(order[at:]), rng_state=rng.next64())


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


VALUE = "odds"      # a cut play-out is worth its odds of winning (ODDS); "rival": a tenth of a
                    # round per card from the nearest rival; "util": State.utility's shape (rounds
                    # won against the others' mean and a twentieth per card), to the round's end
                    # measured worse (noisier)


# The round's worth (2 P(win) - 1) when a play-out is cut short, by the seat's hand size
# (row, 1-9 and more) and the nearest rival's (column): how often the seat went on to win the
# round from there, every seat playing the rules of thumb, over 3,000 rounds (deals 7000-9999,
# every other move, 241,000 seat-positions; a cell seen fewer than 100 times takes its left
# neighbour, then the table is made monotone)
ODDS = (
    (-0.21, +0.07, +0.21, +0.32, +0.32, +0.32, +0.32, +0.32, +0.32),
    (-0.59, -0.33, -0.15, -0.04, +0.09, +0.09, +0.09, +0.09, +0.09),
    (-0.72, -0.54, -0.37, -0.24, -0.14, -0.07, -0.07, -0.07, -0.07),
    (-0.79, -0.65, -0.53, -0.39, -0.31, -0.24, -0.24, -0.24, -0.24),
    (-0.84, -0.73, -0.62, -0.51, -0.42, -0.37, -0.25, -0.25, -0.25),
    (-0.89, -0.78, -0.69, -0.62, -0.53, -0.46, -0.42, -0.42, -0.42),
    (-0.89, -0.82, -0.76, -0.66, -0.61, -0.54, -0.50, -0.50, -0.50),
    (-0.89, -0.82, -0.81, -0.76, -0.68, -0.65, -0.65, -0.65, -0.65),
    (-0.89, -0.82, -0.81, -0.81, -0.77, -0.74, -0.74, -0.74, -0.74),
)


def worth(seat: int, winners, sizes) -> float:
    """How a play-out ended for ``seat`` (``winners`` None when it was cut short)."""
    if VALUE == "odds":
        if winners is not None:
            return 1.0 if seat in winners else -1.0
        own = min(max(sizes[seat], 1), 9)
        rival = min(max(min(x for s, x in enumerate(sizes) if s != seat), 1), 9)
        return ODDS[own - 1][rival - 1]
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
    from solvers.games.mao_play import heuristic_bot
    return heuristic_bot


def evaluate(state: MaoState, seat: int, policy, rng: Rng, samples: int = SAMPLES,
             budget: float | None = None, prior: Action | None = None,
             ) -> tuple[list[tuple[Action, float, int]], list[list[float]]]:
    """Each faultless move's mean value over the same sampled deals, (move, mean, samples),
    and every move's value on each sampled deal (for paired comparisons). With ``prior``
    (the rules-of-thumb move) the moves tried are :func:`searched`."""
    moves = candidates(state, seat) if prior is None else searched(state, seat, prior)
    known = observations(state, seat) if INFER and len(moves) > 1 else {}
    per_move = played_out(state, seat, moves, policy, rng, 0, samples if len(moves) > 1 else 0,
                          known, budget, time.perf_counter())
    return [(m, (sum(v) / len(v) if v else 0.0), len(v)) for m, v in zip(moves, per_move)], per_move


def played_out(state: MaoState, seat: int, moves: list[Action], policy, rng: Rng, first: int,
               samples: int, known: dict, budget: float | None, start: float) -> list[list[float]]:
    """Every move's value on each of the sampled deals ``first`` .. ``first + samples - 1``
    (the same deals and the same play-outs for every move: a paired comparison)."""
    hand = state.hands_played
    per_move: list[list[float]] = [[] for _ in moves]
    fast = policy is heuristic_policy()
    for i in range(first, first + samples):
        if budget is not None and i > first and time.perf_counter() - start > budget:
            break
        world = deal(state, seat, rng.fork(i), known)
        seed = rng.fork(10_000 + i).next64()
        for k, move in enumerate(moves):
            after = world._apply(move, seat)
            if fast:
                worth = fast_rollout(after, seat, hand, ORBITS * state.players)
            else:
                worth = value(rollout(after, policy, Rng(seed)), seat, hand)
            per_move[k].append(worth)
    return per_move


def paired_gain(values: list[float], base: list[float]) -> tuple[float, float]:
    """The mean of ``values`` less ``base``, deal by deal, and its standard error."""
    n = min(len(values), len(base))
    if n < 2:
        return 0.0, float("inf")
    diffs = [a - b for a, b in zip(values, base)]
    mean = sum(diffs) / n
    return mean, (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 / n ** 0.5


CONFIRM = 96         # fresh sampled deals on which a change found on the first ones must hold
                     # again before it is played (0: no confirmation, the first deals decide)
SCREEN = 1.5         # with CONFIRM: a change goes to confirmation above this many standard errors
CONFIRM_FIRST = 50_000   # the confirming deals are numbered from here (none shared with the first)


def choose(state: MaoState, seat: int, policy, rng: Rng, samples: int = SAMPLES,
           budget: float | None = None) -> tuple[Action, list[tuple[Action, float, int]]]:
    """The best faultless move (the rules-of-thumb move on a tie) and every move's value.

    The rules-of-thumb move is left only for a move whose paired gain over it is above
    ``KEEP_MARGIN`` standard errors; with ``CONFIRM``, the best such move at ``SCREEN``
    standard errors is played again with the rules-of-thumb move on ``CONFIRM`` fresh deals,
    and only a gain above ``KEEP_MARGIN`` standard errors there (free of the choice among
    the candidates made on the first deals) makes the change."""
    start = time.perf_counter()
    prior = policy(state, seat, rng.fork("prior"))
    values, per_move = evaluate(state, seat, policy, rng, samples, budget, prior)
    if prior not in [m for m, _, _ in values] or not per_move or len(values) < 2:
        return max(values, key=lambda v: v[1])[0], values
    p = [m for m, _, _ in values].index(prior)
    margin = SCREEN if CONFIRM else KEEP_MARGIN
    best, best_gain = prior, 0.0
    for k, (move, _, n) in enumerate(values):
        if k == p or n < 2:
            continue
        mean, spread = paired_gain(per_move[k], per_move[p])
        if mean > margin * spread and mean > best_gain:
            best, best_gain = move, mean
    if not CONFIRM or best == prior:
        return best, values
    if budget is not None and time.perf_counter() - start > budget:
        return prior, values
    known = observations(state, seat) if INFER else {}
    again = played_out(state, seat, [best, prior], policy, rng, CONFIRM_FIRST, CONFIRM, known,
                       budget, start)
    mean, spread = paired_gain(again[0], again[1])
    return (best if mean > KEEP_MARGIN * spread else prior), values


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
