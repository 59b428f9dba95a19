"""Batch verification: solve many deals in parallel, stream results to CSV or JSONL,
resume after an interrupt, and summarise winnability with a confidence interval.

Jobs run on a local process pool by default, or on a Dask distributed cluster when a
scheduler address or ``distributed.Client`` is given; both run the same job function.
"""

from __future__ import annotations

import csv
import json
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Callable, Iterable

from solvers.errors import CardsageError
from solvers.patience.deal import deal_by_number
from solvers.patience.formats import position_from_json, position_to_json
from solvers.patience.options import rules_from_json
from solvers.patience.position import Position
from solvers.patience.search import UNKNOWN, UNWINNABLE, WINNABLE, solve
from solvers.patience.stats import wilson

FIELDS = ["id", "game", "rules", "verdict", "moves", "nodes", "seconds", "solution"]


@dataclass
class VerifySummary:
    """Counts and winnability of a batch. ``interval`` is the Wilson 95% interval from
    its lower end with unknowns counted as losses to its upper end with unknowns
    counted as wins."""

    total: int = 0
    winnable: int = 0
    unwinnable: int = 0
    unknown: int = 0
    seconds: float = 0.0
    skipped: int = 0
    interval: tuple[float, float] = (0.0, 1.0)
    results: list[dict] = field(default_factory=list, repr=False)

    @property
    def winnability(self) -> float:
        """Share of deals proven winnable (unknowns counted as losses)."""
        return self.winnable / self.total if self.total else 0.0

    def to_json(self) -> dict:
        """JSON-able summary (without the per-deal results)."""
        return {"total": self.total, "winnable": self.winnable, "unwinnable": self.unwinnable,
                "unknown": self.unknown, "winnability": self.winnability,
                "interval": list(self.interval), "seconds": round(self.seconds, 3),
                "skipped": self.skipped}

    def text(self) -> str:
        """One-paragraph human summary."""
        lo, hi = self.interval
        return (f"{self.total} deals: {self.winnable} winnable, {self.unwinnable} unwinnable, "
                f"{self.unknown} unknown; winnability {100 * self.winnability:.2f}% "
                f"(95% interval {100 * lo:.2f}%–{100 * hi:.2f}%, unknowns counted both ways); "
                f"{self.seconds:.1f} s")


def solve_job(job: dict) -> dict:
    """Solve one job (a plain dict, so it pickles for any pool); return one result row."""
    rules = rules_from_json(job["rules"])
    if "seed" in job:
        position = deal_by_number(rules.game, job["seed"], **job.get("shape", {}))
    else:
        position = position_from_json(job["deal"])
    result = solve(position, rules, max_nodes=job.get("max_nodes"),
                   max_seconds=job["budget_seconds"], shorten=job.get("shorten", True))
    return {"id": job["id"], "game": rules.game, "rules": rules.label(), "verdict": result.verdict,
            "moves": len(result.solution or ()), "nodes": result.nodes,
            "seconds": round(result.seconds, 6), "solution": result.solution or []}


def make_jobs(deals_or_seeds: Iterable, rules, budget_seconds: float, max_nodes: int | None = None,
              shorten: bool = True, shape: dict | None = None) -> list[dict]:
    """Job dicts from seeds (ints), positions, JSON deal dicts (an optional ``"id"``), or
    ``(id, deal)`` pairs."""
    jobs = []
    for index, item in enumerate(deals_or_seeds):
        job = {"rules": rules.to_json(), "budget_seconds": budget_seconds,
               "max_nodes": max_nodes, "shorten": shorten}
        if isinstance(item, tuple) and len(item) == 2:
            job_id, item = item
        else:
            job_id = None
        if isinstance(item, int) and not isinstance(item, bool):
            job["seed"] = item
            job_id = str(item) if job_id is None else job_id
            if shape:
                job["shape"] = shape
        elif isinstance(item, Position):
            job["deal"] = position_to_json(item)
        elif isinstance(item, dict):
            job["deal"] = {k: v for k, v in item.items() if k != "id"}
            job_id = item.get("id", job_id)
        else:
            raise CardsageError(f"item {index + 1} is neither a deal number nor a deal", field="deals")
        if "deal" in job and job["deal"].get("game", "klondike") != rules.game:
            raise CardsageError(f"deal {index + 1} is not a {rules.game} deal", field="deals")
        job["id"] = str(index + 1) if job_id is None else str(job_id)
        jobs.append(job)
    return jobs


