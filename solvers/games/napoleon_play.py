"""Rules of thumb for Napoleon: what to bid, which suit to make trumps, which card to play.

* Bidding: count the tricks the hand should take with its best suit as trumps (top trumps,
  trumps long enough to draw the opponents', side aces, fewer with more opponents) and bid
  the highest contract that count reaches, if it beats the bid so far. Napoleon is bid only
  with an unbeatable trump suit, Wellington never.
* The bidder leads its best suit, top card first, so the lead both fixes trumps and draws
  the opponents' trumps; then it cashes its masters.
* The opponents play together against the bidder: win a trick the bidder is winning as
  cheaply as possible, play low when a fellow opponent already wins it, and lead masters or
  suits the bidder lacks.

Every choice comes with a reason a player can read.
"""

from __future__ import annotations

from solvers.cards import Card, Rng, Suit
from solvers.game import Action, Hint, card_action
from solvers.games.napoleon import BID, PASS, TRUMP, NapoleonState, bid_title, pack_of
from solvers.tricks import current_winner

SUIT_WORDS = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}

# hand strength (estimated tricks) a bid needs
THRESHOLDS = (("nap", 4.5), ("four", 3.9), ("three", 2.2))


def suit_tricks(hand, suit: int, opponents: int) -> float:
    """Tricks ``hand`` should take with ``suit`` as trumps against ``opponents`` players."""
    trumps = sorted((c for c in hand if c.suit == suit), key=lambda c: -c.rank)
    count = 0.0
    held_above = 0
    for i, card in enumerate(trumps):
        missing_above = (14 - card.rank) - held_above
        if missing_above <= i:
            count += 1.0
        elif missing_above == i + 1:
            count += 0.5
        held_above += 1
    spare = len(trumps) - 2
    if spare > 0:
        count += 0.3 * spare
    share = max(0.4, 1.0 - 0.1 * opponents)
    for card in hand:
        if card.suit == suit:
            continue
        if card.rank == 14:
            count += share
        elif card.rank == 13 and Card.standard(14, card.suit) in hand:
            count += share * 0.6
    return min(count, 5.0)


def best_suit(hand, opponents: int) -> tuple[int, float]:
    """The suit that makes the best trumps for ``hand`` and the tricks expected with it."""
    suits = sorted({c.suit for c in hand}) or [3]
    scored = [(suit_tricks(hand, s, opponents), sum(c.rank for c in hand if c.suit == s), s)
              for s in suits]
    tricks, _, suit = max(scored)
    return suit, tricks


def _unbeatable(hand, suit: int) -> bool:
    """True when every card of ``hand`` is a top trump in sequence from the ace."""
    ranks = sorted((c.rank for c in hand if c.suit == suit), reverse=True)
    return len(ranks) == len(hand) and ranks == list(range(14, 14 - len(ranks), -1))


def choose_bid(state: NapoleonState, seat: int) -> tuple[Action, str]:
    """The call the rules of thumb make and why."""
    hand = state.hands[seat]
    legal = state.legal_actions(seat)
    opponents = len(state.active()) - 1
    suit, tricks = best_suit(hand, opponents)
    wanted = [b for b, need in THRESHOLDS if tricks >= need]
    if _unbeatable(hand, suit):
        wanted = ["napoleon", "nap"]
    for bid in wanted:
        action = Action("bid", (bid,))
        if action in legal:
            return action, (f"your hand should take about {tricks:.1f} tricks with "
                            f"{SUIT_WORDS[suit]} as trumps: bid {bid_title(bid)}")
    if Action(PASS) in legal:
        if wanted:
            return Action(PASS), (f"your hand is worth about {tricks:.1f} tricks, not enough to "
                                  f"outbid {bid_title(state.high_bid)}: pass")
        return Action(PASS), f"your hand should take only about {tricks:.1f} tricks: pass"
    lowest = legal[0]
    return lowest, f"everybody passed and you must bid: the lowest bid, {bid_title(lowest.args[0])}"


def choose_trump(state: NapoleonState, seat: int) -> tuple[Action, str]:
    """The suit a Wellington bidder names: the strongest in hand."""
    suit, tricks = best_suit(state.hands[seat], len(state.active()) - 1)
    return Action("trump", (Suit(suit).letter,)), f"{SUIT_WORDS[suit]} is your strongest suit"


def _played(state: NapoleonState) -> set[Card]:
    return {c for plays in state.history for _, c in plays} | {c for _, c in state.trick}


def is_master(state: NapoleonState, card: Card, hand) -> bool:
    """True when no card of its suit still unseen outranks it."""
    gone = _played(state) | set(hand)
    return all(Card.standard(r, card.suit) in gone for r in range(card.rank + 1, 15))


def _trumps_out(state: NapoleonState, hand) -> int:
    """Trumps still unseen by the player holding ``hand`` (in other hands or undealt)."""
    gone = _played(state) | set(hand)
    return sum(1 for c in pack_of(state.options) if c.suit == state.trump and c not in gone)


