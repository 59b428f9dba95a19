"""Twenty-Four (GAMES.md G33): make 24 from the face-up cards, faster than the others.

The pack is the 40 number cards, ace (1) to ten, in four suits. Everyone holds a face
down stack they never look at. Each set, cards are turned face up from the stacks; the
players race to combine the four values with + − × ÷ and brackets into exactly 24.

* **Two players** (``mode=shedding``, 20 cards each): both turn up two cards. The first
  to slap states a solution: right, and the opponent puts the four cards under their
  stack; wrong, or no solution in time, and the slapper takes them. If both agree there
  is no solution, each puts one of their own two cards under their stack and turns up
  a replacement. The first player out of cards wins.
* **Four players** (``mode=shedding``, 10 cards each): one card each. Slaps are silent;
  when three have slapped, the fourth picks one of them to state a solution: right,
  and the fourth takes the cards; wrong, and the chosen slapper takes them. Bluffing is
  allowed. If nobody slaps and all agree there is no solution, each returns their card
  under their stack and turns a new one. If the no-solution time runs out after one or
  two slaps, the earliest slapper must answer: right, and the non-slapper next after
  them takes the cards; wrong, and the slapper does (``wait_for_three`` turns this off).
* **Card collection** (``mode=collection``, 2–4 players): the first right caller takes
  the four cards. Players out of cards may still call and so come back. Four players
  with cards give one each; three: the last set's winner two, the others one; two: two
  each. The player left holding every card has won. With three players, 13 cards each
  and one extra card face up that joins the first set. A wrong call locks the caller
  out for the rest of the set; on no solution the contributors swap their own cards and
  an extra card stays.

Real-time slapping is played on a logical clock (whole seconds). In a slap window
every seat still in the race is to move; a seat may ``slap`` or ``wait N`` (not act for
N seconds). When every seat is waiting, the clock jumps to the first seat's wake-up
time, so the fastest reaction acts first. Once ``no_solution_after_s`` has passed,
waiting ends: each seat must ``slap`` or ``vote`` that there is no solution. A slapper
has ``answer_window_s`` to ``answer <expression>`` (or ``pass``). So a match never
stalls on anyone but a seat that is to move.

Who judges a stated solution is the option ``judge``. With ``engine`` the exact check
settles it at once. With ``players`` (seed 002: "if the other player agrees it is a
correct solution") the players who stand to lose by it judge: the one who would take
the cards in the shedding game, every other player in the collection game. Each may
``accept`` or ``dispute`` within ``answer_window_s``; silence is acceptance. An accepted
solution stands even if it is wrong; a dispute is settled by the exact check.

With ``allow_stack_shuffle`` (seed 004) a player may ``shuffle`` their own stack at any
moment of the match, even when not to move: the new order comes from the match's
seeded generator and nobody, the owner included, sees it.

Score sheet (``score_events``): each set that ends with someone taking the four cards is
a line naming the rule that gave them the cards ("correct solution: the other player
takes the four cards", "wrong solution: the slapper takes the four cards"…; no points:
the detail counts the cards), and the match's result is one point to each winner ("first
out of cards", or in the collection game "the only player with cards"), so the events add
up to ``scores``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from solvers.cards import Card, Rank, Rng, Suit
from solvers.errors import CardsageError, IllegalAction, OutOfTurn
from solvers.game import Action, Game, ScoreEvent, State, Visibility, Zone, option, serializable
from solvers.realtime import clock_target, is_clock_event
from solvers.twentyfour import check

TARGET = 24
EXTRA = -1          # the owner recorded for the three-player game's extra card


def card_value(card: Card) -> int:
    """Pip value of a card: the ace counts 1."""
    return 1 if card.rank == Rank.ACE else int(card.rank)


def number_pack() -> list[Card]:
    """The 40 number cards: ace to ten in each suit."""
    return [Card.standard(rank, suit) for suit in Suit
            for rank in (Rank.ACE, *range(Rank.TWO, Rank.TEN + 1))]


@serializable
@dataclass(frozen=True)
class TwentyFourOptions:
    """Variants of Twenty-Four."""

    players: int = option(2, "number of players: 2 or 4 (shedding), 2 to 4 (collection)",
                          minimum=2, maximum=4)
    mode: str = option("shedding", "shedding: the first out of cards wins; collection: "
                                   "the first right caller takes the cards, the last holder wins",
                       choices=("shedding", "collection"))
    no_solution_after_s: int = option(90, "seconds of the slap window before players may agree "
                                          "there is no solution", minimum=5, maximum=600)
    answer_window_s: int = option(10, "seconds a slapper has to state a solution",
                                  minimum=1, maximum=120)
    wait_for_three: bool = option(False, "four players: always wait for three slaps, even after "
                                         "the no-solution time")
    judge: str = option("engine", "who judges a stated solution: engine (an exact check) or "
                                  "players (the losing side accepts or disputes it; silence "
                                  "accepts, a dispute is settled by the exact check)",
                        choices=("engine", "players"))
    allow_stack_shuffle: bool = option(True, "a player may shuffle their own face-down stack at "
                                             "any time (nobody sees the new order)")
    bot_reaction_s: int = option(3, "solver bots' reaction time for an easy deal, in seconds "
                                    "(harder deals take up to four times as long)",
                                 minimum=1, maximum=60)

    def validate(self) -> None:
        """Refuse option combinations the rules do not cover."""
        if self.mode == "shedding" and self.players not in (2, 4):
            raise CardsageError("the shedding game is for two or four players; use "
                                "mode 'collection' for three", field="options.players")


@serializable
@dataclass(frozen=True)
class SetRecord:
    """How a set ended: who took its cards, and by which rule."""

    set: int          # 1 for the first set of the match
    taker: int        # the seat that put the cards under its stack
    cards: int        # how many cards it took
    rule: str         # the rule text's words for why
    answerer: int     # the seat that stated (or failed to state) a solution


@serializable
@dataclass(frozen=True)
class TwentyFourState(State):
    """A moment of a Twenty-Four match."""

    options: TwentyFourOptions
    stacks: tuple[tuple[Card, ...], ...]   # per seat, top card first
    table: tuple[tuple[int, Card], ...]     # (contributor, card) in the order turned up
    phase: str                              # race, answer, judge, pick, return, over
    clock: int                              # logical seconds since the match began
    set_start: int                          # clock when the current board was turned up
    ready: tuple[int, ...]                  # per seat: the clock time it waits until
    slaps: tuple[int, ...] = ()             # seats that slapped this set, in order
    votes: tuple[int, ...] = ()             # seats that agreed there is no solution
    locked: tuple[int, ...] = ()            # collection: seats locked out after a wrong call
    answerer: int = -1
    answer_deadline: int = 0
    deadline_answer: bool = False           # four players: answering because time ran out
    returns: tuple = ()                     # two players, no solution: each seat's chosen card
    last_winner: int = -1                   # collection: who won the previous set
    winners: tuple[int, ...] = ()
    sets: int = 0
    last_result: str = ""
    claim: str = ""                         # judge=players: the solution being judged
    judges: tuple[int, ...] = ()            # seats yet to accept or dispute the claim
    judge_deadline: int = 0                 # clock time at which silence accepts the claim
    rng_state: int = 0                      # generator state for stack shuffles
    taken: tuple[SetRecord, ...] = ()       # how each decided set ended, in order

    # ------------------------------------------------------------- seats and timing
    @property
    def players(self) -> int:
        return self.options.players

    @property
    def four_player_slaps(self) -> bool:
        """True in the four-player shedding game, where slaps are silent and counted."""
        return self.options.mode == "shedding" and self.players == 4

    @property
    def deadline(self) -> int:
        """Clock time after which players may agree there is no solution."""
        return self.set_start + self.options.no_solution_after_s

    @property
    def values(self) -> list[int]:
        """Pip values of the face-up cards, in table order."""
        return [card_value(c) for _, c in self.table]

    def in_race(self) -> list[int]:
        """Seats that may still slap or vote in this set."""
        if self.four_player_slaps:
            return [s for s in range(self.players) if s not in self.slaps]
        return [s for s in range(self.players) if s not in self.locked]

    @property
    def to_move(self) -> frozenset[int]:
        if self.phase == "race":
            return frozenset(s for s in self.in_race()
                             if s not in self.votes and self.ready[s] <= self.clock)
        if self.phase == "answer":
            return frozenset((self.answerer,))
        if self.phase == "judge":
            return frozenset(s for s in self.judges if self.ready[s] <= self.clock)
        if self.phase == "pick":
            return frozenset(s for s in range(self.players) if s not in self.slaps)
        if self.phase == "return":
            return frozenset(s for s in range(self.players) if self.returns[s] is None)
        return frozenset()

    # ------------------------------------------------------------- legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move:
            return []
        return self._phase_actions(seat) + ([Action("shuffle")] if self.may_shuffle(seat) else [])

    def _phase_actions(self, seat: int) -> list[Action]:
        if self.phase == "race":
            return self._race_actions()
        if self.phase == "answer":
            return self._sample_answers() + [Action("pass")] + _waits(self.answer_deadline - self.clock)
        if self.phase == "judge":
            return [Action("accept"), Action("dispute")] + _waits(self.judge_deadline - self.clock)
        if self.phase == "pick":
            return [Action("pick", (str(s),)) for s in self.slaps]
        if self.phase == "return":
            return [Action("return", (str(c),)) for s, c in self.table if s == seat]
        return []

    def may_shuffle(self, seat: int) -> bool:
        """True when ``seat`` may shuffle its stack now: the option is on, the match is
        not over and the stack holds two cards or more. Turn order does not matter."""
        return (self.options.allow_stack_shuffle and self.phase != "over"
                and len(self.stacks[seat]) >= 2)

    def _race_actions(self) -> list[Action]:
        actions = [Action("slap")]
        if self.clock < self.deadline:
            actions += _waits(self.deadline - self.clock)
        elif not (self.four_player_slaps and self.slaps):
            actions.append(Action("vote"))
        return actions

    def _sample_answers(self) -> list[Action]:
        """A sample answer (never the solution: that would give it away); any expression may be sent."""
        values = self.values
        answers = []
        for op in "+*-":
            wrong = op.join(str(v) for v in sorted(values, reverse=True))
            if check(wrong, values, TARGET).value not in (None, str(TARGET)):
                answers.append(answer_action(wrong))
                break
        return answers

    # ------------------------------------------------------------- input
    def parse_action(self, data: Any, seat: int) -> Action:
        """Like the default, but an answer's expression is kept whole, without spaces."""
        action = Action.from_json(data)
        if action.kind == "answer":
            text = "".join(action.args)
            if not text:
                raise CardsageError("an answer needs an expression, e.g. 'answer 8/(3-8/3)'",
                                    field="action")
            return answer_action(text)
        return super().parse_action(action.to_json(), seat)

    def apply(self, action, seat: int | None = None) -> "TwentyFourState":
        """Apply an action; any well-formed answer is accepted from the seat that answers,
        and ``shuffle`` from any seat at any moment (see :meth:`may_shuffle`)."""
        if is_clock_event(seat, action):
            return self.advance_clock(clock_target(action))
        if seat is not None and not isinstance(action, Action):
            action = self.parse_action(action, seat)
        if isinstance(action, Action) and action.kind == "shuffle" and seat is not None:
            return self._shuffle(seat, action)
        if isinstance(action, Action) and action.kind == "answer" and action.args:
            action = answer_action("".join(action.args))
        if (isinstance(action, Action) and action.kind == "answer" and self.phase == "answer"
                and seat in (None, self.answerer) and len(action.args) == 1):
            return self._apply(action, self.answerer)
        if isinstance(action, Action) and action.kind == "wait" and seat in self.to_move:
            limit = {"answer": self.answer_deadline, "judge": self.judge_deadline}.get(
                self.phase, self.deadline)
            seconds = _whole(action.args)
            if seconds is not None and 1 <= seconds <= limit - self.clock:
                return self._apply(Action("wait", (str(seconds),)), seat)
        return super().apply(action, seat)

    # ------------------------------------------------------------- server clock
    @property
    def clock_now(self) -> int:
        """The game clock (solvers/realtime.py): Twenty-Four always runs on one."""
        return self.clock

    def next_wake(self) -> int | None:
        """The next game time at which something happens with nobody acting: an answer
        or judging window closes, the no-solution time comes (voting opens; with four
        players an early slapper must answer), or a waiting seat may act again."""
        if self.phase == "over":
            return None
        times = [r for r in self.ready if r > self.clock]
        if self.phase == "answer":
            times.append(self.answer_deadline)
        elif self.phase == "judge":
            times.append(self.judge_deadline)
        elif self.phase == "race" and self.clock < self.deadline:
            times.append(self.deadline)
        times = [t for t in times if t > self.clock]
        return min(times) if times else None

    def advance_clock(self, t: int) -> "TwentyFourState":
        """The clock event ``clock t`` (seat ``CLOCK_SEAT``): move the game clock to ``t``,
        letting every deadline passed on the way expire in order, as a ``wait`` would."""
        state = self
        for _ in range(10_000):
            if state.phase == "over" or t <= state.clock:
                return state
            if state.phase == "answer" and state.answer_deadline <= t:
                state = replace(state, clock=state.answer_deadline)._answer_failed("gave no solution in time")
            elif state.phase == "judge" and state.judge_deadline <= t:
                state = replace(state, clock=state.judge_deadline)._claim_stands("not disputed in time")
            elif state.phase == "race" and state.clock < state.deadline <= t:
                state = replace(state, clock=state.deadline)._settle()
            elif state.phase == "race":
                state = replace(state, clock=t)._settle()
            else:
                state = replace(state, clock=t)
        return state

    # ------------------------------------------------------------- play
    def _apply(self, action: Action, seat: int) -> "TwentyFourState":
        kind = action.kind
        if kind == "wait":
            ready = _with(self.ready, seat, self.clock + int(action.args[0]))
            state = replace(self, ready=ready)
            if self.phase == "answer" and ready[seat] >= self.answer_deadline:
                return replace(state, clock=self.answer_deadline)._answer_failed(
                    "gave no solution in time")
            if self.phase == "answer":
                return replace(state, clock=ready[seat])
            if self.phase == "judge":
                return state._await_judges()
            return state._settle()
        if kind == "slap":
            return self._slap(seat)
        if kind == "vote":
            return replace(self, votes=self.votes + (seat,))._settle()
        if kind == "answer":
            return self._answer(action.args[0])
        if kind == "pass":
            return self._answer_failed("could not give a solution")
        if kind == "accept":
            return replace(self, judges=tuple(s for s in self.judges if s != seat))._await_judges()
        if kind == "dispute":
            verdict = check(self.claim, self.values, TARGET)
            return self._judged(self.claim, verdict, f" (disputed by seat {seat})")
        if kind == "shuffle":
            return self._shuffle(seat, action)
        if kind == "pick":
            chosen = int(action.args[0])
            return replace(self, phase="answer", answerer=chosen,
                           answer_deadline=self.clock + self.options.answer_window_s)
        if kind == "return":
            return self._return(seat, action.args[0])
        raise IllegalAction(f"unknown action {action.notation!r}")

    def _slap(self, seat: int) -> "TwentyFourState":
        # a slap ends any agreement that there was no solution
        state = replace(self, votes=(), slaps=self.slaps + (seat,))
        if not self.four_player_slaps:
            return replace(state, phase="answer", answerer=seat,
                           answer_deadline=self.clock + self.options.answer_window_s)
        if len(state.slaps) == 3:
            return replace(state, phase="pick")
        return state._settle()

    def _settle(self) -> "TwentyFourState":
        """After a race action: resolve agreements and deadlines, then advance the clock."""
        state = self
        if (state.four_player_slaps and state.slaps and not state.options.wait_for_three
                and state.clock >= state.deadline):
            first = state.slaps[0]
            return replace(state, phase="answer", answerer=first, deadline_answer=True,
                           answer_deadline=state.clock + state.options.answer_window_s)
        active = [s for s in state.in_race() if s not in state.votes]
        if not active:
            return state._no_solution()
        wake = min(state.ready[s] for s in active)
        if wake > state.clock:
            state = replace(state, clock=wake)
            if state.clock >= state.deadline:
                return state._settle()
        return state

    # ------------------------------------------------------------- answers
    def _answer(self, expression: str) -> "TwentyFourState":
        verdict = check(expression, self.values, TARGET)
        if verdict.value is None:
            # a garbled answer is refused, not judged: say what is wrong and let them retry
            raise IllegalAction(f"not a usable answer: {verdict.message}"
                                + (f" (at character {verdict.position + 1})"
                                   if verdict.position is not None else ""))
        if self.options.judge == "players":
            return self._state_claim(expression)
        return self._judged(expression, verdict, "")

    def _judged(self, expression: str, verdict, how: str) -> "TwentyFourState":
        """Settle a stated solution by the exact check."""
        if not verdict.ok:
            return self._answer_failed(f"answered {expression} = {verdict.value}, not 24{how}")
        return self._answer_stands(f"seat {self.answerer} answered {expression} = 24{how}")

    def _answer_stands(self, said: str) -> "TwentyFourState":
        """The answer counts as right: the cards go to the caller (collection) or the taker."""
        if self.options.mode == "collection":
            return self._take(self.answerer, f"{said} and takes the cards", winner=self.answerer,
                              rule="correct solution: the caller takes the four cards")
        taker = self.taker()
        if not self.four_player_slaps:
            rule = "correct solution: the other player takes the four cards"
        elif self.deadline_answer:
            rule = "correct solution: the next player who did not slap takes the four cards"
        else:
            rule = "correct solution: the fourth player takes the four cards"
        return self._take(taker, f"{said}; seat {taker} takes the cards", rule=rule)

    def taker(self) -> int:
        """Shedding game: the seat that takes the cards if the answerer is right."""
        seat = self.answerer
        if not self.four_player_slaps:
            return 1 - seat
        if self.deadline_answer:
            return next(s for k in range(1, 4) if (s := (seat + k) % 4) not in self.slaps)
        return next(s for s in range(4) if s not in self.slaps)

    # ------------------------------------------------------------- players judge
    def judges_of_answer(self) -> tuple[int, ...]:
        """Who judges a stated solution: whoever loses by it being right."""
        if self.options.mode == "collection":
            return tuple(s for s in range(self.players) if s != self.answerer)
        return (self.taker(),)

    def _state_claim(self, expression: str) -> "TwentyFourState":
        judges = self.judges_of_answer()
        # a stated solution interrupts the judges' waits: they must listen now
        ready = tuple(self.clock if s in judges else r for s, r in enumerate(self.ready))
        return replace(self, phase="judge", claim=expression, judges=judges, ready=ready,
                       judge_deadline=self.clock + self.options.answer_window_s)

    def _await_judges(self) -> "TwentyFourState":
        """After a judge acts: settle once all accepted, else run the clock while all wait."""
        if not self.judges:
            return self._claim_stands("accepted")
        wake = min(self.ready[s] for s in self.judges)
        if wake <= self.clock:
            return self
        if wake >= self.judge_deadline:
            return replace(self, clock=self.judge_deadline)._claim_stands("not disputed in time")
        return replace(self, clock=wake)

    def _claim_stands(self, how: str) -> "TwentyFourState":
        """An undisputed claim counts as right, whatever it makes (the players agreed)."""
        value = check(self.claim, self.values, TARGET).value
        return self._answer_stands(f"seat {self.answerer} answered {self.claim} = {value}, {how}")

    def _answer_failed(self, why: str) -> "TwentyFourState":
        seat = self.answerer
        said = f"seat {seat} {why}"
        if self.options.mode == "collection":
            # nobody waits past the time the set resumes
            ready = tuple(min(r, self.clock) for r in self.ready) if self.phase == "judge" else self.ready
            state = replace(self, phase="race", answerer=-1, locked=self.locked + (seat,),
                            claim="", judges=(), ready=ready,
                            last_result=f"{said} and is out of this set")
            return state._settle()
        who = "the chosen player" if self.four_player_slaps and not self.deadline_answer else "the slapper"
        rule = (f"wrong solution: {who} takes the four cards" if why.startswith("answered")
                else f"no solution given: {who} takes the four cards")
        return self._take(seat, f"{said} and takes the cards", rule=rule)

    # ------------------------------------------------------------- stacks
    def _shuffle(self, seat: int, action: Action) -> "TwentyFourState":
        """``seat`` shuffles its own stack unseen, with the match's seeded generator."""
        if action.args:
            raise IllegalAction("'shuffle' takes no arguments")
        if not self.options.allow_stack_shuffle:
            raise IllegalAction("shuffling a stack is off in this match (option allow_stack_shuffle)")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise OutOfTurn(f"there is no seat {seat!r}", status=409)
        if self.phase == "over":
            raise OutOfTurn("the match is over", status=409)
        if len(self.stacks[seat]) < 2:
            raise IllegalAction("a stack of fewer than two cards cannot be shuffled")
        rng = Rng(0)
        rng.state = self.rng_state
        stack = tuple(rng.shuffled(self.stacks[seat]))
        return replace(self, stacks=_with(self.stacks, seat, stack), rng_state=rng.state)

    # ------------------------------------------------------------- no solution
    def _no_solution(self) -> "TwentyFourState":
        said = "no solution agreed"
        if self.options.mode == "shedding" and self.players == 2:
            return replace(self, phase="return", returns=(None, None),
                           last_result=f"{said}: each player puts back one of their cards")
        if self.options.mode == "shedding":
            keep = ()
        else:
            keep = tuple(entry for entry in self.table if entry[0] == EXTRA)
        swapped = [entry for entry in self.table if entry not in keep]
        return self._replace_cards(swapped, keep, f"{said}: the contributors swap their cards")

    def _return(self, seat: int, card_text: str) -> "TwentyFourState":
        card = next(c for s, c in self.table if s == seat and str(c) == card_text)
        returns = _with(self.returns, seat, card)
        state = replace(self, returns=returns)
        if any(r is None for r in returns):
            return state
        back = [(s, c) for s, c in self.table if c in returns]
        keep = tuple(entry for entry in self.table if entry not in back)
        return state._replace_cards(back, keep, "each player put one card back and turned a new one")

    def _replace_cards(self, back, keep, said: str) -> "TwentyFourState":
        """Put ``back`` under their owners' stacks and turn the same number of new cards."""
        stacks = list(self.stacks)
        for seat, card in back:
            stacks[seat] = stacks[seat] + (card,)
        table = list(keep)
        for seat, _ in back:
            table.append((seat, stacks[seat][0]))
            stacks[seat] = stacks[seat][1:]
        return self._new_board(tuple(stacks), tuple(table), said)

    # ------------------------------------------------------------- end of a set
    def _take(self, taker: int, said: str, *, rule: str, winner: int | None = None) -> "TwentyFourState":
        """``taker`` puts the four cards under their stack, in table order."""
        order = sorted(self.table, key=lambda e: e[0] if e[0] != EXTRA else self.players)
        stacks = _with(self.stacks, taker, self.stacks[taker] + tuple(c for _, c in order))
        record = SetRecord(self.sets + 1, taker, len(order), rule, self.answerer)
        state = replace(self, stacks=stacks, table=(), sets=self.sets + 1, taken=self.taken + (record,),
                        last_winner=self.last_winner if winner is None else winner)
        return state._next_set(said)

    def _next_set(self, said: str) -> "TwentyFourState":
        if self.options.mode == "shedding":
            out = tuple(s for s in range(self.players) if not self.stacks[s])
            if out:
                return self._finish(out, said)
            per_seat = 2 if self.players == 2 else 1
            share = {s: per_seat for s in range(self.players)}
        else:
            holders = [s for s in range(self.players) if self.stacks[s]]
            if len(holders) == 1:
                return self._finish(tuple(holders), said)
            share = collection_shares(holders, self.last_winner, self.stacks)
        stacks, table = deal_board(self.stacks, share)
        return self._new_board(stacks, table, said)

    def _new_board(self, stacks, table, said: str) -> "TwentyFourState":
        return replace(self, stacks=stacks, table=table, phase="race", set_start=self.clock,
                       ready=(self.clock,) * self.players, slaps=(), votes=(), locked=(),
                       answerer=-1, deadline_answer=False, returns=(), claim="", judges=(),
                       last_result=said)

    def _finish(self, winners: tuple[int, ...], said: str) -> "TwentyFourState":
        names = " and ".join(f"seat {s}" for s in winners)
        return replace(self, phase="over", winners=winners, slaps=(), votes=(), locked=(),
                       answerer=-1, claim="", judges=(), last_result=f"{said}. {names} won")

    # ------------------------------------------------------------- scores and views
    @property
    def scores(self) -> tuple[int, ...]:
        """1 for the winner(s) of a finished match, 0 otherwise."""
        return tuple(1 if s in self.winners else 0 for s in range(self.players))

    @property
    def hands_played(self) -> int:
        """Sets decided so far (a set replaced after an agreed no-solution is not one)."""
        return self.sets

    def utility(self, seat: int) -> float:
        """For search: a won match is worth the whole pack; before that, cards count
        (fewer is better when shedding, more when collecting), against the others' mean."""
        held = [self.cards_held(s) for s in range(self.players)]
        if self.options.mode == "shedding":
            held = [-h for h in held]
        value = [h + (len(number_pack()) if s in self.winners else 0) for s, h in enumerate(held)]
        others = [v for s, v in enumerate(value) if s != seat]
        return value[seat] - sum(others) / len(others)

    def score_events(self) -> list[ScoreEvent]:
        """Who took the cards of each set and why (no points), then a point per winner."""
        events = [ScoreEvent(r.set, (r.taker,), 0, r.rule, {"cards": r.cards, "answerer": r.answerer})
                  for r in self.taken]
        if self.winners:
            rule = ("only player with cards: has won the game" if self.options.mode == "collection"
                    else "first out of cards: the winner")
            events += [ScoreEvent(max(self.sets, 1), (s,), 1, rule, {"cards": self.cards_held(s)})
                       for s in self.winners]
        return events

    def cards_held(self, seat: int) -> int:
        """Cards a seat owns: its stack plus its cards on the table."""
        return len(self.stacks[seat]) + sum(1 for s, _ in self.table if s == seat)

    def zones(self) -> dict[str, Zone]:
        zones = {f"stack:{s}": Zone(self.stacks[s], Visibility.HIDDEN, s) for s in range(self.players)}
        zones["table"] = Zone(tuple(c for _, c in self.table), Visibility.PUBLIC)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "TwentyFourState":
        stacks = tuple(tuple(zones.get(f"stack:{s}", self.stacks[s])) for s in range(self.players))
        return replace(self, stacks=stacks)

    def log_text(self, action: Action, actor: int, viewer: int | None) -> str:
        # the card a player puts back stays secret until both have chosen
        if action.kind == "return" and viewer != actor:
            return "return"
        return action.notation

    def public(self, seat: int | None) -> dict:
        return {
            "mode": self.options.mode,
            "phase": self.phase,
            "target": TARGET,
            "table": [{"seat": s, "card": str(c), "value": card_value(c)} for s, c in self.table],
            "values": self.values,
            "clock": self.clock,
            "set_started": self.set_start,
            "no_solution_from": self.deadline,
            "answer_deadline": self.answer_deadline if self.phase == "answer" else None,
            "answerer": self.answerer if self.phase in ("answer", "judge") else None,
            "judge": self.options.judge,
            "claim": self.claim if self.phase == "judge" else None,
            "judges": list(self.judges),
            "judge_deadline": self.judge_deadline if self.phase == "judge" else None,
            "slaps": list(self.slaps),
            "votes": list(self.votes),
            "locked": list(self.locked),
            "returned": [s for s in range(len(self.returns)) if self.returns[s] is not None],
            "my_return": (str(self.returns[seat]) if seat is not None and self.phase == "return"
                          and self.returns[seat] is not None else None),
            "cards_held": [self.cards_held(s) for s in range(self.players)],
            "stack_sizes": [len(self.stacks[s]) for s in range(self.players)],
            "sets": self.sets,
            "last_result": self.last_result,
            "winners": list(self.winners),
        }