def verify_many(deals_or_seeds: Iterable, rules, *, workers: int | None = None,
                budget_seconds: float = 60.0, out_path: str | os.PathLike | None = None,
                fmt: str | None = None, resume: bool = True,
                progress: Callable[[int, int, dict], None] | None = None,
                scheduler=None, max_nodes: int | None = None, shorten: bool = True,
                shape: dict | None = None) -> VerifySummary:
    """Solve many deals (deal numbers or deals) and summarise.

    Results stream to ``out_path`` (``fmt`` ``csv`` or ``jsonl``, guessed from the
    suffix) as they finish; with ``resume`` the ids already in that file are skipped
    and their rows count in the summary. ``progress(done, total, row)`` is called
    after each deal. ``scheduler`` (a Dask address or ``distributed.Client``) runs the
    jobs on Dask instead of the local process pool.
    """
    start = time.perf_counter()
    jobs = make_jobs(deals_or_seeds, rules, budget_seconds, max_nodes, shorten, shape)
    ids = [j["id"] for j in jobs]
    if len(set(ids)) != len(ids):
        raise CardsageError("two deals share the same id", field="deals")
    fmt = _format(out_path, fmt)
    previous = _read_previous(out_path, fmt) if (out_path and resume) else {}
    todo = [j for j in jobs if j["id"] not in previous]
    rows = {i: previous[i] for i in ids if i in previous}
    done = len(rows)
    writer = _Writer(out_path, fmt, append=resume) if out_path else None
    try:
        for row in _run(todo, workers, scheduler):
            rows[row["id"]] = row
            if writer:
                writer.write(row)
            done += 1
            if progress:
                progress(done, len(jobs), row)
    finally:
        if writer:
            writer.close()
    summary = summarise([rows[i] for i in ids if i in rows])
    summary.skipped = len(jobs) - len(todo)
    summary.seconds = time.perf_counter() - start
    return summary


def summarise(rows: list[dict]) -> VerifySummary:
    """Counts and the two-way Wilson interval of result rows."""
    s = VerifySummary(results=rows, total=len(rows))
    s.winnable = sum(r["verdict"] == WINNABLE for r in rows)
    s.unwinnable = sum(r["verdict"] == UNWINNABLE for r in rows)
    s.unknown = sum(r["verdict"] == UNKNOWN for r in rows)
    if rows:
        s.interval = (wilson(s.winnable, s.total)[0], wilson(s.winnable + s.unknown, s.total)[1])
    return s


def _run(jobs: list[dict], workers: int | None, scheduler):
    if not jobs:
        return
    if scheduler is not None:
        yield from _run_dask(jobs, scheduler)
        return
    if workers == 1:
        for job in jobs:
            yield solve_job(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(solve_job, job) for job in jobs]
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            for fut in futures:
                fut.cancel()


def _run_dask(jobs: list[dict], scheduler):
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:  # pragma: no cover - optional dependency
        raise CardsageError("Dask is not installed: pip install 'dask[distributed]'") from None
    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    try:
        futures = client.map(solve_job, jobs, pure=False)
        for fut in dask_completed(futures):
            yield fut.result()
    finally:
        if own:
            client.close()


def _format(out_path, fmt):
    if fmt is None:
        fmt = "jsonl" if out_path and str(out_path).endswith((".jsonl", ".json")) else "csv"
    if fmt not in ("csv", "jsonl"):
        raise CardsageError("the output format is csv or jsonl", field="fmt")
    return fmt


def _read_previous(out_path, fmt) -> dict[str, dict]:
    if not os.path.exists(out_path):
        return {}
    rows = {}
    with open(out_path, newline="", encoding="utf-8") as fh:
        if fmt == "jsonl":
            for line in fh:
                line = line.strip()
                if line:
                    try:
                        row = json.loads(line)
                    except json.JSONDecodeError:
                        continue  # a line cut short by an interrupt
                    rows[str(row["id"])] = row
        else:
            for row in csv.DictReader(fh):
                if row.get("verdict") in (WINNABLE, UNWINNABLE, UNKNOWN):
                    row["solution"] = row["solution"].split(";") if row.get("solution") else []
                    rows[row["id"]] = row
    return rows


class _Writer:
    def __init__(self, out_path, fmt, append):
        exists = append and os.path.exists(out_path) and os.path.getsize(out_path) > 0
        if exists:
            with open(out_path, "rb") as fh:
                fh.seek(-1, os.SEEK_END)
                cut_short = fh.read(1) != b"\n"
        self.fh = open(out_path, "a" if exists else "w", newline="", encoding="utf-8")
        if exists and cut_short:
            self.fh.write("\n")  # finish a line an interrupt cut short
        self.fmt = fmt
        if fmt == "csv":
            self.csv = csv.DictWriter(self.fh, fieldnames=FIELDS)
            if not exists:
                self.csv.writeheader()

    def write(self, row: dict) -> None:
        if self.fmt == "jsonl":
            self.fh.write(json.dumps(row) + "\n")
        else:
            self.csv.writerow({**row, "solution": ";".join(row["solution"])})
        self.fh.flush()

    def close(self) -> None:
        self.fh.close()
