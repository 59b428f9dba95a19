"""Trex rules of thumb: every decision with a reason a player can read.

* Contract: the owner names the unplayed contract this hand suits best compared with an
  ordinary hand: King of Hearts with many hearts (the other suits are then short, so the
  king can be discarded: the rule text's own tip), Diamonds with few high diamonds,
  Girls with guarded queens, Slaps with few high cards, Trex with few twos and aces.
* Throw-in: claim it whenever the hand qualifies.
* Doubles: a double costs nothing in points (a doubler who takes the card loses the plain
  penalty) but shows where the card is; double a card only when its suit is long enough to
  hide it.
* Trick play: duck under the card winning the trick with the highest card that still
  loses, dropping a penalty card under a higher one when possible; when void, throw the
  penalty cards, then the highest cards of the shortest suits; lead low from short suits,
  and in King of Hearts and Girls lead the suit of an outstanding penalty card to force it.
* Trex layout: play where the next card is one's own (others get nothing), towards one's
  own far cards (twos, aces), and hold back cards that would open a suit for others.
"""

from __future__ import annotations

from solvers.cards import Card, Rank, Suit, parse_card
from solvers.game import Action
from solvers.games.trex import (CHOOSE, CLAIM, CONTRACT_NAMES, DIAMONDS, DOUBLE, GIRLS, KING, KING_OF_HEARTS,
                                LAYOUT, PENALTY_CARDS, QUEENS, SLAPS, TREX, TrexState, doublable)

SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
# what an ordinary hand expects from each contract (its total shared by four)
AVERAGE = {KING: -75 / 4, DIAMONDS: -130 / 4, GIRLS: -100 / 4, SLAPS: -195 / 4, TREX: 500 / 4}


def by_suit(cards) -> dict[int, list[Card]]:
    """Cards grouped by suit, each suit highest first."""
    out: dict[int, list[Card]] = {}
    for c in sorted(cards, key=lambda c: -c.rank):
        out.setdefault(c.suit, []).append(c)
    return out


# ---------------------------------------------------------------- hand estimates


def expected_tricks(hand) -> float:
    """A rough count of the tricks a hand will be forced to take when avoiding them:
    high cards count, less so in long suits (they can be ducked under), more when short."""
    total = 0.0
    for suit, cards in by_suit(hand).items():
        length = len(cards)
        for c in cards:
            if c.rank >= 10:
                weight = (c.rank - 9) / 5.0
                total += weight * (1.0 if length <= 3 else 0.6)
        # a long suit with no low cards to duck with keeps winning late
        lows = sum(1 for c in cards if c.rank <= 6)
        if length >= 5 and lows <= 1:
            total += 0.5
    return total


def contract_estimates(hand) -> dict[str, float]:
    """What this hand may expect from each contract (rough points)."""
    suits = by_suit(hand)
    tricks = expected_tricks(hand)
    hearts = suits.get(Suit.HEARTS, [])
    if KING_OF_HEARTS in hand:
        risk = 0.85 if len(hearts) <= 2 else 0.55 if len(hearts) == 3 else 0.3 if len(hearts) == 4 else 0.15
    else:
        high = sum(1 for c in hearts if c.rank == Rank.ACE)
        risk = 0.18 + 0.15 * high - 0.03 * max(0, len(hearts) - 3)
    king = -75 * max(0.02, risk)
    diamonds = suits.get(Suit.DIAMONDS, [])
    high_d = sum(1 for c in diamonds if c.rank >= 11)
    diamonds_est = -10 * (tricks * 0.9 + high_d * 0.8)
    queens = 0.0
    for q in QUEENS:
        cards = suits.get(q.suit, [])
        if q in hand:
            over = sum(1 for c in cards if c.rank > Rank.QUEEN)
            queens -= 25 * (0.75 if len(cards) <= 2 else 0.45 if len(cards) == 3 else 0.25) * (1 + 0.2 * over)
        else:
            queens -= 25 * 0.2 * sum(1 for c in cards if c.rank > Rank.QUEEN)
    slaps = -15 * tricks
    twos = sum(1 for c in hand if c.rank == 2)
    threes = sum(1 for c in hand if c.rank == 3)
    aces = sum(1 for c in hand if c.rank == Rank.ACE)
    jacks = sum(1 for c in hand if c.rank == Rank.JACK)
    trex = 125 - 28 * twos - 12 * threes - 10 * aces + 8 * jacks
    return {KING: king, DIAMONDS: diamonds_est, GIRLS: queens, SLAPS: slaps, TREX: trex}


def choose_contract(state: TrexState, seat: int, legal: list[Action]) -> tuple[Action, str]:
    """The unplayed contract this hand suits best compared with an ordinary hand."""
    est = contract_estimates(state.hands[seat])
    left = [a.args[0] for a in legal]
    best = max(left, key=lambda c: (est[c] - AVERAGE[c], c))
    gain = est[best] - AVERAGE[best]
    return Action("choose", (best,)), (f"this hand suits {CONTRACT_NAMES[best]} best of the contracts left "
                                       f"(about {est[best]:+.0f} points, {gain:+.0f} against an ordinary hand)")


