"""Patience over HTTP: is this Klondike / Forty Thieves deal winnable, one deal or many.

``POST /api/v1/patience/{game}/solve`` answers one deal within a budget.
``POST /api/v1/patience/{game}/verify`` queues a batch job over deal numbers;
``GET /api/v1/patience/jobs/{id}`` follows it, ``DELETE`` cancels it and
``GET /api/v1/patience/jobs/{id}/results`` downloads its results (CSV or JSON lines).
Jobs and their results live in the database; each server process's runner
(api/jobs/runner.py) claims them and solves their deals in niced child processes, so a
restart resumes them and any process answers for any job.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
import secrets
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone

from flask import Blueprint, Response, current_app, jsonify, request

from api import workers
from api.jobs.runner import JobRunner
from api.openapi import json_body, json_response, path_param, problems, query_param, ref
from api.problems import PROBLEM_MEDIA_TYPE, problem
from api.storage import JobRecord
from api.validation import get_object, integral, json_object, only_fields
from api.warmup import warm_up_in_background
from solvers import games
from solvers.errors import CardsageError
from solvers.games.patience_common import read_deal
from solvers.patience import forty_thieves_jit, klondike_jit
from solvers.patience.deal import deal_by_number
from solvers.patience.formats import position_to_json, to_solvitaire
from solvers.patience.search import solve
from solvers.patience.verify import FIELDS, summarise
from solvers.patience.verify_cli import parse_seeds

blueprint = Blueprint("patience", __name__, url_prefix="/api/v1/patience")


def _warm_up_patience() -> None:
    klondike_jit.warm_up()
    forty_thieves_jit.warm_up()


warm_up_in_background(blueprint, _warm_up_patience, "patience-warm-up")

GAMES = ("klondike", "forty-thieves")
DEFAULTS = {
    "PATIENCE_BUDGET_S_DEFAULT": 10.0,   # seconds per deal when the request names none
    "PATIENCE_BUDGET_S_MAX": 60.0,       # seconds per deal at most
    "PATIENCE_JOB_WORKERS": 1,           # child processes solving job deals, per server process
    "PATIENCE_JOB_SEEDS_MAX": 2000,      # deals per batch job at most
    "PATIENCE_JOB_DEAL_SECONDS_MAX": 2000 * 60.0,   # deals × budget_seconds per job at most (422 above)
    "PATIENCE_CLIENT_JOBS_MAX": 2,       # queued or running jobs per client (remote address; 429 above)
    "PATIENCE_CLIENT_DEAL_SECONDS_MAX": 2000 * 60.0,  # outstanding deal-seconds per client (429 above)
    "PATIENCE_JOBS_RUNNING_MAX": 2,      # jobs running at once over all server processes (others queue)
    "PATIENCE_JOBS_KEPT": 1000,          # ended jobs kept in the database (the oldest are deleted)
    "PATIENCE_JOB_LEASE_S": 15.0,        # a runner's claim on a job lasts this long unless renewed
    "PATIENCE_JOB_POLL_S": 1.0,          # how often a runner renews its leases and looks for work
    "PATIENCE_JOB_NICE": 10,             # niceness added to the job child processes
    "PATIENCE_JOB_RUNNER": True,         # False: jobs are stored but this app runs none (tests)
}


def _config(name: str):
    return current_app.config.get(name, DEFAULTS[name])


# ---------------------------------------------------------------- reading the inputs

# the fields a request may hold: any other (a rule put beside `rules` instead of in it,
# a misspelt name) is refused rather than ignored
SOLVE_FIELDS = ("seed", "deal", "format", "rules", "budget_seconds", "include_deal")
VERIFY_FIELDS = ("seeds", "rules", "budget_seconds")


def _game(name: str) -> str:
    if name not in GAMES:
        raise CardsageError(f"unknown patience game {name!r}; use klondike or forty-thieves",
                            status=404, field="game")
    return name


def _rules(game: str, data: dict):
    """Library rules from the request's ``rules`` object (the game's options, with
    ``passes`` also accepting ``"unlimited"`` or null)."""
    given = dict(get_object(data, "rules"))
    if game == "klondike" and given.get("passes", 0) in (None, "unlimited"):
        given["passes"] = 0
    if game == "forty-thieves" and given.get("redeals") is None:
        given.pop("redeals", None)
    try:
        options = games.get(game).options(given)
    except CardsageError as error:
        raise CardsageError(error.message, field=(error.field or "options").replace("options", "rules", 1)) \
            from None
    return options.to_rules()


def _budget(data: dict) -> float:
    value = data.get("budget_seconds", _config("PATIENCE_BUDGET_S_DEFAULT"))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise CardsageError("'budget_seconds' must be a number of seconds", status=400, field="budget_seconds")
    if value <= 0:
        raise CardsageError("'budget_seconds' must be more than 0", field="budget_seconds")
    return float(min(value, _config("PATIENCE_BUDGET_S_MAX")))


def _position(game: str, data: dict):
    """The deal to solve: ``seed`` (a deal number) or ``deal`` with an optional ``format``."""
    if ("seed" in data) == ("deal" in data):
        raise CardsageError("send either 'seed' (a deal number) or 'deal' (a deal object)",
                            status=400, field="deal")
    fmt = data.get("format")
    if "format" in data and fmt not in ("cardsage", "solvitaire"):
        raise CardsageError(f"unknown deal format {fmt!r}: use cardsage or solvitaire", field="format")
    if "seed" in data:
        seed = integral(data["seed"])
        if seed is None:
            raise CardsageError("'seed' must be a whole number", status=400, field="seed")
        if not 0 <= seed <= SEED_MAX:
            raise CardsageError(f"'seed' is a deal number from 0 to {SEED_MAX}", field="seed")
        return deal_by_number(game, seed), False
    deal = data["deal"]
    if isinstance(deal, dict) and fmt is not None and "format" not in deal:
        deal = {**deal, "format": fmt}
    try:
        return read_deal(game, deal), True
    except CardsageError as error:   # name the field inside the deal as `deal.tableau`
        if error.field and error.field.split(".")[0] not in ("deal", "format"):
            raise CardsageError(error.message, status=error.status, field=f"deal.{error.field}") from None
        raise


# ---------------------------------------------------------------- one deal


@blueprint.post("/<game>/solve")
def solve_deal(game: str):
    """Winnable, unwinnable (proven) or unknown (budget spent), with a solution."""
    game = _game(game)
    data = json_object()
    only_fields(data, SOLVE_FIELDS)
    rules = _rules(game, data)
    budget = _budget(data)
    position, _ = _position(game, data)
    # the search runs in a solver process; the request thread only waits (api/workers.py)
    result = current_app.extensions["cardsage.solvers"].run(budget, workers.patience_solve, position, rules, budget)
    body = {"game": game, "rules": rules.label(), "verdict": result.verdict,
            "solution": result.solution or [], "moves": len(result.solution or ()),
            "nodes": result.nodes, "seconds": round(result.seconds, 4), "budget_seconds": budget}
    if data.get("include_deal"):
        body["deal"] = {"cardsage": position_to_json(position), "solvitaire": to_solvitaire(position)}
    return jsonify(body)


# ---------------------------------------------------------------- batch jobs
#
# Jobs and their per-deal results live in the database (api/storage.py), so any server
# process answers for any job and a restarted server resumes them; the runner
# (api/jobs/runner.py) runs them off the request path in niced child processes.

JOB_STATUSES = ("queued", "running", "done", "failed", "cancelled")
RESULT_FORMATS = {"csv": "text/csv", "jsonl": "application/x-ndjson"}
SEED_MAX = 10 ** 19 - 1   # the largest deal number a range may name (19 digits)


class TooManyJobs(CardsageError):
    """429: the client already has as many jobs, or as much outstanding work, as allowed."""

    def __init__(self, message: str, retry_after: int):
        super().__init__(message, status=429, field="seeds")
        self.retry_after = retry_after


@blueprint.errorhandler(TooManyJobs)
def _too_many_jobs(error: TooManyJobs):
    return problem(429, error.message, slug="too-many-requests", title="Too many requests",
                   field=error.field, headers={"Retry-After": str(error.retry_after)})


@dataclass
class Job:
    """A stored verification job and what its stored results add up to."""

    record: JobRecord
    counts: dict = field(default_factory=dict)

    @property
    def done(self) -> int:
        return sum(self.counts.values())

    def to_json(self, results: list[dict] | None = None) -> dict:
        """Status, progress, counts, the Wilson interval and (when given) the results."""
        r = self.record
        summary = summarise([{"verdict": v} for v, n in self.counts.items() for _ in range(n)])
        done = self.done
        now = time.time()
        elapsed = ((r.finished_at or now) - r.started_at) if r.started_at else 0.0
        rate = done / elapsed if elapsed > 0 else 0.0
        if r.status in ("queued", "running"):
            eta = (r.total - done) / rate if rate > 0 else None
        else:
            eta = 0.0
        body = {"job": r.id, "game": r.game, "rules": r.rules_label, "status": r.status, "error": r.error,
                "budget_seconds": r.budget_seconds, "created_at": _iso(r.created_at),
                "started_at": _iso(r.started_at), "finished_at": _iso(r.finished_at),
                "progress": {"done": done, "total": r.total, "rate": round(rate, 3),
                             "eta_seconds": None if eta is None else round(eta, 1),
                             "elapsed_seconds": round(max(elapsed, 0.0), 2)},
                "counts": {"winnable": summary.winnable, "unwinnable": summary.unwinnable,
                           "unknown": summary.unknown},
                "winnability": summary.winnability, "interval": list(summary.interval),
                "links": _job_links(r.id)}
        if results is not None:
            body["results"] = results
        return body


class JobBoard:
    """The jobs of one app: the database, and this process's runner."""

    def __init__(self, app):
        self.app = app
        self.storage = app.extensions["cardsage.storage"]
        self.runner: JobRunner | None = None

    def _config(self, name: str):
        return self.app.config.get(name, DEFAULTS[name])

    def runner_for_this_process(self) -> JobRunner:
        """The runner of this process (a process forked after the app was built gets its own)."""
        if self.runner is None or self.runner.pid != os.getpid():
            self.runner = JobRunner(self.storage, workers=self._config("PATIENCE_JOB_WORKERS"),
                                    running_max=self._config("PATIENCE_JOBS_RUNNING_MAX"),
                                    lease_seconds=self._config("PATIENCE_JOB_LEASE_S"),
                                    poll_seconds=self._config("PATIENCE_JOB_POLL_S"),
                                    niceness=self._config("PATIENCE_JOB_NICE"),
                                    cpus=self.app.config.get("SOLVER_CPUS", "auto"))
        return self.runner

    def wake(self) -> None:
        """Start (or wake) this process's runner, unless the app runs no jobs."""
        if self._config("PATIENCE_JOB_RUNNER"):
            self.runner_for_this_process().ensure_running()

    def resume(self) -> None:
        """At start-up (and in a newly forked process): run the unfinished jobs, if any."""
        if self._config("PATIENCE_JOB_RUNNER") and self.storage.unfinished_jobs():
            self.wake()

    def stop(self) -> None:
        """Stop this process's runner (tests; the jobs stay in the database)."""
        if self.runner is not None:
            self.runner.stop()

    def start(self, record: JobRecord) -> None:
        """Check the client's limits, store the job (queued) and wake the runner."""
        self.storage.create_job(record, kept=self._config("PATIENCE_JOBS_KEPT"),
                                admit=lambda jobs: self._check_client(record, jobs))
        self.wake()

    def _check_client(self, record: JobRecord, jobs: list[tuple[JobRecord, int]]) -> None:
        jobs_max = self._config("PATIENCE_CLIENT_JOBS_MAX")
        work_max = self._config("PATIENCE_CLIENT_DEAL_SECONDS_MAX")
        processes = max(1, int(self._config("PATIENCE_JOB_WORKERS")))
        outstanding = [(job.total - done) * job.budget_seconds for job, done in jobs]
        # the soonest one of this client's jobs can end, at its worst (every deal to the budget)
        retry = int(min(outstanding, default=1) / processes) + 1
        retry = max(1, min(retry, 3600))
        if len(jobs) >= jobs_max:
            raise TooManyJobs(f"you have {len(jobs)} verification jobs queued or running, the most "
                              f"this server allows per client ({jobs_max}); retry when one has "
                              "finished, or cancel one with DELETE", retry)
        asked = record.total * record.budget_seconds
        if sum(outstanding) + asked > work_max:
            raise TooManyJobs(f"this job ({record.total} deals × {record.budget_seconds:g} s) and your "
                              f"unfinished jobs ({sum(outstanding):g} deal-seconds to go) exceed the "
                              f"{work_max:g} deal-seconds a client may have outstanding; retry later "
                              "or ask for fewer deals or a smaller budget", retry)

    def get(self, job_id: str) -> Job:
        """The job with this id (404 when unknown)."""
        record = self.storage.job(job_id) if len(job_id) <= 32 else None
        if record is None:
            raise CardsageError(f"no verification job {job_id!r}", status=404, field="job")
        return Job(record, self.storage.job_counts(job_id))


