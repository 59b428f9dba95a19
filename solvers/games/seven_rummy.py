"""Seven Rummy (Seven Bridge, GAMES.md G22): a Japanese rummy where sevens make short melds.

Players and pack. Two to five players (``players``, four by default), clockwise, one
52-card pack. In sequences the ace is always low: A-2-3 is a sequence, Q-K-A is not.

Deal. The first dealer comes from the match seed; the deal then passes to the left. The
dealer deals seven cards to each player and turns the next card up: the upcard starts the
discard pile, the rest is the stock.

Melds. A *set* is three or four cards of one rank; a *sequence* three or more cards of one
suit in order. Any meld with a 7 may be shorter: a lone 7, a pair of 7s, or a two-card
sequence with a 7 (6-7 or 7-8 of one suit). A lone 7 is neither kind until it grows:
another 7 makes it a set, the 6 or 8 of its suit a sequence.

Turn. The player to the dealer's left plays first. A turn is: (1) draw the top card of the
stock — or, instead, make a sequence claim (below); (2) lay down any melds from hand
(``meld 6H 7H 8H``) and lay off single cards on any player's melds (``layoff 9H 2 0``: the
9♥ onto seat 2's meld number 0), one at a time, in any order; (3) discard one card
(``discard KS``). A discard is always required, so a player never melds or lays off the
last card in hand.

Claiming the discard. Both claims need that the claimer has already drawn from the stock
at least once this hand, and that the claimed card at once makes a **new** meld with
cards from the claimer's hand, laid down with it:

* Set claim: after every discard a claim window opens for every other player who has drawn
  from the stock this hand. Each answers ``pon <cards>`` (the hand cards that make three or
  four of a kind with the discard; a pair of 7s counts when ``pair_of_sevens_claim`` is on)
  or ``pass``. Among several claimers the nearest in turn order after the discarder gets
  the card. The claimer melds, may lay down and lay off more, then discards; play goes on
  to the claimer's left, and any players in between lose their turn.
* Sequence claim: if nobody takes it for a set, the next player may, instead of drawing,
  take the card the player before them has just discarded (``chi <cards>``: the hand cards
  that make a sequence with it, a two-card sequence with a 7 included), meld it at once and
  go on with the turn. A set claim thus beats the next player's sequence claim.

Going out. A player with no cards left after the final discard wins the hand. Every other
player counts the cards left in hand: 7 = 20, K/Q/J = 10, others their pips (ace 1). The
winner scores the sum of all those counts, doubled when the winner had laid nothing on the
table (no meld, no lay-off) before the turn they went out in (``one_turn_double``).

Stock. When the stock is empty and a player must draw, the discard pile except its top
card is shuffled into a new stock. Guard: after ``reshuffles`` such reshuffles in one
hand, the next time the stock runs out the hand ends without a winner and nobody scores.

Record. Every player sees who discarded each card of the hand, who passed on its set-claim
window, whether the next player drew instead of taking it for a sequence, and who took it:
the state keeps that public record (``discards_seen``) for the hand under way.

Match. With ``match`` = ``target``, hands are played until someone reaches ``target``
points (100 by default); with ``hands``, a fixed number of hands (``hands``). Highest
total wins; equal totals share the place. A match to a target also ends after
``hand_limit`` hands, so a match always ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card, standard_pack
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.games.seven_rummy_melds import (can_extend, card_count, claim_melds,
                                             new_melds, sort_cards)

PACK = tuple(standard_pack())
HAND = 7
DRAW, CHI, PON, PASS, MELD, LAYOFF, DISCARD = "draw", "chi", "pon", "pass", "meld", "layoff", "discard"
DRAW_PHASE, MELD_PHASE, CLAIM_PHASE = "draw", "meld", "claim"


@serializable
@dataclass(frozen=True)
class SevenRummyOptions:
    """Variants of Seven Rummy."""

    players: int = option(4, "number of players", minimum=2, maximum=5)
    match: str = option("target", "how the match ends: 'target' (first to the target score) or 'hands' "
                                  "(a fixed number of hands); highest total wins", choices=("target", "hands"))
    target: int = option(100, "with match 'target': the match ends after the hand in which someone reaches "
                              "this many points", minimum=1, maximum=10000)
    hands: int = option(4, "with match 'hands': the number of hands played", minimum=1, maximum=100)
    hand_limit: int = option(50, "with match 'target': the match ends after at most this many hands",
                             minimum=1, maximum=500)
    one_turn_double: bool = option(True, "the winner scores double after melding the whole hand in the "
                                         "going-out turn, having laid nothing on the table before")
    pair_of_sevens_claim: bool = option(True, "a discarded 7 may be claimed out of turn to make a pair of 7s "
                                              "(as for three or four of a kind)")
    reshuffles: int = option(2, "times in one hand the discard pile (all but its top card) is shuffled into "
                                "a new stock; when the stock runs out once more the hand ends with no winner",
                             minimum=0, maximum=20)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished hand."""

    dealer: int
    winner: int | None                # None: the stock ran out (no score)
    counts: tuple[int, ...]           # each player's count of the cards left in hand
    doubled: bool
    points: tuple[int, ...]           # the hand's points per seat
    totals: tuple[int, ...]           # match totals after this hand


