"""The OpenAPI document and the request validation agree (schemathesis over every operation).

Every operation of ``/api/v1/openapi.json`` is called in-process (WSGI) with requests
generated from the document: positive data (what the schema allows) and negative data
(what it forbids). Each answer is checked with schemathesis' own checks:

* ``not_a_server_error``: never a 5xx;
* ``status_code_conformance``, ``content_type_conformance``, ``response_schema_conformance``:
  the answer is documented (status, media type, body);
* ``negative_data_rejection``: a request the schema forbids gets a 4xx;
* ``positive_data_acceptance``: a request the schema allows is not refused with 400 or 422,
  except with a 422 for a rule no JSON schema can state, named below (``SEMANTIC_422``):
  an illegal move, a deal whose cards do not add up, a solve whose numbers do not parse.

Solver budgets are capped by the app's settings so the whole run takes a few minutes: the
default run sends over 2,000 requests; the slow one about 20,000.
"""

from __future__ import annotations

import collections
import json

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import CHECKS  # noqa: F401  (registers the built-in checks)
from schemathesis.core.parameters import ParameterLocation
from schemathesis.specs.openapi import checks as oa_checks

from api import create_app
from tests.api.helpers import BOTS3

# Budgets a generated request may ask for, at most (the server clamps to these).
FAST_CONFIG = {
    "TESTING": True,
    "HINT_BUDGET_MS_MAX": 20,
    "HINT_BUDGET_MS_DEFAULT": 20,
    "BOT_BUDGET_MS": 50,
    "DD_BUDGET_MS_MAX": 20,
    "DD_TABLE_BUDGET_MS_MAX": 100,
    "PATIENCE_BUDGET_S_MAX": 0.05,
    "PATIENCE_BUDGET_S_DEFAULT": 0.05,
    "PATIENCE_JOB_RUNNER": False,          # jobs are stored, never run
    "PATIENCE_CLIENT_JOBS_MAX": 10 ** 6,
    "PATIENCE_CLIENT_DEAL_SECONDS_MAX": 10.0 ** 12,
}

CHECKS_RUN = [
    oa_checks.status_code_conformance,
    oa_checks.content_type_conformance,
    oa_checks.response_schema_conformance,
    oa_checks.negative_data_rejection,
    oa_checks.positive_data_acceptance,
]

# operationId -> fields whose 422 is a rule of the game or the solver that no schema states
# (each is described in the operation's description or the field's own).
SEMANTIC_422: dict[str, set[str]] = {
    # the hint methods depend on the game (and on who dealt)
    "getHint": {"mode"},
    # numbers, faces and cards as text; targets like 5/2; a typed expression
    "solveTwentyFour": {"cards", "target"},
    "solveTwentyFourBody": {"cards", "target"},
    "hintTwentyFour": {"cards", "target"},
    "checkTwentyFour": {"cards", "target", "expression"},
    "analyseTwentyFour": {"values", "target"},
    "dealTwentyFour": {"difficulty"},        # no deal of that tier (and solvability) was found
    # seats, options and a deal depend on the game
    "createSession": {"seats", "options", "deal"},
    # an illegal or unreadable move in the position
    "postAction": {"action"},
    # hands that are no deal (a card twice, a wrong count), a card not held or not legal,
    # a trump the game does not allow, game options
    "solveDoubleDummy": {"deal", "played", "leader", "trump", "options", "game"},
    "playDoubleDummy": {"deal", "played", "leader", "trump", "options", "game", "card"},
    "tableDoubleDummy": {"deal"},
    # a deal whose cards do not add up
    "solvePatienceDeal": {"deal", "rules"},
    # the rules of the other patience game; a descending range, too many deals, too much work
    "startPatienceJob": {"rules", "seeds"},
    # cards that are no hand of the game (a wrong count, a card not in its pack, no combination)
    "rankHands": {"cards", "options"},
    # score keeper: player ids that are not kept or the game's player count; seats beyond the
    # table; an entry number that is not an entry or transfer (or was deleted)
    "addScoreKeeperTable": {"players"},
    "addScoreKeeperEntry": {"scores"},
    "addScoreKeeperTransfer": {"from", "to"},
    "addScoreKeeperCorrection": {"of", "scores", "amount"},
    "addScoreKeeperDeletion": {"of"},
    "importScoreKeeperSession": {"session"},
    # typed-in positions: seats and options of the game, cards that do not fit the game's
    # deal or the position (a card twice, not in the pack, a void contradicted), a move
    # the position does not allow; hint methods of the game
    "startPosition": {"seat", "options", "zones", "dealer"},
    "updatePosition": {"knowledge", "act", "seat", "action"},
    "hintForPosition": {"knowledge", "mode", "seat"},
}


def _not_a_server_error(response) -> str | None:
    if response.status_code >= 500:
        return f"{response.status_code}: {response.text[:300]}"
    return None