def _board() -> JobBoard:
    board = current_app.extensions.get("cardsage.patience_jobs")
    if board is None:
        board = current_app.extensions.setdefault("cardsage.patience_jobs", JobBoard(current_app))
    return board


@blueprint.record_once
def _resume_jobs(state) -> None:
    board = state.app.extensions.setdefault("cardsage.patience_jobs", JobBoard(state.app))
    state.app.extensions["cardsage.patience_jobs_pid"] = os.getpid()
    try:
        board.resume()
    except Exception:  # a database that is not reachable yet: the first request tries again
        logging.getLogger(__name__).exception("could not resume verification jobs")
        state.app.extensions["cardsage.patience_jobs_pid"] = None


@blueprint.before_app_request
def _resume_after_fork() -> None:
    # a server worker forked after the app was built has no runner thread: start one
    if current_app.extensions.get("cardsage.patience_jobs_pid") != os.getpid():
        current_app.extensions["cardsage.patience_jobs_pid"] = os.getpid()
        _board().resume()


def _seeds(data: dict) -> list[int]:
    value = data.get("seeds")
    limit = _config("PATIENCE_JOB_SEEDS_MAX")
    # the size is checked before any range is expanded
    if isinstance(value, str):
        seeds = parse_seeds(value, limit)
    elif isinstance(value, list) and all(integral(s) is not None for s in value):
        value = [integral(s) for s in value]   # 7.0 is the integer 7, as in the JSON schema
        if len(value) > limit:
            raise CardsageError(f"a job verifies at most {limit} deals; got {len(value)}", field="seeds")
        seeds = list(value)
    else:
        raise CardsageError("'seeds' is required: a range like \"1-100\" or a list of deal numbers",
                            status=400, field="seeds")
    if not seeds:
        raise CardsageError("'seeds' names no deal", field="seeds")
    if any(s < 0 or s > SEED_MAX for s in seeds):
        raise CardsageError(f"deal numbers are whole numbers from 0 to {SEED_MAX}", field="seeds")
    if len(set(seeds)) != len(seeds):
        raise CardsageError("'seeds' names a deal twice", field="seeds")
    return seeds


