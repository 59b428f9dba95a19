"""Paskahousu (GAMES.md G18): the Finnish shedding game where the last player holding cards loses.

Players and pack. Two to six players (three to five play best), clockwise, with a 52-card
pack. Suits play no part. For "higher" the ranks go 3 4 5 6 7 8 9 10 J Q K A 2: the two is
the highest card. Twos, tens and aces are special.

Deal. The dealer deals everybody two cards, two more, then one, starting on the left, so
each player holds five; the rest is a face-down stock. The first dealer comes from the
match seed; after each game the loser deals the next (GAMES.md proposal).

Who starts. The player with the most threes starts; equal counts go to the first of them
clockwise from the dealer's left; when nobody holds a three, the most fours, and so on. The
starter's first play is all the cards of that rank, shown to everybody.

A turn is one of:

1. Play one or more cards of one rank onto the pile. On an empty pile anything goes.
   Otherwise the cards must be equal to or higher than the top card, and: picture cards
   (J Q K) only on a card higher than six; aces only on a picture card or an ace; twos on
   anything except an ace or a ten, and only twos on a two; only tens on a ten, only aces
   on an ace.
2. Pick up the whole pile (when there is one); the next player starts on an empty table.
3. Gamble (while the stock lasts): turn the top card of the stock. If it may be played on
   the pile it is played, with all that follows; otherwise it and the whole pile go into
   the player's hand and the turn passes.

Clearing. Tens played on a lower card (3 to 9), aces played on a picture card, or four cards
of one rank on top of the pile (counted across plays) clear the pile: it leaves the game and
the same player plays again to the empty table. A ten or an ace played to the empty table
does not clear: only more of that rank may follow until someone picks them up (four of them
still clear).

Refill. After playing, a player holding fewer than five cards draws from the stock up to five
while it lasts; after a clear this comes before playing again (GAMES.md proposal).

Going out and the loser. Once the stock is empty, a player with no cards is out; if it was
their turn again after a clear, the turn passes on to the left. The last player holding
cards is the loser, the paskahousu, and takes one loss.

Turn limit (GAMES.md proposal). When ``turn_limit`` turns (400) pass without a clear, the
game stops and the player holding the most cards is the loser; among equal counts, the first
clockwise from the dealer's left.

Match (not in the rule text; GAMES.md proposal). ``games`` games are played (3); each loser
takes one loss and deals the next game. Fewest losses wins the match; equal counts share it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, parse_card, standard_pack
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable

HAND = 5
PACK = tuple(standard_pack())
PLAY, PICK_UP, GAMBLE = "play", "pickup", "gamble"
PICTURES = (Rank.JACK, Rank.QUEEN, Rank.KING)
CLEARING_COUNT = 4           # four of a rank on top of the pile clear it
DEAL_BATCHES = (2, 2, 1)


def height(rank: int) -> int:
    """How high a rank plays: 3 lowest, then up to the ace, and the two above the ace."""
    return 15 if rank == Rank.TWO else int(rank)


def may_play(rank: int, top: Card | None) -> bool:
    """True when cards of ``rank`` may go on a pile whose top card is ``top`` (None: empty)."""
    if top is None:
        return True
    t = top.rank
    if t in (Rank.TEN, Rank.ACE, Rank.TWO):      # only the same rank on a ten, an ace or a two
        return rank == t
    if rank == Rank.TWO:
        return True
    if height(rank) < height(t):
        return False
    if rank in PICTURES:
        return t >= Rank.SEVEN
    if rank == Rank.ACE:
        return t in PICTURES
    return True


def clears(pile: tuple[Card, ...], played: tuple[Card, ...]) -> bool:
    """True when ``played`` (all of one rank), put on ``pile``, clears the pile."""
    rank = played[0].rank
    below = pile[-1] if pile else None
    if below is not None and rank == Rank.TEN and below.rank < Rank.TEN:
        return True
    if below is not None and rank == Rank.ACE and below.rank in PICTURES:
        return True
    run = 0
    for card in reversed(pile + played):
        if card.rank != rank:
            break
        run += 1
    return run >= CLEARING_COUNT


def rank_name(rank: int) -> str:
    """The rank as players say it: ``7``, ``10``, ``J``, ``A``."""
    return "10" if rank == Rank.TEN else Rank(rank).letter


@serializable
@dataclass(frozen=True)
class PaskahousuOptions:
    """Variants of Paskahousu."""

    players: int = option(4, "number of players (three to five play best)", minimum=2, maximum=6)
    games: int = option(3, "games in a match; each game's loser takes a loss and the fewest losses win",
                        minimum=1, maximum=50)
    turn_limit: int = option(400, "turns without a clear after which the game stops and the player "
                                  "holding the most cards loses", minimum=20, maximum=5000)
    refill_before_replay: bool = option(True, "after clearing the pile, draw up to five before playing "
                                              "again; off: play again first and draw after that play")


@serializable
@dataclass(frozen=True)
class Move:
    """What the last turn did, for the table: who, what, the cards shown and the result."""

    seat: int
    kind: str                    # play, pickup, gamble
    cards: tuple[Card, ...]      # cards played or picked up (a gamble: the turned card first)
    result: str                  # "", "cleared", "picked up", "out"


@serializable
@dataclass(frozen=True)
class GameRecord:
    """One line of the score sheet: a finished game."""

    dealer: int
    loser: int
    by_turn_limit: bool
    out_order: tuple[int, ...]     # seats in the order they went out
    cards_left: tuple[int, ...]    # cards each seat held at the end
    losses: tuple[int, ...]        # losses per seat after this game


@serializable
@dataclass(frozen=True)
class PaskahousuState(State):
    """A moment of a Paskahousu match."""

    options: PaskahousuOptions
    rng_state: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]                  # face down, the next card to draw first
    pile: tuple[Card, ...]                   # face up, the top card last
    cleared: tuple[Card, ...]                # cards out of the game this game
    turn: int
    opening: tuple[Card, ...]                # the starter's forced first play (empty once made)
    known: tuple[tuple[Card, ...], ...]      # cards everybody saw go into each hand
    out: tuple[int, ...]                     # seats out of this game, in order
    quiet_turns: int                         # turns since the last clear
    last: Move | None
    losses: tuple[int, ...]
    sheet: tuple[GameRecord, ...]
    over: bool = False

    # ------------------------------------------------------------- turn
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    @property
    def top(self) -> Card | None:
        """The top card of the pile (None on an empty table)."""
        return self.pile[-1] if self.pile else None

    def playable_ranks(self, seat: int) -> list[int]:
        """The ranks ``seat`` holds that may go on the pile now."""
        ranks = sorted({c.rank for c in self.hands[seat]}, key=height)
        return [r for r in ranks if may_play(r, self.top)]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        if self.opening:
            return [_play_action(self.opening)]
        actions = []
        for rank in self.playable_ranks(seat):
            same = _sorted(c for c in self.hands[seat] if c.rank == rank)
            for size in range(1, len(same) + 1):
                actions.extend(_play_action(group) for group in combinations(same, size))
        if self.pile:
            actions.append(Action(PICK_UP))
        if self.stock:
            actions.append(Action(GAMBLE))
        return actions

    def parse_action(self, data: Any, seat: int) -> Action:
        action = super().parse_action(data, seat)
        if action.kind == PLAY and action.args:
            try:
                cards = [parse_card(a) for a in action.args]
            except CardsageError:
                return action
            return _play_action(cards)
        if action.kind in ("pick", "pick-up", "take"):
            return Action(PICK_UP)
        return action

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "PaskahousuState":
        if action.kind == PICK_UP:
            hands = _with(self.hands, seat, _sorted(self.hands[seat] + self.pile))
            known = _with(self.known, seat, self.known[seat] + self.pile)
            state = replace(self, hands=hands, known=known, pile=(),
                            last=Move(seat, PICK_UP, self.pile, "picked up"))
            return state._next_turn(passes=True)
        if action.kind == GAMBLE:
            card, stock = self.stock[0], self.stock[1:]
            state = replace(self, stock=stock)
            if may_play(card.rank, self.top):
                return state._put(seat, (card,), GAMBLE)
            taken = self.pile + (card,)
            hands = _with(self.hands, seat, _sorted(self.hands[seat] + taken))
            known = _with(self.known, seat, self.known[seat] + taken)
            state = replace(state, hands=hands, known=known, pile=(),
                            last=Move(seat, GAMBLE, (card,) + self.pile, "picked up"))
            return state._next_turn(passes=True)
        cards = tuple(parse_card(a) for a in action.args)
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c not in cards))
        known = _with(self.known, seat, tuple(c for c in self.known[seat] if c not in cards))
        return replace(self, hands=hands, known=known, opening=())._put(seat, cards, PLAY)

    def _put(self, seat: int, cards: tuple[Card, ...], kind: str) -> "PaskahousuState":
        """Lay ``cards`` on the pile: clear it where the rules say, refill, pass or replay."""
        if clears(self.pile, cards):
            state = replace(self, pile=(), cleared=self.cleared + self.pile + cards, quiet_turns=-1,
                            last=Move(seat, kind, cards, "cleared"))
            if self.options.refill_before_replay or not state.hands[seat]:
                state = state._refill(seat)
            return state._next_turn(passes=False)
        state = replace(self, pile=self.pile + cards, last=Move(seat, kind, cards, ""))._refill(seat)
        return state._next_turn(passes=True)

    def _refill(self, seat: int) -> "PaskahousuState":
        """Draw from the stock up to five cards while it lasts."""
        need = max(0, HAND - len(self.hands[seat]))
        if not need or not self.stock:
            return self
        drawn, stock = self.stock[:need], self.stock[need:]
        return replace(self, hands=_with(self.hands, seat, _sorted(self.hands[seat] + drawn)), stock=stock)

    def _next_turn(self, *, passes: bool) -> "PaskahousuState":
        """Take out the players with no cards once the stock is empty, end the game when one
        player is left holding cards (or the turn limit is reached), and find who plays next."""
        seat = self.turn
        state = replace(self, quiet_turns=self.quiet_turns + 1)
        out = state.out
        if not state.stock:
            for s in _clockwise(seat, self.players):
                if s not in out and not state.hands[s]:
                    out = out + (s,)
        state = replace(state, out=out)
        if state.last is not None and seat in out and seat not in self.out:
            state = replace(state, last=replace(state.last, result=(state.last.result + ", out").lstrip(", ")))
        playing = [s for s in range(self.players) if s not in out]
        if len(playing) <= 1:
            return state._end_game(playing[0] if playing else seat, by_turn_limit=False)
        if state.quiet_turns >= self.options.turn_limit:
            counts = [len(h) for h in state.hands]
            order = _clockwise((self.dealer + 1) % self.players, self.players)
            loser = max(order, key=lambda s: (counts[s], -order.index(s)))
            return state._end_game(loser, by_turn_limit=True)
        nxt = seat
        if passes or seat in out:
            nxt = next(s for s in _clockwise(seat + 1, self.players) if s not in out)
        return replace(state, turn=nxt)

    def _end_game(self, loser: int, *, by_turn_limit: bool) -> "PaskahousuState":
        losses = _with(self.losses, loser, self.losses[loser] + 1)
        record = GameRecord(self.dealer, loser, by_turn_limit, self.out,
                            tuple(len(h) for h in self.hands), losses)
        state = replace(self, losses=losses, sheet=self.sheet + (record,))
        if len(state.sheet) >= self.options.games:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(PACK)
        return _deal(self.options, rng.state, loser, deck, losses=losses, sheet=state.sheet, last=state.last)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Losses per seat (fewest is best)."""
        return self.losses

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    @property
    def loser(self) -> int | None:
        """The paskahousu of the last finished game (None before any)."""
        return self.sheet[-1].loser if self.sheet else None

    def score_events(self) -> list[ScoreEvent]:
        """One loss per game, to its paskahousu."""
        events = []
        for number, record in enumerate(self.sheet, 1):
            source = ("most cards when the turn limit ran out" if record.by_turn_limit
                      else "paskahousu: the last player holding cards")
            events.append(ScoreEvent(number, (record.loser,), 1, source, {
                "cards_left": record.cards_left[record.loser], "out_order": list(record.out_order)}))
        return events

    def utility(self, seat: int) -> float:
        """Losses of the others (on average) minus one's own, so avoiding the loss scores."""
        others = [self.losses[s] for s in range(self.players) if s != seat]
        return sum(others) / len(others) - self.losses[seat]

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["pile"] = Zone(self.pile, Visibility.PUBLIC)
        zones["cleared"] = Zone(self.cleared, Visibility.SEEN, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "PaskahousuState":
        hands = tuple(_sorted(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards everybody saw go into a hand (picked-up piles, a failed gamble's card, the
        starter's shown cards) stay in that hand when the unseen cards are dealt afresh."""
        return {f"hand:{s}": self.known[s] for s in range(self.players) if s != seat and self.known[s]}

    def public(self, seat: int | None) -> dict:
        last = None
        if self.last is not None:
            last = {"seat": self.last.seat, "kind": self.last.kind,
                    "cards": [str(c) for c in self.last.cards], "result": self.last.result}
        return {
            "dealer": self.dealer,
            "turn": None if self.over else self.turn,
            "top": str(self.top) if self.top else None,
            "pile": len(self.pile),
            "stock": len(self.stock),
            "cleared": len(self.cleared),
            "hand_sizes": [len(h) for h in self.hands],
            "known_cards": [[str(c) for c in _sorted(k)] for k in self.known],
            "opening": [str(c) for c in self.opening],
            "out": list(self.out),
            "last_move": last,
            "turns_without_clear": self.quiet_turns,
            "turn_limit": self.options.turn_limit,
            "losses": list(self.losses),
            "game_number": len(self.sheet) + (0 if self.over else 1),
            "games": self.options.games,
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "loser": r.loser, "by_turn_limit": r.by_turn_limit,
                 "out_order": list(r.out_order), "cards_left": list(r.cards_left), "totals": list(r.losses)}
                for i, r in enumerate(self.sheet)],
        }

    def log_text(self, action: Action, actor: int, viewer: int | None) -> str:
        return action.notation


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (height(card.rank), card.suit)


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_order))


