"""Whist 22 (GAMES.md G5): exact-trick bidding with the 22 trumps of a Tarot pack.

The pack is the 21 numbered Tarot trumps (1 low to 21 high) and the Fool. Two to
seven players (the rule text names 3 or 4; 4 by default) sit clockwise. The cards are
shuffled and dealt one at a time from the dealer's left, as many as go round evenly:
the most each player can have is 22 divided by the number of players, rounded down
(5 for four players, 7 for three); the cards left over are set aside face down,
unused and unseen. The first deal gives that most; each later deal gives one card
fewer, down to one card, then one more each deal back up to the most, and so on
(5, 4, 3, 2, 1, 2, 3, 4, 5, 4, …; the turning points are not repeated). Another
option starts again from the most after the one-card deal (5, 4, 3, 2, 1, 5, 4, …).

From the dealer's left, clockwise, every player bids how many tricks they will take,
from none to all. The dealer bids last and may not bid the number that would make
the bids add up to the number of tricks (the "hook"), so at least one player misses
every deal.

The player on the dealer's left leads the first trick. Any card may be played to any
trick (there is one suit and nothing to follow); the highest card wins the trick and
its winner leads the next. Whoever plays the Fool says at once whether it counts 0
(below the 1) or 22 (above the 21) in that trick: ``play FOOL 0`` or ``play FOOL 22``.

Everyone starts with 14 points. After each deal, a player who took exactly the bid
loses nothing; any other player loses one point for each trick over or under the bid.
After the deal in which one or more players reach zero or less, the match ends and
the highest score wins (equal highest scores share the win). The deal passes to the
left. The hook ends every match: each deal costs the table at least one point.

Option ``blind_single`` (Board Game Arena's rule): in one-card deals every player
sees everyone's card but their own. The card is then played unseen with ``play``;
a player whose card turns out to be the Fool says its value next (``fool 0`` /
``fool 22``).

An explicit first deal (``new(deal=...)``): ``{"dealer": 0, "hands": [[cards] per
seat, seat 0 first], "aside": [cards]}``. Every hand has the same size, from 1 to the
most; the deals that follow go on from that size as the cycle says (downwards first).
``aside``, if given, must be exactly the cards not dealt.

Score sheet (``score_events``): "starting points" (14 to everyone) in the first hand;
then per deal and seat "exact bid: nothing lost" (0) or "missed bid: a point per trick
over or under" (minus the difference), with the bid and the tricks in ``detail``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Kind, Rng, parse_card, tarot_trumps
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable

PACK = 22
FOOL = Card(Kind.TAROT, None, 0)
FOOL_LOW, FOOL_HIGH = 0, 22
START_SCORE = 14
SEAT_NAMES = ("South", "West", "North", "East", "Seat 5", "Seat 6", "Seat 7")

BID, PLAY, DECLARE, OVER = "bid", "play", "declare", "over"


def most_cards(players: int) -> int:
    """The largest hand: as many of the 22 cards as go round evenly."""
    return PACK // players


def hand_size_of_deal(index: int, most: int, cycle: str) -> int:
    """Cards per player in deal ``index`` (0 for the first deal dealt at ``most``)."""
    if cycle == "restart":
        return most - index % most
    period = 2 * (most - 1)
    step = index % period
    return most - step if step < most else most - (period - step)


def card_value(card: Card, fool_value: int | None = None) -> int:
    """What a card counts in a trick: its number, or the value declared for the Fool."""
    if card == FOOL:
        return FOOL_LOW if fool_value is None else fool_value
    return card.rank


def card_order(card: Card) -> int:
    """Sorting key: the Fool first, then 1 to 21."""
    return card.rank


@serializable
@dataclass(frozen=True)
class Whist22Options:
    """Variants of Whist 22."""

    players: int = option(4, "number of players: 3 or 4 at a table; 2 to 7 as played online",
                          minimum=2, maximum=7)
    cycle: str = option("bounce", "how hand sizes run: bounce = down to one card and back up again "
                                  "(the usual way); restart = down to one card, then the most again",
                        choices=("bounce", "restart"))
    blind_single: bool = option(False, "in one-card deals, each player sees everyone's card but their own")
    start_score: int = option(START_SCORE, "points everyone starts with (usually 14)",
                              minimum=1, maximum=99)


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: a finished deal."""

    dealer: int
    hand_size: int
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    losses: tuple[int, ...]
    totals: tuple[int, ...]