def _client() -> str:
    return (request.remote_addr or "unknown")[:64]


def _iso(stamp: float | None) -> str | None:
    if stamp is None:
        return None
    return datetime.fromtimestamp(stamp, timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def _job_links(job_id: str) -> dict:
    url = f"/api/v1/patience/jobs/{job_id}"
    return {"job": url, "results": url + "/results"}


@blueprint.post("/<game>/verify")
def start_job(game: str):
    """Queue a job verifying many numbered deals; answer 202 with its id.

    Every check (body, rules, seeds, budget, the per-job and per-client limits) comes
    before anything is stored or started."""
    game = _game(game)
    data = json_object()
    only_fields(data, VERIFY_FIELDS)
    rules = _rules(game, data)
    seeds = _seeds(data)
    budget = _budget(data)
    work_max = _config("PATIENCE_JOB_DEAL_SECONDS_MAX")
    if len(seeds) * budget > work_max:
        raise CardsageError(f"a job may ask for at most {work_max:g} deal-seconds (deals × budget_seconds); "
                            f"{len(seeds)} deals × {budget:g} s is {len(seeds) * budget:g}: ask for fewer "
                            "deals or a smaller budget", field="seeds")
    record = JobRecord(id=secrets.token_urlsafe(9), game=game, rules=rules.to_json(), rules_label=rules.label(),
                       seeds=seeds, total=len(seeds), budget_seconds=budget, client=_client(), status="queued",
                       error=None, created_at=time.time(), started_at=None, finished_at=None,
                       lease_owner=None, lease_until=None)
    _board().start(record)
    links = _job_links(record.id)
    response = jsonify({"job": record.id, "total": record.total, "status": "queued",
                        "budget_seconds": budget, "links": links})
    response.status_code = 202
    response.headers["Location"] = links["job"]
    return response


@blueprint.get("/jobs/<job_id>")
def get_job(job_id: str):
    """Status, progress, counts, interval and the results stored so far."""
    board = _board()
    job = board.get(job_id)
    rows = [row for _, row in board.storage.job_results(job_id, job=job.record)]
    return jsonify(job.to_json(rows))


@blueprint.delete("/jobs/<job_id>")
def cancel_job(job_id: str):
    """Cancel a queued or running job; the results so far stay. A job that has ended is
    answered as it is (cancelling twice is harmless); a finished or failed one with 409."""
    board = _board()
    job = board.get(job_id)
    if job.record.status in ("queued", "running"):
        board.storage.cancel_job(job_id)
        board.wake()
        job = board.get(job_id)
    if job.record.status in ("done", "failed"):
        raise CardsageError(f"job {job_id} has already ended ({job.record.status}); nothing to cancel",
                            status=409, field="job")
    return jsonify(job.to_json())


@blueprint.get("/jobs/<job_id>/results")
def job_results(job_id: str):
    """The results stored so far as CSV or JSON lines, streamed in deal order."""
    fmt = request.args.get("format")
    if fmt is None:
        best = request.accept_mimetypes.best_match(["application/x-ndjson", "application/jsonl", "text/csv"])
        fmt = "csv" if best == "text/csv" else "jsonl"
    if fmt not in RESULT_FORMATS:
        raise CardsageError(f"unknown results format {fmt!r}: use csv or jsonl", field="format")
    board = _board()
    record = board.get(job_id).record
    storage = board.storage

    def rows():
        after = -1
        while True:
            page = storage.job_results(job_id, after=after, limit=500, job=record)
            yield from (row for _, row in page)
            if len(page) < 500:
                return
            after = page[-1][0]

    def csv_lines():
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
        writer.writeheader()
        for row in rows():
            writer.writerow({**row, "solution": ";".join(row["solution"])})
            if buffer.tell() > 16384:
                yield buffer.getvalue()
                buffer.seek(0)
                buffer.truncate()
        yield buffer.getvalue()

    def jsonl_lines():
        for row in rows():
            yield json.dumps(row) + "\n"

    body = csv_lines() if fmt == "csv" else jsonl_lines()
    response = Response(body, mimetype=RESULT_FORMATS[fmt])
    response.headers["Content-Disposition"] = f'attachment; filename="job-{job_id}.{fmt}"'
    response.headers["Vary"] = "Accept"
    return response


# ---------------------------------------------------------------- OpenAPI

_GAME = path_param("game", "klondike or forty-thieves", "klondike")

_RULES = {
    "type": "object", "additionalProperties": False,
    "description": "Klondike: draw, passes, single_pass_switch, foundation_to_tableau. "
                   "Forty Thieves: redeals. Defaults as the game options.",
    "properties": {
        "draw": {"type": "integer", "enum": [1, 3], "default": 1},
        "passes": {"description": "0, null or \"unlimited\" = unlimited; N = N passes",
                   "oneOf": [{"type": "integer", "minimum": 0}, {"type": "null"}, {"const": "unlimited"}]},
        "single_pass_switch": {"type": "boolean", "default": True,
                               "description": "draw 3: the one-time switch to a last one-card pass"},
        "foundation_to_tableau": {"type": "boolean", "default": True},
        "redeals": {"type": "string", "enum": ["unlimited", "none", "one"], "default": "unlimited"},
    },
}

_SOLVE_EXAMPLE = {"game": "klondike", "rules": "klondike draw 1, unlimited passes", "verdict": "winnable",
                  "solution": ["t4 f", "t7 t4", "draw"], "moves": 3, "nodes": 812, "seconds": 0.04,
                  "budget_seconds": 10.0}

_JOB_ID = path_param("job_id", "the id returned when the job was queued", "Xk3vP0aQ9mRt")

_TOO_MANY = {"description": "Too many jobs, or too much outstanding work, for this client; retry after "
                            "`Retry-After` seconds or cancel a job",
             "headers": {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}},
             "content": {PROBLEM_MEDIA_TYPE: {"schema": ref("Problem")}}}

