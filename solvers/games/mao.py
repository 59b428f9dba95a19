"""Mao (GAMES.md G20): a shedding game whose rules are secret and learnt by penalty.

The only rule a player is told. Get rid of every card in your hand. On your turn play
one card that matches the top card of the discard pile in rank or in suit, or draw one
card from the stock; either ends your turn. Play starts left of the dealer and goes
clockwise. The first player to empty their hand wins the round.

Players and pack. Three to eight players; about one 52-card pack per three players
(``decks``, by default one pack per started three players). Each player is dealt
``hand_size`` cards (7; the seed also names 3); the rest is a face-down stock and its top
card is turned to start the discard pile (the turned card has no effect). When the stock
is empty the discard pile but its top card is shuffled into a new stock (GAMES.md
proposal); a card owed when both are empty is simply not given.

The secret rules. Besides the base rule the table plays a secret rule set chosen by the
match's creator from a library (each rule an option, the seed's common rules on by default):

* ``eight_reverses``: an eight (a two, by ``reverse_rank``) reverses the direction of play;
* ``ace_skips``: an ace skips the next player;
* ``jack_wild``: a jack may be played on anything and its player calls a suit
  (``suit:S``); the next card must be of that suit or another jack;
* ``name_spades``: a spade must be named in full as it is played (``say:ace-of-spades``);
* ``seven_nice_day``: a seven needs "have a nice day" and the next player must play
  another seven with one more "very" (``say:have-a-very-nice-day``) or, when they do not,
  draw one card for each seven of the chain, which ends their turn (GAMES.md proposal);
* library extras, off by default: ``say_mao_last_card`` ("mao" when playing down to one
  card), ``no_draw_when_able`` (drawing while holding a card that may be played is a
  breach), ``all_hail_the_king`` (a king needs "all hail the king").

``secret_library_rules`` adds that many more rules drawn from the library by the match
seed, unknown even to the creator; ``winner_adds_rule`` lets each round's winner add one
more secret rule from the library for the next round (GAMES.md proposal, drawn by the seed).

Any card in hand may be played, with any of the words offered for it: a breach is not
an illegal move but an accepted action with a penalty card, and the penalty names the
offence only, never the rule:

* a card the rules do not allow ("bad card"): it goes back to the hand (face up for
  the moment, so everyone now knows it is there), its player draws a penalty card and
  the turn ends (GAMES.md proposal); a player who owes a chain of sevens also draws those;
* a word left out ("failure to say something") or one not asked for, or a wrong one
  ("wrong announcement"): the play stands, one penalty card per fault;
* drawing while able to play under ``no_draw_when_able`` ("failure to play"): one more card;
* with ``realtime_out_of_turn`` every seat may try a card at any time; a try out of turn
  ("playing out of turn") goes back to the hand with a penalty card; a seat may also
  ``wait`` for its turn.

Match. ``rounds`` rounds (1); the deal passes to the left after each (GAMES.md 0.2).
Each round's winner scores one round won; most rounds won wins the match, a tie is
shared. Termination guard: a round stopped after ``turn_limit`` actions is won by the
fewest cards in hand (shared on a tie), recorded as such on the score sheet.

Information. No view, hint reason, error or log line names a rule in force (the
creator's onlooker view lists them with ``creator_sees_rules``). Hints know the base
rule and the rules their seat has been penalised under (all of them in ``teacher_mode``).
The round keeps a public record of its moves (``moves``, shown as ``moves_this_round``):
who played which card, drew, or had a card handed back, the cards each was given for it
and the offences announced, on which top card and called suit; not the words said (a
veteran's words would tell the rules) and never the rule behind an offence.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, Suit, parse_card, standard_pack
from solvers.errors import CardsageError
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.games import mao_rules as R

PLAY, DRAW, WAIT = "play", "draw", "wait"
EMPTIED, STOPPED = "emptied their hand", "fewest cards when the round was stopped"


@serializable
@dataclass(frozen=True)
class MaoOptions:
    """Variants of Mao, and the secret rule set the table plays."""

    players: int = option(4, "number of players", minimum=3, maximum=8)
    decks: int = option(0, "packs shuffled together; 0 = one pack for every three players", minimum=0, maximum=4)
    hand_size: int = option(7, "cards dealt to each player (the usual counts are 3 and 7)", minimum=3, maximum=10)
    rounds: int = option(1, "rounds in the match; most rounds won wins", minimum=1, maximum=20)
    eight_reverses: bool = option(True, "secret rule: the reversing card turns the direction of play round")
    reverse_rank: str = option("8", "which rank reverses the play when that rule is on", choices=("8", "2"))
    ace_skips: bool = option(True, "secret rule: an ace skips the next player")
    jack_wild: bool = option(True, "secret rule: a jack goes on anything and its player calls the next suit")
    name_spades: bool = option(True, "secret rule: a spade must be named in full when it is played")
    seven_nice_day: bool = option(True, "secret rule: a seven needs 'have a nice day' and makes the next "
                                        "player draw unless they play a seven too")
    say_mao_last_card: bool = option(False, "secret rule: say 'mao' when you play down to your last card")
    no_draw_when_able: bool = option(False, "secret rule: you may not draw while you hold a card you may play")
    all_hail_the_king: bool = option(False, "secret rule: a king needs 'all hail the king'")
    secret_library_rules: int = option(0, "more secret rules drawn from the library by the match seed, "
                                          "unknown even to whoever set up the match", minimum=0, maximum=3)
    winner_adds_rule: bool = option(False, "the winner of each round adds one more secret rule for the next")
    teacher_mode: bool = option(False, "hints know every rule in force, not only the ones you were penalised for")
    creator_sees_rules: bool = option(False, "an onlooker's view (the match creator's) lists the rules in force")
    realtime_out_of_turn: bool = option(False, "any player may try a card at any time; a try out of turn "
                                               "is penalised")
    turn_limit: int = option(400, "actions after which a round stops: the fewest cards in hand win it",
                             minimum=50, maximum=5000)

    def validate(self) -> None:
        """Refuse a deal that the pack cannot hold."""
        if self.players * self.hand_size + 2 > 52 * self.pack_count:
            raise CardsageError(f"{self.pack_count} pack(s) cannot deal {self.hand_size} cards to "
                                f"{self.players} players and leave a stock", field="options.decks")

    @property
    def pack_count(self) -> int:
        """Packs in play."""
        return self.decks or -(-self.players // 3)

    def chosen_rules(self) -> frozenset:
        """The rules switched on by the options."""
        return frozenset(r for r in R.LIBRARY if getattr(self, r))


@serializable
@dataclass(frozen=True)
class Penalty:
    """A penalty as the table heard it: who, for what offence, in which round."""

    round: int
    seat: int
    offence: str


@serializable
@dataclass(frozen=True)
class Move:
    """One move of the round as the whole table saw it: who played which card (or drew, or
    had a card handed back), how many cards they were given for it, the offences announced,
    and the public table it was made on. Never the rule behind an offence, never a card drawn
    face down, and not the words said (a veteran's words would name the rules in force)."""

    seat: int
    kind: str                        # PLAYED, DRAWN or RETURNED (a bad card or a try out of turn)
    card: Card | None                # the card played or handed back; None for a draw
    taken: int                       # cards the seat was given for this move (draws and penalties)
    offences: tuple[str, ...]        # the penalties announced, one per penalty card
    on: Card                         # the top card of the discard pile before the move
    called: int | None               # the suit called before the move, if any
    direction: int                   # the direction of play before the move

    def public(self) -> dict:
        return {"seat": self.seat, "move": self.kind, "card": str(self.card) if self.card else None,
                "cards_taken": self.taken, "offences": list(self.offences), "on": str(self.on),
                "suit_called": Suit(self.called).letter if self.called is not None else None}


PLAYED, DRAWN, RETURNED = "played", "drew", "handed back"


@serializable
@dataclass(frozen=True)
class RoundRecord:
    """One line of the score sheet: a finished round."""

    dealer: int
    winners: tuple[int, ...]
    how: str                         # EMPTIED or STOPPED
    cards_left: tuple[int, ...]      # cards in each hand when the round ended
    penalties: tuple[int, ...]       # penalty cards each seat was given this round


def pack(options: MaoOptions) -> tuple[Card, ...]:
    """Every card in play: one standard pack, or copies 1… of several."""
    n = options.pack_count
    if n == 1:
        return tuple(standard_pack())
    return tuple(c for k in range(1, n + 1) for c in standard_pack(k))


@serializable
@dataclass(frozen=True)
class MaoState(State):
    """A moment of a Mao match."""

    options: MaoOptions
    rng_state: int                           # generator for reshuffles, later deals and added rules
    rules: frozenset                         # the secret rules in force (never shown)
    learned: tuple[frozenset, ...]           # per seat, the rules it has been penalised under (never shown)
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]                  # face down, next card first
    discard: tuple[Card, ...]                # face up, top card last
    exposed: tuple[tuple[Card, ...], ...]    # per seat, cards seen going back into the hand
    turn: int
    direction: int                           # +1 clockwise, -1 counter-clockwise
    called_suit: int | None                  # the suit said with the jack on top, if any
    sevens: int                              # sevens of a chain the next player must answer
    actions: int                             # actions this round (the termination guard)
    penalties: tuple[Penalty, ...]
    wins: tuple[int, ...]                    # rounds won (shared rounds count for each winner)
    sheet: tuple[RoundRecord, ...]
    over: bool = False
    moves: tuple[Move, ...] = ()             # the public record of this round's moves

    # ------------------------------------------------------------- turn and table
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def to_move(self) -> frozenset[int]:
        if self.over:
            return frozenset()
        if self.options.realtime_out_of_turn:
            return frozenset(range(self.players))
        return frozenset((self.turn,))

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard[-1]

    def sevens_on_top(self) -> int:
        """How many sevens lie on top of the discard pile in a row (public)."""
        count = 0
        for card in reversed(self.discard):
            if card.rank != Rank.SEVEN:
                break
            count += 1
        return count

    def table(self, seat: int) -> R.Table:
        """The table as the judge sees it for a play by ``seat``."""
        return R.Table(self.top, self.called_suit, self.sevens, len(self.hands[seat]),
                       R.reverse_rank(self.options.reverse_rank))

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on in the current direction."""
        return (seat + steps * self.direction) % self.players

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        hand = self.hands[seat]
        actions = []
        on_top = self.sevens_on_top()
        for card in sorted(set(hand), key=_order):
            for words in R.offered_words(card, on_top, len(hand)):
                actions.append(Action(PLAY, (str(card),) + words))
        if seat == self.turn:
            actions.append(Action(DRAW))
        else:
            actions.append(Action(WAIT))   # only with realtime_out_of_turn: let the turn go by
        return actions

    # ------------------------------------------------------------- playing
    def _apply(self, action: Action, seat: int) -> "MaoState":
        state = replace(self, actions=self.actions + 1)
        if action.kind == WAIT:
            return state._after_action()
        card, words = None, ()
        if action.kind == DRAW:
            state = state._draw_turn(seat)
        else:
            card, words = parse_card(action.args[0]), tuple(action.args[1:])
            if seat != self.turn:
                state = state._penalise(seat, R.OUT_OF_TURN, R.BASE)._expose(seat, card)
            else:
                state = state._play(seat, card, words)
        stood = card is not None and state.top == card
        kind = DRAWN if card is None else PLAYED if stood else RETURNED
        taken = len(state.hands[seat]) - len(self.hands[seat]) + (1 if stood else 0)
        offences = tuple(p.offence for p in state.penalties[len(self.penalties):])
        move = Move(seat, kind, card, taken, offences, self.top, self.called_suit, self.direction)
        return replace(state, moves=self.moves + (move,))._after_action()

    def _draw_turn(self, seat: int) -> "MaoState":
        state = self
        if self.sevens:
            # the chain is paid: one card for each seven (an effect, not a penalty)
            state = replace(state._give(seat, self.sevens), sevens=0)
        else:
            if R.NO_DRAW_WHEN_ABLE in self.rules and any(
                    R.fits(self.rules, c, self.table(seat)) is None for c in self.hands[seat]):
                state = state._penalise(seat, R.FAILURE_TO_PLAY, R.NO_DRAW_WHEN_ABLE)
            state = state._give(seat, 1)
        return state._pass_turn(seat, 1)

    def _play(self, seat: int, card: Card, words: tuple[str, ...]) -> "MaoState":
        table = self.table(seat)
        broken = R.fits(self.rules, card, table)
        if broken is not None:
            state = self._penalise(seat, R.BAD_CARD, broken)._expose(seat, card)
            if self.sevens:
                state = replace(state._give(seat, self.sevens), sevens=0)
            return state._pass_turn(seat, 1)
        hands = list(self.hands)
        held = list(hands[seat])
        held.remove(card)
        hands[seat] = tuple(held)
        exposed = list(self.exposed)
        if card in exposed[seat]:
            shown = list(exposed[seat])
            shown.remove(card)
            exposed[seat] = tuple(shown)
        called = next((Suit.parse(w[len(R.SUIT):]) for w in words if w.startswith(R.SUIT)), None)
        state = replace(self, hands=tuple(hands), exposed=tuple(exposed), discard=self.discard + (card,),
                        called_suit=int(called) if called is not None else None)
        for offence, rule in R.judge_words(self.rules, card, words, table):
            state = state._penalise(seat, offence, rule)
        # what the card does
        sevens = 0
        if R.SEVEN_NICE_DAY in self.rules and card.rank == Rank.SEVEN:
            sevens = self.sevens + 1
        direction = self.direction
        if R.EIGHT_REVERSES in self.rules and card.rank == table.reverse:
            direction = -direction
        state = replace(state, sevens=sevens, direction=direction)
        steps = 2 if R.ACE_SKIPS in self.rules and card.rank == Rank.ACE else 1
        return state._pass_turn(seat, steps)

    def _pass_turn(self, seat: int, steps: int) -> "MaoState":
        return replace(self, turn=self.next_seat(seat, steps))

    def _expose(self, seat: int, card: Card) -> "MaoState":
        """``card`` was shown and went back into ``seat``'s hand: it is known to be there."""
        if card in self.exposed[seat]:
            return self
        return replace(self, exposed=_with(self.exposed, seat, self.exposed[seat] + (card,)))

    def _penalise(self, seat: int, offence: str, rule: str) -> "MaoState":
        """One penalty card for ``offence``; the rule is remembered for ``seat``'s hints only."""
        learned = self.learned
        if rule in self.rules or rule == R.BASE:
            learned = _with(learned, seat, learned[seat] | {rule})
        state = replace(self, learned=learned,
                        penalties=self.penalties + (Penalty(len(self.sheet) + 1, seat, offence),))
        return state._give(seat, 1)

    def _give(self, seat: int, count: int) -> "MaoState":
        """``seat`` draws ``count`` cards from the stock, refilled from the discard pile."""
        state = self
        for _ in range(count):
            if not state.stock:
                state = state._reshuffle()
                if not state.stock:
                    break
            card = state.stock[0]
            state = replace(state, stock=state.stock[1:],
                            hands=_with(state.hands, seat, tuple(sorted(state.hands[seat] + (card,), key=_order))))
        return state

    def _reshuffle(self) -> "MaoState":
        rng = Rng(0)
        rng.state = self.rng_state
        stock = tuple(rng.shuffled(sorted(self.discard[:-1], key=_order)))
        return replace(self, rng_state=rng.state, stock=stock, discard=self.discard[-1:])

    def _after_action(self) -> "MaoState":
        emptied = [s for s in range(self.players) if not self.hands[s]]
        if emptied:
            return self._end_round(tuple(emptied), EMPTIED)
        if self.actions >= self.options.turn_limit:
            fewest = min(len(h) for h in self.hands)
            return self._end_round(tuple(s for s in range(self.players) if len(self.hands[s]) == fewest), STOPPED)
        return self

    def _end_round(self, winners: tuple[int, ...], how: str) -> "MaoState":
        number = len(self.sheet) + 1
        given = tuple(sum(1 for p in self.penalties if p.round == number and p.seat == s)
                      for s in range(self.players))
        record = RoundRecord(self.dealer, winners, how, tuple(len(h) for h in self.hands), given)
        wins = tuple(w + (1 if s in winners else 0) for s, w in enumerate(self.wins))
        state = replace(self, wins=wins, sheet=self.sheet + (record,))
        if len(state.sheet) >= self.options.rounds:
            return replace(state, over=True)
        rng = Rng(0)
        rng.state = self.rng_state
        rules = self.rules
        if self.options.winner_adds_rule:
            rules = _add_rules(rules, 1, rng)
        deck = rng.shuffled(pack(self.options))
        return _deal(self.options, rng.state, rules, (self.dealer + 1) % self.players, deck,
                     learned=self.learned, penalties=self.penalties, wins=wins, sheet=state.sheet)

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int, ...]:
        """Rounds won by each seat."""
        return self.wins

    @property
    def hands_played(self) -> int:
        return len(self.sheet)

    def score_events(self) -> list[ScoreEvent]:
        """One line per round: a round won for each of its winners."""
        events = []
        for number, record in enumerate(self.sheet, 1):
            for seat in record.winners:
                events.append(ScoreEvent(number, (seat,), 1, record.how, {
                    "cards_left": list(record.cards_left), "penalties": record.penalties[seat]}))
        return events

    def utility(self, seat: int) -> float:
        """Rounds won against the others' mean, plus a twentieth of a round per card the
        seat holds fewer than the others' mean, so a search prefers a lighter hand."""
        n = self.players
        mean = (sum(self.wins) - self.wins[seat]) / (n - 1)
        cards = [len(h) for h in self.hands]
        other_cards = (sum(cards) - cards[seat]) / (n - 1)
        return float(self.wins[seat] - mean) + 0.05 * (other_cards - cards[seat])

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {f"hand:{s}": Zone(self.hands[s], Visibility.OWNER, s, ordered=False)
                 for s in range(self.players)}
        zones["stock"] = Zone(self.stock, Visibility.HIDDEN)
        zones["discard"] = Zone(self.discard, Visibility.PUBLIC)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "MaoState":
        hands = tuple(tuple(sorted(zones.get(f"hand:{s}", self.hands[s]), key=_order))
                      for s in range(self.players))
        return replace(self, hands=hands, stock=tuple(zones.get("stock", self.stock)))

    def believed(self, seat: int) -> "MaoState":
        """The match as ``seat`` may know it: the rules it was penalised under in place of the
        secret ones (every rule in teacher mode), no other seat's lessons, and the secret rule
        options at their defaults."""
        if self.options.teacher_mode:
            return self
        known = frozenset(r for r in self.learned[seat] if r != R.BASE)
        learned = tuple(rules if s == seat else frozenset() for s, rules in enumerate(self.learned))
        secret = self.game.secret_options
        options = replace(self.options, **{f.name: f.default for f in fields(self.options) if f.name in secret})
        return replace(self, rules=known, learned=learned, options=options)

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards everyone saw go back into a hand after a bad card or a try out of turn."""
        return {f"hand:{s}": self.exposed[s] for s in range(self.players) if s != seat and self.exposed[s]}

    def public(self, seat: int | None) -> dict:
        facts = {
            "dealer": self.dealer,
            "turn": self.turn,
            "direction": "clockwise" if self.direction == 1 else "counter-clockwise",
            "top_card": str(self.top),
            "suit_called": Suit(self.called_suit).letter if self.called_suit is not None else None,
            "sevens_in_a_row": self.sevens_on_top(),
            "stock": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
            "cards_seen_in_hands": [[str(c) for c in cards] for cards in self.exposed],
            "penalties": [{"round": p.round, "seat": p.seat, "offence": p.offence} for p in self.penalties[-12:]],
            "moves_this_round": [m.public() for m in self.moves],
            "penalty_count": [sum(1 for p in self.penalties if p.seat == s) for s in range(self.players)],
            "rounds_won": list(self.wins),
            "round": len(self.sheet) + (0 if self.over else 1),
            "rounds": self.options.rounds,
            "actions_this_round": self.actions,
            "turn_limit": self.options.turn_limit,
            "the_only_rule_you_may_be_told": "get rid of all your cards: play a card matching the top card's "
                                             "rank or suit, or draw one",
            "score_sheet": [{"round": i + 1, "dealer": r.dealer, "winners": list(r.winners), "how": r.how,
                             "cards_left": list(r.cards_left), "penalties": list(r.penalties)}
                            for i, r in enumerate(self.sheet)],
        }
        if seat is None and self.options.creator_sees_rules:
            facts["rules_in_force"] = sorted(self.rules)
        return facts


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def _order(card: Card):
    return (card.suit, card.rank, card.copy)


def _add_rules(rules: frozenset, count: int, rng: Rng) -> frozenset:
    """``count`` more rules drawn from the library (as many as are left)."""
    for _ in range(count):
        left = [r for r in R.LIBRARY if r not in rules]
        if not left:
            break
        rules = rules | {rng.choice(left)}
    return rules


def _deal(options: MaoOptions, rng_state: int, rules: frozenset, dealer: int, deck: list[Card],
          **carry) -> MaoState:
    """Deal ``hand_size`` cards each, one at a time from the dealer's left; turn the next card up."""
    n, size = options.players, options.hand_size
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i, card in enumerate(deck[:size * n]):
        hands[(dealer + 1 + i) % n].append(card)
    rest = deck[size * n:]
    return MaoState(
        options=options, rng_state=rng_state, rules=rules,
        learned=carry.get("learned", tuple(frozenset() for _ in range(n))), dealer=dealer,
        hands=tuple(tuple(sorted(h, key=_order)) for h in hands), stock=tuple(rest[1:]), discard=(rest[0],),
        exposed=tuple(() for _ in range(n)), turn=(dealer + 1) % n, direction=1, called_suit=None, sevens=0,
        actions=0, penalties=carry.get("penalties", ()), wins=carry.get("wins", (0,) * n),
        sheet=carry.get("sheet", ()))


