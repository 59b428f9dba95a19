"""What Klondike and Forty Thieves share as playable games, on the patience library.

A match is one deal played by one seat. The position lives in the state as plain
tuples (columns, foundations, stock, waste); the library's rules engine says which
moves are legal and what they do. On top of it come ``undo`` (the previous state is
kept in the history, so undo restores it exactly; at most ``undo_limit`` times a match,
so that draw-and-undo cannot make a log without end), ``resign``, and a guard that ends
a match which stopped making progress, so that endless stock cycling cannot go on
forever.

Progress means something new happened: more cards on the foundations than ever
before in the match, a face-down card turned up for the first time, or fewer cards
in the stock and waste than ever before. A match ends after ``no_progress_limit``
moves in a row without progress, or after ``move_limit`` moves in all.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping

from solvers.cards import Card, Rng, card_order, parse_card
from solvers.errors import CardsageError
from solvers.game import Action, Game, Hint, State, Visibility, Zone
from solvers.patience.deal import deal_by_number
from solvers.patience.formats import from_solvitaire, position_from_json
from solvers.patience.moves import canonical
from solvers.patience.position import Column, Position, player_view, validate
from solvers.patience.rules import apply_move, legal_moves

UNDO = Action("undo")
RESIGN = Action("resign")
FAIR_BUDGET_DEFAULT = 1.0     # seconds, when the caller gives no budget
BOT_BUDGET = 0.015            # seconds per move for the solver bot: it must stay cheap


@dataclass(frozen=True)
class PatienceState(State):
    """A moment of a patience match (the game modules register the concrete classes)."""

    options: Any
    ranks: int
    columns: tuple            # per column: (face-down cards, face-up cards), bottom to top
    foundations: tuple        # per pile: cards from the ace up
    stock: tuple              # the next card to deal first
    waste: tuple              # bottom to top
    redeals_used: int
    single_pass: bool
    seen: tuple               # every card the player has seen, in the order first seen
    moves_made: int
    best: tuple               # (most foundation cards, fewest face-down cards, fewest talon cards)
    stale: int                # moves in a row without progress
    deal_owned: bool          # the caller typed the deal in, so the oracle hint is allowed
    history: tuple = ()       # earlier frames as JSON text, for undo
    ended: str = ""           # why the match is over ("" while it goes on)
    undos: int = 0            # undos taken in the match (never restored by an undo)

    # ------------------------------------------------------------- the position
    @property
    def rules(self):
        """The library rules these options stand for."""
        return library_rules(self.options)

    def position(self) -> Position:
        """The whole position in the library's terms (every card known)."""
        return Position(self.game.name, tuple(Column(d, u) for d, u in self.columns), self.foundations,
                        self.stock, self.waste, self.ranks, self.redeals_used, self.single_pass)

    def player_position(self) -> Position:
        """The position as the player knows it: unseen face-down and stock cards are ``None``."""
        return player_view(self.position(), frozenset(self.seen))

    @property
    def foundation_count(self) -> int:
        """Cards on the foundations."""
        return sum(len(p) for p in self.foundations)

    @property
    def won(self) -> bool:
        """True when every card is on the foundations."""
        return self.foundation_count == self.position().total_cards

    # ------------------------------------------------------------- turns
    @property
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.ended else frozenset((0,))

    @property
    def players(self) -> int:
        return 1

    def legal_actions(self, seat: int) -> list[Action]:
        if self.ended or seat != 0:
            return []
        actions = [Action.parse(m) for m in legal_moves(self.position(), self.rules)]
        if self.history and self.undos < self.game.undo_limit:
            actions.append(UNDO)
        actions.append(RESIGN)
        return actions

    def parse_action(self, data: Any, seat: int) -> Action:
        action = Action.from_json(data)
        if action in (UNDO, RESIGN):
            return action
        return Action.parse(canonical(action.notation))

    def _apply(self, action: Action, seat: int) -> "PatienceState":
        if action == UNDO:
            return replace(self, **_frame_from_text(self.history[-1]), history=self.history[:-1],
                           undos=self.undos + 1)
        if action == RESIGN:
            return replace(self, ended="resigned")
        moved = apply_move(self.position(), canonical(action.notation), self.rules)
        return self._after(moved)

    def _after(self, pos: Position) -> "PatienceState":
        """The state holding ``pos`` after one more move, with progress and end checks."""
        state = replace(self, columns=tuple((c.down, c.up) for c in pos.columns),
                        foundations=pos.foundations, stock=pos.stock, waste=pos.waste,
                        redeals_used=pos.redeals_used, single_pass=pos.single_pass,
                        moves_made=self.moves_made + 1, history=self.history + (self._frame_text(),))
        return state._noted()

    def _noted(self) -> "PatienceState":
        """Record newly seen cards and progress, and decide whether the match is over."""
        known = set(self.seen)
        seen = self.seen + tuple(c for c in _visible(self) if c not in known)
        now = (self.foundation_count, sum(len(d) for d, _ in self.columns), len(self.stock) + len(self.waste))
        progress = now[0] > self.best[0] or now[1] < self.best[1] or now[2] < self.best[2]
        best = (max(now[0], self.best[0]), min(now[1], self.best[1]), min(now[2], self.best[2]))
        state = replace(self, seen=seen, best=best, stale=0 if progress else self.stale + 1)
        return replace(state, ended=state._end_reason())

    def _end_reason(self) -> str:
        if self.won:
            return "won"
        if not legal_moves(self.position(), self.rules):
            return "no legal move"
        if self.stale >= self.no_progress_limit:
            return "no progress"
        if self.moves_made >= self.move_limit:
            return "move limit"
        return ""

    @property
    def no_progress_limit(self) -> int:
        """Moves in a row without progress that end the match."""
        return self.game.no_progress_limit

    @property
    def move_limit(self) -> int:
        """Moves that end the match in any case."""
        return self.game.move_limit

    def _frame_text(self) -> str:
        frame = {"columns": [[_cards_text(d), _cards_text(u)] for d, u in self.columns],
                 "foundations": [_cards_text(p) for p in self.foundations],
                 "stock": _cards_text(self.stock), "waste": _cards_text(self.waste),
                 "seen": _cards_text(self.seen),
                 **{name: getattr(self, name) for name in _FRAME_PLAIN}}
        return json.dumps(frame, separators=(",", ":"))

    # ------------------------------------------------------------- scores
    @property
    def scores(self) -> tuple[int]:
        """Cards on the foundations (all of them: the deal is won)."""
        return (self.foundation_count,)

    @property
    def hands_played(self) -> int:
        """The one deal, once the match is over."""
        return 1 if self.ended else 0

    def score_events(self) -> list:
        """One line for the deal: the cards on the foundations (all of them: won)."""
        from solvers.game import ScoreEvent
        total = self.position().total_cards
        detail = {"cards": self.foundation_count, "of": total}
        if self.ended:
            detail["result"] = self.ended
        return [ScoreEvent(1, (0,), self.foundation_count, "cards moved to the foundations", detail)]

    # ------------------------------------------------------------- zones and views
    def zones(self) -> dict[str, Zone]:
        zones = {"stock": Zone(self.stock, Visibility.HIDDEN), "waste": Zone(self.waste)}
        for n, (down, up) in enumerate(self.columns, 1):
            if self.has_face_down:
                zones[f"tableau:{n}:down"] = Zone(down, Visibility.HIDDEN)
            zones[f"tableau:{n}"] = Zone(up)
        for index, pile in enumerate(self.foundations):
            zones[f"foundation:{self.pile_name(index)}"] = Zone(pile)
        return zones

    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "PatienceState":
        columns = tuple((tuple(zones.get(f"tableau:{n}:down", down)), tuple(zones.get(f"tableau:{n}", up)))
                        for n, (down, up) in enumerate(self.columns, 1))
        foundations = tuple(tuple(zones.get(f"foundation:{self.pile_name(i)}", pile))
                            for i, pile in enumerate(self.foundations))
        state = replace(self, columns=columns, foundations=foundations, stock=tuple(zones.get("stock", self.stock)),
                        waste=tuple(zones.get("waste", self.waste)))
        if state.foundations != self.foundations or state.waste != self.waste or any(
                up != old for (_, up), (_, old) in zip(state.columns, self.columns)):
            # cards typed in face up have been seen
            known = set(self.seen)
            state = replace(state, seen=self.seen + tuple(c for c in _visible(state) if c not in known))
        return state

    def believed(self, seat: int) -> "PatienceState":
        """The earlier frames kept for undo with what lay face down in each (the stock, the
        columns' hidden cards) in a fixed order: the player knew which cards those were, not
        where they lay."""
        if not self.history:
            return self
        pack = sorted((c for z in self.zones().values() for c in z.cards), key=card_order)
        return replace(self, history=tuple(_frame_believed(text, pack) for text in self.history))

    has_face_down = True

    def pile_name(self, index: int) -> str:
        """How a foundation pile is named in zone names."""
        return str(index + 1)

    def public(self, seat: int | None) -> dict:
        limit = self.rules.max_redeals
        return {
            "rules": self.rules.label(),
            "columns": len(self.columns),
            "ranks": self.ranks,
            "redeals_used": self.redeals_used,
            "redeals_left": None if limit is None else max(0, limit - self.redeals_used),
            "passes_left": None if limit is None else max(0, limit - self.redeals_used) + 1,
            "single_pass": self.single_pass,
            "moves_made": self.moves_made,
            "foundation_cards": self.foundation_count,
            "total_cards": self.position().total_cards,
            "won": self.won,
            "ended": self.ended or None,
            "deal_owned": self.deal_owned,
            "can_undo": bool(self.history) and not self.ended and self.undos < self.game.undo_limit,
            "undos_left": max(0, self.game.undo_limit - self.undos),
            "moves_without_progress": self.stale,
            "no_progress_limit": self.no_progress_limit,
            "move_limit": self.move_limit,
        }


