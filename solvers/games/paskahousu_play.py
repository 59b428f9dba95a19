"""Paskahousu's rules of thumb: the ``heuristic`` bot and the reasons it gives.

* Clear the pile when you can do it cheaply: complete four of a kind, or put a single ten
  or ace on a pile worth getting rid of.
* Otherwise get rid of the lowest ordinary cards (3 to 9, then pictures), all of that rank.
* Keep twos, tens and aces back: while the stock lasts, turn the top card of the stock
  rather than spend them (the rule text's tip); once it is empty, spend a single two, ten
  or ace only to avoid picking up a pile of several cards.
* Pick up a pile of only picture cards and specials while the stock lasts (the rule text's
  tip: such a pile strengthens the hand for the endgame).
"""

from __future__ import annotations

from solvers.cards import Rank, Rng
from solvers.game import Action
from solvers.games.paskahousu import (GAMBLE, PICK_UP, PaskahousuState, clears, height, rank_name,
                                      _play_action)

__all__ = ["heuristic_bot", "heuristic_choice", "SPECIAL"]

SPECIAL = (Rank.TWO, Rank.TEN, Rank.ACE)
WORTH_CLEARING = 3      # a pile of this many cards is worth a ten or an ace to clear


def heuristic_choice(state: PaskahousuState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb move for ``seat`` and the reason in words."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0], "the only legal move"
    hand = state.hands[seat]
    pile = state.pile
    by_rank = {r: [c for c in hand if c.rank == r] for r in state.playable_ranks(seat)}
    # 1. four of a kind on top of the pile clears it for nothing
    for rank, cards in by_rank.items():
        if rank not in SPECIAL and pile and clears(pile, tuple(cards)):
            return _play_action(cards), f"your {rank_name(rank)}s make four of a kind on the pile and clear it"
    # 2. a single ten or ace that clears a pile worth clearing
    for rank in (Rank.TEN, Rank.ACE):
        cards = by_rank.get(rank)
        if cards and pile and clears(pile, (cards[0],)) and (len(pile) >= WORTH_CLEARING or not _ordinary(by_rank)):
            return _play_action(cards[:1]), f"a single {rank_name(rank)} clears the pile of {len(pile)} cards"
    # 3. a pile of pictures and specials is worth taking while the stock lasts
    if state.stock and len(pile) >= 2 and all(height(c.rank) >= Rank.JACK for c in pile):
        return Action(PICK_UP), "the pile holds only high cards: taking it strengthens your hand for the endgame"
    # 4. the lowest ordinary rank, all of it
    ordinary = _ordinary(by_rank)
    if ordinary:
        rank = min(ordinary, key=height)
        cards = by_rank[rank]
        return _play_action(cards), f"get rid of your lowest playable cards, all your {rank_name(rank)}s"
    # 5. only twos, tens or aces could be played, or nothing at all
    if state.stock:
        return Action(GAMBLE), "keep your strong cards: turn the top card of the stock and try to play it"
    specials = [r for r in (Rank.TEN, Rank.ACE, Rank.TWO) if r in by_rank]
    if specials and (len(pile) >= 2 or not pile):
        rank = specials[0]
        return _play_action(by_rank[rank][:1]), f"one {rank_name(rank)} saves you from picking up the pile"
    if pile:
        return Action(PICK_UP), "nothing worth playing: pick up the pile"
    return legal[0], "play anything"


def heuristic_bot(state: PaskahousuState, seat: int, rng: Rng) -> Action:
    """Play by the rules of thumb."""
    return heuristic_choice(state, seat)[0]


def _ordinary(by_rank: dict) -> list[int]:
    return [r for r in by_rank if r not in SPECIAL]
