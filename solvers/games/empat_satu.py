"""Empat Satu (41), GAMES.md G23: an Indonesian draw-and-discard game, four cards of one suit.

Players and pack. Two to six players (two to four usual), clockwise, a 52-card pack.
Aces count 11; kings, queens, jacks and tens 10; the two to the nine their face value.

Deal. The dealer deals four cards to each player, one at a time, clockwise from the
dealer's left; the rest is the face-down stock. The first dealer is chosen at random (from
the match seed). In the first deal the dealer plays first; afterwards the loser of each
hand deals the next and its winner plays first.

Turn. Draw the top card of the stock or the card the previous player has just discarded,
then discard one card face up. On the first turn of a deal nothing has been discarded yet,
so the first player draws from the stock. A card taken from the discards may not be
discarded again in the same turn; a card drawn from the stock may. The discards lie in one
pile by the stock or each player keeps their own pile (``discard_piles``: only the display
differs; either way only the previous player's latest discard may be taken).

Stopping. At the start of your turn, before drawing, if you hold four cards of one suit
you may stop: play ends at once and everyone shows their cards (so some players may not
have had a turn at all). Four of a suit completed by your discard lets you stop only at
the start of your next turn. If the stock is empty and the player to move does not want
the previous discard (``end``), play ends. So that play always ends, once the stock is
empty every player has at most ``rounds_after_stock`` more turns (one by default, a
GAMES.md proposal), then play ends.

Scoring. Each hand counts one suit, the one giving the best result, plus and all other
cards minus (between −22 and 41). The highest hand wins, the lowest loses. Equal values
are settled by the worst cards: each hand's signed card values from the lowest up,
compared in order, the higher first differing value winning (J-10-7-6 beats A-K-7-5;
J-10-7♥ + 4♣ beats A-K-8♠ + 6♦). Hands equal in every card share the win (or the loss);
the next dealer and first player are then the first of them clockwise from the dealer's
left, and a hand where every player ties is won by all.

Match. The rule text keeps no running score; a match here (a GAMES.md proposal) is
``match``: ``single`` (one hand), ``wins`` (the first to ``wins`` hand wins, 5 by default;
players reaching it together share the match) or ``cumulative`` (hand values added up
over ``deals`` deals, the highest total wins).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card, standard_pack
from solvers.deals import DealReader
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.games.empat_satu_cards import best_suit, hand_value, winners_and_losers

PACK = tuple(standard_pack())
HAND = 4
DRAW, TAKE, DISCARD, STOP, END = "draw", "take", "discard", "stop", "end"
DRAW_PHASE, DISCARD_PHASE = "draw", "discard"


@serializable
@dataclass(frozen=True)
class EmpatSatuOptions:
    """Variants of Empat Satu."""

    players: int = option(2, "number of players", minimum=2, maximum=6)
    match: str = option("wins", "how long a match lasts: 'single' is one hand; 'wins' ends when a player has "
                                 "won the set number of hands; 'cumulative' adds up the hand values over the "
                                 "set number of deals", choices=("single", "wins", "cumulative"))
    wins: int = option(5, "hand wins that take a 'wins' match", minimum=1, maximum=20)
    deals: int = option(5, "deals in a 'cumulative' match", minimum=1, maximum=50)
    discard_piles: str = option("shared", "where discards lie: one pile by the stock ('shared') or a pile in "
                                          "front of each player ('personal'); only the previous player's latest "
                                          "discard may be taken either way", choices=("shared", "personal"))
    rounds_after_stock: int = option(1, "once the stock is empty, each player has at most this many more turns, "
                                        "then play ends", minimum=1, maximum=5)


@serializable
@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet: a finished hand, with every hand shown."""

    dealer: int
    first: int
    ended: str                        # "stop", "stock" (the discard declined) or "last round"
    stopper: int | None
    shown: tuple[tuple[Card, ...], ...]
    values: tuple[int, ...]
    suits: tuple[int, ...]            # the suit each hand counted plus
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    wins: tuple[int, ...]             # after this hand
    totals: tuple[int, ...]           # hand values added up, after this hand

    @property
    def tie_broken(self) -> bool:
        """True when a winner or loser was decided by the worst cards (equal values)."""
        best, worst = max(self.values), min(self.values)
        return (self.values.count(best) > len(self.winners) or self.values.count(worst) > len(self.losers))