# an undo frame is everything that a move can change, as compact JSON text
_FRAME_PLAIN = ("redeals_used", "single_pass", "moves_made", "best", "stale", "ended")


def _frame_from_text(text: str) -> dict:
    frame = json.loads(text)
    out = {name: frame[name] for name in _FRAME_PLAIN}
    out["best"] = tuple(out["best"])
    out["columns"] = tuple((_cards_of(d), _cards_of(u)) for d, u in frame["columns"])
    out["foundations"] = tuple(_cards_of(p) for p in frame["foundations"])
    for name in ("stock", "waste", "seen"):
        out[name] = _cards_of(frame[name])
    return out


def _frame_believed(text: str, pack: list) -> str:
    """An undo frame with its face-down cards laid in a fixed order."""
    frame = json.loads(text)
    shown = {c for _, up in frame["columns"] for c in up.split()} | set(frame["waste"].split()) | {
        c for pile in frame["foundations"] for c in pile.split()}
    hidden = [str(c) for c in pack if str(c) not in shown]
    at = 0
    for column in frame["columns"]:
        size = len(column[0].split())
        column[0], at = " ".join(hidden[at:at + size]), at + size
    frame["stock"] = " ".join(hidden[at:at + len(frame["stock"].split())])
    return json.dumps(frame, separators=(",", ":"))


