"""Bura's rules of thumb: claim as soon as you hold 31, announce every combination, lead
what is hard to beat, take points cheaply, and keep trumps while the stock lasts.

Everything here reads only what the seat knows: its hand, the cards on the table, the
cards taken in tricks (which every player saw) and the turned card.
"""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.game import Action
from solvers.games.bura import ANNOUNCE, CLAIM, LAST, LEAD, PASS, RESPOND, BuraState
from solvers.games.bura_cards import CLAIM_TARGET, POWER, bura_pack, card_beats, card_points, play_beats

PACK = tuple(bura_pack())


def unseen_cards(state: BuraState, seat: int) -> list[Card]:
    """Cards that may lie in another player's hand: those ``seat`` has not seen, plus the
    turned card when another player drew it and still holds it."""
    seen = set(state.hands[seat]) | {state.turned}
    for pile in state.won:
        seen.update(pile)
    for _, played in state.trick:
        seen.update(played)
    out = [c for c in PACK if c not in seen]
    holder = state.turned_to
    if holder >= 0 and holder != seat and state.turned in state.hands[holder]:
        out.append(state.turned)
    return out


def chance_to_beat(cards, unseen: list[Card], hand_size: int, trump: int) -> float:
    """Rough chance that one other player holds cards beating every card of ``cards``."""
    if not unseen:
        return 0.0
    chance = 1.0
    for card in cards:
        share = sum(1 for u in unseen if card_beats(u, card, trump)) / len(unseen)
        chance *= 1.0 - (1.0 - share) ** hand_size
    return chance


def trump_cost(cards, state: BuraState) -> float:
    """What spending these trumps costs: more while the stock still feeds the hands."""
    early = 1.0 if state.stock or state.turned_in_stock else 0.4
    return sum(2.0 + 0.5 * POWER[c.rank] for c in cards if c.suit == state.trump) * early


def _beaten_by_later(cards, state: BuraState, seat: int, unseen: list[Card]) -> float:
    """Chance that a player still to play beats ``cards``."""
    later = state.players - 1 - len(state.trick) if state.trick else state.players - 1
    size = max(1, len(state.hands[seat]))
    one = chance_to_beat(cards, unseen, size, state.trump)
    return 1.0 - (1.0 - one) ** max(later, 0)


def _weight(state: BuraState) -> float:
    """How much one opponent's points count against your own (all of it with two players)."""
    return 1.0 if state.players == 2 else 0.6


def _threat(state: BuraState, seat: int) -> int:
    """The most card points another player has taken (every player saw those tricks)."""
    return max(state.points_of(s) for s in range(state.players) if s != seat)


def lead_score(cards, state: BuraState, seat: int, unseen: list[Card]) -> float:
    """How good a lead looks: its points banked when it holds, handed over when it is beaten."""
    points = card_points(cards)
    beaten = _beaten_by_later(cards, state, seat, unseen)
    value = (1 - beaten) * (points + 3 * len(cards)) - beaten * points * _weight(state)
    if state.points_of(seat) + points >= CLAIM_TARGET:
        value += 30 * (1 - beaten)
    if _threat(state, seat) + points >= CLAIM_TARGET:
        value -= 30 * beaten
    return value - trump_cost(cards, state)


def answer_score(cards, state: BuraState, seat: int, unseen: list[Card], own_points: int) -> float:
    """How good an answer looks: win the trick's points, or let it go as cheaply as possible."""
    best = next(c for s, c in state.trick if s == state.best)
    stake = sum(card_points(c) for _, c in state.trick) + card_points(cards)
    holder = state.points_of(state.best)
    if play_beats(cards, best, state.trump):
        beaten = _beaten_by_later(cards, state, seat, unseen)
        value = (1 - beaten) * (stake + 3) - beaten * stake * _weight(state)
        if own_points + stake >= CLAIM_TARGET:
            value += 30 * (1 - beaten)
        if holder + stake >= CLAIM_TARGET:
            value += 30 * (1 - beaten)   # it stops the player who would reach 31
        return value - trump_cost(cards, state)
    value = -stake * _weight(state) - 0.05 * sum(POWER[c.rank] for c in cards)
    if holder + stake >= CLAIM_TARGET:
        value -= 30
    return value - 0.5 * trump_cost(cards, state)


def heuristic_bot(state: BuraState, seat: int, rng: Rng) -> Action:
    """The rules of thumb as a player."""
    return heuristic_choice(state, seat)[0]


def heuristic_choice(state: BuraState, seat: int) -> tuple[Action, str]:
    """The rules of thumb's move and why, in words."""
    legal = state.legal_actions(seat)
    own = state.points_of(seat)
    if own >= CLAIM_TARGET and Action(CLAIM) in legal:
        return Action(CLAIM), "your tricks hold 31 or more: claim and take the pot"
    if state.phase == LAST:
        return Action(PASS), "a claim now would be false and double the pot"
    announce = next((a for a in legal if a.kind == "announce"), None)
    if announce is not None:
        return announce, f"announce your {announce.args[0]}: it takes the lead"
    if state.phase == ANNOUNCE:
        return Action(PASS), "no combination to announce"
    if state.phase == LEAD and Action(PASS) in legal:
        keep = next((a for a in legal if a.kind == "lead"), None)
        if keep is not None:
            return keep, "lead your own combination: it outranks or ties the announcement and you lead first"
        return Action(PASS), "you cannot outrank the announced combination"
    unseen = unseen_cards(state, seat)
    plays = [a for a in legal if a.kind in ("lead", "play")]
    cards_of = {a: [c for c in state.hands[seat] if str(c) in a.args] for a in plays}
    if state.phase == RESPOND:
        scored = [(answer_score(cards_of[a], state, seat, unseen, own), a) for a in plays]
        best = max(scored, key=lambda x: x[0])[1]
        beats = play_beats(cards_of[best], next(c for s, c in state.trick if s == state.best), state.trump)
        why = "beat the best play and take the points" if beats else "throw your cheapest cards"
        return best, why
    scored = [(lead_score(cards_of[a], state, seat, unseen), a) for a in plays]
    best = max(scored, key=lambda x: x[0])[1]
    n = len(best.args)
    why = "lead cards that are hard to beat" if n > 1 else "lead the card that risks least"
    return best, why

