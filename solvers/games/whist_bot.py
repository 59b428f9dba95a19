"""A Whist player that follows the tactics of the rule text.

* Opening lead: the strongest suit, usually the longest; the king from a sequence of
  honours that holds it (so an ace lead denies the king); return partner's suit.
* Second hand low, but split touching honours and cover an honour with an honour
  (a J or 10 when holding Qx, a Q when holding the ace).
* Third hand high, playing the lowest of touching honours.
* Fourth hand wins as cheaply as possible unless partner is already winning.
* Discards are low cards of an unwanted (weakest) suit; ruff low when an opponent wins.

Every choice comes with a reason a person can read; ``heuristic_hint`` ranks all
legal cards with their reasons for the hint API.
"""

from __future__ import annotations

from collections import defaultdict
from operator import attrgetter

from solvers.cards import Card, Rank, Rng, Suit
from solvers.game import Action, Hint, card_action
from solvers.games.whist import WhistState, side_of
from solvers.pimc import pimc_bot, sampled_hint_or_heuristic
from solvers.pimc.adapters import register_card_choice
from solvers.tricks import cards_that_follow, current_winner, is_master, played_rank_masks

SUIT_NAMES = {s: s.name.lower() for s in Suit}
_RANK = attrgetter("rank")               # a card's rank, read in C


def _name(card: Card) -> str:
    return card.pretty()


def _by_suit(cards) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = defaultdict(list)
    for c in cards:
        out[c.suit].append(c)
    for v in out.values():
        v.sort(key=_RANK)
    return out


def _played_ranks(state: WhistState) -> list[int]:
    """Per suit, the ranks played so far in this hand (a bit per rank). Worked out once
    per state: the bot asks several times a decision, and quick play decides a card a step."""
    masks = state.__dict__.get("_played_ranks")
    if masks is None:
        masks = played_rank_masks([c for plays in state.history for _, c in plays]
                                  + [c for _, c in state.trick])
        state.__dict__["_played_ranks"] = masks
    return masks


def _is_master(card: Card, state: WhistState, mine) -> bool:
    """True when no unseen card of its suit outranks it."""
    return is_master(card, _played_ranks(state), mine)


def _touching_low(card: Card, holding: list[Card]) -> Card:
    """The lowest card of the sequence of touching cards that ``card`` heads in ``holding``."""
    ranks = {c.rank for c in holding if c.suit == card.suit}
    r = card.rank
    while r - 1 in ranks:
        r -= 1
    return Card.standard(r, card.suit)


def _suit_strength(cards: list[Card]) -> tuple:
    return (len(cards), sum(max(0, c.rank - 10) for c in cards))


def choose(state: WhistState, seat: int) -> tuple[Card, str]:
    """The card the heuristic plays and why."""
    holding = list(state.holding(seat))
    trump = state.trump
    if not state.trick:
        return _lead(state, seat, holding)
    led = state.trick[0][1]
    playable = cards_that_follow(holding, led)
    win_seat, win_card = current_winner(state.trick, trump)
    partner_winning = side_of(win_seat) == side_of(seat)
    position = len(state.trick) + 1
    following = playable[0].suit == led.suit

    def beats(c: Card) -> bool:
        if c.suit == win_card.suit:
            return c.rank > win_card.rank
        return c.suit == trump

    winners = sorted((c for c in playable if beats(c)), key=lambda c: (c.suit == trump and led.suit != trump, c.rank))

    if not following:
        if not partner_winning and winners:
            cheapest = min((c for c in winners if c.suit == trump), key=_RANK, default=None)
            if cheapest is not None:
                return cheapest, f"ruff with the lowest trump that wins ({_name(cheapest)})"
        lowest = _discard(playable, trump)
        return lowest, f"discard the low {_name(lowest)} from the weakest suit"
    lowest = min(playable, key=lambda c: (c.suit == trump, c.rank))

    if position == 2:
        if win_card.rank >= Rank.TEN and winners:
            cover = min((c for c in winners if c.rank >= Rank.JACK), key=_RANK, default=None)
            if cover is not None:
                return cover, f"cover an honour with an honour ({_name(cover)} over {_name(win_card)})"
        tops = sorted(playable, key=_RANK, reverse=True)
        if len(tops) >= 2 and tops[0].rank >= Rank.QUEEN and tops[1].rank == tops[0].rank - 1 and winners:
            return tops[1], f"split touching honours: play the lower ({_name(tops[1])})"
        return lowest, f"second hand low ({_name(lowest)})"

    if partner_winning and (position == 4 or _is_master(win_card, state, holding)):
        return lowest, f"partner's {_name(win_card)} is winning: play low ({_name(lowest)})"
    if winners:
        if position == 3:
            top = max(winners, key=_RANK)
            card = _touching_low(top, holding)
            if not beats(card):
                card = top
            return card, f"third hand high, the lowest of touching cards ({_name(card)})"
        card = winners[0]
        return card, f"win as cheaply as possible ({_name(card)})"
    return lowest, f"cannot win the trick: play low ({_name(lowest)})"