def _cards_text(cards) -> str:
    return " ".join(map(str, cards))


def _cards_of(text: str) -> tuple:
    return tuple(parse_card(c) for c in text.split())


def _visible(state: PatienceState):
    for _, up in state.columns:
        yield from up
    yield from state.waste
    for pile in state.foundations:
        yield from pile


@lru_cache(maxsize=64)
def library_rules(options):
    """The library rules object for a game's options (cached: options are frozen)."""
    return options.to_rules()


# ---------------------------------------------------------------- starting a match


def read_deal(game: str, deal: Any) -> Position:
    """A deal typed in by the caller: our JSON format or Solvitaire's.

    ``{"format": "solvitaire", ...}`` or a deal with ``"tableau piles"`` is read as
    Solvitaire's; ``{"format": "cardsage", ...}`` (or no format) as ours. The deal may
    also sit under a ``"deal"`` key next to ``"format"``. Every card must be known.
    """
    if isinstance(deal, str):
        try:
            deal = json.loads(deal)
        except json.JSONDecodeError as exc:
            raise CardsageError(f"the deal is not valid JSON: {exc.msg}", field="deal") from None
    if not isinstance(deal, Mapping):
        raise CardsageError("a deal must be a JSON object", field="deal")
    fmt = deal.get("format")
    body = deal.get("deal") if isinstance(deal.get("deal"), Mapping) else deal
    body = {k: v for k, v in body.items() if k not in ("format", "id")}
    if fmt is None:
        fmt = "solvitaire" if "tableau piles" in body else "cardsage"
    if fmt == "solvitaire":
        position = from_solvitaire(body, game)
    elif fmt == "cardsage":
        if body.get("game", game) != game:
            raise CardsageError(f"this is a {body.get('game')} deal, not a {game} deal", field="deal.game")
        position = position_from_json({**body, "game": game})
    else:
        raise CardsageError(f"unknown deal format {fmt!r}: use cardsage or solvitaire", field="deal.format")
    if not position.all_known():
        raise CardsageError("to play a typed-in deal every card must be known (no unseen cards)",
                            field="deal")
    return validate(position)