@serializable
@dataclass(frozen=True)
class Discarded:
    """One discard of the hand under way, as every player saw it: who threw it, who refused it."""

    seat: int                         # who discarded it
    card: Card
    passed: tuple[int, ...] = ()      # seats that answered ``pass`` to its set-claim window
    drew_instead: int | None = None   # the next seat, free to claim it for a sequence, drew instead
    taken_by: int | None = None       # who claimed it (for a set or a sequence)


@serializable
@dataclass(frozen=True)
class SevenRummyState(State):
    """A moment of a Seven Rummy match."""

    options: SevenRummyOptions
    rng_state: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]                         # the next card drawn first
    discard: tuple[Card, ...]                       # bottom first, top last
    melds: tuple[tuple[tuple[Card, ...], ...], ...]  # each seat's melds on the table
    turn: int
    phase: str = DRAW_PHASE
    discarder: int | None = None                    # who discarded the top card (None: the upcard)
    drawn: tuple[bool, ...] = ()                    # has drawn from the stock this hand
    laid_before: tuple[bool, ...] = ()              # has laid cards on the table in an earlier turn
    laid_now: bool = False                          # the player to move laid cards this turn
    window: tuple[int, ...] = ()                    # seats asked about a set claim, nearest first
    answers: tuple[tuple[int, str], ...] = ()       # (seat, "pass" or the pon notation) so far
    reshuffled: int = 0
    discards_seen: tuple[Discarded, ...] = ()      # this hand's discards in order, public
    totals: tuple[int, ...] = ()
    sheet: tuple[HandRecord, ...] = ()
    last: str = ""                                  # what just happened, in words
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        if self.phase == CLAIM_PHASE:
            answered = {s for s, _ in self.answers}
            return frozenset(s for s in self.window if s not in answered)
        return frozenset((self.turn,))

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        hand = self.hands[seat]
        if self.phase == CLAIM_PHASE:
            pons = claim_melds(hand, self.top, "set", pair_of_sevens=self.options.pair_of_sevens_claim)
            return [Action(PASS)] + [Action(PON, tuple(str(c) for c in cards)) for cards in pons]
        if self.phase == DRAW_PHASE:
            actions = [Action(DRAW)]
            if self.can_claim_sequence(seat):
                actions += [Action(CHI, tuple(str(c) for c in cards))
                            for cards in claim_melds(hand, self.top, "sequence")]
            return actions
        actions = [Action(MELD, tuple(str(c) for c in cards)) for cards in new_melds(hand)]
        if len(hand) > 1:
            for card in sort_cards(hand):
                for owner, own_melds in enumerate(self.melds):
                    for n, meld in enumerate(own_melds):
                        if can_extend(meld, card):
                            actions.append(Action(LAYOFF, (str(card), str(owner), str(n))))
        actions += [card_action(DISCARD, c) for c in sort_cards(hand)]
        return actions

    def parse_action(self, data: Any, seat: int) -> Action:
        """A meld or claim may name its cards in any order: they are put in canonical order."""
        action = super().parse_action(data, seat)
        if action.kind in (MELD, PON, CHI) and action.args:
            try:
                cards = sort_cards(parse_card(a) for a in action.args)
            except CardsageError:
                return action
            action = Action(action.kind, tuple(str(c) for c in cards))
        return action

    def can_claim_sequence(self, seat: int) -> bool:
        """Whether ``seat`` may take the top discard for a sequence: its predecessor has just
        discarded it and ``seat`` has drawn from the stock before this hand."""
        return (self.phase == DRAW_PHASE and self.discarder == (seat - 1) % self.players
                and self.drawn[seat] and self.top is not None)

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "SevenRummyState":
        kind = action.kind
        if kind == DRAW:
            return self._draw(seat)
        if kind == CHI:
            return self._claim(seat, tuple(parse_card(a) for a in action.args), "sequence claim")
        if kind in (PASS, PON):
            return self._answer(seat, action)
        hand = self.hands[seat]
        if kind == MELD:
            cards = tuple(parse_card(a) for a in action.args)
            return replace(self, hands=_with(self.hands, seat, _without(hand, cards)),
                           melds=_with(self.melds, seat, self.melds[seat] + (sort_cards(cards),)),
                           laid_now=True, last=f"seat {seat} melds {_cards_text(cards)}")
        if kind == LAYOFF:
            card, owner, n = parse_card(action.args[0]), int(action.args[1]), int(action.args[2])
            grown = _with(self.melds[owner], n, sort_cards(self.melds[owner][n] + (card,)))
            return replace(self, hands=_with(self.hands, seat, _without(hand, (card,))),
                           melds=_with(self.melds, owner, grown), laid_now=True,
                           last=f"seat {seat} lays {card} off on seat {owner}'s meld")
        return self._discard(seat, parse_card(action.args[0]))

    def _draw(self, seat: int) -> "SevenRummyState":
        state = self
        if self.can_claim_sequence(seat):
            state = state._noted(drew_instead=seat)
        if not state.stock:
            state = state._restock()
            if state.hands_played > self.hands_played or state.over:
                return state
        return replace(state, hands=_with(state.hands, seat, state.hands[seat] + (state.stock[0],)),
                       stock=state.stock[1:], drawn=_with(state.drawn, seat, True), phase=MELD_PHASE,
                       last=f"seat {seat} draws from the stock")

    def _restock(self) -> "SevenRummyState":
        """The stock is empty: shuffle the discards but the top into a new stock, or end the
        hand with no winner once the reshuffles are used up (or nothing is left to shuffle)."""
        if self.reshuffled >= self.options.reshuffles or len(self.discard) < 2:
            return self._end_hand(None)
        rng = Rng(0)
        rng.state = self.rng_state
        stock = tuple(rng.shuffled(self.discard[:-1]))
        return replace(self, rng_state=rng.state, stock=stock, discard=self.discard[-1:],
                       reshuffled=self.reshuffled + 1)

    def _claim(self, seat: int, cards: tuple[Card, ...], how: str) -> "SevenRummyState":
        """``seat`` takes the top discard and melds it at once with ``cards`` from its hand."""
        taken = self.top
        meld = sort_cards(cards + (taken,))
        return replace(self._noted(taken_by=seat), hands=_with(self.hands, seat, _without(self.hands[seat], cards)),
                       discard=self.discard[:-1], melds=_with(self.melds, seat, self.melds[seat] + (meld,)),
                       turn=seat, phase=MELD_PHASE, discarder=None, laid_now=True, window=(), answers=(),
                       last=f"seat {seat} takes {taken} ({how}) and melds {_cards_text(meld)}")

    def _answer(self, seat: int, action: Action) -> "SevenRummyState":
        answers = self.answers + ((seat, action.notation),)
        state = replace(self, answers=answers)
        said = dict(answers)
        for s in self.window:            # nearest first: the first claimer everyone before passed wins
            if s not in said:
                return state
            if said[s] != PASS:
                state = state._noted(passed=tuple(p for p in self.window if said.get(p) == PASS))
                return state._claim(s, tuple(parse_card(a) for a in Action.parse(said[s]).args), "set claim")
        return replace(state._noted(passed=tuple(s for s in self.window if said.get(s) == PASS)),
                       phase=DRAW_PHASE, window=(), answers=(), turn=(self.discarder + 1) % self.players)

    def _discard(self, seat: int, card: Card) -> "SevenRummyState":
        hand = _without(self.hands[seat], (card,))
        laid_before = _with(self.laid_before, seat, self.laid_before[seat] or self.laid_now)
        state = replace(self, hands=_with(self.hands, seat, hand), discard=self.discard + (card,),
                        discards_seen=self.discards_seen + (Discarded(seat, card),), discarder=seat, laid_now=False, last=f"seat {seat} discards {card}")
        if not hand:
            return state._end_hand(seat, one_turn=not self.laid_before[seat])
        state = replace(state, laid_before=laid_before)
        window = tuple(s for s in ((seat + i) % self.players for i in range(1, self.players)) if self.drawn[s])
        if window:
            return replace(state, phase=CLAIM_PHASE, window=window, answers=())
        return replace(state, phase=DRAW_PHASE, turn=(seat + 1) % self.players)

    def _noted(self, **facts) -> "SevenRummyState":
        """The record of the top discard with ``facts`` added (who passed, drew or took it)."""
        if not self.discards_seen or self.discards_seen[-1].card != self.top:
            return self
        return replace(self, discards_seen=self.discards_seen[:-1] + (replace(self.discards_seen[-1], **facts),))

    def _end_hand(self, winner: int | None, one_turn: bool = False) -> "SevenRummyState":
        n = self.players
        counts = tuple(sum(card_count(c) for c in h) for h in self.hands)
        doubled = winner is not None and one_turn and self.options.one_turn_double
        points = [0] * n
        if winner is not None:
            points[winner] = sum(counts) * (2 if doubled else 1)
        totals = tuple(t + p for t, p in zip(self.totals, points))
        record = HandRecord(self.dealer, winner, counts, doubled, tuple(points), totals)
        sheet = self.sheet + (record,)
        how = "the stock ran out: nobody scores" if winner is None else \
            f"seat {winner} goes out and scores {points[winner]}" + (" (doubled)" if doubled else "")
        state = replace(self, totals=totals, sheet=sheet, last=how)
        opts = self.options
        if opts.match == "hands":
            finished = len(sheet) >= opts.hands
        else:
            finished = max(totals) >= opts.target or len(sheet) >= opts.hand_limit
        if finished:
            return replace(state, over=True, phase=DRAW_PHASE, window=(), answers=())
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return _deal(opts, rng.state, (self.dealer + 1) % n, deck, totals=totals, sheet=sheet, last=how)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals."""
        return self.totals

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def hand_count(self, seat: int) -> int:
        """The count of the cards ``seat`` holds now (what it would pay if someone went out)."""
        return sum(card_count(c) for c in self.hands[seat])

    def score_events(self) -> list[ScoreEvent]:
        """A row per finished hand: the winner's points with the counts they came from."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            if r.winner is None:
                continue
            losers = {str(s): r.counts[s] for s in range(self.players) if s != r.winner}
            source = "going out: the others' cards" + (", doubled for melding all in one turn" if r.doubled else "")
            events.append(ScoreEvent(number, (r.winner,), r.points[r.winner], source,
                                     {"counts": losers, "doubled": r.doubled}))
        return events

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["discard"] = Zone(self.discard, Visibility.PUBLIC)
        for s, own in enumerate(self.melds):
            for n, meld in enumerate(own):
                zones[f"meld:{s}:{n}"] = Zone(meld, Visibility.PUBLIC, s, group="melds")
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "SevenRummyState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def public(self, seat: int | None) -> dict:
        return {
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "phase": None if self.over else self.phase,
            "discard_top": str(self.top) if self.top else None,
            "discarded_by": self.discarder,
            "stock": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
            "drawn_from_stock": list(self.drawn),
            "laid_before": list(self.laid_before),
            "claim_window": list(self.window),
            "claim_answers": [[s, a] for s, a in self.answers],
            "reshuffles": self.reshuffled,
            "discards_seen": [{"seat": d.seat, "card": str(d.card), "passed": list(d.passed),
                               "drew_instead": d.drew_instead, "taken_by": d.taken_by}
                              for d in self.discards_seen],
            "totals": list(self.totals),
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "last": self.last,
            "match": self.options.match,
            "target": self.options.target if self.options.match == "target" else None,
            "hands": self.options.hands if self.options.match == "hands" else None,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "winner": r.winner, "counts": list(r.counts),
                 "doubled": r.doubled, "points": list(r.points), "totals": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _without(hand: tuple[Card, ...], cards) -> tuple[Card, ...]:
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)


