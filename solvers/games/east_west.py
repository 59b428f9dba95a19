"""East–West (GAMES.md G27): a placement poker game for two by Reiner Knizia.

Players and pack. Two players, West (seat 0) and East (seat 1), sit on the same side of
the table. A 32-card pack: A K Q J 10 9 8 7 in each suit.

Setup. The dealer shuffles and deals three cards face up in a column: the board cards of
rows 1, 2 and 3. The rest (29 cards) is the stock, face down. Everyone knows which cards
the stock holds (the pack less the board and the cards placed); only their order is
unknown.

Play. The non-dealer goes first, then the players alternate. In turn a player draws the
top card of the stock and must place it, face up, on their own side of one of the three
rows where they have fewer than four cards (placement is compulsory). A row is complete
for a player at four cards: the board card and those four make that player's five-card
poker hand for the row. After 24 placements (twelve each) all six hands are complete and
five stock cards are left unused.

Result. Each row's West hand is compared with its East hand by poker rank (see
:mod:`solvers.games.east_west_hands`: straight flush, four of a kind, full house, flush,
straight, three of a kind, two pairs, pair, high card; the options
``flush_beats_full_house`` and ``low_straight_a789t`` adapt the order to the short pack).
Equal hands in a row: nobody wins that row (a GAMES.md proposal). Whoever wins more rows
wins the game (usually two of three); equally many: the game is drawn.

Match (not in the seed; GAMES.md). ``games`` games (2 by default), the deal alternating;
the first dealer comes from the match seed. Whoever wins more games wins the match; equal
games won are broken by the total of rows won; still equal, the match is drawn. Every game
ends after exactly 24 placements, so a match cannot cycle.

Explicit deal: ``{"dealer": 0 | 1, "board": [3 cards, row 1 first], "stock": [29 cards,
the next drawn first]}``; ``stock`` may be left out (then shuffled from the match seed).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.games.east_west_hands import PACK, hand_rank

__all__ = ["EastWest", "EastWestOptions", "EastWestState", "GameRecord", "GAME", "PLACE", "ROWS", "ROW_SIZE",
           "STOCK_SIZE", "PLACEMENTS", "SEAT_NAMES", "row_results", "parse_deal", "hand_rank"]

ROWS = 3
ROW_SIZE = 4                 # cards a player places in a row
STOCK_SIZE = len(PACK) - ROWS
PLACEMENTS = 2 * ROWS * ROW_SIZE
UNUSED = STOCK_SIZE - PLACEMENTS
PLACE = "place"
SEAT_NAMES = ("West", "East")


@serializable
@dataclass(frozen=True)
class EastWestOptions:
    """Variants of East–West."""

    games: int = option(2, "games in a match, the deal alternating; more games won wins the match, then more "
                           "rows won", minimum=1, maximum=20)
    flush_beats_full_house: bool = option(False, "a flush ranks above a full house (in the 32-card pack a "
                                                 "flush is the rarer hand)")
    low_straight_a789t: bool = option(True, "A-7-8-9-10 counts as the lowest straight; off: it is no "
                                            "straight")


@serializable
@dataclass(frozen=True)
class GameRecord:
    """One line of the score sheet: a finished game."""

    dealer: int
    board: tuple[Card, ...]
    rows: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]   # [seat][row]
    hands: tuple[tuple[str, str], ...]          # per row: (West's hand name, East's)
    row_winners: tuple[int | None, ...]         # per row: the seat that won it (None: equal)
    rows_won: tuple[int, int]
    winner: int | None                          # None: a drawn game


@serializable
@dataclass(frozen=True)
class EastWestState(State):
    """A moment of an East–West match."""

    options: EastWestOptions
    rng_state: int                              # generator state for the next deal
    dealer: int
    board: tuple[Card, ...]                     # the board card of each row
    rows: tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]   # [seat][row], in placing order
    stock: tuple[Card, ...]                     # face down, the next drawn first
    drawn: Card | None                          # the card the player to move has drawn
    turn: int
    last_place: tuple = ()                      # (seat, row 1-3, card) of the latest placement
    sheet: tuple[GameRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def open_rows(self, seat: int) -> list[int]:
        """The rows (1–3) where ``seat`` may still place a card."""
        return [r + 1 for r in range(ROWS) if len(self.rows[seat][r]) < ROW_SIZE]

    @property
    def placed(self) -> int:
        """Placements made so far in this game (0–24)."""
        return sum(len(row) for side in self.rows for row in side)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        return [Action(PLACE, (str(r),)) for r in self.open_rows(seat)]

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "EastWestState":
        row = int(action.args[0]) - 1
        side = list(self.rows[seat])
        side[row] = side[row] + (self.drawn,)
        rows = _with(self.rows, seat, tuple(side))
        state = replace(self, rows=rows, last_place=(seat, row + 1, self.drawn))
        if state.placed == PLACEMENTS:
            return state._end_game()
        return replace(state, drawn=state.stock[0], stock=state.stock[1:], turn=1 - seat)

    def _end_game(self) -> "EastWestState":
        record = self._record()
        sheet = self.sheet + (record,)
        state = replace(self, sheet=sheet, drawn=None)
        if len(sheet) >= self.options.games:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        return _deal(self.options, rng, 1 - self.dealer, rng.shuffled(PACK), sheet=sheet,
                     last_place=self.last_place)

    def _record(self) -> GameRecord:
        winners, names = row_results(self.board, self.rows, self.options)
        won = (winners.count(0), winners.count(1))
        winner = None if won[0] == won[1] else (0 if won[0] > won[1] else 1)
        return GameRecord(self.dealer, self.board, self.rows, names, winners, won, winner)

    # ------------------------------------------------------------- scores
    @property
    def games_won(self) -> tuple[int, int]:
        """Games won by each seat so far."""
        return tuple(sum(1 for r in self.sheet if r.winner == s) for s in (0, 1))

    @property
    def rows_won(self) -> tuple[int, int]:
        """Rows won by each seat over the finished games (the match's tie-break)."""
        return tuple(sum(r.rows_won[s] for r in self.sheet) for s in (0, 1))

    @property
    def scores(self) -> tuple[int, int]:
        """Games won by each seat."""
        return self.games_won

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def match_winner(self) -> int | None:
        """The seat that wins the match (more games, then more rows), None while it is on or drawn."""
        if not self.over:
            return None
        key = [(self.games_won[s], self.rows_won[s]) for s in (0, 1)]
        return None if key[0] == key[1] else (0 if key[0] > key[1] else 1)

    def score_events(self) -> list[ScoreEvent]:
        """Per finished game: the rows each seat won, and the game to its winner."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            for s in (0, 1):
                if r.rows_won[s]:
                    rows = [i + 1 for i, w in enumerate(r.row_winners) if w == s]
                    events.append(ScoreEvent(number, (s,), r.rows_won[s], "rows won", {"rows": rows}))
            if r.winner is not None:
                events.append(ScoreEvent(number, (r.winner,), 1, "game won",
                                         {"rows_won": r.rows_won[r.winner],
                                          "rows_lost": r.rows_won[1 - r.winner]}))
        return events

    def standings(self) -> list[dict]:
        """Both players by games won, then rows won (the match's tie-break)."""
        games, rows = self.games_won, self.rows_won
        order = sorted((0, 1), key=lambda s: (-games[s], -rows[s], s))
        out, place = [], 0
        for i, s in enumerate(order):
            if i == 0 or (games[s], rows[s]) != (games[order[0]], rows[order[0]]):
                place = i + 1
            out.append({"seats": [s], "score": games[s], "rows_won": rows[s], "place": place})
        return out

    def utility(self, seat: int) -> float:
        """Games won against the opponent, plus a tenth of the rows won against them."""
        games, rows = self.games_won, self.rows_won
        return float(games[seat] - games[1 - seat]) + (rows[seat] - rows[1 - seat]) / 10

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones: dict[str, Zone] = {}
        for r in range(ROWS):
            group = f"row{r + 1}"
            zones[f"row{r + 1}:0"] = Zone(self.rows[0][r], Visibility.PUBLIC, 0, group=group)
            zones[f"board{r + 1}"] = Zone((self.board[r],), Visibility.PUBLIC, group=group)
            zones[f"row{r + 1}:1"] = Zone(self.rows[1][r], Visibility.PUBLIC, 1, group=group)
        for s in (0, 1):
            held = (self.drawn,) if self.drawn is not None and s == self.turn and not self.over else ()
            zones[f"drawn:{s}"] = Zone(held, Visibility.OWNER, s)
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "EastWestState":
        drawn = self.drawn
        key = f"drawn:{self.turn}"
        if key in zones and zones[key]:
            drawn = tuple(zones[key])[0]
        return replace(self, stock=tuple(zones.get("stock", self.stock)), drawn=drawn)

    def public(self, seat: int | None) -> dict:
        last = None
        if self.last_place:
            who, row, card = self.last_place
            last = {"seat": who, "row": row, "card": str(card)}
        return {
            "seat_names": list(SEAT_NAMES),
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "placements": self.placed,
            "stock": len(self.stock) + (0 if self.drawn is None else 1),
            "open_rows": [self.open_rows(s) for s in (0, 1)],
            "last_place": last,
            "game_number": len(self.sheet) + (0 if self.over else 1),
            "games": self.options.games,
            "games_won": list(self.games_won),
            "rows_won": list(self.rows_won),
            "flush_beats_full_house": self.options.flush_beats_full_house,
            "low_straight_a789t": self.options.low_straight_a789t,
            "score_sheet": [
                {"game": i + 1, "dealer": r.dealer, "board": [str(c) for c in r.board],
                 "hands": [list(h) for h in r.hands], "row_winners": list(r.row_winners),
                 "rows_won": list(r.rows_won), "winner": r.winner}
                for i, r in enumerate(self.sheet)],
        }


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def row_results(board, rows, options) -> tuple[tuple[int | None, ...], tuple[tuple[str, str], ...]]:
    """Who wins each complete row (None: equal hands) and both hands' names, row by row."""
    winners, names = [], []
    for r in range(ROWS):
        west = hand_rank((board[r],) + tuple(rows[0][r]), options)
        east = hand_rank((board[r],) + tuple(rows[1][r]), options)
        winners.append(None if west == east else (0 if west > east else 1))
        names.append((west.name, east.name))
    return tuple(winners), tuple(names)


def _deal(options: EastWestOptions, rng: Rng, dealer: int, deck, **carry) -> EastWestState:
    """Deal a game from ``deck``: three board cards, the rest the stock; the non-dealer draws."""
    deck = tuple(deck)
    board, stock = deck[:ROWS], deck[ROWS:]
    return EastWestState(options=options, rng_state=rng.state, dealer=dealer, board=board,
                         rows=(((), (), ()), ((), (), ())), stock=stock[1:], drawn=stock[0], turn=1 - dealer,
                         last_place=carry.get("last_place", ()), sheet=carry.get("sheet", ()))


def parse_deal(deal: Any, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck (board cards first, then
    the stock in drawing order). See the module docstring for the shape."""
    shape = ("an East–West deal is an object with 'dealer' (0 or 1), 'board' (three cards, row 1 first) "
             "and optionally 'stock' (the other 29 cards, the next drawn first)")
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 32-card pack (A K Q J 10 9 8 7)",
                        fields=("dealer", "board", "stock"))
    dealer = reader.seat("dealer", 2, names=SEAT_NAMES)
    if "board" not in deal:
        raise CardsageError(f"deal.board is missing; {shape}", field="deal.board")
    board = reader.cards(deal["board"], "the board", "deal.board", size=ROWS)
    stock = reader.rest("stock", rng)
    return dealer, board + stock


class EastWest(Game):
    """The East–West ruleset."""

    name = "east-west"
    title = "East–West"
    family = "poker"
    min_players = 2
    max_players = 2
    summary = ("Knizia's placement poker for two: draw a card and place it in one of three rows, each "
               "sharing a face-up board card with your opponent; win two of the three poker hands.")
    Options = EastWestOptions
    State = EastWestState
    seat_names = SEAT_NAMES
    HAND_RANK = staticmethod(hand_rank)
    HAND_OPTIONS = ("flush_beats_full_house", "low_straight_a789t")

    def players_for(self, options) -> int:
        return 2

    def start(self, options: EastWestOptions, seed: int, deal: Any) -> EastWestState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, rng)
        else:
            dealer = rng.below(2)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return _deal(options, rng, dealer, deck)


GAME = EastWest()
