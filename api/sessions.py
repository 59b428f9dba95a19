"""Sessions: create matches, replay them from storage, take actions, run bots, build views.

Nothing here knows about HTTP; the blueprint in :mod:`api.sessions_bp` turns requests
into these calls and the errors raised here into problem responses.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import time
from datetime import datetime, timezone
from typing import Any, Callable

from api.bot_runner import HUMAN, BotFailure, bot_rng, bot_to_move, run_bots
from api.cache import LruCache
from api.problems import AuthError, StaleVersion
from api.realtime import game_time, parse_clock, parse_reactions, reaction_delay
from api.replay import (Replay, action_to_json, continue_replay, from_snapshot, log_for, replay,
                        rules_fingerprint, snapshot_body)
from api.storage import ClockRecord, MatchRecord, Storage
from api.tokens import hash_token, new_token, seat_for_token
from solvers import games
from solvers.errors import CardsageError, OutOfTurn
from solvers.game import Action, Game
from solvers.realtime import CLOCK_SEAT, clock_action, has_clock
from solvers.scoring import score_sheet

log = logging.getLogger(__name__)

SEED_RANGE = (-(2 ** 63), 2 ** 63 - 1)   # what a BIGINT column holds on every database
# a long match keeps a snapshot of its state every this many actions, so a server process
# that has not seen it yet replays at most this many actions
SNAPSHOT_EVERY = 200
# a server-clock session whose due event failed to be written is looked at again after this
RETRY_FAILED_TICK_S = 5.0


class SessionService:
    """Event-sourced sessions over a :class:`Storage`, with an LRU of replayed states."""

    def __init__(self, storage: Storage, *, cache_size: int = 512, bot_actions_max: int = 10_000,
                 bot_budget_ms: int = 5_000, solvers=None, now: Callable[[], float] = time.time):
        self.storage = storage
        self.now = now                            # the wall clock (Unix seconds) of server-clock sessions
        self.solvers = solvers                    # api.workers.SolverPool for hints; None = inline
        self.replays = LruCache(cache_size)       # (match id, version) -> Replay
        self.matches = LruCache(cache_size)       # match id -> MatchRecord (rows never change)
        self.bot_actions_max = bot_actions_max
        self.bot_budget_s = bot_budget_ms / 1000
        self.turn_based = LruCache(cache_size)    # match id -> True: no server clock (that never changes)

    # ------------------------------------------------------------- creating
    def create(self, game_name: str, seats: list, *, seed: int | None = None, options: dict | None = None,
               deal: Any = None, clock: str | None = None,
               reactions: Any = None) -> tuple[MatchRecord, dict[str, str], Replay]:
        """Start a match; return its record, the raw token of each human seat, and its replay.

        ``clock`` (real-time games): ``server`` (the default) runs the game clock on the
        server's wall clock, ``turns`` keeps the turn-based fallback; ``reactions`` sets
        the bots' reaction times on a server clock (api/realtime.py)."""
        clock = parse_clock(clock)
        game = _game_for_create(game_name)
        opts = game.options(options or {})
        seats = _check_seats(game, seats, game.players_for(opts))
        if seed is None:
            seed = secrets.randbelow(2 ** 63)
        option_values = {f.name: getattr(opts, f.name) for f in dataclasses.fields(opts)}
        start = _start(game, seed, deal, option_values)
        if clock == "server" and not has_clock(start):
            raise CardsageError(f"{game.title} with these options does not run on a clock: use clock 'turns'",
                                field="clock")
        if reactions is not None and not (has_clock(start) and clock != "turns"):
            raise CardsageError("'reactions' are for bots of a real-time game on a server clock",
                                field="reactions")
        server = has_clock(start) and clock != "turns"
        tokens = {str(i): new_token() for i, kind in enumerate(seats) if kind == HUMAN}
        record = MatchRecord(id=secrets.token_urlsafe(12), game=game.name, options=option_values, seed=seed,
                             deal=deal, seats=tuple(seats),
                             token_hashes={s: hash_token(t) for s, t in tokens.items()},
                             created_at=datetime.now(timezone.utc))
        row = None
        if server:
            wall = self.now()
            row = ClockRecord(origin=wall, reactions=parse_reactions(reactions, seats, HUMAN), version=0,
                              able={}, wake=None)
            first, taken, row = self._step(record, Replay(start), row, wall)
        else:
            first, taken = self._run_bots(record, Replay(start))
        self.storage.create(record, [(s, action_to_json(a)) for s, a in taken], clock=row)
        self.matches.put(record.id, record)
        self._remember(record, 0, first)
        return record, tokens, first

    # ------------------------------------------------------------- reading
    def match(self, match_id: str) -> MatchRecord:
        """The stored match (404 when there is none)."""
        record = self.matches.get(match_id)
        if record is None:
            record = self.storage.match(match_id)
            if record is None:
                raise CardsageError(f"no session {match_id!r}", status=404, field="session_id")
            self.matches.put(match_id, record)
        return record

    def seat(self, match: MatchRecord, token: str | None) -> int:
        """The seat a token opens in this match (401 without a token, 403 with a wrong one)."""
        if not token:
            raise AuthError("this session needs a seat token: send 'Authorization: Bearer <token>'", status=401)
        seat = seat_for_token(token, match.token_hashes)
        if seat is None:
            raise AuthError("this token does not open a seat of this session", status=403)
        return seat

    def current(self, match: MatchRecord) -> Replay:
        """The session now: the stored log replayed (cached), with any pending bot turns taken
        (on a server clock: with every event due by now written)."""
        clock = self.clock(match)
        if clock is not None:
            return self._tick(match, clock, self.now())
        return self._advance_bots(match, self._load(match))

    def clock(self, match: MatchRecord) -> ClockRecord | None:
        """The session's server clock (None: turn-based; remembered, as a session never
        gains a clock, so other games pay no query for it)."""
        if self.turn_based.get(match.id):
            return None
        clock = self.storage.clock(match.id)
        if clock is None:
            self.turn_based.put(match.id, True)
        return clock

    # ------------------------------------------------------------- the server clock
    def tick(self, wall: float | None = None) -> int:
        """Write what is due at wall time ``wall`` on every server-clock session (the
        ticker's work; tests call it with a fake clock); return how many were due."""
        wall = self.now() if wall is None else wall
        due = self.storage.due_clocks(wall)
        for match_id in due:
            clock = None
            try:
                match = self.match(match_id)
                clock = self.storage.clock(match_id)
                if clock is not None:
                    self._tick(match, clock, wall)
            except Exception as exc:  # noqa: BLE001 - one failing session must not stop the others
                message = exc.message if isinstance(exc, CardsageError) else repr(exc)
                log.warning("session %s: tick failed: %s", match_id, message)
                if clock is not None and not isinstance(exc, StaleVersion):
                    try:   # look again later rather than every tick
                        self.storage.set_wake(match_id, clock.version, wall + RETRY_FAILED_TICK_S)
                    except CardsageError:
                        pass
        return len(due)

    def _tick(self, match: MatchRecord, clock: ClockRecord, wall: float) -> Replay:
        now = self._load(match)
        if clock.wake is None or clock.wake > wall or now.state.is_over:
            return now
        after, taken, row = self._step(match, now, clock, wall)
        if not taken and row.wake is not None and row.wake <= wall:
            row = dataclasses.replace(row, wake=wall + 0.05)   # nothing was due after all: look again soon
        try:
            self.storage.append(match.id, now.version, [(s, action_to_json(a)) for s, a in taken], clock=row)
        except StaleVersion:
            return self._load(match)   # another request or server process wrote first
        self._remember(match, now.version, after)
        return after

    def _step(self, match: MatchRecord, now: Replay, clock: ClockRecord, wall: float,
              act: tuple[int, Any] | None = None):
        """On a server clock at wall time ``wall``: the clock event for the time now, then
        ``act`` (a seat and its action data), then every bot action due. Returns the new
        replay, the entries to append and the clock row after them."""
        seats = match.seats
        policies = games.get(match.game).bots()
        taken: list[tuple[int, Action]] = []
        plans: dict[tuple[int, int], Action] = {}
        able = {int(k): tuple(v) for k, v in clock.able.items()}
        result = now

        def extend(seat: int, action: Action) -> None:
            nonlocal result
            result = result.extend(seat, action)
            taken.append((seat, action))

        def note_able() -> None:
            movers = result.state.to_move
            for s in [s for s in able if s not in movers]:
                del able[s]
            for s in movers:
                if seats[s] != HUMAN and s not in able:
                    able[s] = (wall, result.version)

        def delay(s: int) -> float:
            return reaction_delay(clock.reactions[s], match.seed, s, able[s][1])

        t = game_time(clock.origin, wall)
        if not result.state.is_over and t > result.state.clock_now:
            extend(CLOCK_SEAT, clock_action(t))
        note_able()
        if act is not None:
            seat, data = act
            extend(seat, _parse_action(result.state, data, seat))
            note_able()
        for _ in range(self.bot_actions_max):
            if result.state.is_over:
                break
            chosen = None
            for s in sorted(able, key=lambda s: (able[s][0] + delay(s), s)):
                action = plans.get((result.version, s))
                if action is None:
                    action = plans[(result.version, s)] = self._plan(match, result, s, policies)
                if action.kind == "wait" or able[s][0] + delay(s) <= wall:
                    chosen = (s, action)
                    break
            if chosen is None:
                break
            s, action = chosen
            try:
                extend(s, action)
            except CardsageError as exc:
                raise BotFailure(f"bot {seats[s]!r} at seat {s} failed: {exc.message}") from exc
            able.pop(s, None)
            note_able()
        wakes = [clock.origin + w for w in [result.state.next_wake()] if w is not None]
        wakes += [able[s][0] + delay(s) for s in able]
        wake = None if result.state.is_over or not wakes else min(wakes)
        row = ClockRecord(origin=clock.origin, reactions=clock.reactions, version=result.version,
                          able={s: list(v) for s, v in able.items()}, wake=wake)
        return result, taken, row

    @staticmethod
    def _plan(match: MatchRecord, now: Replay, seat: int, policies) -> Action:
        """The bot's action at this version: chosen when it is due, from the state then."""
        try:
            return policies[match.seats[seat]](now.state, seat, bot_rng(match.seed, now.version, seat))
        except CardsageError as exc:
            raise BotFailure(f"bot {match.seats[seat]!r} at seat {seat} failed: {exc.message}") from exc

    # ------------------------------------------------------------- acting
    def act(self, match: MatchRecord, seat: int, version: int, data: Any) -> Replay:
        """Take ``seat``'s action chosen at ``version``, then the bots' replies; store them all."""
        if self.clock(match) is not None:
            return self._act_on_clock(match, seat, version, data)
        now = self.current(match)
        if version != now.version:
            raise StaleVersion(f"the action was chosen at version {version} but the session is at "
                               f"version {now.version}; reload and choose again")
        action = _parse_action(now.state, data, seat)
        after = now.extend(seat, action)
        after, taken = self._run_bots(match, after)
        self.storage.append(match.id, now.version,
                            [(seat, action_to_json(action))] + [(s, action_to_json(a)) for s, a in taken])
        self._remember(match, now.version, after)
        return after

    def _act_on_clock(self, match: MatchRecord, seat: int, version: int, data: Any) -> Replay:
        """On a server clock: the clock event for now, the action, the bots due. An action
        chosen a few versions back still counts when only clock events and waits came since
        (nothing anyone can see changed), or at any version in a game whose actions apply in
        arrival order; the storage's version check decides a race."""
        for attempt in range(5):
            now = self._load(match)
            clock = self.storage.clock(match.id)
            since = now.log[version:] if 0 <= version <= now.version else None
            # a game whose actions apply in arrival order (James Bond's race) checks each one
            # against the state it meets: only an unknown version is refused here
            in_order = bool(getattr(now.state, "arrival_order", False))
            if since is None or (not in_order and any(e.seat != CLOCK_SEAT and e.action.kind != "wait"
                                                      for e in since)):
                raise StaleVersion(f"the action was chosen at version {version} but the session is at "
                                   f"version {now.version}; reload and choose again")
            after, taken, row = self._step(match, now, clock, self.now(), act=(seat, data))
            try:
                self.storage.append(match.id, now.version, [(s, action_to_json(a)) for s, a in taken], clock=row)
            except StaleVersion:
                continue   # someone wrote at the same moment: look again, the action may still stand
            self._remember(match, now.version, after)
            return after
        raise StaleVersion("the session kept changing while this action was recorded; reload and choose again")

    def hint(self, match: MatchRecord, seat: int, budget_ms: int, mode: str | None = None) -> dict:
        """The game's hint for ``seat`` (409 when that seat is not to move, unless the
        match is over and the game reviews finished matches); ``mode`` asks for one of
        the game's hint methods (422 when it has no such method)."""
        game = games.get(match.game)
        if mode is not None and mode not in game.hint_modes:
            offered = ", ".join(game.hint_modes) if game.hint_modes else "none: it has one hint method"
            raise CardsageError(f"{match.game} has no hint mode {mode!r} (modes: {offered})", field="mode")
        now = self.current(match)
        state = now.state
        budget = budget_ms / 1000
        if seat not in state.to_move:
            if state.is_over and game.review_mode is not None and mode in (None, game.review_mode):
                return self.hint_for_state(game, state, seat, budget, game.review_mode)
            raise OutOfTurn(f"seat {seat} is not to move" + (" (the match is over)" if state.is_over else ""),
                            status=409)
        return self.hint_for_state(game, state, seat, budget, mode)

    def hint_for_state(self, game: Game, state, seat: int, budget: float, mode: str | None) -> dict:
        """A game's hint for ``seat`` on ``state`` as JSON, in a solver process above a small budget."""
        # above a small budget the search runs in a solver process (api/workers.py)
        if self.solvers is None:
            hint = game.hint(state, seat, budget) if mode is None else game.hint(state, seat, budget, mode=mode)
            return hint.to_json()
        from api import workers

        return self.solvers.run(budget, workers.hint, game.name, state, seat, budget, mode)

    # ------------------------------------------------------------- views
    def view(self, match: MatchRecord, now: Replay, seat: int) -> dict:
        """What ``seat`` may see of the session: its view, its legal actions, its log and
        the score sheet.

        The log shows the latest ``state.review_limit(seat)`` entries in full and older
        ones by their verb only (a game where quitted tricks may not be looked at again);
        once the match is over, like the seed and the deal, every entry is shown."""
        state = now.state
        view = state.view(seat)
        public = view.get("public") or {}
        names = public.get("seat_names") if isinstance(public.get("seat_names"), list) else None
        limit = None if state.is_over else state.review_limit(seat)
        body = {
            "id": match.id, "game": match.game, "seat": seat, "seats": list(match.seats),
            "version": now.version, "to_move": sorted(state.to_move), "over": state.is_over,
            "scores": list(state.scores), "view": view,
            "legal_actions": [a.to_json() for a in state.legal_actions(seat)] if seat in state.to_move else [],
            "log": log_for(now.log, seat, limit),
            "score_sheet": score_sheet(state, names),
            "options": {k: v for k, v in match.options.items()
                        if k not in games.get(match.game).secret_options},
        }
        if getattr(state, "clock_now", None) is not None:
            body["clock"] = self.clock_view(state, self.clock(match))
        if state.is_over:
            # the seed and deal reveal every hand, so they are shown only once the match is over
            body["seed"] = match.seed
            body["deal"] = match.deal
        return body

    def clock_view(self, state, clock: ClockRecord | None) -> dict:
        """The clock facts of a real-time session: its mode, the game clock of the state,
        the server's game time now (seconds, fractional) and the next event's game time."""
        body = {"mode": "turns" if clock is None else "server", "game_clock": state.clock_now,
                "next_wake": state.next_wake()}
        if clock is not None:
            body["now"] = round(max(0.0, self.now() - clock.origin), 3)
            body["reactions"] = list(clock.reactions)
        return body

    # ------------------------------------------------------------- internals
    def _load(self, match: MatchRecord) -> Replay:
        version = self.storage.version(match.id)
        cached = self.replays.get((match.id, version))
        if cached is not None:
            return cached
        game = games.get(match.game)
        result = self._stored_snapshot(game, match, version) if version >= SNAPSHOT_EVERY else None
        base = 0 if result is None else result.version
        try:
            if result is None:
                start = game.new(seed=match.seed, deal=match.deal, options=match.options)
                result = replay(start, ((r.seat, r.action) for r in self.storage.actions(match.id)))
            else:
                result = continue_replay(result, ((r.seat, r.action)
                                                  for r in self.storage.actions(match.id, after=base)))
        except CardsageError as exc:
            # a stored log that no longer replays is a server fault, not the client's
            raise RuntimeError(f"session {match.id} does not replay: {exc.message}") from exc
        if result.version - base >= SNAPSHOT_EVERY:
            self._snapshot(match, result)
        self.replays.put((match.id, result.version), result)
        return result

    def _stored_snapshot(self, game: Game, match: MatchRecord, version: int) -> Replay | None:
        """The match's stored snapshot when it is usable (made by the same game code, not
        ahead of the log), else None."""
        stored = self.storage.snapshot(match.id)
        if stored is None:
            return None
        at, rules, body = stored
        if rules != rules_fingerprint() or at > version:
            return None
        try:
            result = from_snapshot(game, body)
        except (CardsageError, KeyError, TypeError, ValueError):
            log.warning("session %s: its snapshot does not load; replaying the log", match.id)
            return None
        return result if result.version == at else None

    def _snapshot(self, match: MatchRecord, result: Replay) -> None:
        try:
            self.storage.save_snapshot(match.id, result.version, rules_fingerprint(), snapshot_body(result))
        except Exception:  # noqa: BLE001 - a snapshot only saves time; the request has what it needs
            log.exception("session %s: storing its snapshot failed", match.id)

    def _remember(self, match: MatchRecord, before: int, after: Replay) -> None:
        """Cache the replay; store a snapshot when it passed a multiple of SNAPSHOT_EVERY."""
        self.replays.put((match.id, after.version), after)
        if after.version // SNAPSHOT_EVERY > before // SNAPSHOT_EVERY:
            self._snapshot(match, after)

    def _advance_bots(self, match: MatchRecord, now: Replay) -> Replay:
        # bot turns are left pending only when an earlier request ran out of budget
        if bot_to_move(now, match.seats) is None:
            return now
        after, taken = self._run_bots(match, now)
        try:
            self.storage.append(match.id, now.version, [(s, action_to_json(a)) for s, a in taken])
        except StaleVersion:
            return self._load(match)   # another request took these same turns first
        self._remember(match, now.version, after)
        return after

    def _run_bots(self, match: MatchRecord, now: Replay):
        policies = games.get(match.game).bots()
        try:
            return run_bots(now, match.seats, policies, match.seed, max_actions=self.bot_actions_max,
                            budget_s=self.bot_budget_s)
        except BotFailure:
            log.exception("bot failure in session %s", match.id)
            raise


