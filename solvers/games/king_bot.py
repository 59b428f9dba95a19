"""King players: rules of thumb, and a search that solves sampled deals double dummy.

Rules of thumb (``heuristic``):

* Negative hands: duck. Follow with the highest card that still loses the trick,
  dumping a penalty card when it can go to someone else; when the trick cannot be
  lost, win it with the highest safe card and keep the penalty cards for later;
  when void, throw the most dangerous card (the penalty cards first, then high cards
  of short suits); lead the card most likely to be beaten.
* Positive hands playing up: cash masters, win as cheaply as possible, ruff low,
  discard from the weakest suit. Playing down: duck as in the negative hands.
* The dealer's choice, bids, trumps and up or down come from a trick estimate of the
  hand (see :mod:`solvers.games.king_calls`).

``search``: cards by a paired sampled search (every distinct card on the same sampled
deals, the hand finished by the rules of thumb for all four players, valued by the seat's
own points at the end of the hand; the rules of thumb's card unless another is clearly
better, :func:`solvers.games.king_search.paired_card`), the other decisions by the
generic information-set search with the rules of thumb in its rollouts. ``pimc``: card
play by sampling the unseen cards and solving each deal double dummy
(:mod:`solvers.games.king_search`), the other decisions by the generic search. The hint
values cards the ``pimc`` way and the other decisions by the generic search.
"""

from __future__ import annotations

from solvers.cards import Card, Rank, Rng, Suit, parse_card
from solvers.errors import CardsageError
from solvers.game import Action, Hint, card_action
from solvers.games.king import KING_OF_HEARTS, PLAY, KingState, _order
from solvers.games.king_calls import choose_call
from solvers.games.king_search import card_hint, paired_card, sampled_card
from solvers.ismcts import SearchConfig, make_search_bot, search_hint
from solvers.tricks import cards_that_follow, current_winner


def _played(state: KingState) -> set[Card]:
    return {c for plays in state.history for _, c in plays} | {c for _, c in state.trick}


class _Unseen:
    """Cards ``seat`` has not seen (in the other hands), as a bit set of ranks per suit."""

    __slots__ = ("bits",)

    def __init__(self, state: KingState, seat: int):
        bits = [0x7FFC] * 4           # ranks 2..14 of every suit
        for plays in state.history:
            for _, c in plays:
                bits[c.suit] &= ~(1 << c.rank)
        for _, c in state.trick:
            bits[c.suit] &= ~(1 << c.rank)
        for c in state.hands[seat]:
            bits[c.suit] &= ~(1 << c.rank)
        self.bits = bits

    def __contains__(self, card: Card) -> bool:
        return bool(self.bits[card.suit] >> card.rank & 1)

    def higher(self, suit: int, rank: int) -> int:
        """How many unseen cards of ``suit`` rank above ``rank``."""
        return bin(self.bits[suit] >> (rank + 1)).count("1")

    def any_of(self, suit: int) -> bool:
        return bool(self.bits[suit])


def _unseen(state: KingState, seat: int) -> _Unseen:
    """Cards ``seat`` has not seen: in the other hands."""
    return _Unseen(state, seat)


def penalty_weight(state: KingState, card: Card) -> int:
    """How much taking ``card`` costs in this negative hand (0 for a harmless card)."""
    hand = state.hand
    if hand == 2 and card.suit == Suit.HEARTS:
        return 20
    if hand == 3 and card.rank == Rank.QUEEN:
        return 50
    if hand == 4 and card.rank in (Rank.KING, Rank.JACK):
        return 30
    if hand == 5 and card == KING_OF_HEARTS:
        return 160
    return 0


