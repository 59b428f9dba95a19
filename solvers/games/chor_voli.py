"""Chor Voli (GAMES.md G28): an Afghan partition game for four, played for chips.

Players and pack. Four players, each for themselves, a 52-card pack, aces high. Play
goes counter-clockwise; seats are numbered in playing order, so seat ``s + 1`` (mod 4) is
the player on seat ``s``'s right and plays after it.

Chips. Everyone starts with ``start_chips`` chips (20). Before each deal every player
puts 1 chip in the pool. The dealer deals 13 cards to each player. The first dealer comes
from the match seed; afterwards the winner of the last round of the previous deal deals.

Four of a kind. If anyone was dealt a four of a kind there is no play: the holders show
their fours and the highest takes the whole pool (aces high; ``four_fours_high``: four
fours beat everything, then aces, kings, …). The winner deals next.

Combinations (strongest type first): three of a kind (A-A-A high … 2-2-2; with
``threes_high`` 3-3-3 is the highest); three-card straight flush; three-card straight;
three-card flush; three unrelated cards (three ranks, three suits). Straights rank
A-K-Q > 3-2-A > K-Q-J > … > 4-3-2; flushes and unrelated cards compare their highest
card, then the second, then the third. A pair is no combination, nor are two cards of
one suit beside a third of another suit (unless the three make a straight).

Partition. All four players arrange their hands at the same time, unseen by the others:
each keeps up to four disjoint combinations (``keep`` three cards, once per combination)
and then discards the rest face down (``discard``); a player who has kept four
combinations discards the last card at once. Keeping a card that is in no combination is
not allowed, so the discards are 13 - 3k cards. Every hand holds at least one flush, so
everyone keeps at least one combination. Everyone sees how many cards a player discarded.

Showdown. When everyone has discarded, the combinations are shown round by round, each
player's strongest first (the order is forced). In round 1 the player on the dealer's
right shows first and the others follow counter-clockwise; the best combination takes one
chip from the pool, and its owner shows first in the next round (if that player has no
combination left, the next player counter-clockwise who has one). Players without a
combination for a round sit it out; a lone player wins it unopposed. Equal best
combinations: ``tie_rule`` ``first_played`` (the first shown wins) or ``last_played``.
Chips for rounds nobody plays stay in the pool for the next deal (GAMES.md proposal).

Match. It ends when a player cannot pay the ante at the start of a deal, after
``fixed_deals`` deals when that is set (or earlier, when someone runs out of chips), or, as a guard, after ``deal_limit`` deals. The
most chips wins. After each deal the combinations stay face up until the next dealer deals.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, parse_card
from solvers.deals import DealReader
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.games.chor_voli_partition import valid_triples
from solvers.games.chor_voli_rank import (PACK, card_index, four_key, hand_rank, mask_of, strength_table,
                                          triple_notation)

__all__ = ["ChorVoli", "ChorVoliState", "ChorVoliOptions", "GAME", "hand_rank", "KEEP", "DISCARD", "DEAL"]

PLAYERS = 4
HAND = 13
MOST = 4
KEEP, DISCARD, DEAL = "keep", "discard", "deal"
PARTITION, SCORED = "partition", "scored"
SEAT_NAMES = ("South", "East", "North", "West")   # counter-clockwise from South


@serializable
@dataclass(frozen=True)
class ChorVoliOptions:
    """Variants of Chor Voli."""

    threes_high: bool = option(False, "three threes are the highest three of a kind (as in Brag); off: three "
                                      "aces are highest and three twos lowest")
    four_fours_high: bool = option(False, "when dealt fours of a kind are compared, four fours beat all, then "
                                          "aces, kings and so on; off: aces highest, twos lowest")
    tie_rule: str = option("first_played", "when two best combinations of a round are equal, the first shown "
                                            "wins (first_played) or the last shown wins (last_played)",
                           choices=("first_played", "last_played"))
    start_chips: int = option(20, "chips each player starts with", minimum=1, maximum=1000)
    fixed_deals: int = option(0, "the match ends after this many deals, or earlier when someone cannot pay "
                                 "the ante (0: only when someone cannot pay the ante)",
                              minimum=0, maximum=1000)
    deal_limit: int = option(60, "the match ends after this many deals at the latest (most chips wins)",
                             minimum=1, maximum=1000)


@dataclass(frozen=True)
class RoundRecord:
    """One showdown round: who showed what, in order, and who took the chip."""

    number: int
    order: tuple[int, ...]
    shown: tuple[str, ...]            # each combination in card notation, in the order shown
    winner: int

    def encoded(self) -> str:
        """The round as one compact text, ``winner>seat:cards,seat:cards…`` (a long match's
        score sheet is stored with every state, so it is kept small)."""
        return f"{self.winner}>" + ",".join(f"{s}:{c}" for s, c in zip(self.order, self.shown))

    @classmethod
    def decoded(cls, number: int, text: str) -> "RoundRecord":
        """Inverse of :meth:`encoded`."""
        winner, _, rest = text.partition(">")
        pairs = [item.split(":") for item in rest.split(",")]
        return cls(number, tuple(int(s) for s, _ in pairs), tuple(c for _, c in pairs), int(winner))


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: a finished deal."""

    dealer: int
    pool_before: int                  # the pool after the antes
    fours: tuple[tuple[int, int], ...]   # (seat, rank) of every four of a kind dealt
    shown: tuple[str, ...]            # the rounds, each as RoundRecord.encoded()
    won: tuple[int, int, int, int]    # chips taken from the pool
    pool_after: int                   # carried to the next deal
    next_dealer: int

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """The showdown rounds played."""
        return tuple(RoundRecord.decoded(i + 1, text) for i, text in enumerate(self.shown))