def _play_action(cards) -> Action:
    return Action(PLAY, tuple(str(c) for c in _sorted(cards)))


def _clockwise(first: int, n: int) -> list[int]:
    return [(first + i) % n for i in range(n)]


def starter(hands, dealer: int) -> tuple[int, tuple[Card, ...]]:
    """Who starts and the cards they must play: the most threes, else fours, and so on;
    equal counts go to the first clockwise from the dealer's left."""
    n = len(hands)
    order = _clockwise(dealer + 1, n)
    for rank in sorted(Rank, key=height):
        counts = [sum(1 for c in hands[s] if c.rank == rank) for s in range(n)]
        most = max(counts)
        if most:
            seat = next(s for s in order if counts[s] == most)
            return seat, _sorted(c for c in hands[seat] if c.rank == rank)
    raise CardsageError("nobody holds a card")


def _deal(options: PaskahousuOptions, rng_state: int, dealer: int, deck: list[Card], *,
          losses=None, sheet=(), last=None) -> PaskahousuState:
    """Deal two, two and one card to each player from the dealer's left; the rest is the stock."""
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    at = 0
    for batch in DEAL_BATCHES:
        for i in range(n):
            hands[(dealer + 1 + i) % n].extend(deck[at:at + batch])
            at += batch
    first, opening = starter(hands, dealer)
    known = [()] * n
    known[first] = opening
    return PaskahousuState(
        options=options, rng_state=rng_state, dealer=dealer, hands=tuple(_sorted(h) for h in hands),
        stock=tuple(deck[at:]), pile=(), cleared=(), turn=first, opening=opening, known=tuple(known),
        out=(), quiet_turns=0, last=last, losses=losses if losses is not None else (0,) * n, sheet=sheet)