def first_state(cls, options, position: Position, owned: bool) -> PatienceState:
    """The state at the start of a match on ``position``."""
    state = cls(options=options, ranks=position.ranks,
                columns=tuple((c.down, c.up) for c in position.columns),
                foundations=position.foundations, stock=position.stock, waste=position.waste,
                redeals_used=position.redeals_used, single_pass=position.single_pass,
                seen=(), moves_made=0, best=(0, 10 ** 6, 10 ** 6), stale=0, deal_owned=owned)
    return replace(state._noted(), stale=0)


# ---------------------------------------------------------------- the game


class PatienceGame(Game):
    """A one-player patience game on the patience library."""

    family = "patience"
    min_players = 1
    max_players = 1
    no_progress_limit: int
    move_limit: int
    undo_limit: int           # undos a match allows (a log without end otherwise)
    bot_samples = 2           # samples per move of the solver bot

    def start(self, options, seed: int, deal: Any) -> PatienceState:
        if deal is not None:
            return first_state(self.State, options, read_deal(self.name, deal), True)
        return first_state(self.State, options, deal_by_number(self.name, seed), False)

    hint_modes = ("fair", "oracle")
    all_seeing_modes = ("oracle",)
    hints_after_the_end = True
    review_mode = "oracle"


def oracle(state: PatienceState, budget: float) -> Hint:
    """The oracle hint: exact, with the real face-down and stock cards (clearly labelled)."""
    from solvers.patience.hints import oracle_hint
    found = oracle_hint(state.position(), state.rules, max_nodes=None, max_seconds=budget)
    evaluation = {"mode": "oracle", "verdict": found.verdict, "win_probability": found.win_probability,
                  "line": found.line, "uses_hidden_cards": True}
    action = Action.parse(found.move) if found.move else fallback_action(state)
    reason = "oracle (uses the real hidden cards): " + found.reason
    return Hint(action, reason, evaluation, [], method="oracle")