# ---------------------------------------------------------------- declarations


def claim(state: TrexState, seat: int, legal: list[Action]) -> tuple[Action, str]:
    """Claim the throw-in whenever the hand qualifies."""
    if Action("throw-in") in legal:
        why = ("the king of hearts is nearly unguarded: it would most likely fall to you"
               if state.contract == KING else "twos block the layout: this hand would most likely finish last")
        return Action("throw-in"), f"{why}; show the hand and have the cards thrown in"
    return Action("keep"), "the hand does not qualify for a throw-in: keep it"


def wants_double(hand, card: Card) -> bool:
    """Double a card when its suit is long enough to hide it."""
    suit = [c for c in hand if c.suit == card.suit]
    if card == KING_OF_HEARTS:
        ace = any(c.rank == Rank.ACE for c in suit)
        return len(suit) >= 5 or (len(suit) >= 4 and not ace)
    higher = sum(1 for c in suit if c.rank > card.rank)
    return len(suit) >= 4 and higher == 0 or len(suit) >= 5


def double(state: TrexState, seat: int, legal: list[Action]) -> tuple[Action, str]:
    """Double the cards whose suits hide them; otherwise say no double."""
    hand = state.hands[seat]
    chosen = tuple(str(c) for c in doublable(state.contract) if c in hand and wants_double(hand, c))
    for action in legal:
        if action.kind == "double" and action.args == chosen:
            names = ", ".join(a for a in chosen)
            return action, (f"double {names}: the suit is long enough to hide it, and a double costs "
                            f"nothing extra if you end up taking it yourself")
    held = [c for c in doublable(state.contract) if c in hand]
    if held:
        return Action("no-double"), "too short in the suit: showing the card would help the others force it on you"
    return Action("no-double"), "nothing to double"


# ---------------------------------------------------------------- trick play


def unseen_cards(state: TrexState, seat: int) -> set[Card]:
    """Cards the seat has not seen played and does not hold."""
    seen = {c for t in state.history for _, c in t} | {c for _, c in state.trick} | set(state.hands[seat])
    return {Card.standard(r, s) for s in Suit for r in Rank} - seen


def _danger(card: Card, contract: str, doubled: set[Card]) -> int:
    """How much taking this card hurts (points)."""
    if card in PENALTY_CARDS.get(contract, ()):
        base = {KING: 75, DIAMONDS: 10, GIRLS: 25}[contract]
        return 2 * base if card in doubled else base
    return 0


def play_card(state: TrexState, seat: int, legal: list[Action]) -> tuple[Action, str]:
    """The card to play in a trick contract."""
    cards = [_card(a) for a in legal]
    if len(cards) == 1:
        return legal[0], f"{cards[0].pretty()} is the only card you may play"
    if not state.trick:
        card, why = _lead(state, seat, cards)
    else:
        card, why = _follow(state, seat, cards)
    return Action("play", (str(card),)), why


def _card(action: Action) -> Card:
    return parse_card(action.args[0])


def _lead(state: TrexState, seat: int, cards: list[Card]) -> tuple[Card, str]:
    contract = state.contract
    hand = state.hands[seat]
    unseen = unseen_cards(state, seat)
    suits = by_suit(cards)
    penalty = PENALTY_CARDS.get(contract, frozenset())
    # force an outstanding penalty card: lead its suit below it
    if contract in (KING, GIRLS):
        targets = [c for c in penalty if c in unseen]
        for target in sorted(targets, key=lambda c: -c.rank):
            mine = [c for c in suits.get(target.suit, []) if c.rank < target.rank]
            if mine and not any(c.rank > target.rank and c.suit == target.suit for c in hand):
                card = mine[0]
                return card, (f"lead {card.pretty()} under the outstanding {target.pretty()} to force "
                              f"its holder to take it or play it under a higher card")

    def risk(c: Card) -> tuple:
        higher = sum(1 for u in unseen if u.suit == c.suit and u.rank > c.rank)
        lower = sum(1 for u in unseen if u.suit == c.suit and u.rank < c.rank)
        own_penalty = c in penalty or (contract == DIAMONDS and c.suit == Suit.DIAMONDS and c.rank > 8)
        return (higher == 0, own_penalty, -min(higher, 3) + lower / 3.0, len(suits[c.suit]), c.rank)

    lows = [run[-1] for run in suits.values()]
    card = min(lows, key=risk)
    higher = sum(1 for u in unseen if u.suit == card.suit and u.rank > card.rank)
    if higher == 0:
        return card, f"every card you may lead wins; {card.pretty()} costs the least"
    return card, (f"lead the low {card.pretty()}: {higher} unseen {SUIT_NAMES[Suit(card.suit)]} "
                  f"are higher, so someone else should take it")