def parse_deal(options: MaoOptions, deal: Any, rng: Rng) -> tuple[int, list[Card]]:
    """Read an explicit first deal; return the dealer and the deck in dealing order.

    The deal is ``{"dealer": 0, "hands": [[hand_size cards] per seat, seat 0 first],
    "up": "5H", "stock": [...]}``: ``up`` is the card turned to start the discard pile and
    ``stock`` the other undealt cards, the next to draw first. Without ``up`` and ``stock``
    the undealt cards are shuffled from the match seed. With several packs, cards carry a
    copy index (``7H#2``).
    """
    shape = (f"a Mao deal is an object with 'dealer', 'hands' ({options.hand_size} cards for each of the "
             f"{options.players} seats, seat 0 first) and optionally 'up' (the turned card) and 'stock'")
    if not isinstance(deal, Mapping):
        raise CardsageError(shape, field="deal")
    n = options.players
    dealer = deal.get("dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise CardsageError(f"deal.dealer must be a seat from 0 to {n - 1}", field="deal.dealer")
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise CardsageError(f"deal.hands must list {n} hands, seat 0 first", field="deal.hands")
    cards_in_play = pack(options)
    known = set(cards_in_play)
    seen: dict[Card, str] = {}

    def read(cards, where: str, field: str) -> list[Card]:
        if not isinstance(cards, (str, list)):
            raise CardsageError(f"{where} must be a list of cards", field=field)
        out = [parse_card(c) for c in (cards.split() if isinstance(cards, str) else cards)]
        for c in out:
            if c not in known:
                hint = " (with several packs write copies like 7H#1)" if options.pack_count > 1 else ""
                raise CardsageError(f"{c} is not in the pack{hint}", field=field)
            if c in seen:
                raise CardsageError(f"{c} is dealt twice ({seen[c]} and {where})", field=field)
            seen[c] = where
        return out

    parsed = [read(h, f"hand {s}", f"deal.hands.{s}") for s, h in enumerate(hands)]
    for s, cards in enumerate(parsed):
        if len(cards) != options.hand_size:
            raise CardsageError(f"hand {s} has {len(cards)} cards; each hand needs {options.hand_size}",
                                field=f"deal.hands.{s}")
    up = read([deal["up"]] if isinstance(deal.get("up"), str) else deal.get("up", []), "the turned card",
              "deal.up") if deal.get("up") is not None else []
    if len(up) > 1:
        raise CardsageError("deal.up is one card", field="deal.up")
    rest = [c for c in cards_in_play if c not in seen]
    if deal.get("stock") is not None:
        if not up:
            raise CardsageError("a deal that gives the stock must also give the turned card 'up'", field="deal.up")
        stock = read(deal["stock"], "the stock", "deal.stock")
        if len(stock) != len(rest):
            missing = ", ".join(str(c) for c in rest if c not in set(stock))
            raise CardsageError(f"the stock must hold the {len(rest)} undealt cards; missing: {missing}",
                                field="deal.stock")
        rest = up + stock
    else:
        rest = up + rng.shuffled([c for c in rest if c not in set(up)])
    size = options.hand_size
    deck = [parsed[(dealer + 1 + i) % n][i // n] for i in range(size * n)]
    return dealer, deck + list(rest)


class Mao(Game):
    """The Mao ruleset: a base rule everyone knows and a secret rule set."""

    name = "mao"
    secret_options = frozenset({"eight_reverses", "reverse_rank", "ace_skips", "jack_wild", "name_spades",
                                "seven_nice_day", "say_mao_last_card", "no_draw_when_able", "all_hail_the_king",
                                "secret_library_rules", "winner_adds_rule"})
    title = "Mao"
    family = "shedding"
    min_players = 3
    max_players = 8
    summary = ("Shed your cards by matching rank or suit, under secret rules you learn only from "
               "the penalties you are given.")
    Options = MaoOptions
    State = MaoState

    def players_for(self, options) -> int:
        return options.players

    def start(self, options: MaoOptions, seed: int, deal: Any) -> MaoState:
        rng = Rng(seed)
        rules = _add_rules(options.chosen_rules(), options.secret_library_rules, rng.fork("rules"))
        if deal is not None:
            dealer, deck = parse_deal(options, deal, rng)
        else:
            dealer = rng.below(options.players)  # the first dealer comes from the match seed
            deck = rng.shuffled(pack(options))
        return _deal(options, rng.state, rules, dealer, deck)


GAME = Mao()