@serializable
@dataclass(frozen=True)
class Whist22State(State):
    """A moment of a Whist 22 match."""

    options: Whist22Options
    rng_state: int                          # generator state for the next deal
    deal_index: int                         # place of the current deal in the hand-size cycle
    dealer: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]     # per seat
    aside: tuple[Card, ...]                 # undealt cards, face down
    bids: tuple[int, ...]                   # per seat; -1 while not yet bid
    leader: int
    trick: tuple[tuple[int, Card, int], ...]            # (seat, card, value) in play order
    history: tuple[tuple[tuple[int, Card, int], ...], ...]  # finished tricks of this deal
    last_trick: tuple[tuple[int, Card, int], ...]
    tricks: tuple[int, ...]                 # tricks each seat took this deal
    points: tuple[int, ...]
    sheet: tuple[DealRecord, ...]

    # ------------------------------------------------------------- the table
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def most(self) -> int:
        """The largest hand for this many players."""
        return most_cards(self.options.players)

    @property
    def hand_size(self) -> int:
        """Cards each player was dealt this deal (= tricks in the deal)."""
        return hand_size_of_deal(self.deal_index, self.most, self.options.cycle)

    @property
    def blind(self) -> bool:
        """True in a one-card deal played blind: each player sees every card but their own."""
        return self.options.blind_single and self.hand_size == 1

    def left_of(self, seat: int) -> int:
        """The next seat clockwise."""
        return (seat + 1) % self.players

    @property
    def bidder(self) -> int:
        """The seat to bid next: from the dealer's left, the dealer last."""
        done = sum(1 for b in self.bids if b >= 0)
        return (self.dealer + 1 + done) % self.players

    @property
    def turn(self) -> int:
        """The seat to play the next card."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def to_move(self) -> frozenset[int]:
        if self.phase == BID:
            return frozenset((self.bidder,))
        if self.phase == PLAY:
            return frozenset((self.turn,))
        if self.phase == DECLARE:
            return frozenset((self.trick[-1][0],))
        return frozenset()

    def hooked_bid(self) -> int | None:
        """The bid the dealer may not make (it would make the bids add up to the tricks), if any."""
        if self.phase != BID or self.bidder != self.dealer:
            return None
        rest = self.hand_size - sum(b for b in self.bids if b >= 0)
        return rest if 0 <= rest <= self.hand_size else None

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        # a state is a value: its legal actions are worked out once per seat (searches ask often)
        cache = self.__dict__.setdefault("_legal", {})
        if seat not in cache:
            cache[seat] = self._legal_actions(seat)
        return list(cache[seat])

    def _legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.phase == BID:
            hook = self.hooked_bid()
            return [_action("bid", str(n)) for n in range(self.hand_size + 1) if n != hook]
        if self.phase == DECLARE:
            return [_action("fool", str(FOOL_LOW)), _action("fool", str(FOOL_HIGH))]
        if self.blind:
            return [_action("play")]
        actions = []
        for card in sorted(self.hands[seat], key=card_order):
            if card == FOOL:
                actions += [_action("play", "FOOL", str(FOOL_LOW)), _action("play", "FOOL", str(FOOL_HIGH))]
            else:
                actions.append(_action("play", str(card)))
        return actions

    def parse_action(self, data: Any, seat: int) -> Action:
        """Read ``bid 2``, ``play T7``, ``play FOOL 22`` (also ``play fool=22``), ``fool 0``."""
        action = Action.from_json(data)
        words = [w for arg in action.args for w in arg.replace("=", " ").replace(":", " ").split()]
        if action.kind == "play" and words:
            words[0] = _canonical_card(words[0])
        words = [str(int(w)) if w.isdigit() else w for w in words]
        return Action(action.kind, tuple(words))

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "Whist22State":
        if action.kind == "bid":
            bids = _with(self.bids, seat, int(action.args[0]))
            if all(b >= 0 for b in bids):
                return replace(self, bids=bids, phase=PLAY, leader=self.left_of(self.dealer))
            return replace(self, bids=bids)
        if action.kind == "fool":
            (who, card, _), = self.trick[-1:]
            return replace(self, trick=self.trick[:-1] + ((who, card, int(action.args[0])),),
                           phase=PLAY)._after_play()
        if self.blind:
            (card,) = self.hands[seat]
            value = -1 if card == FOOL else card.rank      # -1: the Fool's value is still to be said
        else:
            card = parse_card(action.args[0])
            value = int(action.args[1]) if card == FOOL else card.rank
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        state = replace(self, hands=hands, trick=self.trick + ((seat, card, value),))
        if value < 0:
            return replace(state, phase=DECLARE)
        return state._after_play()

    def _after_play(self) -> "Whist22State":
        if len(self.trick) < self.players:
            return self
        winner = trick_winner(self.trick)
        tricks = _with(self.tricks, winner, self.tricks[winner] + 1)
        state = replace(self, trick=(), last_trick=self.trick, history=self.history + (self.trick,),
                        tricks=tricks, leader=winner)
        if len(state.history) == self.hand_size:
            return state._score_deal()
        return state

    def _score_deal(self) -> "Whist22State":
        losses = tuple(abs(t - b) for t, b in zip(self.tricks, self.bids))
        points = tuple(p - loss for p, loss in zip(self.points, losses))
        record = DealRecord(self.dealer, self.hand_size, self.bids, self.tricks, losses, points)
        state = replace(self, points=points, sheet=self.sheet + (record,))
        if min(points) <= 0:
            return replace(state, phase=OVER)
        return state._next_deal()

    def _next_deal(self) -> "Whist22State":
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(tarot_trumps())
        return deal_cards(self.options, rng.state, self.deal_index + 1, self.left_of(self.dealer), deck,
                          points=self.points, sheet=self.sheet, last_trick=self.last_trick)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Points each seat has left."""
        return self.points

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """The starting points, then every seat's result in every finished deal."""
        everyone = tuple(range(self.players))
        events = [ScoreEvent(1, everyone, self.options.start_score, "starting points",
                             {"points": self.options.start_score})]
        for number, record in enumerate(self.sheet, 1):
            for seat in everyone:
                detail = {"bid": record.bids[seat], "tricks": record.tricks[seat],
                          "hand_size": record.hand_size}
                if record.losses[seat]:
                    events.append(ScoreEvent(number, (seat,), -record.losses[seat],
                                             "missed bid: a point per trick over or under", detail))
                else:
                    events.append(ScoreEvent(number, (seat,), 0, "exact bid: nothing lost", detail))
        return events

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score once the match is over (several share a tie)."""
        if self.phase != OVER:
            return ()
        best = max(self.points)
        return tuple(s for s in range(self.players) if self.points[s] == best)

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        hidden = Visibility.HIDDEN if self.blind else Visibility.OWNER
        zones = {f"hand:{s}": Zone(self.hands[s], hidden, s, ordered=False) for s in range(self.players)}
        zones["aside"] = Zone(self.aside, Visibility.HIDDEN, ordered=False)
        zones["trick"] = Zone(tuple(c for _, c, _ in self.trick), Visibility.PUBLIC)
        taken: list[list[Card]] = [[] for _ in range(self.players)]
        for plays in self.history:
            taken[trick_winner(plays)].extend(c for _, c, _ in plays)
        for s in range(self.players):
            zones[f"taken:{s}"] = Zone(tuple(taken[s]), Visibility.SEEN, s)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "Whist22State":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(self.players))
        return replace(self, hands=hands, aside=tuple(zones.get("aside", self.aside)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        # a blind one-card deal: the seat sees every other player's card
        if not self.blind:
            return {}
        return {f"hand:{s}": self.hands[s] for s in range(self.players) if s != seat and self.hands[s]}

    def shown_cards(self, seat: int | None) -> dict[int, Card]:
        """In a blind one-card deal, the other players' cards ``seat`` sees (none for an onlooker)."""
        if not self.blind or seat is None:
            return {}
        return {s: self.hands[s][0] for s in range(self.players) if s != seat and self.hands[s]}

    def public(self, seat: int | None) -> dict:
        names = list(SEAT_NAMES[:self.players]) if self.players == 4 else \
            [f"Seat {s + 1}" for s in range(self.players)]
        return {
            "seat_names": names,
            "dealer": self.dealer,
            "phase": self.phase,
            "hand_size": self.hand_size,
            "hand_number": len(self.sheet) + 1,
            "next_hand_size": hand_size_of_deal(self.deal_index + 1, self.most, self.options.cycle),
            "bids": [b if b >= 0 else None for b in self.bids],
            "bid_total": sum(b for b in self.bids if b >= 0),
            "dealer_may_not_bid": self.hooked_bid(),
            "leader": self.leader,
            "trick": _public_plays(self.trick),
            "last_trick": _public_plays(self.last_trick) if not self.trick else None,
            "tricks_won": list(self.tricks),
            "blind": self.blind,
            "cards_seen": {str(s): str(c) for s, c in self.shown_cards(seat).items()},
            "scores": list(self.points),
            "winners": list(self.winners),
            "score_sheet": [
                {"hand": i + 1, "dealer": r.dealer, "hand_size": r.hand_size, "bids": list(r.bids),
                 "tricks": list(r.tricks), "losses": list(r.losses), "totals": list(r.totals)}
                for i, r in enumerate(self.sheet)],
        }