def answer_action(expression: str) -> Action:
    """The action stating ``expression`` (spaces removed, so the notation parses back)."""
    return Action("answer", ("".join(expression.split()),))


def collection_shares(holders: list[int], last_winner: int, stacks) -> dict[int, int]:
    """How many cards each holder turns up in the collection game (four in all)."""
    if len(holders) >= 4:
        share = {s: 1 for s in holders}
    elif len(holders) == 3:
        lead = last_winner if last_winner in holders else holders[0]
        share = {s: 2 if s == lead else 1 for s in holders}
    else:
        share = {s: 2 for s in holders}
    # a holder short of cards gives what they have; the others make up the four (a proposal)
    short = 0
    for s in holders:
        give = min(share[s], len(stacks[s]))
        short += share[s] - give
        share[s] = give
    for s in holders:
        spare = len(stacks[s]) - share[s]
        extra = min(spare, short)
        share[s] += extra
        short -= extra
    return share


def deal_board(stacks, share: Mapping[int, int]):
    """Turn up ``share[seat]`` cards from each stack, seat by seat."""
    stacks = list(stacks)
    table = []
    for seat in sorted(share):
        n = share[seat]
        table += [(seat, c) for c in stacks[seat][:n]]
        stacks[seat] = stacks[seat][n:]
    return tuple(stacks), tuple(table)