class Run:
    """Counts and mismatches of one conformance run."""

    def __init__(self):
        self.requests = 0
        self.by_operation = collections.Counter()
        self.failures: dict[tuple[str, str], list[str]] = collections.defaultdict(list)

    def record(self, operation: str, kind: str, detail: str) -> None:
        if len(self.failures[(operation, kind)]) < 3:
            self.failures[(operation, kind)].append(detail[:1500])
        else:
            self.failures[(operation, kind)].append("")

    def report(self) -> str:
        lines = [f"{self.requests} requests"]
        for (operation, kind), details in sorted(self.failures.items()):
            lines.append(f"- {operation}: {kind} × {len(details)}")
            lines.extend("    " + d.replace("\n", "\n    ") for d in details if d)
        return "\n".join(lines)


@pytest.fixture(scope="module")
def conformance_app(tmp_path_factory):
    path = tmp_path_factory.mktemp("conformance") / "cardsage.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", **FAST_CONFIG})
    client = app.test_client()
    created = client.post("/api/v1/sessions", json={"game": "whist", "seats": BOTS3, "seed": 7})
    assert created.status_code == 201, created.get_data(as_text=True)
    session = created.get_json()
    job = client.post("/api/v1/patience/klondike/verify", json={"seeds": "1-3", "budget_seconds": 0.01})
    assert job.status_code == 202, job.get_data(as_text=True)
    players = [client.post("/api/v1/scorekeeper/players", json={"name": n}).get_json()["id"] for n in "ABCD"]
    table = client.post("/api/v1/scorekeeper/tables", json={"name": "T", "game": "whist", "players": players})
    assert table.status_code == 201, table.get_data(as_text=True)
    client.post(f"/api/v1/scorekeeper/tables/{table.get_json()['table']['id']}/entries",
                json={"scores": {"0": 1, "1": 0, "2": 1, "3": 0}})
    ids = {"session_id": session["id"], "job_id": job.get_json()["job"],
           "table_id": table.get_json()["table"]["id"]}
    yield app, ids, session["tokens"]["0"]
    app.extensions["cardsage.storage"].close()


def _semantic(operation, response) -> bool:
    """A 422 on positive data for a rule no schema can state."""
    if response.status_code != 422:
        return False
    try:
        problem = json.loads(response.content)
    except ValueError:
        return False
    field = problem.get("field") or ("action" if problem.get("type", "").endswith("illegal-action") else "")
    allowed = SEMANTIC_422.get(operation.definition.raw.get("operationId"), set())
    return field.split(".")[0] in allowed


def _negates_headers(case) -> bool:
    components = case.meta.components if case.meta is not None else {}
    header = components.get(ParameterLocation.HEADER)
    return header is not None and header.mode.is_negative


def run_conformance(app, ids: dict, token: str, examples: int) -> Run:
    """Every operation, positive and negative data, ``examples`` requests per operation and mode."""
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    run = Run()
    for result in schema.get_all_operations():
        operation = result.ok()
        label = operation.label
        pinned = {name: ids[name] for name in ("session_id", "job_id", "table_id") if name in operation.path}
        headers = {"Authorization": f"Bearer {token}"}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategy = operation.as_strategy(generation_mode=mode, path_parameters=pinned or None)

            @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                      phases=[Phase.explicit, Phase.generate],
                      suppress_health_check=list(HealthCheck))
            @given(case=strategy)
            def one(case):
                sent = headers
                if mode is GenerationMode.POSITIVE:
                    if pinned:
                        case.path_parameters = {**(case.path_parameters or {}), **pinned}
                elif _negates_headers(case):
                    sent = {}   # the generated (invalid) headers go as they are
                response = case.call(headers=sent)
                run.requests += 1
                run.by_operation[label] += 1
                server_error = _not_a_server_error(response)
                if server_error:
                    run.record(label, "not_a_server_error", f"{case.as_curl_command()}\n{server_error}")
                    return
                try:
                    case.validate_response(response, checks=CHECKS_RUN, headers=sent)
                except (schemathesis.errors.FailureGroup, AssertionError) as error:
                    failures = getattr(error, "exceptions", (error,))
                    for failure in failures:
                        kind = type(failure).__name__
                        if kind == "RejectedPositiveData" and _semantic(operation, response):
                            continue
                        run.record(label, f"{kind} ({mode.value})",
                                   f"{case.as_curl_command()}\n-> {response.status_code} "
                                   f"{response.text[:300]}\n{getattr(failure, 'title', '')}")

            try:
                one()
            except Unsatisfiable:   # nothing to negate (an operation without inputs)
                pass
    return run


def test_schema_and_validation_agree(conformance_app):
    """A bounded run: over 2,000 generated requests, no 5xx and no mismatch."""
    app, ids, token = conformance_app
    run = run_conformance(app, ids, token, examples=70)
    print(run.report())
    assert run.requests >= 2000, run.report()
    assert not run.failures, run.report()


@pytest.mark.slow
def test_schema_and_validation_agree_long(conformance_app):
    """The long run: about 20,000 generated requests."""
    app, ids, token = conformance_app
    run = run_conformance(app, ids, token, examples=650)
    print(run.report())
    assert run.requests >= 20000, run.report()
    assert not run.failures, run.report()