def _follow(state: TrexState, seat: int, cards: list[Card]) -> tuple[Card, str]:
    contract = state.contract
    led = state.trick[0][1]
    winning = max((c for _, c in state.trick if c.suit == led.suit), key=lambda c: c.rank)
    doubled = {c for _, c in state.doubles}
    penalty = PENALTY_CARDS.get(contract, frozenset())
    last = len(state.trick) == 3
    if cards[0].suit != led.suit:
        # void: throw the worst card
        def badness(c: Card) -> tuple:
            suit_len = sum(1 for x in cards if x.suit == c.suit)
            return (_danger(c, contract, doubled), c.rank if c.rank >= 10 else 0, -suit_len, c.rank)
        card = max(cards, key=badness)
        if _danger(card, contract, doubled):
            return card, f"you cannot follow: get rid of the penalty card {card.pretty()}"
        return card, f"you cannot follow: discard the high {card.pretty()} from a short suit"
    under = [c for c in cards if c.rank < winning.rank]
    if under:
        pen = [c for c in under if c in penalty]
        if pen:
            card = max(pen, key=lambda c: c.rank)
            return card, f"drop {card.pretty()} under the {winning.pretty()}: it costs someone else"
        card = max(under, key=lambda c: c.rank)
        return card, f"duck with {card.pretty()}, the highest card that still loses to the {winning.pretty()}"
    # every card wins: take it with the highest card that is not itself a penalty
    safe = [c for c in cards if c not in penalty] or cards
    trick_cost = sum(_danger(c, contract, doubled) for _, c in state.trick)
    if last:
        card = max(safe, key=lambda c: c.rank)
        return card, (f"you must win this trick: win it with {card.pretty()}, the highest card, "
                      f"to keep low cards for later" + (f" (it costs {trick_cost})" if trick_cost else ""))
    card = max(safe, key=lambda c: c.rank)
    return card, f"every card you hold wins so far: play the high {card.pretty()} and keep low cards for later"


# ---------------------------------------------------------------- the Trex layout


def layout_card(state: TrexState, seat: int, legal: list[Action]) -> tuple[Action, str]:
    """The card to lay in Trex (pass when nothing fits)."""
    if legal == [Action("pass")]:
        return legal[0], "no jack and no card next to the layout: you must pass"
    if len(legal) == 1:
        return legal[0], f"{_card(legal[0]).pretty()} is the only card that fits the layout"
    hand = set(state.hands[seat])
    rows = state.row_map()

    def score(c: Card) -> tuple[float, str]:
        row = rows.get(c.suit)
        mine = [d for d in hand if d.suit == c.suit and d != c]
        if row is None:           # a jack opens both ways
            below = [d for d in mine if d.rank < c.rank]
            above = [d for d in mine if d.rank > c.rank]
            nxt = sum(1 for r in (c.rank - 1, c.rank + 1) if Card.standard(r, c.suit) in hand)
            beyond = len(below) + len(above)
            reach = sum(abs(d.rank - c.rank) for d in mine)
            opens = 2 - nxt
        else:
            down = c.rank < row[0]
            beyond_cards = [d for d in mine if (d.rank < c.rank if down else d.rank > c.rank)]
            step = c.rank - 1 if down else c.rank + 1
            nxt = 1 if 2 <= step <= 14 and Card.standard(step, c.suit) in hand else 0
            beyond = len(beyond_cards)
            reach = sum(abs(d.rank - c.rank) for d in beyond_cards)
            end = 2 <= step <= 14
            opens = 0 if (nxt or not end) else 1
        value = 3.0 * nxt + 1.5 * beyond + 0.15 * reach - 2.0 * opens
        if nxt:
            why = f"you hold the next card too, so nobody else gains from {c.pretty()}"
        elif beyond:
            why = f"{c.pretty()} works towards your {beyond} further {SUIT_NAMES[Suit(c.suit)]}"
        elif opens:
            why = f"{c.pretty()} opens the least for the others"
        else:
            why = f"{c.pretty()} ends its row"
        return value, why

    cards = [_card(a) for a in legal]
    scored = {c: score(c) for c in cards}
    best = max(cards, key=lambda c: (scored[c][0], -c.rank if c.rank < 11 else c.rank, c.suit))
    return Action("play", (str(best),)), f"lay {best.pretty()}: {scored[best][1]}"


# ---------------------------------------------------------------- dispatch


def choose(state: TrexState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb action for ``seat`` and why."""
    legal = state.legal_actions(seat)
    if state.phase == CHOOSE:
        return choose_contract(state, seat, legal)
    if state.phase == CLAIM:
        return claim(state, seat, legal)
    if state.phase == DOUBLE:
        return double(state, seat, legal)
    if state.phase == LAYOUT:
        return layout_card(state, seat, legal)
    return play_card(state, seat, legal)


def heuristic_bot(state: TrexState, seat: int, rng) -> Action:
    """The Trex rules-of-thumb policy."""
    return choose(state, seat)[0]
