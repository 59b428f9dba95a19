"""Mao's rules of thumb: a veteran's play, and the belief a hint may act on.

Bots are veterans: they play by the rules in force. A hint plays by a *belief*: the base
rule plus the rules its seat has been penalised under (every rule in teacher mode).

Rules of thumb: pay no penalty you can avoid (a fitting card with exactly the words asked
for); keep jacks back while another card fits; play an ace or a seven when the next player
is close to going out; prefer the card of the suit you hold most of, so the next match is
easy; call the suit you hold most of; draw only when nothing fits.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from solvers.cards import Rank, Rng, Suit, parse_card
from solvers.game import Action
from solvers.games import mao_rules as R
from solvers.games.mao import DRAW, PLAY, WAIT, MaoState


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
