"""What the sampled search needs to know about each trick-taking game.

An adapter turns a (sampled, fully known) state into a double-dummy
:class:`Position`, says which side a seat plays for, how many tricks each side has
taken and needs, and which cheap policy plays the cards between now and the point
where the double-dummy solver takes over.
"""

from __future__ import annotations

import abc

from dataclasses import replace

from solvers.cards import Card, Rng, parse_card
from solvers.doubledummy import Position, TrickRules
from solvers.game import Action, State
from solvers.tricks import evolve
from solvers.games.teka import ANSWER, PLAY
from solvers.games.teka import TRICKS as TEKA_TRICKS
from solvers.games.whist import TRICKS as WHIST_TRICKS

__all__ = ["Adapter", "WhistAdapter", "TekaAdapter", "adapter_for", "register_card_choice"]


class Adapter(abc.ABC):
    """Game-specific glue for the sampled double-dummy search."""

    @abc.abstractmethod
    def in_card_play(self, state: State) -> bool:
        """True while the state waits for a card."""

    def side(self, state: State, seat: int) -> int:
        """The partnership ``seat`` plays for."""
        return seat % 2

    def taken(self, state: State) -> tuple[int, int]:
        """Tricks each side has taken in this hand."""
        return state.tricks

    @abc.abstractmethod
    def goal(self, state: State, side: int) -> int:
        """Tricks ``side`` needs in this hand to reach its aim."""

    @abc.abstractmethod
    def goal_text(self, state: State, side: int) -> str:
        """What reaching the goal means, for reasons ("make the contract")."""

    @abc.abstractmethod
    def position(self, state: State) -> Position:
        """The double-dummy position of the current hand (every card known)."""

    def ending(self, state: State) -> tuple:
        """The pieces of :meth:`position` without a position built and checked: the hands
        in double-dummy seat order, the seat that led the current trick, its cards and the
        rules (the solver's ``ending_value`` takes them as they come from the game)."""
        position = self.position(state)
        return position.hands, position.leader, position.trick, position.rules

    def play_action(self, state: State, seat: int, card: Card) -> Action:
        """The plain action that plays ``card`` (no signal)."""
        return Action("play", (str(card),))

    def play_card(self, state: State, seat: int, card: Card) -> State:
        """The state after ``seat`` plays ``card``, one of the state's legal cards (the
        sampled search values only those, and a sampled deal leaves the seat's own hand and
        the trick as they are): not checked again."""
        return state._apply(self.play_action(state, seat, card), seat)

    @abc.abstractmethod
    def rollout_action(self, state: State, seat: int, rng: Rng) -> Action:
        """A cheap move for quick play between now and the double-dummy horizon."""

    def rollout_step(self, state: State, seat: int, rng: Rng) -> State:
        """The state after ``seat`` takes its quick-play move. The move comes from the
        game's own bot, which only plays legal moves, so it is not checked again."""
        return state._apply(self.rollout_action(state, seat, rng), seat)

    def quick_play(self, state: State, cards_left: int, rng: Rng, before=None) -> State | None:
        """The state quick play reaches once ``cards_left`` cards a hand are left, by the
        game's own faster path; None when the game has none (or the hand would end first)
        and quick play steps with ``rollout_step``. ``before``: ``(shared, seat, card)``
        when ``state`` follows ``seat``'s ``card`` from the state :meth:`quick_shared`
        gave ``shared`` for (given only when that was not None)."""
        return None

    def quick_shared(self, state: State):
        """What quick play after each card of the seat to play in ``state`` can share (the
        game's own reading of the state), or None (the default: nothing)."""
        return None

    def hand_number(self, state: State) -> int:
        """How many hands were completed (a change means the hand ended)."""
        return len(state.sheet)

    def final_tricks(self, state: State) -> tuple[int, int]:
        """Tricks per side of the last completed hand."""
        return tuple(state.sheet[-1].tricks)

    def hand_size(self, state: State) -> int:
        """Cards still to be played by the seat with most left (tricks left to play)."""
        pos_hands = [len(h) for h in self.live_hands(state)]
        return max(pos_hands)

    @abc.abstractmethod
    def live_hands(self, state: State) -> list[tuple[Card, ...]]:
        """The hands that still play, in any order."""

    # most tricks quick play may run before the solver takes over (None: no limit)
    max_quick_tricks: int | None = None

    def counting_state(self, state: State) -> State:
        """The state to count tricks on: one whose play runs to the end of the hand."""
        return state

    def card_of(self, action: Action) -> Card | None:
        """The card an action plays (None for other actions)."""
        return parse_card(action.args[0]) if action.kind == "play" and action.args else None


class WhistAdapter(Adapter):
    """Whist: seats already number clockwise in playing order."""

    def in_card_play(self, state) -> bool:
        return not state.over

    def goal(self, state, side) -> int:
        return 7

    def goal_text(self, state, side) -> str:
        return "takes the majority (7 tricks)"

    def position(self, state) -> Position:
        return Position.from_hands(*self.ending(state))

    def ending(self, state):
        return ([state.holding(s) for s in range(4)], state.leader, [c for _, c in state.trick],
                TrickRules.whist(state.trump))

    def live_hands(self, state):
        return [state.holding(s) for s in range(4)]

    def hand_size(self, state) -> int:
        # a seat yet to play to the trick holds a card for every trick left
        return WHIST_TRICKS - len(state.history)

    def play_card(self, state, seat, card):
        return state.play(card, seat)

    def rollout_action(self, state, seat, rng):
        return _heuristic(state)(state, seat, rng)

    def rollout_step(self, state, seat, rng):
        # the heuristic's card straight onto the state: no action to build and parse
        choice = _CARD_CHOICES.get("whist")
        if choice is None:
            return super().rollout_step(state, seat, rng)
        card, _ = choice[0](state, seat)
        return state.play(card, seat)

    def quick_play(self, state, cards_left, rng, before=None):
        # the heuristic on bit masks of the hands, one state built at the end
        return _whist_quick()(state, cards_left, before)

    def quick_shared(self, state):
        # the masks of the deal, read once for every candidate card
        _whist_quick()
        return _WHIST_QUICK[1](state)