def trick_winner(plays) -> int:
    """The seat that played the highest value (the Fool counts what its owner said)."""
    return max(plays, key=lambda p: p[2])[0]


def _public_plays(plays) -> list[dict]:
    return [{"seat": s, "card": str(c), "value": v if v >= 0 else None} for s, c, v in plays]


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


_ACTIONS: dict[tuple, Action] = {}


def _action(kind: str, *args: str) -> Action:
    """An action, built once (legal actions are listed very often by the searches)."""
    key = (kind,) + args
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(kind, args)
    return action


def _canonical_card(text: str) -> str:
    try:
        return str(parse_card(text))
    except CardsageError:
        return text


def deal_cards(options: Whist22Options, rng_state: int, deal_index: int, dealer: int, deck: list[Card], *,
               points: tuple[int, ...], sheet: tuple[DealRecord, ...] = (),
               last_trick: tuple = ()) -> Whist22State:
    """Deal ``deck`` one card at a time from the dealer's left; the rest is set aside."""
    players = options.players
    size = hand_size_of_deal(deal_index, most_cards(players), options.cycle)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(size * players):
        hands[(dealer + 1 + i) % players].append(deck[i])
    return Whist22State(
        options=options, rng_state=rng_state, deal_index=deal_index, dealer=dealer, phase=BID,
        hands=tuple(tuple(sorted(h, key=card_order)) for h in hands),
        aside=tuple(sorted(deck[size * players:], key=card_order)), bids=(-1,) * players,
        leader=(dealer + 1) % players, trick=(), history=(), last_trick=last_trick,
        tricks=(0,) * players, points=points, sheet=sheet)