@serializable
@dataclass(frozen=True)
class EmpatSatuState(State):
    """A moment of an Empat Satu match."""

    options: EmpatSatuOptions
    rng_state: int                         # generator state for the next deal
    dealer: int
    first: int                             # who played first this hand
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]                # face down, the next card drawn first
    discards: tuple[tuple[int, Card], ...]  # (who, card), oldest first; the last may be taken
    turn: int
    phase: str = DRAW_PHASE
    taken: Card | None = None              # the discard taken this turn (may not go back)
    known: tuple[tuple[Card, ...], ...] = ()  # cards each seat took from the discards and still holds
    turns_done: int = 0                    # turns completed this hand
    turns_left: int | None = None          # turns still allowed once the stock is empty
    wins: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    sheet: tuple[HandRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def offer(self) -> Card | None:
        """The previous player's latest discard, which the player to move may take."""
        return self.discards[-1][1] if self.discards and self.phase == DRAW_PHASE else None

    def can_stop(self, seat: int) -> bool:
        """True when ``seat`` is at the start of its turn holding four cards of one suit."""
        hand = self.hands[seat]
        return (not self.over and seat == self.turn and self.phase == DRAW_PHASE
                and len({c.suit for c in hand}) == 1)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.phase == DISCARD_PHASE:
            return [card_action(DISCARD, c) for c in _sorted(self.hands[seat]) if c != self.taken]
        actions = [Action(DRAW) if self.stock else Action(END)]
        if self.offer is not None:
            actions.append(card_action(TAKE, self.offer))
        if self.can_stop(seat):
            actions.append(Action(STOP))
        return actions

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "EmpatSatuState":
        kind = action.kind
        if kind == STOP:
            return self._end_hand("stop", seat)
        if kind == END:
            return self._end_hand("stock", None)
        if kind == DRAW:
            return replace(self, hands=_with(self.hands, seat, self.hands[seat] + self.stock[:1]),
                           stock=self.stock[1:], phase=DISCARD_PHASE, taken=None)
        if kind == TAKE:
            card = self.discards[-1][1]
            return replace(self, hands=_with(self.hands, seat, self.hands[seat] + (card,)),
                           discards=self.discards[:-1], phase=DISCARD_PHASE, taken=card,
                           known=_with(self.known, seat, self.known[seat] + (card,)))
        card = parse_card(action.args[0])
        state = replace(self, hands=_with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card)),
                        discards=self.discards + ((seat, card),), phase=DRAW_PHASE, taken=None,
                        known=_with(self.known, seat, tuple(c for c in self.known[seat] if c != card)),
                        turn=(seat + 1) % self.players, turns_done=self.turns_done + 1)
        if state.stock:
            return state
        left = self.players * self.options.rounds_after_stock if self.turns_left is None else self.turns_left - 1
        state = replace(state, turns_left=left)
        return state._end_hand("last round", None) if left <= 0 else state

    def _end_hand(self, ended: str, stopper: int | None) -> "EmpatSatuState":
        """Everyone shows; the hand is scored; the match ends or the loser deals the next."""
        n = self.players
        values = tuple(hand_value(h) for h in self.hands)
        winners, losers = winners_and_losers(self.hands)
        wins = tuple(w + (s in winners) for s, w in enumerate(self.wins))
        totals = tuple(t + v for t, v in zip(self.totals, values))
        record = HandRecord(self.dealer, self.first, ended, stopper, self.hands, values,
                            tuple(int(best_suit(h)) for h in self.hands), winners, losers, wins, totals)
        state = replace(self, wins=wins, totals=totals, sheet=self.sheet + (record,), phase=DRAW_PHASE,
                        taken=None)
        opts = self.options
        if (opts.match == "single" or (opts.match == "wins" and max(wins) >= opts.wins)
                or (opts.match == "cumulative" and len(state.sheet) >= opts.deals)):
            return replace(state, over=True)
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        dealer = next(s for s in order if s in losers)
        first = next(s for s in order if s in winners)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return _deal(opts, rng.state, dealer, first, deck, wins=wins, totals=totals, sheet=state.sheet)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Hands won (a 'cumulative' match: hand values added up)."""
        return self.totals if self.options.match == "cumulative" else self.wins

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """A row per seat per hand: the hand's value (its suit plus, the rest minus) and, in a
        match of hand wins, the win it earned."""
        events = []
        cumulative = self.options.match == "cumulative"
        for number, r in enumerate(self.sheet, 1):
            for s in range(self.players):
                detail = {"value": r.values[s], "suit": "♣♦♥♠"[r.suits[s]],
                          "cards": [str(c) for c in r.shown[s]], "won": s in r.winners, "lost": s in r.losers,
                          "tie_broken_by_worst_cards": r.tie_broken}
                if cumulative:
                    events.append(ScoreEvent(number, (s,), r.values[s],
                                             f"hand value: {'♣♦♥♠'[r.suits[s]]} plus, other suits minus", detail))
                else:
                    events.append(ScoreEvent(number, (s,), int(s in r.winners),
                                             "won the hand" if s in r.winners else "did not win the hand",
                                             detail))
        return events

    def utility(self, seat: int) -> float:
        """The score margin over the mean of the others, plus a hundredth of the hand-value
        margin in a match of hand wins (so a search prefers the better hands too)."""
        others = [s for s in range(self.players) if s != seat]

        def margin(values) -> float:
            return values[seat] - sum(values[s] for s in others) / len(others)
        if self.options.match == "cumulative":
            return float(margin(self.totals))
        return margin(self.wins) + margin(self.totals) / 100

    def standings(self) -> list[dict]:
        """Players by score, with their hand wins and hand values added up."""
        rows = super().standings()
        for row in rows:
            seat = row["seats"][0]
            row["hands_won"] = self.wins[seat]
            row["hand_values"] = self.totals[seat]
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        shown = Visibility.PUBLIC if self.over else Visibility.OWNER
        zones = {f"hand:{s}": Zone(self.hands[s], shown, s, ordered=False) for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        if self.options.discard_piles == "shared":
            zones["discards"] = Zone(tuple(c for _, c in self.discards), Visibility.PUBLIC)
        else:
            for s in range(self.players):
                zones[f"discards:{s}"] = Zone(tuple(c for who, c in self.discards if who == s), Visibility.PUBLIC,
                                              s, group="discards")
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "EmpatSatuState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards another player took from the discards (everyone saw them) and still holds."""
        return {f"hand:{s}": self.known[s] for s in range(self.players) if s != seat and self.known[s]}

    def public(self, seat: int | None) -> dict:
        facts = {
            "dealer": self.dealer,
            "first_player": self.first,
            "turn": None if self.over else self.turn,
            "phase": self.phase,
            "stock": len(self.stock),
            "discard_to_take": str(self.offer) if self.offer is not None else None,
            "taken_and_held": [[str(c) for c in k] for k in self.known],
            "turns_left_after_stock": self.turns_left,
            "match": self.options.match,
            "wins_to_take_match": self.options.wins if self.options.match == "wins" else None,
            "deals": self.options.deals if self.options.match == "cumulative" else None,
            "hands_won": list(self.wins),
            "hand_values_added": list(self.totals),
            "hand_number": len(self.sheet) + (0 if self.over else 1),
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "first_player": r.first, "ended": r.ended,
                 "stopper": r.stopper, "cards": [[str(c) for c in h] for h in r.shown],
                 "values": list(r.values), "suits": ["♣♦♥♠"[x] for x in r.suits], "winners": list(r.winners),
                 "losers": list(r.losers), "tie_broken_by_worst_cards": r.tie_broken,
                 "hands_won": list(r.wins), "hand_values_added": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }
        if seat is not None and 0 <= seat < self.players and self.hands[seat]:
            own = self.hands[seat]
            facts["your_value"] = hand_value(own)
            facts["your_suit"] = "♣♦♥♠"[best_suit(own)]
            facts["you_may_stop"] = self.can_stop(seat)
        return facts


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.suit, c.rank)))