class TekaAdapter(Adapter):
    """Teka: play goes counter-clockwise; a double 13 declarer may play alone."""

    def in_card_play(self, state) -> bool:
        return state.phase == PLAY

    def goal(self, state, side) -> int:
        return state.bid if side == state.declaring_side else 14 - state.bid

    def goal_text(self, state, side) -> str:
        if side == state.declaring_side:
            return f"makes the contract ({state.bid} tricks)"
        return f"defeats the contract ({14 - state.bid} tricks)"

    max_quick_tricks = 6

    def counting_state(self, state):
        # play stops once a contract is decided; with no tricks counted and a bid of 7,
        # six tricks of quick play can decide nothing, and the solver plays out the rest
        return evolve(state, tricks=(0, 0), bid=7, forced=False)

    def order(self, state) -> list[int]:
        """Game seats in playing order from the declarer (the double-dummy seat numbers)."""
        # the same for every deal with the same declarer and hand laid aside: worked out once
        key = (state.declarer, state.sitting_out)
        seats = _TEKA_ORDERS.get(key)
        if seats is None:
            seats = [state.declarer]
            while len(seats) < state.trick_size:
                seats.append(state.after(seats[-1]))
            seats = _TEKA_ORDERS[key] = tuple(seats)
        return list(seats)

    def position(self, state) -> Position:
        return Position.from_hands(*self.ending(state))

    def ending(self, state):
        order = self.order(state)
        rules = TrickRules.teka(state.trump, declarer_alone=state.sitting_out is not None)
        return [state.hands[s] for s in order], order.index(state.leader), [c for _, c, _ in state.trick], rules

    def live_hands(self, state):
        return [state.hands[s] for s in range(4) if s != state.sitting_out]

    def rollout_action(self, state, seat, rng):
        if state.phase == ANSWER:
            return Action("refuse")
        # quick play never proposes raises: it only has to count tricks
        quiet = replace(state, raise_asked=True) if seat == state.declarer else state
        return _heuristic(state)(quiet, seat, rng)

    def rollout_step(self, state, seat, rng):
        choice = _CARD_CHOICES.get("teka")
        if choice is not None and state.phase == PLAY and seat == state.turn:
            # the heuristic's card straight onto the state (the same card and signal as
            # rollout_action gives: with raises declined it plays a card whenever it is to play)
            card_choice, card_signal = choice
            card, _ = card_choice(state, seat)
            return state._play(seat, card, card_signal(state, seat, card))
        return super().rollout_step(state, seat, rng)

    def hand_size(self, state) -> int:
        # a seat yet to play to the trick holds a card for every trick left
        return TEKA_TRICKS - len(state.history)

    def quick_play(self, state, cards_left, rng, before=None):
        # the first trick's lead (its trump-lead rules) on the state, as quick play steps;
        # then the heuristic on bit masks of the hands, one state built at the end
        if state.phase == PLAY and not state.history and not state.trick and not state.raise_open:
            state = self.rollout_step(state, state.turn, rng)
            before = None
        return _teka_quick()(state, cards_left, before)

    def quick_shared(self, state):
        # the masks of the deal, read once for every candidate card (the counting state
        # quick play runs on differs only in what the masks do not read)
        _teka_quick()
        return _TEKA_QUICK[1](state)


def _heuristic(state: State):
    # the game's own rules-of-thumb bot, as the registry attached it
    return state.game.advice.bots["heuristic"]


# each game's heuristic card choice (and signal), given by the game's bot module
_CARD_CHOICES: dict[str, tuple] = {}


def register_card_choice(game: str, *functions) -> None:
    """Let quick play put ``game``'s heuristic card straight onto the state, with no
    action built and checked: the bot module gives its card choice here (for Teka, its
    drop signal too). The bots import this package, so it cannot import them; until a
    game's bot is loaded its quick play takes the bot's actions, with the same cards."""
    _CARD_CHOICES[game] = functions


# Teka's playing order from the declarer, by declarer and seat laid aside
_TEKA_ORDERS: dict[tuple[int, int | None], tuple[int, ...]] = {}

_WHIST_QUICK = []


def _whist_quick():
    # imported late, as the Whist bot
    if not _WHIST_QUICK:
        from solvers.games.whist_quick import masks_of, play_to
        _WHIST_QUICK.extend((play_to, masks_of))
    return _WHIST_QUICK[0]


_TEKA_QUICK = []


def _teka_quick():
    # imported late, as the Teka bot
    if not _TEKA_QUICK:
        from solvers.games.teka_quick import masks_of, play_to
        _TEKA_QUICK.extend((play_to, masks_of))
    return _TEKA_QUICK[0]


_ADAPTERS = {"whist": WhistAdapter(), "teka": TekaAdapter()}


def adapter_for(state: State) -> Adapter | None:
    """The adapter of the state's game (built in, or its policies module's ``TRICK_ADAPTER``),
    or None when the game has no trick play model."""
    adapter = _ADAPTERS.get(state.game.name)
    if adapter is None:
        advice = getattr(state.game, "advice", None)
        adapter = getattr(advice, "trick_adapter", None)
    return adapter