@serializable
@dataclass(frozen=True)
class ChorVoliState(State):
    """A moment of a Chor Voli match."""

    options: ChorVoliOptions
    rng_state: int
    dealer: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]            # cards not yet kept or discarded
    combos: tuple[tuple[tuple[Card, ...], ...], ...]   # kept combinations (strongest first once done)
    discards: tuple[tuple[Card, ...], ...]
    done: tuple[bool, bool, bool, bool]
    chips: tuple[int, int, int, int]
    pool: int
    sheet: tuple[DealRecord, ...] = ()
    over: bool = False

    # ------------------------------------------------------------- whose turn
    @property
    def players(self) -> int:
        return PLAYERS

    @property
    def to_move(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        if self.phase == SCORED:
            return frozenset((self.dealer,))
        return frozenset(s for s in range(PLAYERS) if not self.done[s])

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        if self.phase == SCORED:
            return [Action(DEAL)]
        out = [Action(KEEP, triple_notation(mask)) for mask, _ in self._triples(seat)]
        if self.combos[seat]:
            out.append(Action(DISCARD))
        return out

    def _triples(self, seat: int) -> list[tuple[int, int]]:
        """The valid triples among the cards ``seat`` has not kept or discarded yet."""
        return valid_triples(tuple(card_index(c) for c in self.hands[seat]), self.options.threes_high)

    def parse_action(self, data: Any, seat: int) -> Action:
        action = super().parse_action(data, seat)
        if action.kind == KEEP:
            try:
                cards = sorted((parse_card(a) for a in action.args), key=_card_order)
            except CardsageError:
                return action
            action = Action(KEEP, tuple(str(c) for c in cards))
        return action

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "ChorVoliState":
        if action.kind == DEAL:
            return _deal_next(self)
        if action.kind == KEEP:
            # (several combinations at once are accepted here for the search's whole partitions)
            cards = [parse_card(a) for a in action.args]
            kept = tuple(tuple(cards[i:i + 3]) for i in range(0, len(cards), 3))
            taken = set(cards)
            state = replace(self, hands=_with(self.hands, seat, tuple(c for c in self.hands[seat] if c not in taken)),
                            combos=_with(self.combos, seat, self.combos[seat] + kept))
            if len(state.combos[seat]) < MOST and state._triples(seat):
                return state
            return state._finish(seat)
        return self._finish(seat)

    def _finish(self, seat: int) -> "ChorVoliState":
        """``seat`` discards the rest face down; its combinations are put strongest first."""
        combos = tuple(sorted(self.combos[seat], key=self._strength, reverse=True))
        state = replace(self, hands=_with(self.hands, seat, ()), combos=_with(self.combos, seat, combos),
                        discards=_with(self.discards, seat, self.discards[seat] + self.hands[seat]),
                        done=_with(self.done, seat, True))
        if all(state.done):
            return state._showdown()
        return state

    def _strength(self, combo: tuple[Card, ...]) -> int:
        """The combination's dense strength (higher is better)."""
        # -1 only for a sampled deal of hidden cards (a search's guess) that broke a combination
        return strength_table(self.options.threes_high).get(mask_of(combo), -1)

    def _showdown(self) -> "ChorVoliState":
        """Play the rounds out: strongest combinations first, one chip a round."""
        won = [0, 0, 0, 0]
        rounds = []
        leader = (self.dealer + 1) % PLAYERS
        pool = self.pool
        for r in range(MOST):
            order = [s for s in _from(leader) if len(self.combos[s]) > r]
            if not order:
                break
            shown = [self.combos[s][r] for s in order]
            keys = [self._strength(c) for c in shown]
            best = max(keys)
            tied = [i for i, k in enumerate(keys) if k == best]
            pick = tied[0] if self.options.tie_rule == "first_played" else tied[-1]
            winner = order[pick]
            won[winner] += 1
            pool -= 1
            rounds.append(RoundRecord(r + 1, tuple(order), tuple(" ".join(map(str, c)) for c in shown), winner))
            leader = winner
        return self._score(tuple(rounds), (), tuple(won), pool, leader)

    def _score(self, rounds, fours, won, pool, next_dealer) -> "ChorVoliState":
        chips = tuple(self.chips[s] + won[s] for s in range(PLAYERS))
        record = DealRecord(self.dealer, self.pool, fours, tuple(r.encoded() for r in rounds), won, pool,
                            next_dealer)
        sheet = self.sheet + (record,)
        opts = self.options
        played = len(sheet)
        over = (played >= opts.deal_limit or (opts.fixed_deals and played >= opts.fixed_deals)
                or min(chips) < 1)
        return replace(self, phase=SCORED, chips=chips, pool=pool, sheet=sheet, dealer=next_dealer,
                       over=bool(over))

    # ------------------------------------------------------------- scores
    def chips_after(self) -> list[tuple[int, ...]]:
        """Every player's chips after each finished deal."""
        chips = [self.options.start_chips] * PLAYERS
        out = []
        for r in self.sheet:
            chips = [chips[s] - 1 + r.won[s] for s in range(PLAYERS)]
            out.append(tuple(chips))
        return out

    @property
    def scores(self) -> tuple[int, ...]:
        """Chips held."""
        return self.chips

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """Per deal: the antes, each round's chip, a four of a kind's pool."""
        events = []
        for number, r in enumerate(self.sheet, 1):
            for s in range(PLAYERS):
                events.append(ScoreEvent(number, (s,), -1, "ante", {}))
            for rnd in r.rounds:
                i = rnd.order.index(rnd.winner)
                name = self._name(rnd.shown[i])
                events.append(ScoreEvent(number, (rnd.winner,), 1, f"round {rnd.number}",
                                         {"combination": rnd.shown[i], "name": name,
                                          "players": len(rnd.order)}))
            if r.fours:
                winner = max(range(PLAYERS), key=lambda s: r.won[s])
                events.append(ScoreEvent(number, (winner,), r.won[winner], "four of a kind takes the pool",
                                         {"fours": [[s, rank] for s, rank in r.fours]}))
        return events

    def _name(self, combo: str) -> str:
        try:
            return hand_rank(combo, self.options).name
        except CardsageError:
            return "no combination"

    def utility(self, seat: int) -> float:
        """Chips ahead of the mean of the other players (the pool counts for nobody)."""
        others = [self.chips[s] for s in range(PLAYERS) if s != seat]
        return float(self.chips[seat] - sum(others) / len(others))

    def standings(self) -> list[dict]:
        """Players by chips, with the rounds each won over the match."""
        rows = super().standings()
        for row in rows:
            seat = row["seats"][0]
            row["rounds_won"] = sum(1 for r in self.sheet for text in r.shown if int(text.partition(">")[0]) == seat)
        return rows

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        shown = Visibility.PUBLIC if self.phase == SCORED else Visibility.OWNER
        zones = {}
        for s in range(PLAYERS):
            zones[f"hand:{s}"] = Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
            for r in range(MOST):
                cards = self.combos[s][r] if r < len(self.combos[s]) else ()
                zones[f"combo{r + 1}:{s}"] = Zone(cards, shown, s, group=f"combos:{s}")
            zones[f"discard:{s}"] = Zone(self.discards[s], Visibility.OWNER, s, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "ChorVoliState":
        hands = tuple(tuple(zones.get(f"hand:{s}", self.hands[s])) for s in range(PLAYERS))
        combos = []
        for s in range(PLAYERS):
            kept = []
            for r in range(len(self.combos[s])):
                kept.append(tuple(zones.get(f"combo{r + 1}:{s}", self.combos[s][r])))
            combos.append(tuple(kept))
        discards = tuple(tuple(zones.get(f"discard:{s}", self.discards[s])) for s in range(PLAYERS))
        return replace(self, hands=hands, combos=tuple(combos), discards=discards)

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Fours of a kind shown this deal stay in their holders' hands."""
        if self.phase != SCORED or not self.sheet or not self.sheet[-1].fours:
            return {}
        out: dict[str, tuple[Card, ...]] = {}
        for s, rank in self.sheet[-1].fours:
            out[f"hand:{s}"] = out.get(f"hand:{s}", ()) + tuple(c for c in self.hands[s] if c.rank == rank)
        return out

    def log_text(self, action: Action, actor: int, viewer: int | None) -> str:
        """Another player's kept combination is hidden: the log says only ``keep``."""
        if action.kind == KEEP and viewer != actor:
            return KEEP
        return action.notation

    def public(self, seat: int | None) -> dict:
        last = self.sheet[-1] if self.sheet and self.phase == SCORED else None
        return {
            "seat_names": list(SEAT_NAMES),
            "dealer": self.dealer,
            "phase": self.phase,
            "pool": self.pool,
            "chips": list(self.chips),
            "deal_number": len(self.sheet) + (0 if self.phase == SCORED else 1),
            "discarded": [len(self.discards[s]) if self.done[s] else None for s in range(PLAYERS)],
            "combinations": [len(self.combos[s]) if self.done[s] else None for s in range(PLAYERS)],
            "first_player": (self.dealer + 1) % PLAYERS,
            "showdown": None if last is None else {
                "fours": [{"seat": s, "rank": rank} for s, rank in last.fours],
                "rounds": [{"round": rnd.number, "order": list(rnd.order),
                            "shown": list(rnd.shown),
                            "names": [self._name(c) for c in rnd.shown], "winner": rnd.winner}
                           for rnd in last.rounds]},
            "score_sheet": [
                {"deal": i + 1, "dealer": r.dealer, "pool": r.pool_before, "won": list(r.won),
                 "four_of_a_kind": bool(r.fours), "carried": r.pool_after, "chips": list(chips)}
                for i, (r, chips) in enumerate(zip(self.sheet, self.chips_after()))],
        }


def _card_order(card: Card):
    return (-card.rank, -card.suit)


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _from(seat: int) -> list[int]:
    """The seats in playing order starting with ``seat``."""
    return [(seat + i) % PLAYERS for i in range(PLAYERS)]


def _fours(hands) -> tuple[tuple[int, int], ...]:
    """(seat, rank) of every four of a kind in the hands."""
    out = []
    for s, hand in enumerate(hands):
        ranks = [c.rank for c in hand]
        out.extend((s, int(r)) for r in sorted(set(ranks), reverse=True) if ranks.count(r) == 4)
    return tuple(out)


def _start_deal(options: ChorVoliOptions, rng: Rng, dealer: int, hands, chips, pool: int,
                sheet: tuple) -> ChorVoliState:
    """Antes in, the hands dealt; a four of a kind settles the deal at once."""
    chips = tuple(c - 1 for c in chips)
    pool += PLAYERS
    hands = tuple(tuple(sorted(h, key=_card_order)) for h in hands)
    state = ChorVoliState(options=options, rng_state=rng.state, dealer=dealer, phase=PARTITION, hands=hands,
                          combos=((),) * PLAYERS, discards=((),) * PLAYERS, done=(False,) * PLAYERS,
                          chips=chips, pool=pool, sheet=sheet)
    fours = _fours(hands)
    if not fours:
        return state
    winner = max(fours, key=lambda f: four_key(f[1], options.four_fours_high))[0]
    won = tuple(pool if s == winner else 0 for s in range(PLAYERS))
    state = replace(state, done=(True,) * PLAYERS)
    return state._score((), fours, won, 0, winner)


def _deal_next(state: ChorVoliState) -> ChorVoliState:
    rng = Rng(0)
    rng.state = state.rng_state
    deck = rng.shuffled(PACK)
    hands = [deck[s * HAND:(s + 1) * HAND] for s in range(PLAYERS)]
    return _start_deal(state.options, rng, state.dealer, hands, state.chips, state.pool, state.sheet)


def parse_deal(deal: Any) -> tuple[int, list[tuple[Card, ...]]]:
    """Read an explicit first deal: ``{"dealer": 0, "hands": [[13 cards] × 4]}`` (seat 0 first).

    Every one of the 52 cards must be dealt exactly once."""
    shape = "a Chor Voli deal is an object with 'dealer' (0-3) and 'hands' (13 cards for each of the 4 seats)"
    reader = DealReader(deal, PACK, shape=shape, pack_name="the 52-card pack", fields=("dealer", "hands"))
    dealer = reader.seat("dealer", PLAYERS)
    return dealer, [tuple(hand) for hand in reader.hands(PLAYERS, HAND)]


class ChorVoli(Game):
    """The Chor Voli ruleset."""

    name = "chor-voli"
    title = "Chor Voli"
    family = "partition"
    min_players = 4
    max_players = 4
    summary = ("Afghan partition game for four, for chips: split 13 cards into up to four three-card "
               "combinations and win showdown rounds with them, strongest first.")
    Options = ChorVoliOptions
    State = ChorVoliState
    seat_names = SEAT_NAMES
    HAND_RANK = staticmethod(hand_rank)
    HAND_OPTIONS = ("threes_high", "four_fours_high")

    def players_for(self, options) -> int:
        return PLAYERS

    def start(self, options: ChorVoliOptions, seed: int, deal: Any) -> ChorVoliState:
        rng = Rng(seed)
        chips = (options.start_chips,) * PLAYERS
        if deal is not None:
            dealer, hands = parse_deal(deal)
        else:
            dealer = rng.below(PLAYERS)   # the first dealer comes from the match seed
            deck = rng.shuffled(PACK)
            hands = [deck[s * HAND:(s + 1) * HAND] for s in range(PLAYERS)]
        return _start_deal(options, rng, dealer, hands, chips, 0, ())


GAME = ChorVoli()