def _beats(card: Card, best: Card, trump: int | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return trump is not None and card.suit == trump


def _name(card: Card) -> str:
    return card.pretty()


# ---------------------------------------------------------------- avoiding tricks


def _avoid(state: KingState, seat: int, playable: list[Card]) -> tuple[Card, str]:
    """Negative hands and playing down: lose tricks, shed penalty cards on others."""
    trump = None if state.negative else state.trump
    unseen = _unseen(state, seat)
    if state.negative and state.hand == 6 and len(state.hands[seat]) > EARLY_TRICKS_FREE:
        return _shed_high(state, playable)
    if not state.trick:
        return _safe_lead(state, playable, unseen, trump)
    _, best = current_winner(state.trick, trump)
    last = len(state.trick) == 3
    losers = [c for c in playable if not _beats(c, best, trump)]
    if losers:
        card = max(losers, key=lambda c: (penalty_weight(state, c), c.suit != trump, c.rank))
        if penalty_weight(state, card):
            return card, f"{_name(card)} goes to another player under the {_name(best)}"
        if card.suit != state.trick[0][1].suit:
            return card, f"void in the suit led: throw the dangerous {_name(card)}"
        return card, f"duck with the highest card that still loses ({_name(card)})"
    safe = [c for c in playable if not penalty_weight(state, c)] or playable
    led = state.trick[0][1].suit
    higher_out = unseen.higher(led, best.rank)
    if last or higher_out < 2:
        card = max(safe, key=lambda c: c.rank)
        return card, f"the trick cannot be lost: take it with the high {_name(card)}, keeping the penalty cards"
    card = min(safe, key=lambda c: c.rank)
    return card, f"cannot duck: play low ({_name(card)}) and hope a later player goes over"


# hand 6: only the last two tricks cost; before the last few, high cards go
EARLY_TRICKS_FREE = 4


def _shed_high(state: KingState, playable: list[Card]) -> tuple[Card, str]:
    """Hand 6, early tricks: they cost nothing, so get rid of high cards and keep low ones."""
    card = max(playable, key=lambda c: c.rank)
    return card, f"only the last two tricks cost: shed the high {_name(card)} while tricks are free"


def _safe_lead(state: KingState, playable: list[Card], unseen: _Unseen, trump) -> tuple[Card, str]:
    hunting = state.negative and state.hand == 5 and KING_OF_HEARTS in unseen

    def risk(card: Card):
        higher = unseen.higher(card.suit, card.rank)
        # hand 5: a heart below the king, led while the king is out, may force it out
        flush = hunting and card.suit == Suit.HEARTS and card.rank < Rank.KING
        return (penalty_weight(state, card) > 0 and higher == 0, higher == 0, not flush, card.suit == trump,
                -higher, card.rank)

    card = min(playable, key=risk)
    if state.hand == 5 and state.negative and KING_OF_HEARTS in unseen and card.suit == Suit.HEARTS:
        return card, f"lead hearts ({_name(card)}) to force out the king of hearts"
    return card, f"lead the {_name(card)}: other players hold higher cards in the suit"


# ---------------------------------------------------------------- taking tricks


def _win(state: KingState, seat: int, playable: list[Card]) -> tuple[Card, str]:
    """Playing up: take as many tricks as possible."""
    trump = state.trump
    unseen = _unseen(state, seat)

    def master(card: Card) -> bool:
        return not unseen.higher(card.suit, card.rank)

    if not state.trick:
        trumps_out = trump is not None and unseen.any_of(trump)
        masters = [c for c in playable if master(c) and (c.suit == trump or not trumps_out)]
        if masters:
            card = max(masters, key=lambda c: (c.suit == trump, c.rank))
            return card, f"cash the master {_name(card)}"
        plain = [c for c in playable if c.suit != trump] or playable
        suits: dict[int, list[Card]] = {}
        for c in plain:
            suits.setdefault(c.suit, []).append(c)
        longest = max(suits.values(), key=lambda cs: (len(cs), sum(c.rank for c in cs)))
        card = min(longest, key=lambda c: c.rank)
        return card, f"lead low from the longest suit ({_name(card)})"
    _, best = current_winner(state.trick, trump)
    last = len(state.trick) == 3
    winners = sorted((c for c in playable if _beats(c, best, trump)), key=lambda c: (c.suit == trump, c.rank))
    following = playable[0].suit == state.trick[0][1].suit
    if winners:
        masters = [c for c in winners if master(c)]
        if last or not following:
            return winners[0], f"win the trick as cheaply as possible ({_name(winners[0])})"
        if masters:
            return masters[0], f"win with the master {_name(masters[0])}"
        if len(state.trick) == 2:
            top = winners[-1]
            return top, f"third to play: go high ({_name(top)})"
    card = _cheapest(playable, trump, following)
    return card, f"cannot win the trick: keep the good cards and play the {_name(card)}"


def _cheapest(cards: list[Card], trump, following: bool) -> Card:
    if following:
        return min(cards, key=lambda c: c.rank)
    plain = [c for c in cards if c.suit != trump] or cards
    counts: dict[int, int] = {}
    for c in plain:
        counts[c.suit] = counts.get(c.suit, 0) + 1
    return min(plain, key=lambda c: (c.rank, counts[c.suit]))


# ---------------------------------------------------------------- the policy


def choose(state: KingState, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb action for ``seat`` and why."""
    legal = state.legal_actions(seat)
    if not legal:
        raise CardsageError(f"seat {seat} is not to move", status=409)
    if state.phase != PLAY:
        return choose_call(state, seat, legal)
    playable = [parse_card(a.args[0]) for a in legal]
    card, reason = _card(state, seat, playable)
    return card_action("play", card), reason


def _card(state: KingState, seat: int, playable: list[Card]) -> tuple[Card, str]:
    if state.negative or not state.up:
        return _avoid(state, seat, playable)
    return _win(state, seat, playable)


def play_out_card(state: KingState, seat: int) -> Card:
    """The rules of thumb's card, without building actions (the search's play-outs)."""
    led = state.trick[0][1] if state.trick else None
    playable = sorted(cards_that_follow(state.hands[seat], led), key=_order)
    return _card(state, seat, playable)[0]


def heuristic_bot(state: KingState, seat: int, rng: Rng) -> Action:
    """The rules-of-thumb King policy."""
    return choose(state, seat)[0]


def heuristic_hint(state: KingState, seat: int) -> Hint:
    """The rules-of-thumb action with its reason and the other legal actions."""
    action, reason = choose(state, seat)
    alternatives = [{"action": a.to_json(), "note": "legal"} for a in state.legal_actions(seat) if a != action]
    return Hint(action, reason, evaluation={"kind": "heuristic"}, alternatives=alternatives, method="heuristic")


SEARCH = SearchConfig(rollout=heuristic_bot)
_CALL_SEARCH = make_search_bot(SEARCH)


def pimc_bot(state: KingState, seat: int, rng: Rng) -> Action:
    """Cards by sampled double dummy; the other decisions by the information-set search."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PLAY:
        return sampled_card(state, seat, rng, heuristic_bot)
    return _CALL_SEARCH(state, seat, rng)


def hint(state: KingState, seat: int, budget: float | None = None, *, mode: str | None = None,
         rng: Rng | None = None, iterations: int | None = None) -> Hint:
    """Cards: the sampled double-dummy hint (``iterations``: sampled deals); the dealer's
    choice, bids, trumps and up or down: the information-set search (``iterations``:
    simulations). The rules of thumb when the budget is too small."""
    if budget is not None and budget < 0.05:
        return heuristic_hint(state, seat)
    if state.phase == PLAY:
        return card_hint(state, seat, budget, rng=rng, samples=iterations) or _quick(state, seat)
    return search_hint(state, seat, budget, rng=rng, iterations=iterations, config=SEARCH)


def _quick(state: KingState, seat: int) -> Hint:
    """The rules of thumb, when not one sampled deal could be valued within the budget."""
    fallback = heuristic_hint(state, seat)
    fallback.reason += " (no time to value sampled deals: rules of thumb)"
    return fallback


def search_bot(state: KingState, seat: int, rng: Rng) -> Action:
    """Cards by the paired sampled search (every card on the same sampled deals, played to
    the end of the hand by the rules of thumb; the rules of thumb's card unless another is
    clearly better); the other decisions by the information-set search."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if state.phase == PLAY:
        return paired_card(state, seat, rng, heuristic_bot, play_out_card)
    return _CALL_SEARCH(state, seat, rng)


BOTS = {"heuristic": heuristic_bot, "search": search_bot, "pimc": pimc_bot}

__all__ = ["BOTS", "SEARCH", "hint", "heuristic_bot", "heuristic_hint", "choose", "pimc_bot", "search_bot",
           "penalty_weight"]
