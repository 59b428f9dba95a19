"""A Tëtka player's rules of thumb: dodge the penalty cards and the costly tricks.

* Following suit: stay under the card that is winning, with the highest card that still
  loses (a queen or the bum card first: it goes to whoever wins). When every card wins,
  play the highest as last to play (the trick is yours anyway) and the lowest
  otherwise, hoping a later player goes over; never a penalty card while it might win.
* Unable to follow: throw Tëtka, then the bum card, then the other queens, then the
  highest card of a short suit (the cards that would win tricks later).
* Leading: lead the card least likely to win its trick, a low card that others can
  only go over; keep penalty cards back; prefer a suit the others still hold.

Only the seat's own cards and what everyone saw are used, so the same rules serve as
the generic search's rollout policy on sampled deals.
"""

from __future__ import annotations

from solvers.cards import Card, Rng, Suit
from solvers.errors import CardsageError
from solvers.game import Action, Hint, card_action
from solvers.games.tetka import TetkaState
from solvers.games.tetka_penalties import card_penalty
from solvers.games.tetka_search import make_sampled_bot, sampled_hint
from solvers.ismcts import SearchConfig
from solvers.tricks import cards_that_follow, current_winner

SUIT_NAMES = {s: s.name.lower() for s in Suit}


def _gone(state: TetkaState) -> set[Card]:
    return {c for plays in state.history for _, c in plays} | {c for _, c in state.trick}


def choose(state: TetkaState, seat: int) -> tuple[Card, str]:
    """The card the rules of thumb play and why."""
    holding = list(state.holding(seat))
    if not state.trick:
        return _lead(state, seat, holding)
    led = state.trick[0][1]
    playable = cards_that_follow(holding, led)
    if playable[0].suit != led.suit:
        return _discard(state, playable)
    _, best = current_winner(state.trick, None)
    under = [c for c in playable if c.rank < best.rank]
    if under:
        dump = [c for c in under if card_penalty(c, state.bum)]
        if dump:
            card = max(dump, key=lambda c: card_penalty(c, state.bum))
            return card, f"drop {card.pretty()} under the winning {best.pretty()}: the penalty goes to them"
        card = max(under, key=lambda c: c.rank)
        return card, f"stay under {best.pretty()} with your highest card that still loses ({card.pretty()})"
    last = len(state.trick) == state.players - 1
    safe = [c for c in playable if not card_penalty(c, state.bum)] or playable
    if last:
        card = max(safe, key=lambda c: c.rank)
        return card, f"the trick is yours whatever you play: get rid of your highest, {card.pretty()}"
    card = min(safe, key=lambda c: c.rank)
    return card, f"every card wins for now: play the lowest, {card.pretty()}, so a later player may go over"


def _discard(state: TetkaState, playable: list[Card]) -> tuple[Card, str]:
    """The card to throw away when void in the suit led."""
    penalties = [c for c in playable if card_penalty(c, state.bum)]
    if penalties:
        card = max(penalties, key=lambda c: (card_penalty(c, state.bum), c.rank))
        what = "Tëtka" if card == state.tetka else "the bum card" if card == state.bum else "a queen"
        return card, f"you cannot follow: throw {what} ({card.pretty()}) on someone else's trick"
    length = {s: sum(1 for c in playable if c.suit == s) for s in Suit}
    card = max(playable, key=lambda c: (c.rank - 2 * length[c.suit], c.rank))
    return card, f"you cannot follow: throw the high {card.pretty()} before it wins a trick"


def _lead(state: TetkaState, seat: int, holding: list[Card]) -> tuple[Card, str]:
    """The lead least likely to win its trick."""
    gone = _gone(state) | set(holding)
    others = [s for s in range(state.players) if s != seat]

    def unseen_below(card: Card) -> int:
        return sum(1 for r in range(2, card.rank) if Card.standard(r, card.suit) not in gone)

    def unseen_above(card: Card) -> int:
        return sum(1 for r in range(card.rank + 1, 15) if Card.standard(r, card.suit) not in gone)

    def risk(card: Card) -> tuple:
        followers = sum(1 for s in others if card.suit not in state.voids[s])
        sure_win = unseen_above(card) == 0 or followers == 0
        return (sure_win, card_penalty(card, state.bum) > 0, unseen_below(card) - unseen_above(card) / 4,
                card.rank)

    card = min(holding, key=risk)
    below, above = unseen_below(card), unseen_above(card)
    if above == 0 or all(card.suit in state.voids[s] for s in others):
        return card, f"every lead wins its trick: lead {card.pretty()} and take it now"
    if below == 0:
        return card, (f"lead {card.pretty()}: nobody can play under it, so the others must go over "
                      f"or throw off")
    return card, f"lead the low {card.pretty()}: {above} higher {SUIT_NAMES[Suit(card.suit)]} are still out"


def heuristic_bot(state: TetkaState, seat: int, rng: Rng) -> Action:
    """The rules-of-thumb Tëtka policy."""
    card, _ = choose(state, seat)
    return card_action("play", card)


def heuristic_hint(state: TetkaState, seat: int) -> Hint:
    """The rules of thumb's card with its reason and the other legal cards."""
    card, reason = choose(state, seat)
    action = card_action("play", card)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")


def hint(state: TetkaState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Every legal card tried on the same sampled deals (``iterations``: how many deals;
    otherwise as many as ``budget`` seconds allow), each finished by the rules of thumb;
    from 6 cards a hand down, each deal solved double dummy instead."""
    if mode is not None:
        raise CardsageError("Tëtka has one kind of hint; leave the mode out", field="mode")
    return sampled_hint(state, seat, heuristic_bot, budget, rng, iterations)


BOTS = {"heuristic": heuristic_bot, "search": make_sampled_bot(heuristic_bot)}
# the generic information-set search, for comparison, rolls out with the rules of thumb
SEARCH = SearchConfig(rollout=heuristic_bot)
