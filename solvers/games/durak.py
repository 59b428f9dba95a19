"""Durak (GAMES.md G19): shed every card; the last player left holding cards is the durak, the fool.

Players and pack. Two to six players (two to five are usual), clockwise, with 36 cards:
A K Q J 10 9 8 7 6 in each suit, ace high. Teams (option ``teams``): with four players two
teams of two sitting opposite; with six, three teams of two sitting opposite or two teams
of three sitting alternately. The team of the durak loses the game.

Deal. The dealer deals six cards to each player, one at a time from the left. The bottom
card of the remaining talon is turned face up: its suit is trumps, and it stays in the
talon as its last card. With six players no talon is left: the last card dealt (the
dealer's own) is shown as the trump indicator and stays in the dealer's hand (GAMES.md
proposal). The first dealer comes from the match seed.

First attacker. In the first game, and after a game without a durak, the holder of the
lowest trump shows it and attacks first (nobody holding a trump: the dealer's left). With
``next_deal_from_fool`` (the default) the durak deals the next game and the player on the
durak's right attacks, so the durak defends; otherwise the deal passes to the left and the
lowest trump attacks. The defender is always the next player to the attacker's left who
still holds cards.

A bout. The main attacker leads one card. The defender must beat each attack card with a
higher card of its suit or with a trump (a trump only with a higher trump), one card at a
time, in any order. Every player other than the defender (not a teammate of the defender)
may throw in more attack cards whose rank is already on the table, attack or defence,
as long as the uncovered attack cards never outnumber the defender's hand and the bout
holds at most ``max_attack_cards`` attack cards (six by default). With
``throw_in_after_first_cover`` nobody may throw in before the defender has beaten the first
card. Several players may throw in at once: whoever the table hears first counts, and when
they speak together the priority is the main attacker, then clockwise from the defender's
left. Each of them throws a card or says ``done``; a new card on the table asks everyone
again. The bout is won by the defender when every attack card is beaten and every player
who could still throw in has said ``done``: the table goes to the discard (face down;
nobody may look through it) and the defender attacks next.

Taking. Instead of beating, the defender may at any moment ``take``: every card on the
table goes to the defender's hand (everyone saw them), the defender loses the turn and
the player on the defender's left attacks next. With ``throw_in_on_take`` the attackers may
first add further cards (same ranks, same limits), which are taken too.

Passing (``passing``, perevodnoy, off by default). Before beating anything, the defender may
add a card of the attack's rank (all attack cards then share one rank), becoming the main
attacker; the next player left becomes the defender. It is refused when the new defender
holds fewer cards than the attack would then have. Passing may go round the table.

Refill. After every bout the main attacker draws up to six from the talon, then the other
players clockwise from the main attacker, then the defender last, until the talon is empty.

End of a game. Once the talon is empty, a player with no cards leaves the game. The last
player holding cards is the durak; when the last players empty their hands in the same
bout there is no durak (a draw). Guard (GAMES.md proposal): once the talon is empty, if 50
bouts in a row pass without a card going to the discard, the player holding the most cards
is the durak (a tie goes to the first of them clockwise from the dealer's left).

Match. ``games`` games (one by default); each durak scores a point against its side and the
fewest points win. Checksum: each game has exactly one durak, or none after a
simultaneous finish.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card, stripped_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable

HAND = 6
PACK = tuple(stripped_pack(range(6, 15)))
GUARD_BOUTS = 50
ATTACK, THROW, COVER, TAKE, PASS, DONE = "attack", "throw", "cover", "take", "pass", "done"
SEAT_NAMES = ("South", "West", "North", "East", "Fifth", "Sixth")


def beats(defence: Card, attack: Card, trump: int) -> bool:
    """True when ``defence`` beats ``attack``: higher in its suit, or a trump on a non-trump."""
    if defence.suit == attack.suit:
        return defence.rank > attack.rank
    return defence.suit == trump and attack.suit != trump


def order_key(card: Card, trump: int):
    """Card order in hand: non-trumps by rank, then trumps by rank."""
    return (card.suit == trump, card.rank, card.suit)


@serializable
@dataclass(frozen=True)
class DurakOptions:
    """Variants of Durak."""

    players: int = option(2, "number of players (six is possible but favours the first attacker)",
                          minimum=2, maximum=6)
    passing: bool = option(False, "perevodnoy: before beating anything, the defender may pass the attack on "
                                  "by adding a card of the same rank")
    teams: int = option(0, "play in teams: 0 none; 2 teams (four players, partners opposite, or six in "
                           "threes sitting alternately); 3 teams of two (six players, partners opposite)",
                        choices=(0, 2, 3))
    max_attack_cards: int = option(6, "most attack cards in one bout", minimum=1, maximum=6)
    throw_in_after_first_cover: bool = option(False, "nobody may throw in before the defender has beaten "
                                                     "the first attack card")
    throw_in_on_take: bool = option(False, "when the defender takes, the attackers may first add more "
                                           "cards, which are taken too")
    next_deal_from_fool: bool = option(True, "the durak deals the next game and the player on the durak's "
                                             "right attacks first; off: the deal passes left and the lowest "
                                             "trump attacks")
    games: int = option(1, "games in the match; the fewest times durak wins", minimum=1, maximum=20)

    def validate(self) -> None:
        """Teams need a player count they divide."""
        if self.teams == 2 and self.players not in (4, 6):
            raise CardsageError("two teams need four or six players", field="options.teams")
        if self.teams == 3 and self.players != 6:
            raise CardsageError("three teams need six players", field="options.teams")


@serializable
@dataclass(frozen=True)
class GameRecord:
    """One line of the score sheet: a finished game."""

    dealer: int
    durak: int | None        # None: the last players went out together
    guard: bool              # decided by the 50-bout guard
    totals: tuple[int, ...]  # durak points per seat's side after this game


@serializable
@dataclass(frozen=True)
class DurakState(State):
    """A moment of a Durak match."""

    options: DurakOptions
    rng_state: int
    dealer: int
    trump: int                                   # trump suit
    indicator: Card                              # the turned card showing trumps
    hands: tuple[tuple[Card, ...], ...]
    talon: tuple[Card, ...]                      # face down, the next card first; the indicator comes after
    indicator_in_talon: bool                     # the turned card still lies under the talon
    known: tuple[tuple[Card, ...], ...]          # cards every player knows to be in each hand
    discard: tuple[Card, ...]
    attacker: int                                # the main attacker
    defender: int
    attacks: tuple[tuple[int, Card], ...]        # (who played it, card), in order
    covers: tuple[Card | None, ...]              # the defence on each attack card
    declined: tuple[int, ...]                    # seats that said "done" since the table last changed
    taking: bool                                 # the defender has said "take" (throw_in_on_take)
    idle_bouts: int                              # bouts since a card last went to the discard (talon empty)
    sheet: tuple[GameRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- seats and sides
    @property
    def players(self) -> int:
        return self.options.players

    def side_of(self, seat: int) -> int:
        """The team of a seat (each seat is its own side without teams)."""
        return seat % self.options.teams if self.options.teams else seat

    def sides(self) -> tuple[tuple[int, ...], ...]:
        if not self.options.teams:
            return tuple((s,) for s in range(self.players))
        t = self.options.teams
        return tuple(tuple(s for s in range(self.players) if s % t == side) for side in range(t))

    def holders(self) -> list[int]:
        """Seats still in the game: holding cards, or any seat while the talon lasts."""
        if self.talon_size:
            return list(range(self.players))
        return [s for s in range(self.players) if self.hands[s]]

    @property
    def talon_size(self) -> int:
        """Cards left to draw, the turned trump included."""
        return len(self.talon) + (1 if self.indicator_in_talon else 0)

    def next_holder(self, seat: int, skip: int | None = None) -> int:
        """The next seat to the left of ``seat`` still holding cards (not ``skip``)."""
        for i in range(1, self.players + 1):
            s = (seat + i) % self.players
            if s != skip and (self.hands[s] or self.talon_size):
                return s
        return seat

    # ------------------------------------------------------------- the table
    def uncovered(self) -> list[int]:
        """Indexes of the attack cards not yet beaten."""
        return [i for i, c in enumerate(self.covers) if c is None]

    def table_ranks(self) -> set[int]:
        """Ranks on the table, attack and defence."""
        return {c.rank for _, c in self.attacks} | {c.rank for c in self.covers if c is not None}

    def room(self) -> int:
        """How many more attack cards may be thrown in now."""
        if not self.attacks:
            return 0
        if self.options.throw_in_after_first_cover and not any(c is not None for c in self.covers):
            return 0
        by_limit = self.options.max_attack_cards - len(self.attacks)
        by_hand = len(self.hands[self.defender]) - len(self.uncovered())
        return max(0, min(by_limit, by_hand))

    def may_throw(self, seat: int) -> bool:
        """True when ``seat`` is one of the players who may throw in this bout."""
        if seat == self.defender or not self.hands[seat]:
            return False
        return not (self.options.teams and self.side_of(seat) == self.side_of(self.defender))

    def throw_cards(self, seat: int) -> list[Card]:
        """The cards ``seat`` could throw in now."""
        if not self.may_throw(seat) or self.room() <= 0:
            return []
        if self.taking and not self.options.throw_in_on_take:
            return []
        ranks = self.table_ranks()
        return [c for c in self.hands[seat] if c.rank in ranks]

    def throwers(self) -> list[int]:
        """Seats that may throw in and have not said done, in priority order: the main
        attacker, then clockwise from the defender's left."""
        order = [self.attacker] + [(self.defender + i) % self.players for i in range(1, self.players)]
        if self.room() <= 0 or (self.taking and not self.options.throw_in_on_take):
            return []
        out = []
        for s in order:
            # a seat is asked even without a card to throw: holding none is its secret
            if s not in out and s not in self.declined and self.may_throw(s):
                out.append(s)
        return out

    def priority(self) -> list[int]:
        """Who may act now, in the order the table resolves simultaneous actions."""
        if self.over:
            return []
        if not self.attacks:
            return [self.attacker]
        movers = self.throwers()
        if not self.taking and self.uncovered():
            movers.append(self.defender)
        return movers

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset(self.priority())

    def pass_cards(self) -> list[Card]:
        """The defender's cards that would pass the attack on (perevodnoy), if allowed now."""
        if not self.options.passing or self.taking or any(c is not None for c in self.covers):
            return []
        rank = self.attacks[0][1].rank
        if any(c.rank != rank for _, c in self.attacks) or len(self.attacks) >= self.options.max_attack_cards:
            return []
        new_defender = self.next_holder(self.defender)
        if new_defender == self.defender:
            return []
        if len(self.hands[new_defender]) < len(self.attacks) + 1:
            return []
        return [c for c in self.hands[self.defender] if c.rank == rank]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        key = lambda c: order_key(c, self.trump)  # noqa: E731
        if not self.attacks:
            return [Action(ATTACK, (str(c),)) for c in sorted(self.hands[seat], key=key)]
        out: list[Action] = []
        if seat == self.defender and not self.taking:
            for i in self.uncovered():
                a = self.attacks[i][1]
                out += [Action(COVER, (str(a), str(c))) for c in sorted(self.hands[seat], key=key)
                        if beats(c, a, self.trump)]
            out += [Action(PASS, (str(c),)) for c in sorted(self.pass_cards(), key=key)]
            out.append(Action(TAKE))
        else:
            out += [Action(THROW, (str(c),)) for c in sorted(self.throw_cards(seat), key=key)]
            out.append(Action(DONE))
        return out

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "DurakState":
        if action.kind == DONE:
            return replace(self, declined=self.declined + (seat,))._settle()
        if action.kind == TAKE:
            state = replace(self, taking=True, declined=())
            return state._settle()
        card = parse_card(action.args[-1])
        state = self._remove(seat, card)
        if action.kind in (ATTACK, THROW):
            state = replace(state, attacks=state.attacks + ((seat, card),), covers=state.covers + (None,),
                            declined=())
        elif action.kind == COVER:
            index = next(i for i, (_, a) in enumerate(self.attacks) if str(a) == action.args[0])
            covers = list(state.covers)
            covers[index] = card
            state = replace(state, covers=tuple(covers), declined=())
        elif action.kind == PASS:
            new_defender = self.next_holder(self.defender)
            state = replace(state, attacks=state.attacks + ((seat, card),), covers=state.covers + (None,),
                            attacker=self.defender, defender=new_defender, declined=())
        return state._settle()

    def _remove(self, seat: int, card: Card) -> "DurakState":
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        known = list(self.known)
        known[seat] = tuple(c for c in known[seat] if c != card)
        return replace(self, hands=tuple(hands), known=tuple(known))

    def _settle(self) -> "DurakState":
        """End the bout when nobody has anything left to do in it."""
        if self.taking:
            if not self.throwers():
                return self._end_bout(taken=True)
            return self
        if not self.uncovered() and not self.throwers():
            return self._end_bout(taken=False)
        if self.uncovered() and not self.hands[self.defender]:
            return self._end_bout(taken=False)      # cannot happen: the room rule forbids it
        return self

    def _end_bout(self, taken: bool) -> "DurakState":
        n = self.players
        table = tuple(c for _, c in self.attacks) + tuple(c for c in self.covers if c is not None)
        hands = [list(h) for h in self.hands]
        known = [list(k) for k in self.known]
        discard = self.discard
        if taken:
            hands[self.defender] += table
            known[self.defender] += table
        else:
            discard = discard + table
        # refill: main attacker, the others clockwise from them, the defender last
        order = [self.attacker] + [(self.attacker + i) % n for i in range(1, n)
                                   if (self.attacker + i) % n not in (self.attacker, self.defender)]
        order.append(self.defender)
        talon = list(self.talon)
        in_talon = self.indicator_in_talon
        for s in order:
            while len(hands[s]) < HAND and (talon or in_talon):
                if talon:
                    hands[s].append(talon.pop(0))
                else:
                    hands[s].append(self.indicator)
                    known[s].append(self.indicator)
                    in_talon = False
        key = lambda c: order_key(c, self.trump)  # noqa: E731
        idle = 0 if (not taken or talon or in_talon) else self.idle_bouts + 1
        state = replace(self, hands=tuple(tuple(sorted(h, key=key)) for h in hands),
                        known=tuple(tuple(k) for k in known), talon=tuple(talon), indicator_in_talon=in_talon,
                        discard=discard, attacks=(), covers=(), declined=(), taking=False, idle_bouts=idle)
        left = state.holders()
        if len(left) <= 1:
            return state._end_game(left[0] if left else None, guard=False)
        if idle >= GUARD_BOUTS:
            most = max(len(state.hands[s]) for s in left)
            durak = next((self.dealer + i) % n for i in range(1, n + 1)
                         if len(state.hands[(self.dealer + i) % n]) == most)
            return state._end_game(durak, guard=True)
        if taken:
            attacker = state.next_holder(self.defender)
        else:
            attacker = self.defender if state.hands[self.defender] else state.next_holder(self.defender)
        return replace(state, attacker=attacker, defender=state.next_holder(attacker))

    def _end_game(self, durak: int | None, guard: bool) -> "DurakState":
        totals = list(self.durak_points())
        if durak is not None:
            for s in range(self.players):
                if self.side_of(s) == self.side_of(durak):
                    totals[s] += 1
        record = GameRecord(self.dealer, durak, guard, tuple(totals))
        state = replace(self, sheet=self.sheet + (record,))
        if len(state.sheet) >= self.options.games:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        if durak is not None and self.options.next_deal_from_fool:
            return deal_game(self.options, rng.state, durak, deck, sheet=state.sheet,
                             first_attacker=(durak - 1) % self.players)
        return deal_game(self.options, rng.state, (self.dealer + 1) % self.players, deck, sheet=state.sheet)

    # ------------------------------------------------------------- scores
    def durak_points(self) -> tuple[int, ...]:
        """Times each seat's side has been durak."""
        return self.sheet[-1].totals if self.sheet else (0,) * self.players

    @property
    def scores(self) -> tuple[int, ...]:
        return self.durak_points()

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """A point against the durak's side for every game with a durak."""
        events = []
        for number, record in enumerate(self.sheet, 1):
            if record.durak is None:
                continue
            seats = next(side for side in self.sides() if record.durak in side)
            events.append(ScoreEvent(number, seats, 1, "durak: last player holding cards" +
                                     (" (most cards after 50 bouts with no discard)" if record.guard else ""),
                                     {"durak": record.durak, "guard": record.guard}))
        return events

    def utility(self, seat: int) -> float:
        """Durak points against the other sides (fewer is better); within a game, a small
        penalty for holding more cards than the others, so a search prefers shedding."""
        value = super().utility(seat)
        if not self.over:
            left = self.holders()
            if seat in left and len(left) > 1:
                mean = sum(len(self.hands[s]) for s in left) / len(left)
                value -= (len(self.hands[seat]) - mean) / 100
        return value

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["talon"] = Zone(self.talon, Visibility.HIDDEN)
        zones["trump"] = Zone((self.indicator,) if self.indicator_in_talon else (), Visibility.PUBLIC)
        zones["attack"] = Zone(tuple(c for _, c in self.attacks), Visibility.PUBLIC)
        zones["defence"] = Zone(tuple(c for c in self.covers if c is not None), Visibility.PUBLIC)
        zones["discard"] = Zone(self.discard, Visibility.SEEN, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "DurakState":
        key = lambda c: order_key(c, self.trump)  # noqa: E731
        hands = tuple(tuple(sorted(zones.get(f"hand:{s}", self.hands[s]), key=key)) for s in range(self.players))
        return replace(self, hands=hands, talon=tuple(zones.get("talon", self.talon)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards everyone knows to be in a hand: taken cards, the drawn or shown trump."""
        return {f"hand:{s}": self.known[s] for s in range(self.players) if self.known[s]}

    def public(self, seat: int | None) -> dict:
        return {
            "seat_names": list(SEAT_NAMES[:self.players]),
            "sides": [list(side) for side in self.sides()],
            "dealer": self.dealer,
            "trump_suit": "CDHS"[self.trump],
            "trump_card": str(self.indicator),
            "talon": self.talon_size,
            "attacker": self.attacker,
            "defender": self.defender,
            "table": [{"seat": s, "attack": str(a), "cover": str(c) if c is not None else None}
                      for (s, a), c in zip(self.attacks, self.covers)],
            "taking": self.taking,
            "throw_in_room": self.room(),
            "priority": self.priority(),
            "said_done": list(self.declined),
            "cards_held": [len(h) for h in self.hands],
            "known_in_hand": {str(s): [str(c) for c in k] for s, k in enumerate(self.known) if k},
            "out": [s for s in range(self.players) if s not in self.holders()],
            "discarded": len(self.discard),
            "bouts_without_discard": self.idle_bouts,
            "game_number": len(self.sheet) + (0 if self.over else 1),
            "games": self.options.games,
            "durak_points": list(self.durak_points()),
            "score_sheet": [{"hand": i + 1, "dealer": r.dealer, "durak": r.durak, "guard": r.guard,
                             "totals": list(r.totals)} for i, r in enumerate(self.sheet)],
        }


def lowest_trump_holder(hands, trump: int, dealer: int, n: int) -> tuple[int, Card | None]:
    """The seat holding the lowest trump and that card (nobody: the dealer's left, None)."""
    best = None
    for s, hand in enumerate(hands):
        for c in hand:
            if c.suit == trump and (best is None or c.rank < best[1].rank):
                best = (s, c)
    return best if best is not None else ((dealer + 1) % n, None)


def deal_game(options: DurakOptions, rng_state: int, dealer: int, deck, *, sheet=(),
              first_attacker: int | None = None, indicator: Card | None = None) -> DurakState:
    """Deal six each from ``deck`` one at a time from the dealer's left; the rest is the talon
    with its bottom card turned (with six players the dealer's last card shows trumps)."""
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(deck[:HAND * n]):
        hands[(dealer + 1 + i) % n].append(card)
    rest = list(deck[HAND * n:])
    known: list[list[Card]] = [[] for _ in range(n)]
    if rest:
        indicator = rest.pop()
        in_talon = True
    else:
        indicator = indicator or deck[HAND * n - 1]
        in_talon = False
        known[dealer].append(indicator)
    trump = indicator.suit
    if first_attacker is None:
        first_attacker, low = lowest_trump_holder(hands, trump, dealer, n)
        if low is not None and low not in known[first_attacker]:
            known[first_attacker].append(low)
    key = lambda c: order_key(c, trump)  # noqa: E731
    return DurakState(
        options=options, rng_state=rng_state, dealer=dealer, trump=trump, indicator=indicator,
        hands=tuple(tuple(sorted(h, key=key)) for h in hands), talon=tuple(rest), indicator_in_talon=in_talon,
        known=tuple(tuple(k) for k in known), discard=(), attacker=first_attacker,
        defender=(first_attacker + 1) % n, attacks=(), covers=(), declined=(), taking=False, idle_bouts=0,
        sheet=tuple(sheet))


def parse_deal(options: DurakOptions, deal: Any):
    """Read an explicit first deal: ``{"dealer": 0, "hands": [[6 cards] per seat], "talon":
    [the undealt cards, next to draw first, the turned trump last]}``; with six players no
    talon, and ``"trump"`` names the dealer's card shown as trumps (default: the dealer's last)."""
    shape = ("a Durak deal is an object with 'dealer', 'hands' (six cards for each seat, seat 0 first) "
             "and 'talon' (the undealt cards, next to draw first, the turned trump card last)")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    n = options.players
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {n - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise CardsageError(f"deal.hands must list {n} hands, seat 0 first", field="deal.hands")
    pack = set(PACK)
    seen: dict[Card, str] = {}

    def read(cards, where: str, field: str) -> list[Card]:
        if not isinstance(cards, (str, list)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        out = []
        for text in (cards.split() if isinstance(cards, str) else cards):
            if not isinstance(text, str):
                raise CardsageError(f"{where} must be a list of card names like '6H'", field=field)
            c = parse_card(text)
            if c not in pack:
                raise CardsageError(f"{c} is not in the 36-card pack (A K Q J 10 9 8 7 6)", field=field)
            if c in seen:
                raise CardsageError(f"{c} is dealt twice ({seen[c]} and {where})", field=field)
            seen[c] = where
            out.append(c)
        return out

    parsed = [read(h, f"hand {s}", f"deal.hands.{s}") for s, h in enumerate(hands)]
    for s, cards in enumerate(parsed):
        if len(cards) != HAND:
            raise CardsageError(f"hand {s} has {len(cards)} cards; each hand needs {HAND}", field=f"deal.hands.{s}")
    rest = [c for c in PACK if c not in seen]
    talon = read(deal.get("talon", []), "the talon", "deal.talon")
    if len(talon) != len(rest):
        missing = ", ".join(str(c) for c in rest if c not in set(talon))
        raise CardsageError(f"the talon must hold the {len(rest)} undealt cards, the turned trump last; "
                            f"missing: {missing}", field="deal.talon")
    indicator = None
    if not rest:
        indicator = parsed[dealer][-1]
        if deal.get("trump") is not None:
            indicator = parse_card(str(deal["trump"]))
            if indicator not in parsed[dealer]:
                raise CardsageError(f"the trump card {indicator} must be one of the dealer's cards",
                                    field="deal.trump")
    deck = [parsed[(dealer + 1 + i) % n][i // n] for i in range(HAND * n)]
    return dealer, deck + talon, indicator


class Durak(Game):
    """The Durak ruleset (podkidnoy by default)."""

    name = "durak"
    title = "Durak"
    family = "shedding"
    min_players = 2
    max_players = 6
    summary = ("Beat the attack cards or take them; throw in cards of ranks on the table. "
               "The last player left holding cards is the durak.")
    Options = DurakOptions
    State = DurakState
    low_score_wins = True

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: DurakOptions, seed: int, deal: Any) -> DurakState:
        rng = Rng(seed)
        dealer = rng.below(options.players)  # the first dealer comes from the match seed
        deck = rng.shuffled(PACK)
        indicator = None
        if deal is not None:
            dealer, deck, indicator = parse_deal(options, deal)
        return deal_game(options, rng.state, dealer, deck, indicator=indicator)


GAME = Durak()
