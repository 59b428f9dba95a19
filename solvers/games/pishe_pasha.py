"""Pishe Pasha (GAMES.md G32): a competitive patience for two, racing to run out of cards.

Players and pack. Two players, a 52-card pack, aces low (A, 2 … 10, J, Q, K).

Deal. Each player gets 26 cards as a face-down *stock* that nobody may look at, not even
its owner. Each builds a face-up *discard pile* beside it. In the middle lie four shared
*foundations*, one per suit, built up from the ace to the king. The first dealer comes
from the match seed; the deal alternates from game to game.

Opening. The non-dealer turns up the first card of their stock. An ace goes to its
foundation and they turn the next card, and so on while the turned card fits a
foundation; the first card that does not fit starts their discard pile. Then the dealer
takes the first turn.

Turn. The player turns the top card of their stock: it is the *current card*. While it
is there the player may move the current card or the top of their own discard pile:

* to a foundation where it is the next card (same suit, one rank higher; an ace starts
  its suit's foundation): ``found <card>``;
* onto the **opponent's** discard pile when its rank is exactly one above or one below
  the opponent's top card, suit regardless (``give <card>``). A king and an ace are not
  neighbours (``wrap_king_ace`` makes them so); an empty pile accepts nothing;
* the current card onto their own discard pile, which ends the turn (``discard <card>``).

Foundation priority: while any foundation play exists (from the current card or the own
discard top), no other move is legal. Whenever the current card leaves (to a foundation
or to the opponent) the next stock card is turned. A card the opponent put on a
player's pile is that player's discard top and may be played like any other. When the
stock is empty the discard pile is turned over, unshuffled, as the new stock (its
bottom card is the next one turned); everybody saw those cards go down, so the order of
a turned-over stock is known to both players.

Winning. A player whose stock, discard pile and current card are all gone has won the
game. Guard: when ``guard_turns`` (300) turns in a row pass without a foundation play,
the game ends; the player holding fewer cards (stock and discard pile) wins it, equal
counts make it a draw (GAMES.md proposal).

Stop! mode (``stop_calls``, off by default: the engine enforces foundation priority).
When on, a player may skip a foundation play. The opponent is then asked right after the
offending move, before it takes effect (GAMES.md proposal): ``allow`` lets it stand;
``force <card>`` makes the offender play the missed card to its foundation instead
(and go on with the turn); ``stop`` ends the offender's turn instead (their current card
goes on their own discard pile) and the caller takes their turn.

Match. ``games`` games (1 by default); a won game scores 1, a drawn game half a point
to each. The match ends after the last game; the higher score wins the match.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, Suit, parse_card, standard_pack
from solvers.deals import DealReader
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable

PACK = tuple(standard_pack())
STOCK = 26
FOUND, GIVE, DISCARD = "found", "give", "discard"
ALLOW, FORCE, STOP = "allow", "force", "stop"
SEAT_NAMES = ("South", "North")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def value(card: Card) -> int:
    """The card's rank with aces low: ace 1, two 2 … king 13."""
    return 1 if card.rank == Rank.ACE else int(card.rank)


def fits_foundation(card: Card, foundations: tuple[int, ...]) -> bool:
    """True when ``card`` is the next card of its suit's foundation."""
    return foundations[card.suit] == value(card) - 1


def neighbours(card: Card, top: Card | None, wrap: bool = False) -> bool:
    """True when ``card`` may go on a discard pile showing ``top``: one rank above or below
    (king and ace also, with ``wrap``); an empty pile accepts nothing."""
    if top is None:
        return False
    gap = abs(value(card) - value(top))
    return gap == 1 or (wrap and gap == 12)


@serializable
@dataclass(frozen=True)
class PishePashaOptions:
    """Variants of Pishe Pasha."""

    games: int = option(1, "games in a match; a won game scores 1, a drawn one half a point each; the deal "
                           "alternates", minimum=1, maximum=9)
    stop_calls: bool = option(False, "play by calling Stop!: a player may skip a foundation play, and the "
                                     "opponent may then let it stand, force the card up, or end the "
                                     "offender's turn and take their own; off: foundation plays must "
                                     "always come first")
    guard_turns: int = option(300, "when this many turns in a row pass without a foundation play, the game "
                                   "ends and the player with fewer cards wins (equal: a draw)",
                              minimum=10, maximum=5000)
    wrap_king_ace: bool = option(False, "a king and an ace count as neighbours when giving a card to the "
                                        "opponent's pile")


