"""Rules of thumb for Kop: what to announce with both black queens and which card to play.

* Announcing: with both black queens and the ace of hearts plus one more trump the hand
  takes nearly every trick, so go solo; otherwise call a partner (a lone player pays two
  victory cards to each opponent when it fails).
* Leading: lead the highest trump left when nobody can beat it (it draws the others'
  trumps and their points); otherwise lead the card worth least, keeping plain aces,
  which the others trump at once, for when they can no longer be trumped.
* Following: the rules often force a winning card. Last to play, win with the card worth
  most; earlier, win cheaply unless the trick already holds ten points or more. When a known
  partner wins the trick and nobody after can beat it, add the card worth most; otherwise
  throw the card worth least.

Each choice comes with its reason. The bots use only the seat's own knowledge of the sides
(:func:`solvers.games.kop.side_knowledge`).
"""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.game import Action, Hint, card_action
from solvers.games.kop import DECLARE, KopState, side_knowledge
from solvers.games.kop_cards import BLACK_QUEENS, PACK, TRUMPS, beats, power, points, suit_of, winning_play

__all__ = ["heuristic_bot", "heuristic_hint", "choose_announcement", "choose_card"]

ACE_OF_HEARTS = next(c for c in TRUMPS if c.rank == 14 and c.suit == 2)


def choose_announcement(state: KopState, seat: int) -> tuple[Action, str]:
    """What a player holding both black queens announces, and why."""
    hand = state.hands[seat]
    if not set(BLACK_QUEENS) <= set(hand):
        return Action("pass"), "you do not hold both black queens: there is nothing to announce"
    rest = [c for c in hand if c not in BLACK_QUEENS]
    if ACE_OF_HEARTS in rest and all(c in TRUMPS for c in rest):
        return Action("solo"), ("four trumps with the ace of hearts and both black queens take nearly every "
                                "trick: play solo for two victory cards from each opponent")
    return Action("call"), ("both black queens but not enough trumps to win alone: call the highest jack "
                            "you lack for a partner")


def _unseen_trumps(state: KopState, seat: int) -> list[Card]:
    gone = state.played_by()
    return [c for c in TRUMPS if c not in gone and c not in state.hands[seat]]


def choose_card(state: KopState, seat: int) -> tuple[Card, str]:
    """The card the rules of thumb play, and why."""
    legal = state.playable(seat)
    if len(legal) == 1:
        return legal[0], "the only card the rules allow"
    if not state.trick:
        return _lead(state, seat, legal)
    plays = state.trick
    leader_seat, best = winning_play(plays)
    winners = [c for c in legal if beats(c, best)]
    last = len(plays) == 3
    know = side_knowledge(state, seat)
    if winners:
        on_table = sum(points(c) for _, c in plays)
        if last:
            card = max(winners, key=lambda c: (points(c), -power(c)))
            return card, f"you play last and must win: win with {card.pretty()}, the card worth most"
        if on_table >= 10:
            card = max(winners, key=lambda c: (power(c), -points(c)))
            return card, f"the trick holds {on_table} points: win it with your highest card, {card.pretty()}"
        card = min(winners, key=lambda c: (power(c), points(c)))
        return card, f"you must win the trick: win it cheaply with {card.pretty()}"
    partner_wins = leader_seat in know["partners"]
    if partner_wins and (last or _is_master(state, seat, best)):
        card = max(legal, key=lambda c: (points(c), -power(c)))
        return card, f"your partner wins this trick: add {card.pretty()}, worth {points(card)} points"
    card = min(legal, key=lambda c: (points(c), power(c)))
    return card, f"you cannot win this trick: throw {card.pretty()}, worth only {points(card)} points"


def _is_master(state: KopState, seat: int, best: Card) -> bool:
    """True when no card still out can beat ``best``."""
    gone = state.played_by()
    return not any(beats(c, best) for c in PACK if c not in gone and c not in state.hands[seat])


def _lead(state: KopState, seat: int, legal: list[Card]) -> tuple[Card, str]:
    trumps = sorted((c for c in legal if c in TRUMPS), key=power, reverse=True)
    unseen = _unseen_trumps(state, seat)
    if trumps and unseen and all(power(trumps[0]) > power(c) for c in unseen):
        return trumps[0], (f"{trumps[0].pretty()} is the highest trump left: lead it to draw the others' "
                           "trumps and their points")
    plain = [c for c in legal if c not in TRUMPS]
    safe_aces = [c for c in plain if c.rank == 14 and not unseen]
    if safe_aces:
        return safe_aces[0], f"no trumps are left with the others: cash {safe_aces[0].pretty()}"
    card = min(legal, key=lambda c: (points(c), power(c), suit_of(c)))
    return card, f"lead {card.pretty()}, the card worth least, and keep your strength for later"


def heuristic_bot(state: KopState, seat: int, rng: Rng) -> Action:
    """The rules of thumb as a bot."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == DECLARE:
        return choose_announcement(state, seat)[0]
    return card_action("play", choose_card(state, seat)[0])


def heuristic_hint(state: KopState, seat: int) -> Hint:
    """The rules of thumb as a hint with its reason."""
    legal = state.legal_actions(seat)
    if state.phase == DECLARE:
        action, reason = choose_announcement(state, seat)
    else:
        card, reason = choose_card(state, seat)
        action = card_action("play", card)
    alternatives = [{"action": a.to_json()} for a in legal if a != action]
    return Hint(action, reason[0].upper() + reason[1:], {"kind": "rules of thumb"}, alternatives,
                method="heuristic")
