"""Batch verification: process pool, output files, resume, summary, CLI and Dask."""

import csv
import json

import pytest

from solvers.patience.deal import klondike_deal
from solvers.patience.formats import position_to_json, to_solvitaire
from solvers.patience.options import FortyThievesRules, KlondikeRules
from solvers.patience.stats import wilson
from solvers.patience.verify import summarise, verify_many
from solvers.patience.verify_cli import main, parse_seeds

SMALL = {"ranks": 3, "columns": 3}
RULES = KlondikeRules(draw=3, single_pass_switch=False)


def _by_id(summary):
    return {r["id"]: (r["verdict"], r["moves"]) for r in summary.results}


def test_wilson_interval():
    lo, hi = wilson(82, 100)
    assert 0.73 < lo < 0.75 and 0.88 < hi < 0.89
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_unknowns_both_ways():
    rows = [{"verdict": v} for v in ["winnable"] * 6 + ["unwinnable"] * 2 + ["unknown"] * 2]
    s = summarise(rows)
    assert (s.winnable, s.unwinnable, s.unknown) == (6, 2, 2)
    assert s.interval == (wilson(6, 10)[0], wilson(8, 10)[1])


def test_process_pool_csv_and_resume(tmp_path):
    out = tmp_path / "r.csv"
    seen = []
    first = verify_many(range(10), RULES, workers=2, budget_seconds=5, out_path=out, shape=SMALL,
                        progress=lambda done, total, row: seen.append((done, total)))
    assert first.total == 10 and first.winnable + first.unwinnable + first.unknown == 10
    assert seen[-1] == (10, 10)
    rows = list(csv.DictReader(open(out)))
    assert sorted(int(r["id"]) for r in rows) == list(range(10))
    again = verify_many(range(12), RULES, workers=1, budget_seconds=5, out_path=out, shape=SMALL)
    assert again.skipped == 10 and again.total == 12
    assert len(list(csv.DictReader(open(out)))) == 12
    resumed = {k: (v[0], int(v[1])) for k, v in _by_id(again).items() if int(k) < 10}
    assert resumed == _by_id(first)


def test_jsonl_and_deals(tmp_path):
    out = tmp_path / "r.jsonl"
    deals = [{"id": "a", **position_to_json(klondike_deal(1, **SMALL))},
             ("b", klondike_deal(2, **SMALL))]
    s = verify_many(deals, RULES, workers=1, budget_seconds=5, out_path=out)
    lines = [json.loads(line) for line in open(out)]
    assert {row["id"] for row in lines} == {"a", "b"}
    assert s.total == 2


def test_interrupted_file_is_resumed(tmp_path):
    out = tmp_path / "r.jsonl"
    verify_many(range(3), RULES, workers=1, budget_seconds=5, out_path=out, shape=SMALL)
    text = open(out).read()
    open(out, "w").write(text[:-10])          # the last line was cut short
    s = verify_many(range(3), RULES, workers=1, budget_seconds=5, out_path=out, shape=SMALL)
    assert s.skipped == 2 and s.total == 3
    assert len([json.loads(x) for x in open(out) if x.strip().endswith("}")]) == 3


def test_parse_seeds():
    assert parse_seeds("1-3,7,9-10") == [1, 2, 3, 7, 9, 10]


def test_cli_klondike(tmp_path, capsys):
    out = tmp_path / "k.csv"
    code = main(["klondike", "--draw", "1", "--seeds", "2-4", "--workers", "1", "--budget", "5",
                 "--out", str(out)])
    assert code == 0
    text = capsys.readouterr()
    assert "3 deals:" in text.out and "winnability" in text.out
    assert "deals/s" in text.err


def test_cli_forty_thieves_and_solvitaire_deals(tmp_path, capsys):
    deals = tmp_path / "d.json"
    deals.write_text(json.dumps([to_solvitaire(klondike_deal(3))]))
    assert main(["verify", "klondike", "--deals", str(deals), "--workers", "1", "--quiet"]) == 0
    assert "1 deals:" in capsys.readouterr().out
    assert main(["forty-thieves", "--redeals", "unlimited", "--seeds", "1", "--workers", "1",
                 "--budget", "10", "--quiet"]) == 0
    assert main(["klondike", "--workers", "1"]) == 2      # neither --seeds nor --deals


def test_dask_matches_process_pool():
    distributed = pytest.importorskip("distributed")
    local = verify_many(range(8), RULES, workers=2, budget_seconds=10, shape=SMALL, shorten=False)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            on_dask = verify_many(range(8), RULES, budget_seconds=10, shape=SMALL, shorten=False,
                                  scheduler=client)
            by_address = verify_many(range(3), FortyThievesRules(), budget_seconds=10,
                                     shape={"ranks": 2, "columns": 1, "rows": 8},
                                     scheduler=cluster.scheduler_address)
    assert _by_id(on_dask) == _by_id(local)
    assert by_address.total == 3


@pytest.mark.parametrize("flag, value, says", [("--budget", "-5", "above 0"), ("--budget", "nan", "above 0"),
                                               ("--budget", "x", "not a number"),
                                               ("--workers", "0", "from 1")])
def test_cli_refuses_a_bad_budget_or_worker_count_before_any_work(tmp_path, capsys, flag, value, says):
    out = tmp_path / "r.jsonl"
    with pytest.raises(SystemExit) as stop:
        main(["forty-thieves", "--seeds", "1", "--out", str(out), flag, value])
    assert stop.value.code == 2 and says in capsys.readouterr().err
    assert not out.exists()
