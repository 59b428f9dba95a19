"""Teen Patti (GAMES.md G29): the Indian three-card betting game, played for chips.

Players and chips. Two to ten players (best four to seven), a 52-card pack, play
clockwise. Everyone starts with ``start_chips`` chips; the unit stake is one chip.

Deal. Every player still in the match antes one chip into the pot; the dealer deals
three cards to each, one at a time, starting at the dealer's left. Cards stay face down:
a player who has not looked at them plays *blind*, one who has looked plays *seen*. The
first dealer comes from the match seed; the deal passes to the left.

Betting. It starts at the dealer's left and goes clockwise for as many circuits as
needed. The current stake c starts at one chip. At their turn a player:

* folds (out for the deal, forfeiting what they put in), or
* bets: blind, from c up to 2c, and c becomes the bet; seen, from 2c up to 4c, and c
  becomes half the bet. Seen bets must be a whole number of stakes' halves, that is even,
  so the stake stays whole (``half_units`` allows odd seen bets by counting half chips).
  ``max_raise_multiplier`` raises the ceilings (blind up to m·c, seen up to 2m·c).
* A blind player may look at their cards at their turn (``look``), then acts as seen from
  that turn on. With ``max_blind_turns`` a player who has bet blind that many times must look.

Show. Only when exactly two players remain. A blind player may pay c for a show, whether
the other is blind or seen; a seen player facing a blind one may not ask; when both are
seen, either may pay 2c (``show_cost_double``: 2c blind, 4c seen). Both hands are shown;
the higher wins the pot, and equal hands give it to the player who did not pay for the show.

Compromise (side-show). When every player still in is seen and at least three remain (a
GAMES.md proposal), a player may bet the minimum (2c) and at once ask the player who bet
just before them for a compromise (``compromise``). If the other accepts, the two compare
their hands privately: the lower hand folds, equal hands fold the asker. Only those two
see the cards; everyone else learns only who folded. If refused, betting goes on with
the next player after the asker.

End of a deal. When everyone else has folded the last player takes the pot without
showing. Chip shortage (a GAMES.md proposal): a player who cannot afford a bet may only
fold (or look, or show when they can pay for it); there is no all-in.

Match. Deals go on until one player holds every chip (a player who cannot ante is out
of the match), or ``fixed_deals`` deals have been played. A guard ends the match after
``MAX_DEALS`` deals. The score is each player's chips.

Hands (:mod:`solvers.games.teen_patti_hands`): trio > pure sequence > sequence > colour >
pair > high card; A-2-3 is the top sequence by default (option ``a23``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.games.teen_patti_hands import A23_PLACES, PACK, compare, describe, hand_rank

__all__ = ["TeenPatti", "TeenPattiState", "TeenPattiOptions", "GAME", "hand_rank", "MAX_DEALS",
           "FOLD", "BET", "LOOK", "SHOW", "COMPROMISE", "ACCEPT", "REFUSE"]

HAND = 3
MAX_DEALS = 200         # a deterministic cap on a match's length (folding round the table can go on for ever)
FOLD, BET, LOOK, SHOW = "fold", "bet", "look", "show"
COMPROMISE, ACCEPT, REFUSE = "compromise", "accept", "refuse"


@serializable
@dataclass(frozen=True)
class TeenPattiOptions:
    """Variants of Teen Patti."""

    players: int = option(4, "number of players", minimum=2, maximum=10)
    start_chips: int = option(100, "chips each player starts with; the unit stake and the ante are one chip",
                              minimum=1, maximum=100000)
    fixed_deals: int = option(0, "end the match after this many deals (0: play until one player holds "
                                 "every chip)", minimum=0, maximum=MAX_DEALS)
    max_raise_multiplier: int = option(2, "a blind player may bet up to this many times the current stake, "
                                          "a seen player up to twice as much", minimum=2, maximum=10)
    max_blind_turns: int = option(0, "a player may bet blind at most this many times, then must look "
                                     "(0: no limit)", minimum=0, maximum=50)
    show_cost_double: bool = option(False, "a show costs twice the minimum bet: twice the stake for a blind "
                                           "player, four times for a seen one")
    half_units: bool = option(False, "seen players may bet an odd number of chips, the stake then counting "
                                     "half chips; off: seen bets are even so the stake stays whole")
    a23: str = option("top", "where A-2-3 ranks among sequences: top (above A-K-Q), second (between A-K-Q "
                             "and K-Q-J) or bottom (below 4-3-2)", choices=A23_PLACES)
    compromise: bool = option(True, "a seen player who bets the minimum may ask the previous bettor for a "
                                    "private compromise when everyone still in is seen and three or more remain")


@serializable
@dataclass(frozen=True)
class Move:
    """One public decision of the deal under way, with what the table knew when it was made."""

    seat: int
    kind: str
    amount: int                 # money units put in (0 for look, fold, accept, refuse)
    seen: bool                  # whether the player had looked before acting
    opponents: int              # other players still in
    stake: int                  # current stake before the move (units)
    pot: int                    # pot before the move (units)
    choices: tuple[str, ...]    # kinds of action that were open
    minimum: int = 0            # smallest bet open (units, 0 when none)
    maximum: int = 0            # largest bet open
    loser: int = -1             # for an accepted compromise: who folded
    blind_bets: int = 0         # blind bets the player had made before


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: a finished deal."""

    dealer: int
    put_in: tuple[int, ...]         # units each seat put in (ante included)
    pot: int
    winner: int
    how: str                        # "fold" (everyone else folded) or "show"
    shown: tuple = ()               # ((seat, cards), (seat, cards)) at a show
    paid_show: int = -1             # who paid for the show