def parse_deal(deal: Any, players: int) -> tuple[int, int, list[list[Card]]]:
    """Read an explicit first deal; return the dealer, the hand size and the hands.

    ``{"dealer": 0, "hands": [["T21", "FOOL", ...], ...], "aside": [...]}``: one list per
    seat, seat 0 first, all of one size from 1 to the most; ``aside`` is optional.
    """
    if not isinstance(deal, Mapping):
        raise CardsageError("a Whist 22 deal is an object with 'hands' (one list of cards per player), "
                            "'dealer' and optionally 'aside'", field="deal")
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {players - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise CardsageError(f"deal.hands must list the {players} hands, seat 0 first", field="deal.hands")
    seen: dict[Card, str] = {}

    def read(cards: Any, where: str) -> list[Card]:
        if isinstance(cards, str):
            cards = cards.split()
        if not isinstance(cards, list):
            raise CardsageError(f"{where} must be a list of cards", field=f"deal.{where}")
        out = []
        for text in cards:
            card = parse_card(text)
            if card.kind != Kind.TAROT or card.copy:
                raise CardsageError(f"{card} is not one of the 22 Tarot trumps (T1 to T21 and FOOL)",
                                    field=f"deal.{where}")
            if card in seen:
                raise CardsageError(f"{card} is dealt twice ({seen[card]} and {where})", field=f"deal.{where}")
            seen[card] = where
            out.append(card)
        return out

    parsed = [read(hand, f"hands.{s}") for s, hand in enumerate(hands)]
    size = len(parsed[0])
    most = most_cards(players)
    for s, hand in enumerate(parsed):
        if len(hand) != size:
            raise CardsageError(f"hand {s} has {len(hand)} cards but hand 0 has {size}: every hand "
                                f"has the same size", field=f"deal.hands.{s}")
    if not 1 <= size <= most:
        raise CardsageError(f"hands of {size} cards: with {players} players a hand has 1 to {most} cards",
                            field="deal.hands")
    if deal.get("aside") is not None:
        read(deal["aside"], "aside")  # checks the cards and counts them seen
        missing = [c for c in tarot_trumps() if c not in seen]
        if missing:
            raise CardsageError(f"deal.aside is missing {' '.join(map(str, missing))}: the hands and the "
                                f"cards set aside make up the 22 trumps", field="deal.aside")
    return dealer, size, parsed


class Whist22(Game):
    """The Whist 22 ruleset."""

    name = "whist-22"
    title = "Whist 22"
    family = "trick-taking"
    min_players = 2
    max_players = 7
    summary = ("Bid exactly the tricks you will take with the 22 Tarot trumps; hands shrink to one "
               "card and grow back; everyone counts down from 14.")
    Options = Whist22Options
    State = Whist22State

    def start(self, options: Whist22Options, seed: int, deal: Any) -> Whist22State:
        rng = Rng(seed)
        points = (options.start_score,) * options.players
        if deal is None:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            return deal_cards(options, rng.state, 0, dealer, rng.shuffled(tarot_trumps()), points=points)
        dealer, size, hands = parse_deal(deal, options.players)
        players = options.players
        deck: list[Card] = [hands[(dealer + 1 + i) % players][i // players] for i in range(size * players)]
        dealt = set(deck)
        deck += [c for c in tarot_trumps() if c not in dealt]
        # the deals that follow run on from this size, downwards first
        return deal_cards(options, rng.state, most_cards(players) - size, dealer, deck, points=points)


GAME = Whist22()