def _deal(options: EmpatSatuOptions, rng_state: int, dealer: int, first: int, deck, **carry) -> EmpatSatuState:
    """Four cards each from the top of ``deck``, one at a time from the dealer's left; the rest is the stock."""
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(deck[:HAND * n]):
        hands[(dealer + 1 + i) % n].append(card)
    return EmpatSatuState(options=options, rng_state=rng_state, dealer=dealer, first=first,
                          hands=tuple(_sorted(h) for h in hands), stock=tuple(deck[HAND * n:]), discards=(),
                          turn=first, known=((),) * n, wins=carry.get("wins", (0,) * n),
                          totals=carry.get("totals", (0,) * n), sheet=carry.get("sheet", ()))


def parse_deal(deal: Any, players: int, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[4 cards] for each seat, seat 0 first],
    "stock": [the other cards, the next drawn first]}``; ``stock`` may be left out, and the
    undealt cards are then shuffled from the match seed.
    """
    shape = (f"an Empat Satu deal is an object with 'dealer' (a seat), 'hands' (four cards for each of the "
             f"{players} seats, seat 0 first) and optionally 'stock' (the other cards, the next drawn first)")
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 52-card pack", fields=("dealer", "hands", "stock"))
    dealer = reader.seat("dealer", players)
    parsed = reader.hands(players, HAND)
    rest = reader.rest("stock", rng)
    order = [parsed[(dealer + 1 + i) % players][i // players] for i in range(HAND * players)]
    return dealer, order + rest


class EmpatSatu(Game):
    """The Empat Satu ruleset."""

    name = "empat-satu"
    title = "Empat Satu (41)"
    family = "draw and discard"
    min_players = 2
    max_players = 6
    summary = ("Indonesian draw-and-discard game: draw from the stock or take the last discard, discard one, "
               "and collect four cards of one suit; aces 11, pictures and tens 10, the best hand is 41.")
    Options = EmpatSatuOptions
    State = EmpatSatuState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: EmpatSatuOptions, seed: int, deal: Any) -> EmpatSatuState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, options.players, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer is chosen at random
            deck = rng.shuffled(PACK)
        return _deal(options, rng.state, dealer, dealer, deck)


GAME = EmpatSatu()

__all__ = ["GAME", "EmpatSatu", "EmpatSatuState", "EmpatSatuOptions", "HandRecord", "PACK", "DRAW", "TAKE",
           "DISCARD", "STOP", "END", "parse_deal"]