def _discard(cards: list[Card], trump: int) -> Card:
    """The low card of the weakest suit, keeping trumps."""
    suits = _by_suit(cards)
    plain = {s: v for s, v in suits.items() if s != trump} or suits
    weakest = min(plain, key=lambda s: (_suit_strength(plain[s])[1], len(plain[s])))
    return plain[weakest][0]


def _lead(state: WhistState, seat: int, holding: list[Card]) -> tuple[Card, str]:
    trump = state.trump
    suits = _by_suit(holding)
    # return the suit partner led first in this hand, if we still hold it
    partner_suit = _partner_lead_suit(state, seat)
    if partner_suit is not None and partner_suit in suits and partner_suit != trump:
        cards = suits[partner_suit]
        card = cards[-1] if _is_master(cards[-1], state, holding) else cards[0]
        return card, f"return partner's {SUIT_NAMES[Suit(partner_suit)]} ({_name(card)})"
    # cash a master card outside trumps
    for s, cards in suits.items():
        if s != trump and _is_master(cards[-1], state, holding) and state.history:
            return cards[-1], f"cash the master {_name(cards[-1])}"
    plain = {s: v for s, v in suits.items() if s != trump}
    if not plain:
        card = suits[trump][-1] if _is_master(suits[trump][-1], state, holding) else suits[trump][0]
        return card, f"only trumps left: lead {_name(card)}"
    best = max(plain, key=lambda s: _suit_strength(plain[s]))
    cards = plain[best]
    ranks = {c.rank for c in cards}
    if Rank.KING in ranks and (Rank.ACE in ranks or Rank.QUEEN in ranks):
        card = Card.standard(Rank.KING, best)
        return card, f"lead the king from a sequence of honours in the longest suit ({_name(card)})"
    if Rank.ACE in ranks:
        card = Card.standard(Rank.ACE, best)
        return card, f"lead the ace of the longest suit ({_name(card)})"
    top = cards[-1]
    if len(cards) >= 2 and cards[-2].rank == top.rank - 1 and top.rank >= Rank.TEN:
        return top, f"lead the top of a sequence in the longest suit ({_name(top)})"
    card = cards[-4] if len(cards) >= 4 else cards[0]
    return card, f"lead from the longest suit, {SUIT_NAMES[Suit(best)]} ({_name(card)})"


def _partner_lead_suit(state: WhistState, seat: int) -> int | None:
    """The suit partner led first in this hand, found from the tricks taken."""
    partner = (seat + 2) % 4
    for plays in state.history:
        if plays[0][0] == partner:
            return plays[0][1].suit
    return None


def heuristic_bot(state: WhistState, seat: int, rng: Rng) -> Action:
    """The heuristic Whist policy."""
    card, _ = choose(state, seat)
    return card_action("play", card)


def heuristic_hint(state: WhistState, seat: int) -> Hint:
    """The heuristic's move with its reason and the other legal cards."""
    card, reason = choose(state, seat)
    action = card_action("play", card)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives,
                method="heuristic")


def hint(state, seat: int, budget: float | None = None, *, mode: str | None = None, rng: Rng | None = None,
         iterations: int | None = None) -> Hint:
    """The sampled double-dummy hint (``iterations``: sampled deals); the rules of thumb
    when the budget is too small for one deal."""
    return sampled_hint_or_heuristic(state, seat, budget, heuristic_hint, rng=rng, samples=iterations)


BOTS = {"heuristic": heuristic_bot, "pimc": pimc_bot}
register_card_choice("whist", choose)