@serializable
@dataclass(frozen=True)
class TeenPattiState(State):
    """A moment of a Teen Patti match (money in units: chips, or half chips with ``half_units``)."""

    options: TeenPattiOptions
    rng_state: int
    dealer: int
    chips: tuple[int, ...]              # each seat's chips behind (units)
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    active: tuple[bool, ...]            # still in the deal
    seen: tuple[bool, ...]
    blind_bets: tuple[int, ...]
    put_in: tuple[int, ...]
    stake: int
    pot: int
    turn: int
    last_bettor: int = -1
    asked: tuple = ()                   # (asker, asked) while a compromise awaits an answer
    compromises: tuple = ()             # (asker, asked, loser) accepted this deal
    moves: tuple[Move, ...] = ()
    sheet: tuple[DealRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- money
    @property
    def scale(self) -> int:
        """Money units a chip: 2 when half chips count, else 1."""
        return 2 if self.options.half_units else 1

    def chips_text(self, units: int) -> str:
        """``units`` written in chips ("3", "1.5")."""
        whole, half = divmod(units, self.scale)
        return str(whole) if not half else f"{whole}.5"

    def units_of(self, text: str) -> int | None:
        """Chips written as text, in units (None when not a valid amount)."""
        try:
            value = float(text)
        except ValueError:
            return None
        units = value * self.scale
        return int(units) if units == int(units) and units > 0 else None

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        return frozenset((self.asked[1],)) if self.asked else frozenset((self.turn,))

    def in_deal(self) -> list[int]:
        """Seats still in the deal."""
        return [s for s in range(self.players) if self.active[s]]

    def bet_range(self, seat: int) -> tuple[int, int, int]:
        """(smallest, largest, step) of the bets ``seat`` may make, in units, before its chips."""
        m = self.options.max_raise_multiplier
        if self.seen[seat]:
            return 2 * self.stake, 2 * m * self.stake, 2
        return self.stake, m * self.stake, 1

    def show_cost(self, seat: int) -> int:
        """What a show costs ``seat`` now, in units."""
        cost = self.stake * (2 if self.seen[seat] else 1)
        return cost * (2 if self.options.show_cost_double else 1)

    def may_show(self, seat: int) -> bool:
        """Exactly two remain, and ``seat`` is blind or both are seen (chips aside)."""
        players = self.in_deal()
        if len(players) != 2:
            return False
        other = players[0] if players[1] == seat else players[1]
        return not self.seen[seat] or self.seen[other]

    def may_compromise(self, seat: int) -> bool:
        """Everyone in is seen, three or more remain, and there is a previous bettor to ask."""
        players = self.in_deal()
        return (self.options.compromise and len(players) >= 3 and all(self.seen[s] for s in players)
                and self.last_bettor >= 0 and self.last_bettor != seat and self.active[self.last_bettor])

    def must_look(self, seat: int) -> bool:
        """A blind player who has used up the blind turns allowed."""
        limit = self.options.max_blind_turns
        return not self.seen[seat] and limit > 0 and self.blind_bets[seat] >= limit

    def open_moves(self, seat: int) -> tuple[tuple[str, ...], int, int]:
        """The kinds of move ``seat`` may make now, and its smallest and largest bet (units; 0, 0
        when it may not bet)."""
        if seat not in self.to_move:
            return (), 0, 0
        if self.asked:
            return (ACCEPT, REFUSE), 0, 0
        kinds = [FOLD]
        if not self.seen[seat]:
            kinds.append(LOOK)
            if self.must_look(seat):
                return tuple(kinds), 0, 0
        low, high, _ = self.bet_range(seat)
        top = min(high, self.chips[seat])
        if self.seen[seat] and top % 2:
            top -= 1
        if top >= low:
            kinds.append(BET)
        else:
            low = top = 0
        if self.may_show(seat) and self.show_cost(seat) <= self.chips[seat]:
            kinds.append(SHOW)
        if self.seen[seat] and self.may_compromise(seat) and 2 * self.stake <= self.chips[seat]:
            kinds.append(COMPROMISE)
        return tuple(kinds), low, top

    def legal_actions(self, seat: int) -> list[Action]:
        kinds, low, top = self.open_moves(seat)
        out = []
        for kind in kinds:
            if kind == BET:
                step = 2 if self.seen[seat] else 1
                out.extend(Action(BET, (self.chips_text(b),)) for b in range(low, top + 1, step))
            else:
                out.append(Action(kind))
        return out

    # ------------------------------------------------------------- play
    def _record_move(self, seat: int, kind: str, amount: int = 0, loser: int = -1) -> tuple[Move, ...]:
        choices, low, top = self.open_moves(seat)
        move = Move(seat, kind, amount, self.seen[seat], len(self.in_deal()) - 1, self.stake, self.pot,
                    choices, low, top, loser, self.blind_bets[seat])
        return self.moves + (move,)

    def next_in(self, seat: int) -> int:
        """The next seat clockwise still in the deal."""
        for step in range(1, self.players + 1):
            s = (seat + step) % self.players
            if self.active[s]:
                return s
        return seat

    def _pay(self, seat: int, amount: int, **changes) -> "TeenPattiState":
        chips = _with(self.chips, seat, self.chips[seat] - amount)
        put_in = _with(self.put_in, seat, self.put_in[seat] + amount)
        return replace(self, chips=chips, put_in=put_in, pot=self.pot + amount, **changes)

    def _apply(self, action: Action, seat: int) -> "TeenPattiState":
        kind = action.kind
        if kind in (ACCEPT, REFUSE):
            return self._answer(seat, kind == ACCEPT)
        if kind == LOOK:
            return replace(self, seen=_with(self.seen, seat, True), moves=self._record_move(seat, LOOK))
        if kind == FOLD:
            moves = self._record_move(seat, FOLD)
            state = replace(self, active=_with(self.active, seat, False), moves=moves)
            return state._after_fold(seat)
        if kind == BET:
            amount = self.units_of(action.args[0])
            moves = self._record_move(seat, BET, amount)
            stake = amount // 2 if self.seen[seat] else amount
            blind = self.blind_bets if self.seen[seat] else _with(self.blind_bets, seat, self.blind_bets[seat] + 1)
            state = self._pay(seat, amount, stake=stake, last_bettor=seat, blind_bets=blind, moves=moves)
            return replace(state, turn=state.next_in(seat))
        if kind == SHOW:
            cost = self.show_cost(seat)
            moves = self._record_move(seat, SHOW, cost)
            state = self._pay(seat, cost, moves=moves)
            return state._show(seat)
        if kind == COMPROMISE:
            amount = 2 * self.stake
            moves = self._record_move(seat, COMPROMISE, amount)
            return self._pay(seat, amount, moves=moves, asked=(seat, self.last_bettor))
        raise CardsageError(f"unknown action {kind!r}")  # pragma: no cover (apply checks legality)

    def _answer(self, seat: int, accepted: bool) -> "TeenPattiState":
        asker, asked = self.asked
        if not accepted:
            moves = self._record_move(seat, REFUSE)
            return replace(self, asked=(), moves=moves, last_bettor=asker, turn=self.next_in(asker))
        result = compare(self.hands[asker], self.hands[asked], self.options.a23)
        loser = asked if result > 0 else asker
        moves = self._record_move(seat, ACCEPT, loser=loser)
        state = replace(self, asked=(), moves=moves, last_bettor=asker,
                        compromises=self.compromises + ((asker, asked, loser),),
                        active=_with(self.active, loser, False))
        return replace(state, turn=state.next_in(asker))

    def _after_fold(self, seat: int) -> "TeenPattiState":
        left = self.in_deal()
        if len(left) == 1:
            return self._end_deal(left[0], "fold")
        return replace(self, turn=self.next_in(seat))

    def _show(self, payer: int) -> "TeenPattiState":
        a, b = self.in_deal()
        other = b if payer == a else a
        result = compare(self.hands[payer], self.hands[other], self.options.a23)
        winner = payer if result > 0 else other
        shown = ((a, self.hands[a]), (b, self.hands[b]))
        return self._end_deal(winner, "show", shown, payer)

    def _end_deal(self, winner: int, how: str, shown: tuple = (), payer: int = -1) -> "TeenPattiState":
        record = DealRecord(self.dealer, self.put_in, self.pot, winner, how, shown, payer)
        chips = _with(self.chips, winner, self.chips[winner] + self.pot)
        sheet = self.sheet + (record,)
        alive = [s for s in range(self.players) if chips[s] >= self.scale]
        fixed = self.options.fixed_deals
        if len(alive) <= 1 or (fixed and len(sheet) >= fixed) or len(sheet) >= MAX_DEALS:
            return replace(self, chips=chips, sheet=sheet, pot=0, put_in=tuple(0 for _ in chips), over=True, asked=(),
                           active=tuple(False for _ in chips))
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        dealer = _next_alive(chips, self.dealer, self.scale)
        return _deal(self.options, rng.state, dealer, chips, deck, sheet)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple:
        """Each player's chips (stack behind plus nothing in the pot: chips in the pot are at stake)."""
        if self.scale == 1:
            return tuple(self.chips)
        return tuple(c / 2 for c in self.chips)

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """Per deal: the winner's gain (the pot less their own chips) and each other player's loss."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            for s in range(self.players):
                if s == r.winner:
                    source = "won the show" if r.how == "show" else "everyone else folded"
                    points = r.pot - r.put_in[s]
                elif r.put_in[s]:
                    source = "lost the show" if any(seat == s for seat, _ in r.shown) else "folded"
                    points = -r.put_in[s]
                else:
                    continue
                events.append(ScoreEvent(number, (s,), points / self.scale, source,
                                         {"put_in": r.put_in[s] / self.scale, "pot": r.pot / self.scale}))
        return events

    def standings(self) -> list[dict]:
        """Players by chips, with the deals each has won."""
        rows = super().standings()
        for row in rows:
            row["deals_won"] = sum(1 for r in self.sheet if r.winner == row["seats"][0])
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER if self.seen[s] else Visibility.HIDDEN, s,
                                   ordered=False) for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "TeenPattiState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def partners_seen(self, seat: int | None) -> dict[int, tuple[Card, ...]]:
        """Hands ``seat`` saw in a compromise this deal, by the other player's seat."""
        out = {}
        for asker, asked, _ in self.compromises:
            if seat == asker:
                out[asked] = self.hands[asked]
            elif seat == asked:
                out[asker] = self.hands[asker]
        return out

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        return {f"hand:{other}": cards for other, cards in self.partners_seen(seat).items()}

    def public(self, seat: int | None) -> dict:
        m = self.chips_text
        last = None
        if self.sheet:
            r = self.sheet[-1]
            last = {"winner": r.winner, "how": r.how, "pot": m(r.pot),
                    "shown": {str(s): {"cards": [str(c) for c in cards],
                                       "hand": describe(cards, self.options.a23)} for s, cards in r.shown},
                    "paid_show": r.paid_show if r.paid_show >= 0 else None}
        out = {
            "dealer": self.dealer,
            "deal_number": len(self.sheet) + (0 if self.over else 1),
            "turn": None if self.over else min(self.to_move),
            "chips": [m(c) for c in self.chips],
            "pot": m(self.pot),
            "stake": m(self.stake),
            "in_deal": list(self.active),
            "seen": list(self.seen),
            "blind_bets": list(self.blind_bets),
            "put_in": [m(p) for p in self.put_in],
            "previous_bettor": self.last_bettor if self.last_bettor >= 0 else None,
            "compromise_asked": list(self.asked) if self.asked else None,
            "compromises": [{"asker": a, "asked": b, "folded": loser} for a, b, loser in self.compromises],
            "moves": [{"seat": mv.seat, "action": mv.kind, "chips": m(mv.amount) if mv.amount else None,
                       "seen": mv.seen} for mv in self.moves],
            "last_deal": last,
            "score_sheet": [{"deal": i + 1, "dealer": r.dealer, "winner": r.winner, "how": r.how,
                             "pot": m(r.pot), "put_in": [m(p) for p in r.put_in]}
                            for i, r in enumerate(self.sheet)],
        }
        if seat is not None and 0 <= seat < self.players:
            if self.seen[seat] and self.hands[seat]:
                out["your_hand"] = describe(self.hands[seat], self.options.a23)
            seen_by_you = self.partners_seen(seat)
            if seen_by_you:
                out["compromise_cards"] = {str(s): [str(c) for c in _by_rank(cards)]
                                           for s, cards in seen_by_you.items()}
        return out


def _by_rank(cards) -> list[Card]:
    return sorted(cards, key=lambda c: (c.rank, c.suit), reverse=True)


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _next_alive(chips, seat: int, ante: int) -> int:
    n = len(chips)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if chips[s] >= ante:
            return s
    return seat


def _deal(options: TeenPattiOptions, rng_state: int, dealer: int, chips: tuple, deck, sheet=()) -> TeenPattiState:
    """Ante and deal three cards each, one at a time from the dealer's left, to everyone who can ante."""
    n = options.players
    ante = 2 if options.half_units else 1
    playing = [s for s in range(n) if chips[s] >= ante]
    order = sorted(playing, key=lambda s: (s - dealer - 1) % n)
    hands: list[list[Card]] = [[] for _ in range(n)]
    deck = list(deck)
    for i in range(HAND * len(order)):
        hands[order[i % len(order)]].append(deck[i])
    stock = tuple(deck[HAND * len(order):])
    chips = tuple(c - ante if s in playing else c for s, c in enumerate(chips))
    put_in = tuple(ante if s in playing else 0 for s in range(n))
    active = tuple(s in playing for s in range(n))
    return TeenPattiState(options=options, rng_state=rng_state, dealer=dealer, chips=chips,
                          hands=tuple(tuple(sorted(h, reverse=True)) for h in hands), stock=stock,
                          active=active, seen=tuple(False for _ in range(n)),
                          blind_bets=tuple(0 for _ in range(n)), put_in=put_in, stake=ante,
                          pot=ante * len(playing), turn=order[0], sheet=sheet)


def parse_deal(deal: Any, players: int, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[3 cards] for each seat, seat 0 first],
    "stock": [the other cards]}``; ``stock`` may be left out (its order plays no part in
    the deal: it is shuffled from the match seed)."""
    shape = ("a Teen Patti deal is an object with 'dealer' (a seat), 'hands' (three cards for each seat, "
             "seat 0 first) and optionally 'stock' (every other card of the pack)")
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 52-card pack", fields=("dealer", "hands", "stock"))
    dealer = reader.seat("dealer", players)
    parsed = reader.hands(players, HAND)
    rest = reader.rest("stock", rng)
    order = sorted(range(players), key=lambda s: (s - dealer - 1) % players)
    dealt = [parsed[order[i % players]][i // players] for i in range(HAND * players)]
    return dealer, dealt + list(rest)


class TeenPatti(Game):
    """The Teen Patti ruleset."""

    name = "teen-patti"
    title = "Teen Patti"
    family = "betting"
    min_players = 2
    max_players = 10
    summary = ("Indian three-card betting game: play blind or seen (seen players pay double), "
               "raise the stake, ask for a show when two remain or a private compromise.")
    Options = TeenPattiOptions
    State = TeenPattiState
    HAND_RANK = staticmethod(hand_rank)
    HAND_OPTIONS = ("a23",)

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: TeenPattiOptions, seed: int, deal: Any) -> TeenPattiState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, options.players, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        scale = 2 if options.half_units else 1
        chips = tuple(options.start_chips * scale for _ in range(options.players))
        return _deal(options, rng.state, dealer, chips, deck)


GAME = TeenPatti()