OPENAPI_SCHEMAS = {
    "PatienceRules": _RULES,
    "PatienceSolveRequest": {
        "type": "object", "additionalProperties": False,
        "description": "Either `seed` (a deal number) or `deal` (our JSON deal format or Solvitaire's).",
        "oneOf": [{"required": ["seed"]}, {"required": ["deal"]}],
        "properties": {
            "seed": {"type": "integer", "minimum": 0, "maximum": SEED_MAX},
            "deal": {"type": "object", "description": "a deal; see docs/patience-deals.md"},
            "format": {"type": "string", "enum": ["cardsage", "solvitaire"],
                       "description": "the deal's format (guessed from `tableau piles` when absent)"},
            "rules": ref("PatienceRules"),
            "budget_seconds": {"type": "number", "exclusiveMinimum": 0, "default": 10,
                               "description": "clamped to the server maximum (PATIENCE_BUDGET_S_MAX)"},
            "include_deal": {"type": "boolean", "default": False,
                             "description": "also answer the deal in both formats"},
        },
    },
    "PatienceSolveResult": {
        "type": "object", "required": ["verdict", "solution", "nodes", "seconds"],
        "properties": {
            "game": {"type": "string"}, "rules": {"type": "string"},
            "verdict": {"type": "string", "enum": ["winnable", "unwinnable", "unknown"]},
            "solution": {"type": "array", "items": {"type": "string"}},
            "moves": {"type": "integer"}, "nodes": {"type": "integer"}, "seconds": {"type": "number"},
            "budget_seconds": {"type": "number"},
            "deal": {"type": "object", "properties": {"cardsage": {"type": "object"},
                                                      "solvitaire": {"type": "object"}}},
        },
        "example": _SOLVE_EXAMPLE,
    },
    "PatienceVerifyRequest": {
        "type": "object", "required": ["seeds"], "additionalProperties": False,
        "description": "At most `PATIENCE_JOB_SEEDS_MAX` (2000) deals, and deals × `budget_seconds` at most "
                       "`PATIENCE_JOB_DEAL_SECONDS_MAX` (120000); both are checked before anything is stored.",
        "properties": {
            "seeds": {"oneOf": [
                {"type": "string", "pattern": r"^[0-9 ,-]*[0-9][0-9 ,-]*$", "example": "1-100",
                 "description": "ranges and numbers: `1-100`, `7`, `1-10,20,30-40`"},
                {"type": "array", "minItems": 1, "uniqueItems": True,
                 "items": {"type": "integer", "minimum": 0, "maximum": 10 ** 19 - 1}}]},
            "rules": ref("PatienceRules"),
            "budget_seconds": {"type": "number", "exclusiveMinimum": 0, "default": 10,
                               "description": "per deal; clamped to the server maximum (PATIENCE_BUDGET_S_MAX)"},
        },
    },
    "PatienceJobStarted": {
        "type": "object", "required": ["job", "total", "status", "links"],
        "properties": {
            "job": {"type": "string"}, "total": {"type": "integer"},
            "status": {"type": "string", "const": "queued"}, "budget_seconds": {"type": "number"},
            "links": {"type": "object", "properties": {"job": {"type": "string"}, "results": {"type": "string"}}},
        },
    },
    "PatienceJobResult": {
        "type": "object",
        "description": "One deal's result (the rows of `cardsage verify`).",
        "properties": {
            "id": {"type": "string", "description": "the deal number"}, "game": {"type": "string"},
            "rules": {"type": "string"},
            "verdict": {"type": "string", "enum": ["winnable", "unwinnable", "unknown"]},
            "moves": {"type": "integer"}, "nodes": {"type": "integer"}, "seconds": {"type": "number"},
            "solution": {"type": "array", "items": {"type": "string"}},
        },
    },
    "PatienceJob": {
        "type": "object",
        "properties": {
            "job": {"type": "string"}, "game": {"type": "string"}, "rules": {"type": "string"},
            "status": {"type": "string", "enum": list(JOB_STATUSES)},
            "error": {"type": ["string", "null"]},
            "budget_seconds": {"type": "number"},
            "created_at": {"type": "string", "format": "date-time"},
            "started_at": {"type": ["string", "null"], "format": "date-time"},
            "finished_at": {"type": ["string", "null"], "format": "date-time"},
            "progress": {"type": "object", "properties": {
                "done": {"type": "integer"}, "total": {"type": "integer"}, "rate": {"type": "number"},
                "eta_seconds": {"type": ["number", "null"]}, "elapsed_seconds": {"type": "number"}}},
            "counts": {"type": "object", "properties": {
                "winnable": {"type": "integer"}, "unwinnable": {"type": "integer"},
                "unknown": {"type": "integer"}}},
            "winnability": {"type": "number"},
            "interval": {"type": "array", "items": {"type": "number"},
                         "description": "Wilson 95% interval, unknowns counted as losses then as wins"},
            "links": {"type": "object", "properties": {"job": {"type": "string"}, "results": {"type": "string"}}},
            "results": {"type": "array", "items": ref("PatienceJobResult"),
                        "description": "the results stored so far, in deal order (not in the DELETE answer)"},
        },
    },
}