def fair(state: PatienceState, budget: float, samples: int | None = None,
         nodes_per_solve: int = 20_000) -> Hint:
    """The fair hint: the move that wins in most samples of the cards the player has not seen.

    Where the compiled search covers the rules (Klondike) it is the fair-hint player's own
    decision (``solvers/patience/player.py``, the player ``bench_patience_player.py``
    measures): the plan, up to the next card seen, that hindsight optimisation over the
    samples prefers."""
    from solvers.patience.hints import fair_hint
    from solvers.patience.search import compiled_helps
    if samples is None:
        samples = max(2, min(20, int(budget * 10)))
    rng = Rng(state.moves_made * 7919 + len(state.seen))
    view = state.player_position()
    started = time.perf_counter()
    if samples >= PLAN_SAMPLES and compiled_helps(view, state.rules):
        planned = _plan(state, view, rng, samples)
        if planned is not None:
            return planned
        # no sample won within the plans' small caps: single moves, with the time left
        budget = max(0.05, budget - (time.perf_counter() - started))
    found = fair_hint(view, state.rules, rng, samples, budget,
                      nodes_per_solve=nodes_per_solve)
    evaluation = {"mode": "fair", "verdict": found.verdict, "win_probability": found.win_probability,
                  "samples": found.samples}
    alternatives = [{"action": Action.parse(m).to_json(), "win_probability": p}
                    for m, p in found.alternatives[1:]]
    if found.move:
        return Hint(Action.parse(found.move), found.reason, evaluation, alternatives, method="sampled")
    return Hint(fallback_action(state), f"{found.reason}; a plain move is suggested instead",
                evaluation, alternatives, method="sampled")


PLAN_SAMPLES = 10   # fewer samples than this (a small budget) weigh single moves instead of plans


def _plan(state: PatienceState, view, rng: Rng, samples: int) -> Hint | None:
    """The fair-hint player's plan as a hint (its first move, the rest as the line);
    None when no sample was won."""
    from solvers.patience.player import plan_hint
    plan, shares = plan_hint(view, set(state.seen), state.rules, rng, samples=samples)
    if not plan or not shares:
        return None
    share = shares[0][1]
    evaluation = {"mode": "fair", "win_probability": round(share, 3), "samples": samples, "line": plan}
    alternatives = [{"action": Action.parse(p[0]).to_json(), "win_probability": round(v, 3), "line": p}
                    for p, v in shares[1:]]
    reason = (f"the line up to the next card you will see that does best over {samples} samples of "
              f"the cards you have not seen (worth {share:.0%} of them; {len(plan)} move"
              f"{'s' if len(plan) != 1 else ''} to play)")
    return Hint(Action.parse(plan[0]), reason, evaluation, alternatives, method="sampled")


def fallback_action(state: PatienceState) -> Action:
    """A plain move when no search answered: foundation moves first, then moves that
    turn up a card, waste plays, then the stock; resign when nothing else is left."""
    legal = state.legal_actions(0)
    moves = [a for a in legal if a not in (UNDO, RESIGN)]
    if not moves:
        return RESIGN

    def rank(action: Action) -> int:
        text = action.notation
        if text.endswith(" f"):
            return 0
        if action.kind.startswith("t") and _turns_up_or_empties(state, action):
            return 1
        if action.kind == "w":
            return 2
        if action.kind in ("draw", "redeal", "switch"):
            return 3
        return 4
    return min(moves, key=rank)


def _turns_up_or_empties(state: PatienceState, action: Action) -> bool:
    down, up = state.columns[int(action.kind[1:]) - 1]
    count = int(action.args[1]) if len(action.args) > 1 else 1
    return count == len(up) and bool(down)


def solver_bot(state: PatienceState, seat: int, rng: Rng) -> Action:
    """Plays the fair hint with a small budget. Resigns only when what the player has
    seen proves that no progress can be made any more, whatever the unseen cards are
    (:func:`solvers.patience.progress.cannot_progress`): the match can then never be
    won, and its no-progress rule would end it anyway. Neither the hint's few small
    samples all being lost nor a long run of moves without progress proves that (both
    used to make it resign deals that could still be won), so it plays on and the
    match's own rules end it."""
    from solvers.patience.progress import cannot_progress
    if cannot_progress(state.player_position(), state.rules, state.best):
        return RESIGN
    return fair(state, BOT_BUDGET, samples=state.game.bot_samples, nodes_per_solve=300).action