def parse_deal(options: PaskahousuOptions, deal: Any, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[5 cards] per seat, seat 0 first], "stock": [...]}``;
    ``stock`` lists the other 52 − 5n cards in drawing order (the next card first); without it
    they are shuffled from the match seed."""
    shape = (f"a Paskahousu deal is an object with 'dealer', 'hands' (five cards for each of the "
             f"{options.players} players, seat 0 first) and optionally 'stock' (the other cards, next first)")
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 52-card pack")
    n = options.players
    dealer = reader.seat("dealer", n)
    parsed = reader.hands(n, HAND)
    rest = reader.rest("stock", rng)
    # lay the hands out in the dealing order of batches 2, 2, 1 from the dealer's left
    deck: list[Card] = []
    taken = [0] * n
    for batch in DEAL_BATCHES:
        for i in range(n):
            s = (dealer + 1 + i) % n
            deck.extend(parsed[s][taken[s]:taken[s] + batch])
            taken[s] += batch
    return dealer, deck + list(rest)


class Paskahousu(Game):
    """The Paskahousu ruleset."""

    name = "paskahousu"
    title = "Paskahousu"
    family = "shedding"
    min_players = 2
    max_players = 6
    summary = ("Finnish shedding game: play equal or higher cards onto the pile, clear it with tens, "
               "aces or four of a kind, or pick it up; the last player holding cards loses.")
    Options = PaskahousuOptions
    State = PaskahousuState
    low_score_wins = True

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: PaskahousuOptions, seed: int, deal: Any) -> PaskahousuState:
        rng = Rng(seed)
        if deal is not None:
            dealer, deck = parse_deal(options, deal, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
        return _deal(options, rng.state, dealer, deck)


GAME = Paskahousu()

