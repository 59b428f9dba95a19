"""Red7 (GAMES.md G34): a hand shedder whose rule changes during a player's turn.

Cards. 49 cards: numbers 1–7 in seven colours, the colours ranked Red > Orange > Yellow >
Green > Blue > Indigo > Violet. A higher number is a higher card; between equal numbers
the higher colour wins (``R7`` is the highest card, ``V1`` the lowest). The "You are
playing Red" card starts the Canvas and is never dealt.

Players and deal. Two to four players, clockwise. The dealer deals seven cards to each
hand (secret), one at a time starting on their left, then one card face up to each
player's Palette. The rest is the draw deck. The Canvas starts as Red. The first dealer
comes from the match seed; the deal passes to the left each round.

Rules by Canvas colour (the top card of the Canvas sets the rule; see
:mod:`solvers.games.red7_rules`): Red, highest card; Orange, most cards of one number;
Yellow, most cards of one colour; Green, most even cards; Blue, most different colours;
Indigo, most cards in a run of consecutive numbers; Violet, most cards below 4. A player is
*winning* when their palette has more cards following the rule than every other player's;
a tie is broken by the highest card among the cards following the rule (number, then
colour). A player with no card following the rule is not winning.

First player. The player to the left of whoever is winning under Red (the highest palette
card) plays first.

Turn. Exactly one of: play a card from hand to the Palette (``palette X``); discard a card
from hand to the Canvas, whose colour becomes the rule (``canvas Y``); play a card to the
Palette and then discard one to the Canvas (``both X Y``); or do nothing (``concede``).
A player who is not winning at the end of their turn is out of the round (their palette
and hand are turned face down). Only the actions that leave the player winning are
offered, plus ``concede``, which puts the player out. A player whose hand is empty at the
start of their turn can only concede. When one player is left, they win the round.

Advanced draw (``advanced_draw``, on by default). A player who discards to the Canvas a
card whose number is higher than the number of cards in their Palette (counted after any
palette play that turn) draws the top card of the draw deck, when there is one.

Match. ``scoring = "advanced"`` (the default): the round's winner scores the cards of their
palette that follow the rule in force when they win (the qualifying group), each worth
its number; those cards go to the winner's score pile and leave play for the rest of the
match (``scored_cards_leave``, on by default). First to 40 points with two players, 35 with
three, 30 with four wins (``target`` 0), or to ``target`` points when it is set.
``scoring = "rounds"``: each round won counts one, first to ``rounds_to_win`` (3) wins.

Guards. Every turn either plays a card from hand or draws the deck down, so a round ends.
When the cards left in play cannot deal a round (fewer than eight per player), or after
``MAX_ROUNDS`` rounds, the match ends and the highest score wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card, red7_pack
from solvers.deals import DealReader
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, card_action, option, serializable
from solvers.games.red7_rules import RED, RULE_NAMES, RULE_TEXT, key, qualifying, strength

__all__ = ["Red7", "Red7State", "Red7Options", "RoundRecord", "GAME", "PACK", "HAND", "TARGETS"]

PACK = tuple(red7_pack())
HAND = 7
TARGETS = {2: 40, 3: 35, 4: 30}
MAX_ROUNDS = 200
PALETTE, CANVAS, BOTH, CONCEDE = "palette", "canvas", "both", "concede"
SEAT_NAMES = ("South", "West", "North", "East")


@serializable
@dataclass(frozen=True)
class Red7Options:
    """Variants of Red7."""

    players: int = option(2, "number of players", minimum=2, maximum=4)
    scoring: str = option("advanced", "advanced: the round's winner scores the numbers of their palette cards "
                                      "that follow the final rule, first to the target wins; rounds: each "
                                      "round won counts one", choices=("advanced", "rounds"))
    advanced_draw: bool = option(True, "discarding to the Canvas a card numbered higher than the number of "
                                       "cards in your Palette lets you draw a card from the deck")
    target: int = option(0, "points that win the match with advanced scoring; 0: 40 with two players, 35 "
                            "with three, 30 with four", minimum=0, maximum=200)
    rounds_to_win: int = option(3, "rounds a player must win with round scoring", minimum=1, maximum=20)
    scored_cards_leave: bool = option(True, "cards a round's winner scores stay in their score pile for the "
                                            "rest of the match; off: every card is shuffled into each deal")


@serializable
@dataclass(frozen=True)
class RoundRecord:
    """One line of the score sheet: a finished round."""

    dealer: int
    winner: int
    rule: int                          # the Canvas colour in force when the round ended
    scored: tuple[Card, ...]           # the winner's palette cards that followed it
    points: int                        # what the winner scored (1 with round scoring)
    totals: tuple[int, ...]            # match scores after the round


@serializable
@dataclass(frozen=True)
class Red7State(State):
    """A moment of a Red7 match."""

    options: Red7Options
    rng_state: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    palettes: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]                 # face down, the next card drawn first
    canvas: tuple[Card, ...]               # bottom first; empty: the starting Red card
    active: tuple[bool, ...]               # still in the round
    turn: int
    totals: tuple[int, ...] = ()
    piles: tuple[tuple[Card, ...], ...] = ()   # each seat's scored cards, out of play
    sheet: tuple[RoundRecord, ...] = ()
    last: tuple = ()                       # (seat, notation, drew a card) of the latest turn
    over: bool = False

    # ------------------------------------------------------------- rule and leader
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def rule(self) -> int:
        """The colour of the current rule (the Canvas top; Red at the start)."""
        return self.canvas[-1].suit if self.canvas else RED

    def strength(self, seat: int, rule: int | None = None) -> int:
        """How well ``seat``'s palette does under ``rule`` (default: the current one)."""
        return strength(self.rule if rule is None else rule, [key(c) for c in self.palettes[seat]])

    def leader(self, rule: int | None = None) -> int | None:
        """The active seat winning under ``rule`` (None when nobody has a qualifying card)."""
        best, who = 0, None
        for s in range(self.players):
            if self.active[s]:
                value = self.strength(s, rule)
                if value > best:
                    best, who = value, s
        return who

    # ------------------------------------------------------------- whose turn
    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def legal_actions(self, seat: int) -> list[Action]:
        """The turns that leave ``seat`` winning, then ``concede``."""
        if self.over or seat != self.turn:
            return []
        return winning_turns(self, seat) + [Action(CONCEDE)]

    def _apply(self, action: Action, seat: int) -> "Red7State":
        hand = list(self.hands[seat])
        palette = self.palettes[seat]
        canvas, deck, drew = self.canvas, self.deck, False
        if action.kind == CONCEDE:
            active = _with(self.active, seat, False)
            state = replace(self, active=active, last=(seat, action.notation, False))
        else:
            cards = [c for c in _cards(action)]
            if action.kind in (PALETTE, BOTH):
                hand.remove(cards[0])
                palette = palette + (cards[0],)
            if action.kind in (CANVAS, BOTH):
                card = cards[-1]
                hand.remove(card)
                canvas = canvas + (card,)
                if self.options.advanced_draw and card.rank > len(palette) and deck:
                    hand.append(deck[0])
                    deck, drew = deck[1:], True
            state = replace(self, hands=_with(self.hands, seat, _sorted(hand)),
                            palettes=_with(self.palettes, seat, palette), canvas=canvas, deck=deck,
                            last=(seat, action.notation, drew))
        left = [s for s in range(self.players) if state.active[s]]
        if len(left) == 1:
            return state._end_round(left[0])
        return replace(state, turn=_next_active(state.active, seat))

    # ------------------------------------------------------------- rounds and the match
    def _end_round(self, winner: int) -> "Red7State":
        """The last player left wins the round; score it and deal the next or end the match."""
        scored = tuple(qualifying(self.rule, self.palettes[winner]))
        advanced = self.options.scoring == "advanced"
        points = sum(c.rank for c in scored) if advanced else 1
        totals = _with(self.totals, winner, self.totals[winner] + points)
        piles, palettes = self.piles, self.palettes
        if advanced and self.options.scored_cards_leave:
            piles = _with(piles, winner, piles[winner] + scored)
            palettes = _with(palettes, winner, tuple(c for c in palettes[winner] if c not in scored))
        record = RoundRecord(self.dealer, winner, self.rule, scored, points, totals)
        state = replace(self, totals=totals, piles=piles, palettes=palettes, sheet=self.sheet + (record,))
        goal = self.goal
        out_of_cards = len(PACK) - sum(len(p) for p in piles) < 8 * self.players
        if totals[winner] >= goal or out_of_cards or len(state.sheet) >= MAX_ROUNDS:
            return replace(state, over=True, turn=winner)
        rng = Rng(0)
        rng.state = self.rng_state
        out = set(c for p in piles for c in p)
        deck = rng.shuffled([c for c in PACK if c not in out])
        return _deal(self.options, rng, (self.dealer + 1) % self.players, deck, totals=totals, piles=piles,
                     sheet=state.sheet, last=self.last)

    @property
    def goal(self) -> int:
        """Points (advanced scoring) or rounds that win the match."""
        if self.options.scoring == "rounds":
            return self.options.rounds_to_win
        return self.options.target or TARGETS[self.players]

    @property
    def scores(self) -> tuple[int, ...]:
        """Points (advanced scoring) or rounds won."""
        return self.totals

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One event per round: the winner's points and the cards that scored them."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            if self.options.scoring == "advanced":
                source = f"round won under {RULE_NAMES[r.rule]}: numbers of the cards following it"
            else:
                source = "round won"
            events.append(ScoreEvent(number, (r.winner,), r.points, source,
                                     {"rule": RULE_NAMES[r.rule], "cards": [str(c) for c in r.scored]}))
        return events

    def standings(self) -> list[dict]:
        """Seats by score, with the rounds each has won."""
        rows = super().standings()
        for row in rows:
            row["rounds_won"] = sum(1 for r in self.sheet if r.winner == row["seats"][0])
        return rows

    def utility(self, seat: int) -> float:
        """Score ahead of the mean of the others, plus a little for being in the round now."""
        value = super().utility(seat)
        return value + (0.5 if not self.over and self.active[seat] else 0.0)

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        n = self.players
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(n)}
        for s in range(n):
            zones[f"palette:{s}"] = Zone(self.palettes[s], Visibility.PUBLIC, s, group="palettes")
        zones["canvas"] = Zone(self.canvas, Visibility.PUBLIC)
        zones["deck"] = Zone(self.deck, Visibility.HIDDEN)
        for s in range(n):
            zones[f"scored:{s}"] = Zone(self.piles[s], Visibility.PUBLIC, s, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "Red7State":
        hands = tuple(_sorted(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, deck=tuple(zones.get("deck", self.deck)))

    def public(self, seat: int | None) -> dict:
        leader = self.leader()
        last = None
        if self.last:
            who, notation, drew = self.last
            last = {"seat": who, "action": notation, "drew": drew}
        return {
            "seat_names": list(SEAT_NAMES[:self.players]),
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "rule": RULE_NAMES[self.rule],
            "rule_text": f"{RULE_NAMES[self.rule]}: {RULE_TEXT[self.rule]}",
            "in_round": [s for s in range(self.players) if self.active[s]],
            "winning": leader,
            "following_rule": [[str(c) for c in qualifying(self.rule, self.palettes[s])]
                               for s in range(self.players)],
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "scores": list(self.totals),
            "goal": self.goal,
            "scoring": self.options.scoring,
            "round": len(self.sheet) + (0 if self.over else 1),
            "last_turn": last,
            "score_sheet": [
                {"round": i + 1, "dealer": r.dealer, "winner": r.winner, "rule": RULE_NAMES[r.rule],
                 "scored": [str(c) for c in r.scored], "points": r.points, "totals": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }


def winning_turns(state: Red7State, seat: int) -> list[Action]:
    """Every ``palette``, ``canvas`` and ``both`` turn after which ``seat`` is winning."""
    hand = state.hands[seat]
    if not hand:
        return []
    others = [s for s in range(state.players) if s != seat and state.active[s]]
    rivals = [max((strength(r, [key(c) for c in state.palettes[s]]) for s in others), default=0)
              for r in range(7)]
    own = [key(c) for c in state.palettes[seat]]
    now = state.rule
    plays, discards, both = [], [], []
    for x in hand:
        mine = own + [key(x)]
        if strength(now, mine) > rivals[now]:
            plays.append(card_action(PALETTE, x))
        for y in hand:
            if y != x and strength(y.suit, mine) > rivals[y.suit]:
                both.append(Action(BOTH, (str(x), str(y))))
    for y in hand:
        if strength(y.suit, own) > rivals[y.suit]:
            discards.append(card_action(CANVAS, y))
    return plays + discards + both


def _cards(action: Action) -> list[Card]:
    return [parse_card(a) for a in action.args]


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=key))


def _next_active(active, seat: int) -> int:
    n = len(active)
    for step in range(1, n + 1):
        if active[(seat + step) % n]:
            return (seat + step) % n
    return seat


def _deal(options: Red7Options, rng: Rng, dealer: int, deck: list[Card], *, totals=None, piles=None,
          sheet=(), last=()) -> Red7State:
    """Deal a round from ``deck``: seven to each hand one at a time from the dealer's left,
    then one face up to each palette; the player left of the Red leader starts."""
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(HAND * n):
        hands[(dealer + 1 + i) % n].append(deck[i])
    palettes = [(deck[HAND * n + i],) for i in range(n)]
    palettes = [palettes[(s - dealer - 1) % n] for s in range(n)]
    rest = tuple(deck[(HAND + 1) * n:])
    state = Red7State(options=options, rng_state=rng.state, dealer=dealer,
                      hands=tuple(_sorted(h) for h in hands), palettes=tuple(palettes), deck=rest, canvas=(),
                      active=(True,) * n, turn=0, totals=totals or (0,) * n, piles=piles or ((),) * n,
                      sheet=sheet, last=last)
    red_leader = max(range(n), key=lambda s: key(state.palettes[s][0]))
    return replace(state, turn=(red_leader + 1) % n)


def parse_deal(deal: Any, options: Red7Options, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[7 cards] per seat, seat 0 first], "palettes":
    [one card per seat], "deck": [the other cards, the next drawn first]}``; ``deck`` may
    be left out (the undealt cards are then shuffled from the match seed)."""
    n = options.players
    shape = (f"a Red7 deal is an object with 'dealer' (a seat), 'hands' ({n} lists of seven cards, seat 0 "
             f"first), 'palettes' ({n} cards, one per seat) and optionally 'deck' (the other cards, next first)")
    reader = DealReader(deal, PACK, shape=shape, fields=("dealer", "hands", "palettes", "deck"), example="R7",
                        pack_name="the Red7 pack (colour letter ROYGBIV and number 1-7)")
    dealer = reader.seat("dealer", n)
    parsed = reader.hands(n, HAND)
    shown = reader.one_each("palettes", n, "the palettes")
    rest = reader.rest("deck", rng, where="the deck")
    order = [parsed[(dealer + 1 + i) % n][i // n] for i in range(HAND * n)]
    order += [shown[(dealer + 1 + i) % n] for i in range(n)]
    return dealer, order + rest


class Red7(Game):
    """The Red7 ruleset."""

    name = "red7"
    title = "Red7"
    family = "shedding"
    min_players = 2
    max_players = 4
    summary = ("Seven games in one pack: the Canvas colour sets the rule (highest card, most of one number, "
               "one colour, even cards, colours, a run, cards below 4), and whoever is not winning by the "
               "end of their turn is out. Last player standing wins the round.")
    Options = Red7Options
    State = Red7State
    seat_names = SEAT_NAMES

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: Red7Options, seed: int, deal: Any) -> Red7State:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(deal, options, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return _deal(options, rng, dealer, deck)


GAME = Red7()

