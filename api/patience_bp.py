"""Patience over HTTP: is this Klondike / Forty Thieves deal winnable, one deal or many.

``POST /api/v1/patience/{game}/solve`` answers one deal within a budget.
``POST /api/v1/patience/{game}/verify`` starts a batch job over deal numbers in a
background thread; ``GET /api/v1/patience/jobs/{id}`` follows it. Jobs live in the
memory of the server process: a restart loses running and finished jobs.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field

from flask import Blueprint, current_app, jsonify

from api import workers
from api.openapi import json_body, json_response, path_param, problems, ref
from api.validation import get_object, json_object
from api.warmup import warm_up_in_background
from solvers import games
from solvers.errors import CardsageError
from solvers.games.patience_common import read_deal
from solvers.patience import forty_thieves_jit, klondike_jit
from solvers.patience.deal import deal_by_number
from solvers.patience.formats import position_to_json, to_solvitaire
from solvers.patience.search import solve
from solvers.patience.verify import summarise, verify_many
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
    "PATIENCE_JOB_WORKERS": 1,           # processes per batch job (1 = inside the job's thread)
    "PATIENCE_JOB_SEEDS_MAX": 2000,      # deals per batch job at most
    "PATIENCE_JOBS_RUNNING_MAX": 2,      # batch jobs running at once at most
    "PATIENCE_JOBS_KEPT": 100,           # finished jobs kept in memory
}


def _config(name: str):
    return current_app.config.get(name, DEFAULTS[name])


# ---------------------------------------------------------------- reading the inputs


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
    if "seed" in data:
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise CardsageError("'seed' must be a whole number", status=400, field="seed")
        return deal_by_number(game, seed), False
    deal = data["deal"]
    fmt = data.get("format")
    if fmt is not None and fmt not in ("cardsage", "solvitaire"):
        raise CardsageError(f"unknown deal format {fmt!r}: use cardsage or solvitaire", field="format")
    if isinstance(deal, dict) and fmt is not None and "format" not in deal:
        deal = {**deal, "format": fmt}
    return read_deal(game, deal), True


# ---------------------------------------------------------------- one deal


@blueprint.post("/<game>/solve")
def solve_deal(game: str):
    """Winnable, unwinnable (proven) or unknown (budget spent), with a solution."""
    game = _game(game)
    data = json_object()
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


@dataclass
class Job:
    """A batch verification running (or finished) in a background thread."""

    id: str
    game: str
    rules: str
    total: int
    budget_seconds: float
    started: float = field(default_factory=time.time)
    finished: float | None = None
    status: str = "running"
    error: str | None = None
    results: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def record(self, done: int, total: int, row: dict) -> None:
        """Progress callback of :func:`verify_many`."""
        with self.lock:
            self.results.append(row)

    def to_json(self) -> dict:
        """Progress, counts, the Wilson interval and the results so far."""
        with self.lock:
            rows = list(self.results)
        summary = summarise(rows)
        elapsed = (self.finished or time.time()) - self.started
        done = len(rows)
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 and self.status == "running" else (0.0 if done else None)
        return {"job": self.id, "game": self.game, "rules": self.rules, "status": self.status,
                "error": self.error, "budget_seconds": self.budget_seconds,
                "progress": {"done": done, "total": self.total, "rate": round(rate, 3),
                             "eta_seconds": None if eta is None else round(eta, 1),
                             "elapsed_seconds": round(elapsed, 2)},
                "counts": {"winnable": summary.winnable, "unwinnable": summary.unwinnable,
                           "unknown": summary.unknown},
                "winnability": summary.winnability, "interval": list(summary.interval),
                "results": rows}


class JobBoard:
    """The jobs of one app, in memory."""

    def __init__(self):
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    def start(self, job: Job, seeds: list[int], rules, workers: int, running_max: int, kept: int) -> None:
        """Register ``job`` and run it in a daemon thread (refused when too many run)."""
        with self.lock:
            running = sum(j.status == "running" for j in self.jobs.values())
            if running >= running_max:
                raise CardsageError(f"{running} verification jobs are running, the most this server "
                                    "allows; retry when one has finished", status=503)
            finished = [j for j in self.jobs.values() if j.status != "running"]
            for old in sorted(finished, key=lambda j: j.started)[:max(0, len(finished) - kept + 1)]:
                del self.jobs[old.id]
            self.jobs[job.id] = job
        threading.Thread(target=_run_job, args=(job, seeds, rules, workers), daemon=True,
                         name=f"patience-job-{job.id}").start()

    def get(self, job_id: str) -> Job:
        """The job with this id (404 when unknown, e.g. after a restart)."""
        with self.lock:
            job = self.jobs.get(job_id)
        if job is None:
            raise CardsageError(f"no verification job {job_id!r} (jobs are kept in memory and lost "
                                "when the server restarts)", status=404, field="job")
        return job


def _run_job(job: Job, seeds: list[int], rules, workers: int) -> None:
    try:
        verify_many(seeds, rules, workers=workers, budget_seconds=job.budget_seconds,
                    progress=job.record)
        job.status = "done"
    except Exception as error:  # the job reports it; the server keeps running
        job.status, job.error = "failed", str(error)
    finally:
        job.finished = time.time()


def _board() -> JobBoard:
    return current_app.extensions.setdefault("cardsage.patience_jobs", JobBoard())


def _seeds(data: dict) -> list[int]:
    value = data.get("seeds")
    limit = _config("PATIENCE_JOB_SEEDS_MAX")
    # the size is checked before any range is expanded
    if isinstance(value, str):
        seeds = parse_seeds(value, limit)
    elif isinstance(value, list) and all(isinstance(s, int) and not isinstance(s, bool) for s in value):
        if len(value) > limit:
            raise CardsageError(f"a job verifies at most {limit} deals; got {len(value)}", field="seeds")
        seeds = list(value)
    else:
        raise CardsageError("'seeds' is required: a range like \"1-100\" or a list of deal numbers",
                            status=400, field="seeds")
    if not seeds:
        raise CardsageError("'seeds' names no deal", field="seeds")
    if any(s < 0 for s in seeds):
        raise CardsageError("deal numbers are whole numbers from 0", field="seeds")
    if len(set(seeds)) != len(seeds):
        raise CardsageError("'seeds' names a deal twice", field="seeds")
    return seeds


@blueprint.post("/<game>/verify")
def start_job(game: str):
    """Start verifying many numbered deals; answer 202 with the job id."""
    game = _game(game)
    data = json_object()
    rules = _rules(game, data)
    seeds = _seeds(data)
    budget = _budget(data)
    job = Job(secrets.token_urlsafe(9), game, rules.label(), len(seeds), budget)
    _board().start(job, seeds, rules, _config("PATIENCE_JOB_WORKERS"),
                   _config("PATIENCE_JOBS_RUNNING_MAX"), _config("PATIENCE_JOBS_KEPT"))
    response = jsonify({"job": job.id, "total": job.total, "links": {"job": f"/api/v1/patience/jobs/{job.id}"}})
    response.status_code = 202
    response.headers["Location"] = f"/api/v1/patience/jobs/{job.id}"
    return response


@blueprint.get("/jobs/<job_id>")
def get_job(job_id: str):
    """Progress, counts, interval and results so far of a batch job."""
    return jsonify(_board().get(job_id).to_json())


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

OPENAPI_SCHEMAS = {
    "PatienceRules": _RULES,
    "PatienceSolveRequest": {
        "type": "object",
        "description": "Either `seed` (a deal number) or `deal` (our JSON deal format or Solvitaire's).",
        "properties": {
            "seed": {"type": "integer", "minimum": 0},
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
        "type": "object", "required": ["seeds"],
        "properties": {
            "seeds": {"oneOf": [{"type": "string", "example": "1-100"},
                                {"type": "array", "items": {"type": "integer", "minimum": 0}}]},
            "rules": ref("PatienceRules"),
            "budget_seconds": {"type": "number", "exclusiveMinimum": 0, "default": 10},
        },
    },
    "PatienceJob": {
        "type": "object",
        "properties": {
            "job": {"type": "string"}, "game": {"type": "string"}, "rules": {"type": "string"},
            "status": {"type": "string", "enum": ["running", "done", "failed"]},
            "error": {"type": ["string", "null"]},
            "progress": {"type": "object", "properties": {
                "done": {"type": "integer"}, "total": {"type": "integer"}, "rate": {"type": "number"},
                "eta_seconds": {"type": ["number", "null"]}, "elapsed_seconds": {"type": "number"}}},
            "counts": {"type": "object", "properties": {
                "winnable": {"type": "integer"}, "unwinnable": {"type": "integer"},
                "unknown": {"type": "integer"}}},
            "winnability": {"type": "number"},
            "interval": {"type": "array", "items": {"type": "number"},
                         "description": "Wilson 95% interval, unknowns counted as losses then as wins"},
            "results": {"type": "array", "items": {"type": "object"}},
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
        "description": "Starts a batch job in the background and answers 202 with its id. Jobs are "
                       "kept in the server's memory only: a restart loses them. The number of deals "
                       "per job and of jobs running at once are capped by the server.",
        "parameters": [_GAME],
        "requestBody": json_body(ref("PatienceVerifyRequest"), {"seeds": "1-100", "budget_seconds": 5}),
        "responses": {"202": json_response("Job started", {"type": "object", "properties": {
            "job": {"type": "string"}, "total": {"type": "integer"}, "links": {"type": "object"}}},
            {"job": "Xk3vP0aQ9mRt", "total": 100, "links": {"job": "/api/v1/patience/jobs/Xk3vP0aQ9mRt"}}),
            **problems(400, 404, 422, 503)},
    }},
    "/api/v1/patience/jobs/{job_id}": {"get": {
        "tags": ["patience"], "operationId": "getPatienceJob", "summary": "Follow a batch job",
        "description": "Status, progress (done, total, rate, ETA), verdict counts, the Wilson 95% "
                       "interval and the results so far. Unknown ids (also after a restart) get 404.",
        "parameters": [path_param("job_id", "the id returned when the job started", "Xk3vP0aQ9mRt")],
        "responses": {"200": json_response("Progress and results so far", ref("PatienceJob")),
                      **problems(404)},
    }},
}
