"""Sessions: create matches, replay them from storage, take actions, run bots, build views.

Nothing here knows about HTTP; the blueprint in :mod:`api.sessions_bp` turns requests
into these calls and the errors raised here into problem responses.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from datetime import datetime, timezone
from typing import Any

from api.bot_runner import HUMAN, BotFailure, bot_to_move, run_bots
from api.cache import LruCache
from api.problems import AuthError, StaleVersion
from api.replay import (Replay, action_to_json, continue_replay, from_snapshot, log_for, replay,
                        rules_fingerprint, snapshot_body)
from api.storage import MatchRecord, Storage
from api.tokens import hash_token, new_token, seat_for_token
from solvers import games
from solvers.errors import CardsageError, OutOfTurn
from solvers.game import Game
from solvers.scoring import score_sheet

log = logging.getLogger(__name__)

SEED_RANGE = (-(2 ** 63), 2 ** 63 - 1)   # what a BIGINT column holds on every database
# a long match keeps a snapshot of its state every this many actions, so a server process
# that has not seen it yet replays at most this many actions
SNAPSHOT_EVERY = 200


class SessionService:
    """Event-sourced sessions over a :class:`Storage`, with an LRU of replayed states."""

    def __init__(self, storage: Storage, *, cache_size: int = 512, bot_actions_max: int = 10_000,
                 bot_budget_ms: int = 5_000, solvers=None):
        self.storage = storage
        self.solvers = solvers                    # api.workers.SolverPool for hints; None = inline
        self.replays = LruCache(cache_size)       # (match id, version) -> Replay
        self.matches = LruCache(cache_size)       # match id -> MatchRecord (rows never change)
        self.bot_actions_max = bot_actions_max
        self.bot_budget_s = bot_budget_ms / 1000

    # ------------------------------------------------------------- creating
    def create(self, game_name: str, seats: list, *, seed: int | None = None, options: dict | None = None,
               deal: Any = None) -> tuple[MatchRecord, dict[str, str], Replay]:
        """Start a match; return its record, the raw token of each human seat, and its replay."""
        game = _game_for_create(game_name)
        opts = game.options(options or {})
        seats = _check_seats(game, seats, game.players_for(opts))
        if seed is None:
            seed = secrets.randbelow(2 ** 63)
        option_values = {f.name: getattr(opts, f.name) for f in dataclasses.fields(opts)}
        start = _start(game, seed, deal, option_values)
        tokens = {str(i): new_token() for i, kind in enumerate(seats) if kind == HUMAN}
        record = MatchRecord(id=secrets.token_urlsafe(12), game=game.name, options=option_values, seed=seed,
                             deal=deal, seats=tuple(seats),
                             token_hashes={s: hash_token(t) for s, t in tokens.items()},
                             created_at=datetime.now(timezone.utc))
        first, taken = self._run_bots(record, Replay(start))
        self.storage.create(record, [(s, action_to_json(a)) for s, a in taken])
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
        """The session now: the stored log replayed (cached), with any pending bot turns taken."""
        return self._advance_bots(match, self._load(match))

    # ------------------------------------------------------------- acting
    def act(self, match: MatchRecord, seat: int, version: int, data: Any) -> Replay:
        """Take ``seat``'s action chosen at ``version``, then the bots' replies; store them all."""
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
                return self._hint(game, state, seat, budget, game.review_mode)
            raise OutOfTurn(f"seat {seat} is not to move" + (" (the match is over)" if state.is_over else ""),
                            status=409)
        return self._hint(game, state, seat, budget, mode)

    def _hint(self, game: Game, state, seat: int, budget: float, mode: str | None) -> dict:
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
        if state.is_over:
            # the seed and deal reveal every hand, so they are shown only once the match is over
            body["seed"] = match.seed
            body["deal"] = match.deal
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