def _waits(room: int) -> list[Action]:
    """The waits listed as legal (any whole number of seconds up to ``room`` is accepted)."""
    return [Action("wait", (str(n),)) for n in sorted({n for n in (1, 5, 10, room) if 1 <= n <= room})]


def _whole(args: tuple[str, ...]) -> int | None:
    if len(args) == 1 and args[0].isdigit() and len(args[0]) <= 6:
        return int(args[0])
    return None


def _with(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def parse_deal(deal: Any, players: int) -> list[tuple[Card, ...]]:
    """Read explicit stacks: ``{"stacks": [["3S", "8H", ...], ...]}``, top card first.

    Every card of the 40-card pack appears once; with three players an ``extra`` card
    may be named (it defaults to the card no stack holds).
    """
    from solvers.cards import parse_card
    if not isinstance(deal, Mapping) or not isinstance(deal.get("stacks"), list):
        raise CardsageError("a Twenty-Four deal is an object with 'stacks': one list of cards per "
                            "seat, top card first", field="deal")
    stacks = deal["stacks"]
    if len(stacks) != players:
        raise CardsageError(f"deal.stacks must list {players} stacks", field="deal.stacks")
    pack = set(number_pack())
    seen: set[Card] = set()
    parsed = []
    for seat, stack in enumerate(stacks):
        cards = [parse_card(c) for c in (stack.split() if isinstance(stack, str) else stack or [])]
        for c in cards:
            if c not in pack:
                raise CardsageError(f"{c} is not a card of the 40-card pack (ace to ten)",
                                    field=f"deal.stacks.{seat}")
            if c in seen:
                raise CardsageError(f"{c} is dealt twice", field=f"deal.stacks.{seat}")
            seen.add(c)
        parsed.append(tuple(cards))
    if players != 3 and len(seen) != 40:
        raise CardsageError(f"the stacks hold {len(seen)} cards; all 40 must be dealt", field="deal")
    if players == 3:
        left = sorted(pack - seen)
        if len(left) != 1:
            raise CardsageError("with three players, the stacks hold 39 cards and one is the extra",
                                field="deal")
        parsed.append((left[0],))
    return parsed


class TwentyFour(Game):
    """The Twenty-Four ruleset."""

    name = "twentyfour"
    real_time = True
    title = "Twenty-Four"
    family = "arithmetic"
    min_players = 2
    max_players = 4
    summary = ("Race to make 24 from four face-up cards with + − × ÷; two players, four "
               "players with bluffing, or the card-collection game.")
    Options = TwentyFourOptions
    State = TwentyFourState

    def start(self, options: TwentyFourOptions, seed: int, deal: Any) -> TwentyFourState:
        n = options.players
        rng = Rng(seed)
        if deal is not None:
            if options.mode == "shedding" or n != 3:
                parts = parse_deal(deal, n)
            else:
                parts = parse_deal(deal, 3)
        else:
            pack = rng.shuffled(number_pack())
            size = len(pack) // n
            parts = [tuple(pack[s * size:(s + 1) * size]) for s in range(n)]
            if n == 3:
                parts.append((pack[-1],))
        stacks = tuple(parts[:n])
        share = {s: (2 if n == 2 else 1) for s in range(n)}
        stacks, table = deal_board(stacks, share)
        if n == 3:
            table = table + ((EXTRA, parts[3][0]),)
        return TwentyFourState(options=options, stacks=stacks, table=table, phase="race",
                               clock=0, set_start=0, ready=(0,) * n, rng_state=rng.state)


GAME = TwentyFour()