OPENAPI_PATHS = {
    "/api/v1/patience/{game}/solve": {"post": {
        "tags": ["patience"], "operationId": "solvePatienceDeal", "summary": "Is this deal winnable?",
        "description": "Exact search within the budget: `winnable` with a solution, `unwinnable` "
                       "(the whole search space was exhausted: a proof), or `unknown`. A deal with "
                       "a missing, duplicated or unknown card is refused with 422 naming the card.",
        "parameters": [_GAME],
        "requestBody": json_body(ref("PatienceSolveRequest"), {"seed": 7, "rules": {"draw": 3}}),
        "responses": {"200": json_response("The verdict", ref("PatienceSolveResult"), _SOLVE_EXAMPLE),
                      **problems(400, 404, 413, 422)},
    }},
    "/api/v1/patience/{game}/verify": {"post": {
        "tags": ["patience"], "operationId": "startPatienceJob", "summary": "Verify many numbered deals",
        "description": "Stores a verification job (status `queued`) and answers 202 with its id; a runner "
                       "in one of the server processes runs it in niced child processes. Jobs and their "
                       "results are kept in the database: any server process answers for any job, and a "
                       "restarted server resumes unfinished jobs where they stopped. Too many deals, or "
                       "deals × budget above `PATIENCE_JOB_DEAL_SECONDS_MAX`, is 422. A client (remote "
                       "address) may have at most `PATIENCE_CLIENT_JOBS_MAX` jobs queued or running and "
                       "`PATIENCE_CLIENT_DEAL_SECONDS_MAX` deal-seconds outstanding: above either, 429 "
                       "with `Retry-After`.",
        "parameters": [_GAME],
        "requestBody": json_body(ref("PatienceVerifyRequest"), {"seeds": "1-100", "budget_seconds": 5}),
        "responses": {"202": json_response("Job queued", ref("PatienceJobStarted"),
                                           {"job": "Xk3vP0aQ9mRt", "total": 100, "status": "queued",
                                            "budget_seconds": 5.0,
                                            "links": {"job": "/api/v1/patience/jobs/Xk3vP0aQ9mRt",
                                                      "results": "/api/v1/patience/jobs/Xk3vP0aQ9mRt/results"}}),
                      **problems(400, 404, 413, 422), "429": _TOO_MANY, **problems(503)},
    }},
    "/api/v1/patience/jobs/{job_id}": {
        "get": {
            "tags": ["patience"], "operationId": "getPatienceJob", "summary": "Follow a batch job",
            "description": "Status (`queued`, `running`, `done`, `failed`, `cancelled`), progress (done, "
                           "total, rate, ETA), verdict counts, the Wilson 95% interval and the results "
                           "stored so far.",
            "parameters": [_JOB_ID],
            "responses": {"200": json_response("Progress and results so far", ref("PatienceJob")),
                          **problems(404)},
        },
        "delete": {
            "tags": ["patience"], "operationId": "cancelPatienceJob", "summary": "Cancel a batch job",
            "description": "A queued or running job becomes `cancelled`; the results stored so far are "
                           "kept and stay downloadable. Cancelling a cancelled job answers it again; a "
                           "job that is `done` or `failed` gets 409.",
            "parameters": [_JOB_ID],
            "responses": {"200": json_response("The cancelled job (without its results)", ref("PatienceJob")),
                          **problems(404, 409)},
        },
    },
    "/api/v1/patience/jobs/{job_id}/results": {"get": {
        "tags": ["patience"], "operationId": "getPatienceJobResults", "summary": "Download the results of a job",
        "description": "The results stored so far, in deal order, streamed as CSV (the columns of "
                       "`cardsage verify`, moves joined by `;`) or JSON lines. Works while the job runs. "
                       "`format` wins over the `Accept` header (`text/csv`, `application/x-ndjson`); "
                       "JSON lines is the default.",
        "parameters": [_JOB_ID, query_param("format", "csv or jsonl", {"type": "string", "enum": ["csv", "jsonl"]},
                                            "csv")],
        "responses": {"200": {"description": "The results so far",
                              "content": {"text/csv": {"schema": {"type": "string"}},
                                          "application/x-ndjson": {"schema": {"type": "string"}}}},
                      **problems(404, 422)},
    }},
}
