"""Mao's policies: a veteran's rules of thumb, the search, and a hint that knows only what the
seat could know.

Bots are veterans: they play by the rules in force. The hint plays by a *belief*: the
base rule plus the rules its seat has been penalised under (every rule in teacher mode),
so it never tells a player more than the table has taught them.

Rules of thumb (``heuristic``): pay no penalty you can avoid (a fitting card with exactly
the words asked for); keep jacks back while another card fits; play an ace or a seven
when the next player is close to going out; prefer the card of the suit you hold most of,
so the next match is easy; call the suit you hold most of; draw only when nothing fits.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from solvers.cards import Rank, Rng, Suit, parse_card
from solvers.game import Action, Hint
from solvers.games import mao_rules as R
from solvers.games.mao import DRAW, PLAY, WAIT, MaoState
from solvers.games.mao_search import SAMPLES, choose, make_search_bot
from solvers.ismcts import SearchConfig


def believed_rules(state: MaoState, seat: int) -> frozenset:
    """The rules ``seat`` may act on: those it was penalised under, or all in teacher mode."""
    if state.options.teacher_mode:
        return state.rules
    return frozenset(r for r in state.learned[seat] if r != R.BASE)


def belief(state: MaoState, seat: int) -> MaoState:
    """The match as ``seat`` understands it: its known rules in place of the secret ones."""
    return replace(state, rules=believed_rules(state, seat))


def best_action(state: MaoState, seat: int, rules: frozenset) -> tuple[Action, str]:
    """The rules-of-thumb action under ``rules``, with the reason in plain words."""
    if seat != state.turn:
        return Action(WAIT), "it is not your turn: a card played now earns a penalty"
    action = thumb_action(state, seat, rules)
    if action.kind == DRAW:
        if state.sevens and R.SEVEN_NICE_DAY in rules:
            return action, "no seven to pass the chain on: take the cards it owes"
        return action, "no card of yours fits the top card: draw"
    card, said = parse_card(action.args[0]), action.args[1:]
    reason = f"{card.pretty()} fits on {state.top.pretty()}"
    if said:
        reason += "; say " + (R.spoken(tuple(said)) or "the suit") + " as you play it"
    return action, reason


_NAMES: dict = {}


def _name(card) -> str:
    text = _NAMES.get(card)
    if text is None:
        text = _NAMES[card] = str(card)
    return text


def thumb_action(state: MaoState, seat: int, rules: frozenset) -> Action:
    """The rules-of-thumb action of the seat to play under ``rules`` (no reason: cheap enough
    for the search's play-outs)."""
    hand = state.hands[seat]
    table = state.table(seat)
    fits = R.fits
    fitting = {c for c in hand if fits(rules, c, table) is None}
    if not fitting:
        return Action(DRAW)
    suits = Counter(c.suit for c in hand)
    nxt = state.next_seat(seat)
    danger = len(state.hands[nxt]) <= 2
    wild = R.JACK_WILD in rules
    skips = R.ACE_SKIPS in rules
    sevens = R.SEVEN_NICE_DAY in rules

    def score(card) -> float:
        value = suits[card.suit] - 0.1 * card.rank / 14
        if wild and card.rank == Rank.JACK:
            value -= 6                 # a wild card is worth keeping
        if danger and ((skips and card.rank == Rank.ACE) or (sevens and card.rank == Rank.SEVEN)):
            value += 8
        if sevens and card.rank == Rank.SEVEN:
            value += 2                 # the next player draws
        return value

    card = max(sorted(fitting, key=lambda c: (c.suit, c.rank, c.copy)), key=score)
    words = R.required_words(rules, card, table)
    if not words:
        return Action(PLAY, (_name(card),))
    said = []
    for w in words:
        if w == R.SUIT:
            rest = Counter(c.suit for c in hand if c != card)
            best = max(Suit, key=lambda s: (rest[s], s)) if rest else Suit(card.suit)
            said.append(R.SUIT + Suit(best).letter)
        else:
            said.append(w)
    return Action(PLAY, (_name(card),) + tuple(_canonical(said)))


def _canonical(words: list[str]) -> list[str]:
    """The words in the order the action list offers them: name, seven, hail, mao, suit."""
    def key(w: str) -> int:
        if w.startswith(R.SUIT):
            return 4
        text = w[len(R.SAY):]
        if text.endswith("nice-day"):
            return 1
        if text == R.HAIL_WORD:
            return 2
        if text == R.MAO_WORD:
            return 3
        return 0
    return sorted(words, key=key)


def heuristic_bot(state: MaoState, seat: int, rng: Rng) -> Action:
    """A veteran's rules of thumb, playing by the rules in force."""
    if seat != state.turn:
        return Action(WAIT)
    return thumb_action(state, seat, state.rules)


BOTS = {"heuristic": heuristic_bot, "search": make_search_bot(heuristic_bot)}
# the generic search's settings, for tools that ask for them (the game's own search plays)
SEARCH = SearchConfig(rollout=heuristic_bot, widen_base=4, rollout_steps=200)


def hint(state: MaoState, seat: int, budget=None, *, mode=None, rng=None, iterations=None) -> Hint:
    """The sampled search's advice on the match as ``seat`` understands it (its known rules only)."""
    known = belief(state, seat)
    if seat != state.turn:
        action, reason = best_action(known, seat, known.rules)
        return Hint(action, reason, method="heuristic")
    samples = iterations if iterations is not None else SAMPLES
    limit = None if iterations is not None else (1.0 if budget is None else budget) * 0.8
    chosen, values = choose(known, seat, heuristic_bot, rng or Rng(0), samples, limit)
    safe, safe_reason = best_action(known, seat, known.rules)
    if chosen.kind == DRAW:
        text = safe_reason if safe.kind == DRAW else "keeping your cards and drawing does best in the play-outs"
    else:
        text = _why(known, seat, chosen)
    reason = (text + " (as far as you know the rules: the basic rule"
              + (" and what your penalties taught you" if known.rules else "") + ")")
    value = next(v for m, v, _ in values if m == chosen)
    done = max((n for _, _, n in values), default=0)
    alternatives = [{"action": m.notation, "value": round(v, 4)} for m, v, _ in
                    sorted(values, key=lambda x: -x[1]) if m != chosen]
    return Hint(chosen, reason, evaluation={"value": round(value, 4), "samples": done},
                alternatives=alternatives, method="sampled" if len(values) > 1 else "heuristic")


def breaches(state: MaoState, seat: int, action: Action) -> bool:
    """True when ``action`` earns a penalty under ``state``'s rules (bad card or wrong words)."""
    if action.kind != PLAY:
        return False
    table = state.table(seat)
    card = parse_card(action.args[0])
    if R.fits(state.rules, card, table) is not None:
        return True
    return bool(R.judge_words(state.rules, card, action.args[1:], table))


def _why(state: MaoState, seat: int, action: Action) -> str:
    """The hint's reason for a play, in the words a player uses at the table."""
    card = parse_card(action.args[0])
    words = action.args[1:]
    text = f"play {card.pretty()} on {state.top.pretty()}"
    if words:
        text += ", saying " + (R.spoken(words) or "") + (
            (" and calling " + Suit.parse(next(w for w in words if w.startswith(R.SUIT))[len(R.SUIT):]).symbol)
            if any(w.startswith(R.SUIT) for w in words) else "")
    return text