@serializable
@dataclass(frozen=True)
class GameRecord:
    """One line of the score sheet: a finished game."""

    dealer: int
    winner: int | None               # None: a draw
    cards_left: tuple[int, int]      # stock and discard pile of each seat at the end
    by_guard: bool                   # ended by the turn limit
    turns: int


@serializable
@dataclass(frozen=True)
class PishePashaState(State):
    """A moment of a Pishe Pasha match."""

    options: PishePashaOptions
    rng_state: int                                     # generator state for the next deal
    dealer: int
    stocks: tuple[tuple[Card, ...], tuple[Card, ...]]  # face down, next card first
    stock_seen: tuple[bool, bool]                      # a turned-over discard pile: order known to all
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]  # face up, bottom first, top last
    foundations: tuple[int, int, int, int]             # top value per suit (0: empty)
    turn: int
    current: Card | None = None                        # the turn player's turned card
    pending: tuple = ()                                # (offender, action kind, card) awaiting a call
    quiet_turns: int = 0                               # turns in a row without a foundation play
    founded_this_turn: bool = False
    turns: int = 0                                     # turns begun this game
    opening: tuple[Card, ...] = ()                     # cards the non-dealer played up in the opening
    last: tuple = ()                                   # (seat, notation) of the latest move
    score: tuple[float, float] = (0.0, 0.0)
    sheet: tuple[GameRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        if self.pending:
            return frozenset((1 - self.pending[0],))
        return frozenset((self.turn,))

    def top(self, seat: int) -> Card | None:
        """The top card of ``seat``'s discard pile (None when it is empty)."""
        pile = self.discards[seat]
        return pile[-1] if pile else None

    def exposed(self, seat: int) -> list[Card]:
        """The cards ``seat`` may move now: the current card, then the discard top."""
        cards = [self.current] if self.current is not None and seat == self.turn else []
        if self.discards[seat]:
            cards.append(self.discards[seat][-1])
        return cards

    def foundation_plays(self, seat: int) -> list[Card]:
        """The exposed cards of ``seat`` that fit a foundation now."""
        return [c for c in self.exposed(seat) if fits_foundation(c, self.foundations)]

    def gives(self, seat: int) -> list[Card]:
        """The exposed cards of ``seat`` that may go on the opponent's discard pile."""
        top = self.top(1 - seat)
        return [c for c in self.exposed(seat) if neighbours(c, top, self.options.wrap_king_ace)]

    def cards_held(self, seat: int) -> int:
        """Cards ``seat`` still has to get rid of: stock, discard pile and current card."""
        held = len(self.stocks[seat]) + len(self.discards[seat])
        return held + (1 if self.current is not None and seat == self.turn else 0)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.pending:
            offender = self.pending[0]
            return ([card_action(FORCE, c) for c in self.foundation_plays(offender)]
                    + [Action(STOP), Action(ALLOW)])
        ups = [card_action(FOUND, c) for c in self.foundation_plays(seat)]
        if ups and not self.options.stop_calls:
            return ups
        return ups + [card_action(GIVE, c) for c in self.gives(seat)] + [card_action(DISCARD, self.current)]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "PishePashaState":
        state = replace(self, last=(seat, action.notation))
        if self.pending:
            return state._answer_call(action)
        card = parse_card(action.args[0])
        if action.kind != FOUND and self.options.stop_calls and self.foundation_plays(seat):
            return replace(state, pending=(seat, action.kind, card))
        return state._move(seat, action.kind, card)

    def _answer_call(self, action: Action) -> "PishePashaState":
        """The caller lets the skipped foundation play stand, forces it, or takes the turn."""
        offender, kind, card = self.pending
        state = replace(self, pending=())
        if action.kind == ALLOW:
            return state._move(offender, kind, card)
        if action.kind == FORCE:
            return state._move(offender, FOUND, parse_card(action.args[0]))
        return state._move(offender, DISCARD, state.current)

    def _move(self, seat: int, kind: str, card: Card) -> "PishePashaState":
        if kind == DISCARD:
            return self._end_turn(seat)
        discards = list(self.discards)
        state = self
        if card == self.current:
            state = replace(state, current=None)
        else:
            discards[seat] = discards[seat][:-1]
        if kind == FOUND:
            founds = list(self.foundations)
            founds[card.suit] = value(card)
            state = replace(state, foundations=tuple(founds), quiet_turns=0, founded_this_turn=True)
        else:
            discards[1 - seat] = discards[1 - seat] + (card,)
        state = replace(state, discards=(discards[0], discards[1]))
        if state.current is None:
            return state._turn_card(seat)
        return state

    def _turn_card(self, seat: int) -> "PishePashaState":
        """Turn ``seat``'s next stock card (turning the discard pile over first when the
        stock is empty); a player with no cards left has won."""
        stocks, discards, seen = list(self.stocks), list(self.discards), list(self.stock_seen)
        if not stocks[seat]:
            if not discards[seat]:
                return self._end_game(seat, by_guard=False)
            stocks[seat], discards[seat], seen[seat] = discards[seat], (), True
        current, stocks[seat] = stocks[seat][0], stocks[seat][1:]
        return replace(self, current=current, stocks=(stocks[0], stocks[1]), discards=(discards[0], discards[1]),
                       stock_seen=(seen[0], seen[1]))

    def _end_turn(self, seat: int) -> "PishePashaState":
        """The current card goes on the player's own pile; the opponent's turn begins."""
        discards = list(self.discards)
        discards[seat] = discards[seat] + (self.current,)
        quiet = 0 if self.founded_this_turn else self.quiet_turns + 1
        state = replace(self, discards=(discards[0], discards[1]), current=None, quiet_turns=quiet)
        if quiet >= self.options.guard_turns:
            held = (state.cards_held(0), state.cards_held(1))
            winner = None if held[0] == held[1] else (0 if held[0] < held[1] else 1)
            return state._end_game(winner, by_guard=True)
        return state._begin_turn(1 - seat)

    def _begin_turn(self, seat: int) -> "PishePashaState":
        state = replace(self, turn=seat, founded_this_turn=False, turns=self.turns + 1)
        return state._turn_card(seat)

    def _end_game(self, winner: int | None, *, by_guard: bool) -> "PishePashaState":
        state = replace(self, current=None, pending=())
        held = (state.cards_held(0), state.cards_held(1))
        record = GameRecord(self.dealer, winner, held, by_guard, self.turns)
        score = tuple(s + (0.5 if winner is None else float(winner == i)) for i, s in enumerate(self.score))
        state = replace(state, sheet=self.sheet + (record,), score=(score[0], score[1]))
        if len(state.sheet) >= self.options.games:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        return _deal(self.options, rng, 1 - self.dealer, rng.shuffled(PACK), score=state.score,
                     sheet=state.sheet, last=self.last)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[float, float]:
        """Games won by each seat (a drawn game counts half)."""
        return self.score

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One event per finished game: who won it and how."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            detail = {"cards_left": list(r.cards_left), "turns": r.turns}
            if r.winner is None:
                events.append(ScoreEvent(number, (0, 1), 0.5, "drawn at the turn limit: equal cards", detail))
            elif r.by_guard:
                events.append(ScoreEvent(number, (r.winner,), 1, "fewer cards at the turn limit", detail))
            else:
                events.append(ScoreEvent(number, (r.winner,), 1, "ran out of cards first", detail))
        return events

    def utility(self, seat: int) -> float:
        """Games won against the opponent, plus a hundredth of the card margin (the cards the
        opponent still holds minus one's own, in the game under way or the last one)."""
        held = self.sheet[-1].cards_left if self.over else (self.cards_held(0), self.cards_held(1))
        margin = held[1 - seat] - held[seat]
        return float(self.score[seat] - self.score[1 - seat]) + margin / 100

    def standings(self) -> list[dict]:
        """Both players by games won, with the cards each held at the end of the last game."""
        rows = super().standings()
        for row in rows:
            seat = row["seats"][0]
            row["cards_left"] = self.sheet[-1].cards_left[seat] if self.sheet else self.cards_held(seat)
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {}
        for s in (0, 1):
            seen = Visibility.SEEN if self.stock_seen[s] else Visibility.HIDDEN
            zones[f"stock:{s}"] = Zone(self.stocks[s], seen, s)
            zones[f"turned:{s}"] = Zone((self.current,) if self.current is not None and self.turn == s else (),
                                        Visibility.PUBLIC, s)
            zones[f"discard:{s}"] = Zone(self.discards[s], Visibility.PUBLIC, s)
        for suit in Suit:
            cards = tuple(Card.standard(Rank.ACE if v == 1 else v, suit) for v in range(1, self.foundations[suit] + 1))
            zones[f"foundation:{SUIT_NAMES[suit]}"] = Zone(cards, Visibility.PUBLIC, group="foundations")
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "PishePashaState":
        stocks = tuple(tuple(zones.get(f"stock:{s}", self.stocks[s])) for s in (0, 1))
        return replace(self, stocks=stocks)

    def public(self, seat: int | None) -> dict:
        pending = None
        if self.pending:
            offender, kind, card = self.pending
            pending = {"offender": offender, "move": f"{kind} {card}",
                       "missed": [str(c) for c in self.foundation_plays(offender)]}
        return {
            "seat_names": list(SEAT_NAMES),
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "current_card": str(self.current) if self.current is not None else None,
            "discard_tops": [str(self.top(s)) if self.discards[s] else None for s in (0, 1)],
            "stock_counts": [len(self.stocks[s]) for s in (0, 1)],
            "stock_turned_over": list(self.stock_seen),
            "cards_held": [self.cards_held(0), self.cards_held(1)],
            "foundations": {SUIT_NAMES[s]: self.foundations[s] for s in Suit},
            "opening": [str(c) for c in self.opening],
            "turns": self.turns,
            "turns_without_foundation_play": self.quiet_turns,
            "guard_turns": self.options.guard_turns,
            "stop_calls": self.options.stop_calls,
            "stop_call_pending": pending,
            "last_move": {"seat": self.last[0], "move": self.last[1]} if self.last else None,
            "game_number": len(self.sheet) + (0 if self.over else 1),
            "games": self.options.games,
            "scores": list(self.score),
            "score_sheet": [
                {"game": i + 1, "dealer": r.dealer, "winner": r.winner, "cards_left": list(r.cards_left),
                 "ended_by_turn_limit": r.by_guard, "turns": r.turns} for i, r in enumerate(self.sheet)],
        }


def _deal(options: PishePashaOptions, rng: Rng, dealer: int, deck, *, score=(0.0, 0.0), sheet=(),
          last=()) -> PishePashaState:
    """Deal 26 cards to each stock (alternately, the non-dealer first), play the
    non-dealer's opening and begin the dealer's first turn."""
    deck = list(deck)
    first = 1 - dealer
    stocks = [(), ()]
    stocks[first] = tuple(deck[0::2])
    stocks[dealer] = tuple(deck[1::2])
    return _open(options, rng.state, dealer, (stocks[0], stocks[1]), score, sheet, last)


def _open(options, rng_state: int, dealer: int, stocks, score, sheet, last) -> PishePashaState:
    state = PishePashaState(options=options, rng_state=rng_state, dealer=dealer, stocks=stocks,
                            stock_seen=(False, False), discards=((), ()), foundations=(0, 0, 0, 0),
                            turn=1 - dealer, score=score, sheet=sheet, last=last)
    first = 1 - dealer
    own = list(stocks[first])
    founds = [0, 0, 0, 0]
    opening = []
    while own and fits_foundation(own[0], tuple(founds)):
        card = own.pop(0)
        founds[card.suit] = value(card)
        opening.append(card)
    new_stocks = list(stocks)
    discards = [(), ()]
    if own:
        discards[first] = (own.pop(0),)
    new_stocks[first] = tuple(own)
    state = replace(state, stocks=(new_stocks[0], new_stocks[1]), discards=(discards[0], discards[1]),
                    foundations=tuple(founds), opening=tuple(opening))
    if not own and not discards[first]:
        return state._end_game(first, by_guard=False)
    return state._begin_turn(dealer)


def parse_deal(deal: Any) -> tuple[int, tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Read an explicit deal: ``{"dealer": 0 or 1, "stocks": [[26 cards], [26 cards]]}``,
    seat 0's stock first, each listed from the top (the first card turned) down."""
    shape = ("a Pishe Pasha deal is an object with 'dealer' (0 or 1) and 'stocks' (two lists of 26 cards, "
             "seat 0 first, each from its top card down)")
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 52-card pack", fields=("dealer", "stocks"))
    dealer = reader.seat("dealer", 2)
    out = [tuple(stock) for stock in reader.hands(2, STOCK, key="stocks", what="stock")]
    return dealer, (out[0], out[1])


class PishePasha(Game):
    """The Pishe Pasha ruleset."""

    name = "pishe-pasha"
    title = "Pishe Pasha"
    family = "patience"
    min_players = 2
    max_players = 2
    summary = ("Competitive patience for two: turn your stock card by card, build the shared foundations "
               "and unload cards onto your opponent's pile; the first out of cards wins.")
    Options = PishePashaOptions
    State = PishePashaState
    seat_names = SEAT_NAMES

    def players_for(self, options) -> int:
        return 2

    def start(self, options: PishePashaOptions, seed: int, deal: Any) -> PishePashaState:
        rng = Rng(seed)
        if deal is not None:
            dealer, stocks = parse_deal(deal)
            return _open(options, rng.state, dealer, stocks, (0.0, 0.0), (), ())
        dealer = rng.below(2)  # the first dealer comes from the match seed
        return _deal(options, rng, dealer, rng.shuffled(PACK))


GAME = PishePasha()
