"""Bura (GAMES.md G12): leads of one to three cards of a suit, and the first to claim 31 takes the pot.

Players and pack. Two to six play, clockwise, with 36 cards: per suit A > 10 > K > Q > J >
9 > 8 > 7 > 6, worth A 11, 10 10, K 4, Q 3, J 2 and nothing for the rest (120 card points
in all).

Stakes. Everyone starts with ``start_chips`` and puts ``ante`` chips into the pot for each
deal.

Deal. The dealer deals three cards to each player, one at a time from their left. The next
card is turned face up for trumps and the rest of the stock lies across it face down, so
the turned card is drawn last. The first dealer comes from the match seed.

Play. The player left of the dealer (with two players: the non-dealer) leads to the first
trick. A lead is one card, or two or three cards of one suit together (and, by our reading,
three aces together). Each other player in turn plays exactly as many cards as were led,
any cards at all: nobody has to follow suit or beat. A play beats the best play so far
when its cards can be paired one to one with that play's cards so that each beats its
partner (a higher card of the same suit, or a trump against a plain card). The trick goes
to the last player who beat the best play, or to the leader. Tricks are kept face down.
After each trick the players draw one card at a time, starting with the trick's winner,
until everyone holds three again; draws go in whole rounds, and cards that cannot go
round stay in the stock unused. The winner of a trick leads to the next.

Claims. Whenever it is their turn to act, a player may claim to hold 31 or more card
points in their tricks; nobody may look back at their tricks (``show_own_points`` lets a
player see their own count). The claim ends the deal either way. A true claim takes the
pot, and everyone antes afresh for the next deal. A false claim (30 or fewer) puts into
the pot as many chips as it already holds, and the pot carries over with no new antes.
Either way the claimer deals next. When all the cards have been played without a claim,
the winner of the last trick may still claim; otherwise nobody wins: everyone antes
again on top of the pot and the same dealer deals again.

Special combinations (``combinations``). At the start of every trick of three-card hands,
each player other than the leader, in play order, may announce a combination held: Bura
(three trumps) beats three aces, which beat Molodka (three cards of one plain suit); a
later announcement must be higher, except that every Bura holder may announce theirs.
Announcing shows the cards. The leader then answers: keep the lead by leading their own
combination of at least the same rank (ties go to the earliest in play order, which is
the leader), announce their own Bura, or let the announcer lead the announced cards. One
Bura takes the pot at once and ends the deal; with several, they are played as one trick
in play order from the leader and its winner takes the pot. The Bura winner deals next.

Match. It ends when a player cannot pay the ante for the next deal or has no chips left,
after ``deals`` deals when set, or after 200 deals at most (a guard). A pot still on the
table is then shared out equally, odd chips to the players from the dealer's left. Most
chips wins; the scores are the chips won or lost.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rng, Suit, parse_card
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.games.bura_cards import (BURA, CLAIM_TARGET, COMBINATION_NAMES, HAND_SIZE, PRIORITY, bura_pack,
                                      canonical, card_order, card_points, combination_of, leads_from,
                                      parse_deal, play_beats, responses_from)

MAX_DEALS = 200
ANNOUNCE, LEAD, RESPOND, LAST = "announce", "lead", "respond", "last"
CLAIM, PASS = "claim", "pass"
# how a deal ended
TRUE_CLAIM, FALSE_CLAIM, BURA_WIN, NO_CLAIM = "claim", "false claim", "bura", "no claim"


@serializable
@dataclass(frozen=True)
class BuraOptions:
    """Variants of Bura."""

    players: int = option(2, "number of players", minimum=2, maximum=6)
    ante: int = option(1, "chips each player puts into the pot for a deal", minimum=1, maximum=1000)
    start_chips: int = option(30, "chips each player starts with", minimum=1, maximum=100000)
    deals: int = option(0, "deals in the match: 0 = until a player cannot pay the ante", minimum=0,
                        maximum=MAX_DEALS)
    combinations: bool = option(True, "special combinations: Bura (three trumps), three aces and Molodka "
                                      "(three cards of one plain suit) take the lead; a Bura wins the pot")
    show_own_points: bool = option(False, "let each player see the card points in their own tricks "
                                          "(at the table they must remember them)")

    def validate(self) -> None:
        """Refuse a table whose players cannot pay the first ante."""
        if self.start_chips < self.ante:
            raise CardsageError("players must start with at least one ante", field="options.start_chips")


@serializable
@dataclass(frozen=True)
class DealRecord:
    """One line of the score sheet: how the deal ended and who paid or took what."""

    dealer: int
    ending: str                        # "claim", "false claim", "bura" or "no claim"
    claimer: int                       # the claimer or Bura winner, -1 when nobody claimed
    trick_points: tuple[int, ...]      # card points in each player's tricks when the deal ended
    unplayed_points: int               # card points in hands, the stock and an unfinished trick
    pot: int                           # the pot before the settlement
    antes: tuple[int, ...]             # what each player put in at the start of the deal
    payments: tuple[int, ...]          # chips each player took (negative: put in) at the end


@serializable
@dataclass(frozen=True)
class BuraState(State):
    """A moment of a Bura match."""

    options: BuraOptions
    rng_state: int                            # generator state for the next deal
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]                   # face down, top first (without the turned card)
    turned: Card                              # the trump card, drawn last
    chips: tuple[int, ...]
    pot: int
    antes: tuple[int, ...]                    # what each player put in for this deal
    leader: int                               # who leads this trick unless a combination takes the lead
    won: tuple[tuple[Card, ...], ...]         # each player's tricks, face down
    turned_in_stock: bool = True
    turned_to: int = -1                       # who drew the turned card
    phase: str = LEAD
    window: tuple[tuple[int, str], ...] = ()  # answers to the announcement round: a combination or "pass"
    shown: tuple[tuple[Card, ...], ...] = ()  # announced cards still in their holder's hand
    trick_leader: int = -1
    trick: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    best: int = -1                            # the seat whose play is best so far
    last_trick: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    last_winner: int = -1
    sheet: tuple[DealRecord, ...] = ()
    final_share: tuple[int, ...] = ()         # the last pot, shared out when the match ended
    moves: int = 0                            # actions so far (for how far back a log may be read)
    review_from: int = 0                      # the action that began the previous trick
    trick_from: int = 0                       # the action that began this trick
    over: bool = False

    # ------------------------------------------------------------- seats and turns
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def trump(self) -> int:
        """The trump suit."""
        return self.turned.suit

    def order_from(self, seat: int) -> list[int]:
        """Every seat in play order starting with ``seat``."""
        return [(seat + i) % self.players for i in range(self.players)]

    @property
    def turn(self) -> int:
        """The seat to act next."""
        if self.phase == ANNOUNCE:
            return (self.leader + 1 + len(self.window)) % self.players
        if self.phase == RESPOND:
            return (self.trick_leader + len(self.trick)) % self.players
        if self.phase == LAST:
            return self.last_winner
        return self.leader

    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.over else frozenset((self.turn,))

    def points_of(self, seat: int) -> int:
        """Card points in ``seat``'s tricks (what its owner must remember)."""
        return card_points(self.won[seat])

    def best_announcement(self) -> tuple[int, str] | None:
        """The announcement that takes the lead so far: the highest, the earliest among equals."""
        best = None
        for seat, kind in self.window:
            if kind != PASS and (best is None or PRIORITY[kind] > PRIORITY[best[1]]):
                best = (seat, kind)
        return best

    @property
    def led_count(self) -> int:
        """Cards led to the current trick (0 before the lead)."""
        return len(self.trick[0][1]) if self.trick else 0

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        if self.over or seat != self.turn:
            return []
        hand = self.hands[seat]
        if self.phase == LAST:
            return [Action(CLAIM), Action(PASS)]
        if self.phase == RESPOND:
            return [Action("play", tuple(map(str, g))) for g in responses_from(hand, self.led_count)] \
                + [Action(CLAIM)]
        own = combination_of(hand, self.trump) if self.options.combinations else None
        if self.phase == ANNOUNCE:
            best = self.best_announcement()
            actions = [Action(PASS)]
            if own is not None and (own == BURA or best is None or PRIORITY[own] > PRIORITY[best[1]]):
                actions.append(Action("announce", (own,)))
            return actions + [Action(CLAIM)]
        # the leader, after the announcement round (if any)
        best = self.best_announcement()
        if best is None:
            leads = leads_from(hand, self.trump, self.options.combinations)
            actions = [Action("lead", tuple(map(str, g))) for g in leads]
        else:
            actions = [Action(PASS)]
            if own is not None and own != BURA and best[1] != BURA and PRIORITY[own] >= PRIORITY[best[1]]:
                actions.append(Action("lead", tuple(map(str, canonical(hand)))))
        if own == BURA:
            actions.append(Action("announce", (BURA,)))
        return actions + [Action(CLAIM)]

    def parse_action(self, data: Any, seat: int) -> Action:
        action = Action.from_json(data)
        if action.kind in ("lead", "play") and action.args:
            try:
                return Action(action.kind, tuple(str(c) for c in canonical(parse_card(a) for a in action.args)))
            except CardsageError:
                return action
        return Action(action.kind, tuple(a.lower() for a in action.args))

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "BuraState":
        state = replace(self, moves=self.moves + 1)
        kind = action.kind
        if kind == CLAIM:
            return state._claim(seat)
        if self.phase == ANNOUNCE:
            answer = action.args[0] if kind == "announce" else PASS
            shown = self.shown
            if answer != PASS:
                shown = _with(shown, seat, self.hands[seat])
            state = replace(state, window=self.window + ((seat, answer),), shown=shown)
            return replace(state, phase=LEAD) if len(state.window) == self.players - 1 else state
        if self.phase == LAST:
            return state._end_deal(NO_CLAIM, -1)
        if kind == "announce":  # the leader's own Bura
            state = replace(state, window=self.window + ((seat, BURA),), shown=_with(self.shown, seat, self.hands[seat]))
            return state._play_buras()
        if kind == PASS:  # the leader lets the best announcement take the lead
            announcer, combination = self.best_announcement()
            if combination == BURA:
                return state._play_buras()
            return state._lead(announcer, self.hands[announcer])
        cards = tuple(parse_card(a) for a in action.args)
        if kind == "lead":
            return state._lead(seat, cards)
        return state._respond(seat, cards)

    def _lead(self, seat: int, cards: tuple[Card, ...]) -> "BuraState":
        return replace(self._without(seat, cards), phase=RESPOND, trick_leader=seat,
                       trick=((seat, canonical(cards)),), best=seat, window=())

    def _respond(self, seat: int, cards: tuple[Card, ...]) -> "BuraState":
        best_cards = next(c for s, c in self.trick if s == self.best)
        best = seat if play_beats(cards, best_cards, self.trump) else self.best
        state = replace(self._without(seat, cards), trick=self.trick + ((seat, canonical(cards)),), best=best)
        return state._close_trick() if len(state.trick) == self.players else state

    def _without(self, seat: int, cards) -> "BuraState":
        gone = set(cards)
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c not in gone))
        shown = _with(self.shown, seat, tuple(c for c in self.shown[seat] if c not in gone))
        return replace(self, hands=hands, shown=shown)

    def _close_trick(self) -> "BuraState":
        winner = self.best
        cards = tuple(c for _, played in self.trick for c in played)
        state = replace(self, won=_with(self.won, winner, self.won[winner] + cards), last_trick=self.trick,
                        last_winner=winner, trick=(), best=-1, trick_leader=-1)
        state = state._draw(winner)
        if not any(state.hands):
            return replace(state, phase=LAST)
        return state._start_trick(winner)

    def _draw(self, first: int) -> "BuraState":
        """Refill the hands one card at a time from ``first``, in whole rounds only."""
        hands = [list(h) for h in self.hands]
        stock = list(self.stock)
        turned_in_stock, turned_to = self.turned_in_stock, self.turned_to
        need = HAND_SIZE - len(hands[first])
        for _ in range(need):
            if len(stock) + turned_in_stock < self.players:
                break
            for seat in self.order_from(first):
                if stock:
                    hands[seat].append(stock.pop(0))
                else:
                    hands[seat].append(self.turned)
                    turned_in_stock, turned_to = False, seat
        return replace(self, hands=tuple(tuple(sorted(h, key=card_order)) for h in hands), stock=tuple(stock),
                       turned_in_stock=turned_in_stock, turned_to=turned_to)

    def _start_trick(self, leader: int) -> "BuraState":
        announce = self.options.combinations and len(self.hands[leader]) == HAND_SIZE
        return replace(self, leader=leader, phase=ANNOUNCE if announce else LEAD, window=(),
                       review_from=self.trick_from, trick_from=self.moves)

    def _play_buras(self) -> "BuraState":
        """The announced Buras, played as one trick in play order from the leader; its winner takes the pot."""
        holders = [s for s in self.order_from(self.leader) if (s, BURA) in self.window]
        best = holders[0]
        for seat in holders[1:]:
            if play_beats(self.hands[seat], self.hands[best], self.trump):
                best = seat
        state = self
        plays = tuple((s, canonical(self.hands[s])) for s in holders)
        for s in holders:
            state = state._without(s, self.hands[s])
        cards = tuple(c for _, played in plays for c in played)
        state = replace(state, won=_with(state.won, best, state.won[best] + cards), last_trick=plays,
                        last_winner=best, window=())
        return state._end_deal(BURA_WIN, best)

    # ------------------------------------------------------------- the end of a deal
    def _claim(self, seat: int) -> "BuraState":
        return self._end_deal(TRUE_CLAIM if self.points_of(seat) >= CLAIM_TARGET else FALSE_CLAIM, seat)

    def _end_deal(self, ending: str, seat: int) -> "BuraState":
        n = self.players
        payments = [0] * n
        pot = self.pot
        if ending in (TRUE_CLAIM, BURA_WIN):
            payments[seat] = pot
            pot = 0
        elif ending == FALSE_CLAIM:
            paid = min(self.pot, self.chips[seat])
            payments[seat] = -paid
            pot += paid
        trick_points = tuple(self.points_of(s) for s in range(n))
        unplayed = card_points(c for h in self.hands for c in h) + card_points(self.stock) \
            + card_points(c for _, played in self.trick for c in played) \
            + (card_points((self.turned,)) if self.turned_in_stock else 0)
        record = DealRecord(self.dealer, ending, seat, trick_points, unplayed, self.pot, self.antes,
                            tuple(payments))
        chips = tuple(c + p for c, p in zip(self.chips, payments))
        state = replace(self, chips=chips, pot=pot, sheet=self.sheet + (record,), phase=ending, window=())
        next_dealer = self.dealer if seat < 0 else seat
        return state._next_deal(next_dealer, ante=ending != FALSE_CLAIM)

    def _next_deal(self, dealer: int, ante: bool) -> "BuraState":
        opts = self.options
        stake = opts.ante if ante else 0
        finished = (opts.deals and len(self.sheet) >= opts.deals) or len(self.sheet) >= MAX_DEALS
        if finished or min(self.chips) < max(stake, 1):
            return self._finish(dealer)
        rng = Rng(0)
        rng.state = self.rng_state
        deck = rng.shuffled(bura_pack())
        chips = tuple(c - stake for c in self.chips)
        return deal_hand(opts, rng.state, dealer, deck, chips=chips, pot=self.pot + stake * self.players,
                         antes=(stake,) * self.players, sheet=self.sheet, last_trick=self.last_trick,
                         last_winner=self.last_winner, moves=self.moves)

    def _finish(self, dealer: int) -> "BuraState":
        """End the match: a pot still on the table is shared out equally, odd chips from the dealer's left."""
        n = self.players
        share = [self.pot // n] * n
        for i in range(self.pot % n):
            share[(dealer + 1 + i) % n] += 1
        chips = tuple(c + s for c, s in zip(self.chips, share))
        return replace(self, chips=chips, pot=0, final_share=tuple(share), over=True, dealer=dealer)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Chips each player has won (negative: lost) since the start."""
        return tuple(c - self.options.start_chips for c in self.chips)

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """Antes, pots taken, false claims and the last pot's share, per deal and player."""
        events: list[ScoreEvent] = []
        n = self.players
        for number, record in enumerate(self.sheet, 1):
            events.extend(_ante_events(number, record.antes))
            detail = {"ending": record.ending, "pot": record.pot,
                      "points": record.trick_points[record.claimer] if record.claimer >= 0 else None}
            for seat, chips in enumerate(record.payments):
                if record.ending == TRUE_CLAIM and seat == record.claimer:
                    events.append(ScoreEvent(number, (seat,), chips, "took the pot with a true claim of 31", detail))
                elif record.ending == BURA_WIN and seat == record.claimer:
                    events.append(ScoreEvent(number, (seat,), chips, "took the pot with a Bura", detail))
                elif record.ending == FALSE_CLAIM and seat == record.claimer:
                    events.append(ScoreEvent(number, (seat,), chips, "false claim: doubled the pot", detail))
        if not self.over and any(self.antes):
            events.extend(_ante_events(len(self.sheet) + 1, self.antes))
        if self.final_share:
            for seat in range(n):
                if self.final_share[seat]:
                    events.append(ScoreEvent(len(self.sheet), (seat,), self.final_share[seat],
                                             "share of the pot left when the match ended",
                                             {"pot": sum(self.final_share)}))
        return events

    def utility(self, seat: int) -> float:
        """Chips against the mean of the other players' chips."""
        others = [c for s, c in enumerate(self.chips) if s != seat]
        return float(self.chips[seat] - sum(others) / len(others))

    def review_limit(self, viewer: int | None) -> int | None:
        """Only the current and the previous trick may be read again (tricks are not looked back at)."""
        if self.options.show_own_points or self.over:
            return None
        return self.moves - self.review_from

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        n = self.players
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False) for s in range(n)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN, ordered=False)
        zones["trump_card"] = Zone((self.turned,) if self.turned_in_stock else (), Visibility.PUBLIC)
        zones["trick"] = Zone(tuple(c for _, played in self.trick for c in played), Visibility.PUBLIC)
        for s in range(n):
            zones[f"tricks:{s}"] = Zone(self.won[s], Visibility.SEEN, s, ordered=False)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "BuraState":
        hands = tuple(tuple(sorted(zones.get(f"hand:{s}", self.hands[s]), key=card_order))
                      for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        # the turned card and announced combinations are known to lie in their holder's hand
        fixed: dict[str, list[Card]] = {}
        for s in range(self.players):
            if s != seat and self.shown and self.shown[s]:
                fixed.setdefault(f"hand:{s}", []).extend(self.shown[s])
        holder = self.turned_to
        if holder >= 0 and holder != seat and self.turned in self.hands[holder] and \
                self.turned not in fixed.get(f"hand:{holder}", []):
            fixed.setdefault(f"hand:{holder}", []).append(self.turned)
        return {k: tuple(v) for k, v in fixed.items()}

    def public(self, seat: int | None) -> dict:
        best = self.best_announcement() if self.phase in (ANNOUNCE, LEAD) else None
        last = self.sheet[-1] if self.sheet else None
        facts = {
            "players": self.players,
            "dealer": self.dealer,
            "deal": len(self.sheet) + (0 if self.over else 1),
            "phase": "over" if self.over else self.phase,
            "trump": Suit(self.trump).letter,
            "turned_card": str(self.turned),
            "turned_card_drawn_by": self.turned_to if self.turned_to >= 0 else None,
            "stock": len(self.stock) + self.turned_in_stock,
            "leader": self.leader,
            "announcements": [{"seat": s, "combination": k,
                               "cards": [str(c) for c in self.shown[s]] if k != PASS else []}
                              for s, k in self.window],
            "known_cards": {str(s): [str(c) for c in cards] for s, cards in enumerate(self.shown) if cards},
            "lead_taken_by": None if best is None else {"seat": best[0], "combination": COMBINATION_NAMES[best[1]]},
            "trick": [{"seat": s, "card": str(c)} for s, played in self.trick for c in played],
            "trick_plays": [{"seat": s, "cards": [str(c) for c in played]} for s, played in self.trick],
            "best_play": self.best if self.trick else None,
            "last_trick": [{"seat": s, "card": str(c)} for s, played in self.last_trick for c in played],
            "last_trick_plays": [{"seat": s, "cards": [str(c) for c in played]} for s, played in self.last_trick],
            "last_trick_winner": self.last_winner if self.last_trick else None,
            "tricks_cards": [len(w) for w in self.won],
            "chips": list(self.chips),
            "pot": self.pot,
            "ante": self.options.ante,
            "claim_target": CLAIM_TARGET,
            "last_deal": None if last is None else {
                "ending": last.ending, "claimer": last.claimer if last.claimer >= 0 else None,
                "claimer_points": last.trick_points[last.claimer] if last.claimer >= 0 else None,
                "pot": last.pot, "payments": list(last.payments)},
            "score_sheet": [{"deal": i + 1, "dealer": r.dealer, "ending": r.ending,
                             "claimer": r.claimer if r.claimer >= 0 else None, "pot": r.pot,
                             "antes": list(r.antes), "payments": list(r.payments)}
                            for i, r in enumerate(self.sheet)],
        }
        if self.options.show_own_points and seat is not None:
            facts["own_points"] = self.points_of(seat)
        return facts


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _ante_events(number: int, antes) -> list[ScoreEvent]:
    return [ScoreEvent(number, (s,), -a, "ante into the pot", {"ante": a}) for s, a in enumerate(antes) if a]


# ---------------------------------------------------------------- dealing


def deal_hand(options: BuraOptions, rng_state: int, dealer: int, deck: list[Card], *, chips: tuple[int, ...],
              pot: int, antes: tuple[int, ...], sheet: tuple = (), last_trick: tuple = (), last_winner: int = -1,
              moves: int = 0) -> BuraState:
    """Deal ``deck`` (top first): three cards each, one at a time from the dealer's left; the
    next card is turned for trumps and lies under the rest of the stock."""
    n = options.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(HAND_SIZE * n):
        hands[(dealer + 1 + i) % n].append(deck[i])
    turned = deck[HAND_SIZE * n]
    state = BuraState(
        options=options, rng_state=rng_state, dealer=dealer,
        hands=tuple(tuple(sorted(h, key=card_order)) for h in hands), stock=tuple(deck[HAND_SIZE * n + 1:]),
        turned=turned, chips=chips, pot=pot, antes=antes, leader=(dealer + 1) % n, won=((),) * n,
        shown=((),) * n, sheet=sheet, last_trick=last_trick, last_winner=last_winner, moves=moves,
        review_from=moves, trick_from=moves)
    return state._start_trick((dealer + 1) % n)


class Bura(Game):
    """The Bura ruleset."""

    name = "bura"
    title = "Bura"
    family = "trick-taking"
    min_players = 2
    max_players = 6
    summary = ("Three cards each; lead one to three cards of a suit and beat them card for card; "
               "the first to claim 31 card points takes the pot, a false claim doubles it.")
    Options = BuraOptions
    State = BuraState
    hint_modes = ("assisted",)

    def start(self, options: BuraOptions, seed: int, deal: Any) -> BuraState:
        rng = Rng(seed)
        n = options.players
        if deal is not None:
            dealer, deck = parse_deal(deal, n)
        else:
            dealer = rng.below(n)  # the first dealer comes from the match seed
            deck = rng.shuffled(bura_pack())
        chips = tuple(options.start_chips - options.ante for _ in range(n))
        return deal_hand(options, rng.state, dealer, deck, chips=chips, pot=options.ante * n,
                         antes=(options.ante,) * n)


GAME = Bura()
