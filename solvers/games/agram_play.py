"""Rules of thumb for Agram, where only the last trick counts.

The rule text gives no tactics; these follow from the one aim, winning the last trick:

* Keep the strong cards for the end and get rid of the low ones while the tricks are
  worth nothing: lead your lowest card, follow with your lowest card of the suit led,
  and when you cannot follow throw your lowest card, keeping the masters (cards no
  unseen card of their suit beats).
* With two cards left, the lead of the last trick is what counts. Leading, play the
  weaker card and keep the stronger one: if the weaker one wins, you lead the stronger
  to the last trick. Following, win the trick when the card you would keep is a master
  (you then lead it to the last trick); otherwise keep the higher card.

Every choice comes with a reason a player can read.
"""

from __future__ import annotations

from solvers.cards import Card, Rng
from solvers.game import Action, Hint, card_action
from solvers.games.agram import AgramState
from solvers.tricks import current_winner


def _name(card: Card) -> str:
    return card.pretty()


def unseen_cards(state: AgramState, seat: int) -> set[Card]:
    """Cards ``seat`` has not seen this round: other hands and the undealt cards."""
    unseen = set(state.stock).union(*(h for s, h in enumerate(state.hands) if s != seat))
    return unseen


def is_master(card: Card, unseen: set[Card]) -> bool:
    """True when no unseen card of its suit beats it."""
    return not any(c.suit == card.suit and c.rank > card.rank for c in unseen)


def _strength(card: Card, unseen: set[Card]) -> tuple:
    """How good a card is to keep for the last trick: masters first, then by rank."""
    return (is_master(card, unseen), card.rank)


def choose(state: AgramState, seat: int) -> tuple[Card, str]:
    """The card the rules of thumb play and why."""
    playable = sorted(state.playable(seat), key=lambda c: (c.rank, c.suit))
    if len(playable) == 1:
        card = playable[0]
        if state.tricks_left == 1:
            return card, f"your last card ({_name(card)}) goes to the last trick"
        return card, f"the only card you may play ({_name(card)})"
    unseen = unseen_cards(state, seat)
    hand = list(state.hands[seat])
    if not state.trick:
        return _lead(state, hand, unseen)
    win_seat, win_card = current_winner(state.trick, None)
    following = playable[0].suit == state.led_suit
    if not following:
        keep = max(hand, key=lambda c: _strength(c, unseen))
        rest = [c for c in playable if c != keep]
        card = min(rest, key=lambda c: (is_master(c, unseen), c.rank, _suit_count(hand, c)))
        return card, (f"you cannot follow suit: throw the low {_name(card)} and keep "
                      f"{_name(keep)} for the end")
    winners = [c for c in playable if c.rank > win_card.rank]
    if state.tricks_left == 2 and winners:
        for card in sorted(winners, key=lambda c: c.rank):
            other = next(c for c in hand if c != card)
            last_to_play = len(state.trick) == state.players - 1
            if is_master(other, unseen) and (last_to_play or is_master(card, unseen)):
                return card, (f"win this trick with {_name(card)} to lead the last one with the "
                              f"master {_name(other)}")
    card = playable[0]
    if card.rank > win_card.rank:
        return card, f"your lowest {_name(card)} takes the trick anyway: the lead costs you nothing"
    return card, f"tricks before the last are worth nothing: play your lowest card ({_name(card)})"


def _suit_count(hand: list[Card], card: Card) -> int:
    return sum(1 for c in hand if c.suit == card.suit)


def _lead(state: AgramState, hand: list[Card], unseen: set[Card]) -> tuple[Card, str]:
    if state.tricks_left == 2:
        weak, strong = sorted(hand, key=lambda c: _strength(c, unseen))
        if is_master(strong, unseen):
            return weak, (f"lead the weaker {_name(weak)}: if it wins you lead the master "
                          f"{_name(strong)} to the last trick")
        return weak, f"lead the weaker {_name(weak)} and keep {_name(strong)} for the last trick"
    # lead low from a long suit: it sheds a card nobody needs and thins out that suit
    card = min(hand, key=lambda c: (is_master(c, unseen), c.rank, -_suit_count(hand, c)))
    return card, f"tricks before the last are worth nothing: lead your low {_name(card)}"


def heuristic_bot(state: AgramState, seat: int, rng: Rng) -> Action:
    """The rules-of-thumb Agram player."""
    card, _ = choose(state, seat)
    return card_action("play", card)


def heuristic_hint(state: AgramState, seat: int) -> Hint:
    """The rules of thumb's card with its reason and the other legal cards."""
    card, reason = choose(state, seat)
    action = card_action("play", card)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")