def _game_for_create(name: Any) -> Game:
    if not isinstance(name, str):
        raise CardsageError("'game' must be a game name string", status=400, field="game")
    try:
        return games.get(name)
    except CardsageError as exc:
        # the request addresses /sessions, which exists: an unknown game is invalid content
        raise CardsageError(exc.message, status=422, field="game") from None


def _check_seats(game: Game, seats: Any, players: int) -> tuple[str, ...]:
    if not isinstance(seats, list):
        raise CardsageError("'seats' must be a list with 'human' or a bot name per seat", status=400,
                            field="seats")
    bots = game.bots()
    if len(seats) != players:
        raise CardsageError(f"{game.title} with these options has {players} seats; 'seats' lists {len(seats)}",
                            field="seats")
    for i, kind in enumerate(seats):
        if kind != HUMAN and (not isinstance(kind, str) or kind not in bots):
            raise CardsageError(f"seat {i} must be 'human' or one of the bots {', '.join(sorted(bots))}; "
                                f"got {kind!r}", field=f"seats.{i}")
    if HUMAN not in seats:
        raise CardsageError("at least one seat must be 'human'", field="seats")
    return tuple(seats)


def _parse_action(state, data: Any, seat: int):
    try:
        return state.parse_action(data, seat)
    except CardsageError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # odd input can trip a game's own parser before its checks: it is still the client's error
        log.info("malformed action %r: %r", data, exc)
        raise CardsageError(f"malformed action: {exc}", status=400, field="action") from None


def _start(game: Game, seed: int, deal: Any, options: dict):
    try:
        return game.new(seed=seed, deal=deal, options=options)
    except CardsageError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        # a deal of the wrong shape can trip a game's parser before its own checks
        log.info("malformed deal for %s: %r", game.name, exc)
        raise CardsageError(f"malformed deal for {game.title}: {exc}", field="deal") from None