def choose_card(state: NapoleonState, seat: int) -> tuple[Card, str]:
    """The card the rules of thumb play and why."""
    hand = list(state.hands[seat])
    playable = state.playable(seat)
    if len(playable) == 1:
        return playable[0], "your only legal card"
    if state.opening_lead:
        return _opening_lead(state, seat, playable)
    if not state.trick:
        return _lead(state, seat, hand, playable)
    return _follow(state, seat, playable)


def _opening_lead(state: NapoleonState, seat: int, playable: list[Card]) -> tuple[Card, str]:
    hand = state.hands[seat]
    if state.contract == "wellington":
        card = playable[0]
        return card, f"Wellington: you must lead your lowest card outside trumps ({card.pretty()})"
    suit, _ = best_suit(hand, len(state.active()) - 1)
    if state.contract == "napoleon":
        card = next((c for c in playable if c.suit == suit), playable[0])
        return card, (f"make {SUIT_WORDS[card.suit]} trumps: Napoleon leads the lowest of them "
                      f"({card.pretty()})")
    card = max((c for c in hand if c.suit == suit), key=lambda c: c.rank)
    return card, (f"lead the top of your best suit ({card.pretty()}): {SUIT_WORDS[suit]} become trumps "
                  f"and the opponents' trumps start to fall")


def _lead(state: NapoleonState, seat: int, hand: list[Card], playable: list[Card]) -> tuple[Card, str]:
    trump = state.trump
    trumps = sorted((c for c in hand if c.suit == trump), key=lambda c: -c.rank)
    if seat == state.bidder:
        if trumps and _trumps_out(state, hand) and is_master(state, trumps[0], hand):
            return trumps[0], f"draw the opponents' trumps with your master {trumps[0].pretty()}"
        masters = [c for c in hand if c.suit != trump and is_master(state, c, hand)]
        if masters:
            card = max(masters, key=lambda c: c.rank)
            return card, f"cash your master {card.pretty()}"
        if trumps:
            return trumps[0], f"lead your top trump ({trumps[0].pretty()})"
        card = max(hand, key=lambda c: c.rank)
        return card, f"lead your highest card ({card.pretty()})"
    masters = [c for c in hand if c.suit != trump and is_master(state, c, hand)]
    if masters:
        card = max(masters, key=lambda c: c.rank)
        return card, f"cash your master {card.pretty()} before the bidder can discard or trump it"
    bidder_voids = state.voids[state.bidder]
    plain = [c for c in hand if c.suit != trump and c.suit not in bidder_voids] or \
        [c for c in hand if c.suit != trump] or hand
    card = min(plain, key=lambda c: c.rank)
    return card, f"lead low ({card.pretty()}) and leave the bidder to guess"


def _follow(state: NapoleonState, seat: int, playable: list[Card]) -> tuple[Card, str]:
    trump = state.trump
    led = state.trick[0][1]
    win_seat, win_card = current_winner(state.trick, trump)

    def beats(c: Card) -> bool:
        if c.suit == win_card.suit:
            return c.rank > win_card.rank
        return c.suit == trump

    winners = sorted((c for c in playable if beats(c)), key=lambda c: (c.suit == trump and led.suit != trump, c.rank))
    lowest = min(playable, key=lambda c: (c.suit == trump, c.rank))
    bidder_to_play = state.bidder not in {s for s, _ in state.trick}
    if seat == state.bidder:
        if winners:
            return winners[0], f"win the trick as cheaply as you can ({winners[0].pretty()})"
        return lowest, f"you cannot win this trick: throw your least useful card ({lowest.pretty()})"
    if win_seat == state.bidder:
        if winners:
            return winners[0], f"beat the bidder's {win_card.pretty()} as cheaply as you can ({winners[0].pretty()})"
        return lowest, f"you cannot beat the bidder: play low ({lowest.pretty()})"
    if bidder_to_play:
        if winners:
            card = max(winners, key=lambda c: (c.suit == trump, c.rank))
            return card, f"the bidder still plays to this trick: play high ({card.pretty()}) to make it costly"
        return lowest, f"play low ({lowest.pretty()}) and keep your high cards"
    return lowest, f"a fellow opponent is winning this trick: play low ({lowest.pretty()})"


def choose(state: NapoleonState, seat: int) -> tuple[Action, str]:
    """The rules of thumb's action for any decision, with its reason."""
    if state.phase == BID:
        return choose_bid(state, seat)
    if state.phase == TRUMP:
        return choose_trump(state, seat)
    card, reason = choose_card(state, seat)
    return card_action("play", card), reason


def heuristic_bot(state: NapoleonState, seat: int, rng: Rng) -> Action:
    """The rules-of-thumb Napoleon player."""
    return choose(state, seat)[0]


def heuristic_hint(state: NapoleonState, seat: int) -> Hint:
    """The rules of thumb's move with its reason and the other legal moves."""
    action, reason = choose(state, seat)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")