def _cards_text(cards) -> str:
    return " ".join(str(c) for c in cards)


def _deal(options: SevenRummyOptions, rng_state: int, dealer: int, deck, **carry) -> SevenRummyState:
    """Deal seven each (one at a time from the dealer's left), turn the upcard, the rest is the stock."""
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(deck[:HAND * n]):
        hands[(dealer + 1 + i) % n].append(card)
    upcard = deck[HAND * n]
    return SevenRummyState(
        options=options, rng_state=rng_state, dealer=dealer, hands=tuple(sort_cards(h) for h in hands),
        stock=tuple(deck[HAND * n + 1:]), discard=(upcard,), melds=((),) * n, turn=(dealer + 1) % n,
        drawn=(False,) * n, laid_before=(False,) * n, totals=carry.get("totals", (0,) * n),
        sheet=carry.get("sheet", ()), last=carry.get("last", ""))


DEAL_SHAPE = ("a Seven Rummy deal is an object with 'dealer' (a seat), 'hands' (seven cards for each seat, "
              "seat 0 first), optionally 'upcard' (the card turned up) and 'stock' (every other card, the "
              "next drawn first)")


def parse_deal(deal: Any, players: int, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    ``{"dealer": 0, "hands": [[7 cards] per seat], "upcard": "5H", "stock": [the rest, next
    first]}``; ``upcard`` and ``stock`` may be left out (then shuffled from the match seed),
    but a stock needs its upcard."""
    reader = DealReader(deal, PACK, shape=DEAL_SHAPE, pack_name="the 52-card pack")
    unknown = sorted(set(deal) - {"dealer", "hands", "upcard", "stock"})
    if unknown:
        raise CardsageError(f"unknown deal field(s) {', '.join(unknown)}; {DEAL_SHAPE}", field="deal")
    dealer = reader.seat("dealer", players)
    hands = reader.hands(players, HAND)
    upcard = reader.optional("upcard", "the upcard", size=1)
    if upcard is None and deal.get("stock") is not None:
        raise CardsageError("give the upcard when you give the stock", field="deal.upcard")
    rest = reader.rest("stock", rng)
    if upcard is None:
        upcard, rest = [rest[0]], rest[1:]
    order = [hands[(dealer + 1 + i) % players][i // players] for i in range(HAND * players)]
    return dealer, order + upcard + list(rest)


class SevenRummy(Game):
    """The Seven Rummy ruleset."""

    name = "seven-rummy"
    title = "Seven Rummy (Seven Bridge)"
    family = "rummy"
    min_players = 2
    max_players = 5
    summary = ("Japanese rummy for 2–5: sevens make short melds (a lone 7, a pair of 7s, 6-7 or 7-8), discards "
               "can be claimed out of turn for a set; go out to score the others' cards, double in one turn.")
    Options = SevenRummyOptions
    State = SevenRummyState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: SevenRummyOptions, seed: int, deal: Any) -> SevenRummyState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, options.players, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return _deal(options, rng.state, dealer, deck)


GAME = SevenRummy()
