"""A score sheet for a real table, computed from a log of entries that is never rewritten.

A table has players in turn order (seat 0 first) and plays one registered game. What
happens at the table is a list of events, each appended, none ever changed:

* ``entry``: the points of one hand for some or all seats ``{"hand": 3, "scores": {"0": 12, "2": -4}}``;
* ``transfer``: chips from one seat to another ``{"hand": 3, "from": 1, "to": 0, "amount": 5}``
  (stake games keep balances);
* ``correction``: new numbers for an earlier entry or transfer ``{"of": 7, "scores": {...}}`` or
  ``{"of": 8, "amount": 4}``, with a ``reason``; the latest correction counts;
* ``delete``: an earlier entry or transfer no longer counts ``{"of": 7, "reason": "..."}``;
* ``pick``: a seeded random choice of the first dealer or of partnerships, recorded;
* ``timer``: a countdown started at a moment (the real-time games' answer windows).

Totals are always computed from the events, never stored. Each event carries the hash
of the one before it (``chain``), so an edit made to the stored log behind the
service's back shows as a broken chain on the sheet.

The sheet warns about what cannot be right: a hand that breaks the game's own checksum
(a Tëtka hand that does not share out 9 points, a King hand off its total, a Trex
kingdom that does not sum to 0, chips that do not balance) and a seat with fewer hands
entered than the others.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Mapping, Sequence

from solvers.cards import Rng
from solvers.errors import CardsageError

__all__ = ["EVENT_KINDS", "Sheet", "chain_hash", "check_event", "pick", "hand_checks", "STAKE_GAMES"]

EVENT_KINDS = ("entry", "transfer", "correction", "delete", "pick", "timer")
MAX_POINTS = 10 ** 9
MAX_HANDS = 10_000
MAX_TIMER_S = 3600
KING_HAND_TOTALS = (-260, -260, -200, -240, -160, -180)   # the six negative hands, in order
KING_POSITIVE_TOTAL = 325
TREX_CONTRACT_TOTALS = {-75: "King of Hearts", -130: "Diamonds", -100: "Girls", -195: "Slaps", 500: "Trex"}
# games whose hands move chips between players: every hand balances to 0
STAKE_GAMES = ("bura", "chor-voli", "kop", "napoleon", "sam-sip", "teen-patti")


def chain_hash(previous: str, seq: int, kind: str, body: Mapping, by: str, at: str) -> str:
    """The hash that links an event to the one before it (``previous``, "" for the first)."""
    text = json.dumps([previous, seq, kind, body, by, at], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# ---------------------------------------------------------------- checking one new event


def _whole(value: Any) -> int | None:
    """``value`` as an int when JSON calls it a whole number (``7`` or ``7.0``), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    return value


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise CardsageError(f"{where} must be a number", status=400, field=where)
    if abs(value) > MAX_POINTS:
        raise CardsageError(f"{where} must be between -{MAX_POINTS} and {MAX_POINTS}", field=where)
    return int(value) if float(value).is_integer() else float(value)


def _seat(value: Any, seats: int, where: str) -> int:
    value = _whole(value)
    if value is None:
        raise CardsageError(f"{where} must be a seat number", status=400, field=where)
    if not 0 <= value < seats:
        raise CardsageError(f"{where} must be a seat from 0 to {seats - 1}", field=where)
    return value


def _hand(value: Any) -> int:
    value = _whole(value)
    if value is None:
        raise CardsageError("hand must be a whole number", status=400, field="hand")
    if not 1 <= value <= MAX_HANDS:
        raise CardsageError(f"hand must be from 1 to {MAX_HANDS}", field="hand")
    return value


def _scores(value: Any, seats: int) -> dict[str, float]:
    if not isinstance(value, Mapping) or not value:
        raise CardsageError("scores must be an object of seat number to points, e.g. {\"0\": 12}",
                            status=400, field="scores")
    out = {}
    for key, points in value.items():
        if not isinstance(key, str) or not key.isdigit() or not 0 <= int(key) < seats:
            raise CardsageError(f"scores has {str(key)[:20]!r}: seats are 0 to {seats - 1}", field="scores")
        out[str(int(key))] = _number(points, f"scores.{int(key)}")
    return out


def check_event(kind: str, body: Mapping, seats: int, earlier: Sequence[Mapping]) -> dict:
    """The event's body as stored, after checking it against the table (``seats``) and the
    events before it; a :class:`CardsageError` naming the field when it cannot be right."""
    if kind == "entry":
        return {"hand": _hand(body.get("hand")), "scores": _scores(body.get("scores"), seats)}
    if kind == "transfer":
        giver = _seat(body.get("from"), seats, "from")
        taker = _seat(body.get("to"), seats, "to")
        if giver == taker:
            raise CardsageError("a transfer goes from one seat to another", field="to")
        amount = _number(body.get("amount"), "amount")
        if amount <= 0:
            raise CardsageError("amount must be above 0 (swap from and to for the other way)", field="amount")
        return {"hand": _hand(body.get("hand")), "from": giver, "to": taker, "amount": amount}
    if kind in ("correction", "delete"):
        target = _whole(body.get("of"))
        if target is None:
            raise CardsageError("of must be the number of an earlier entry or transfer", status=400, field="of")
        found = next((e for e in earlier if e["seq"] == target), None)
        if found is None or found["kind"] not in ("entry", "transfer"):
            raise CardsageError(f"there is no entry or transfer {target} to {kind}", field="of")
        if any(e["kind"] == "delete" and e["body"]["of"] == target for e in earlier):
            raise CardsageError(f"entry {target} was deleted", field="of")
        reason = body.get("reason", "")
        if not isinstance(reason, str) or len(reason) > 500:
            raise CardsageError("reason must be text of at most 500 characters", status=400, field="reason")
        out: dict = {"of": target, "reason": reason}
        if kind == "correction":
            if found["kind"] == "entry":
                if body.get("scores") is None or body.get("amount") is not None:
                    raise CardsageError(f"{target} is an entry: correct it with scores", field="scores")
                out["scores"] = _scores(body.get("scores"), seats)
            else:
                if body.get("amount") is None or body.get("scores") is not None:
                    raise CardsageError(f"{target} is a transfer: correct it with an amount", field="amount")
                amount = _number(body.get("amount"), "amount")
                if amount <= 0:
                    raise CardsageError("amount must be above 0", field="amount")
                out["amount"] = amount
        return out
    if kind == "pick":
        what, seed = body.get("what"), _whole(body.get("seed"))
        if seed is None or not 0 <= seed < 2 ** 63:
            raise CardsageError("seed must be a whole number from 0", status=400, field="seed")
        return {"what": what, "seed": seed, "result": pick(what, seats, seed)}
    if kind == "timer":
        seconds = _whole(body.get("seconds"))
        if seconds is None or not 1 <= seconds <= MAX_TIMER_S:
            raise CardsageError(f"seconds must be a whole number from 1 to {MAX_TIMER_S}", field="seconds")
        label = body.get("label", "")
        if not isinstance(label, str) or len(label) > 80:
            raise CardsageError("label must be text of at most 80 characters", status=400, field="label")
        return {"seconds": seconds, "label": label}
    raise CardsageError(f"unknown event kind {kind!r}", field="kind")


# ---------------------------------------------------------------- a seeded random pick


def pick(what: str, seats: int, seed: int) -> dict:
    """The first dealer (``dealer``) or partnerships (``partners``: two sides of equal size,
    for an even number of seats), drawn from ``seed`` so anyone can check it."""
    rng = Rng(f"pick:{what}:{seed}")
    if what == "dealer":
        return {"dealer": rng.below(seats)}
    if what == "partners":
        if seats % 2:
            raise CardsageError(f"partnerships need an even number of players, not {seats}", field="what")
        order = rng.shuffled(list(range(seats)))
        half = seats // 2
        return {"sides": [sorted(order[:half]), sorted(order[half:])]}
    raise CardsageError("what must be dealer or partners", field="what")


# ---------------------------------------------------------------- the game's own checksums


def _tetka(hand: int, total: float, row: Mapping[int, float]) -> str | None:
    if total != 9:
        return f"hand {hand} shares out {total:g} penalty points; every Tëtka hand shares out exactly 9"
    return None


def _king(hand: int, total: float, row) -> str | None:
    want = KING_HAND_TOTALS[hand - 1] if hand <= 6 else KING_POSITIVE_TOTAL if hand <= 10 else None
    if want is None:
        return f"hand {hand}: a King match has 10 hands"
    if total != want:
        kind = "negative hand" if hand <= 6 else "positive hand"
        return f"hand {hand} totals {total:g}; King's {kind} {hand} always totals {want:+d}"
    return None


def _trex(hand: int, total: float, row) -> str | None:
    if total not in TREX_CONTRACT_TOTALS:
        shown = ", ".join(f"{v:+d} ({n})" for v, n in TREX_CONTRACT_TOTALS.items())
        return f"deal {hand} totals {total:g}; a Trex contract totals one of {shown}"
    return None


def _balanced(hand: int, total: float, row) -> str | None:
    if total != 0:
        return f"hand {hand}: the chips won and lost do not balance ({total:+g})"
    return None


HAND_CHECKS: dict[str, Callable[[int, float, Mapping[int, float]], str | None]] = {
    "tetka": _tetka, "king": _king, "trex": _trex, **{name: _balanced for name in STAKE_GAMES},
}


def hand_checks() -> list[str]:
    """The games whose hands the sheet checks against a fixed total."""
    return sorted(HAND_CHECKS)


def _trex_kingdoms(rows: Mapping[int, Mapping[int, float]], complete: set[int]) -> list[dict]:
    warnings = []
    for kingdom in range(1, max(rows, default=0) // 5 + 1):
        deals = range(5 * kingdom - 4, 5 * kingdom + 1)
        if all(d in complete for d in deals):
            total = sum(sum(rows[d].values()) for d in deals)
            if total != 0:
                warnings.append({"hand": 5 * kingdom, "kind": "checksum",
                                 "message": f"kingdom {kingdom} (deals {deals[0]}–{deals[-1]}) sums to "
                                            f"{total:+g}; every Trex kingdom sums to 0"})
    return warnings


# checks over several hands at once: a game's checksum that holds for a group of hands
GROUP_CHECKS: dict[str, Callable[[Mapping[int, Mapping[int, float]], set[int]], list[dict]]] = {
    "trex": _trex_kingdoms,
}


# ---------------------------------------------------------------- the sheet


@dataclass
class Sheet:
    """Everything the table's events say: hands, totals, standings and warnings."""

    game: str
    players: list[dict]
    low_score_wins: bool
    events: list[dict] = field(default_factory=list)

    @property
    def seats(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    def effective(self) -> list[dict]:
        """Entries and transfers as they count now: corrected, deleted ones left out."""
        fixes: dict[int, dict] = {}
        deleted: set[int] = set()
        for event in self.events:
            if event["kind"] == "correction":
                fixes[event["body"]["of"]] = event
            elif event["kind"] == "delete":
                deleted.add(event["body"]["of"])
        out = []
        for event in self.events:
            if event["kind"] not in ("entry", "transfer") or event["seq"] in deleted:
                continue
            body = dict(event["body"])
            fix = fixes.get(event["seq"])
            if fix is not None:
                body.update({k: v for k, v in fix["body"].items() if k in ("scores", "amount")})
            out.append({**event, "body": body, "corrected_by": fix["seq"] if fix else None})
        return out

    def rows(self) -> dict[int, dict[int, float]]:
        """Points per hand and seat (transfers count minus for the giver, plus for the taker)."""
        rows: dict[int, dict[int, float]] = {}
        for event in self.effective():
            body = event["body"]
            row = rows.setdefault(body["hand"], {})
            if event["kind"] == "entry":
                for seat, points in body["scores"].items():
                    row[int(seat)] = row.get(int(seat), 0) + points
            else:
                row[body["from"]] = row.get(body["from"], 0) - body["amount"]
                row[body["to"]] = row.get(body["to"], 0) + body["amount"]
        return dict(sorted(rows.items()))

    def totals(self) -> list[float]:
        """Each seat's total over every hand."""
        out = [0] * self.seats
        for row in self.rows().values():
            for seat, points in row.items():
                out[seat] += points
        return out

    def standings(self, order: str = "game") -> list[dict]:
        """Seats with their totals and places: in the game's own direction (``game``: low
        totals first where a low total wins), or in turn order (``turn``) with places."""
        totals = self.totals()
        rows = [{"seat": s, "name": self.players[s]["name"], "total": totals[s]} for s in range(self.seats)]
        ranked = sorted(rows, key=lambda r: (r["total"] if self.low_score_wins else -r["total"], r["seat"]))
        place = 0
        for i, row in enumerate(ranked):
            if i == 0 or row["total"] != ranked[i - 1]["total"]:
                place = i + 1
            row["place"] = place
        return rows if order == "turn" else ranked

    def hands_entered(self) -> list[int]:
        """How many hands have an entry for each seat (a round counter)."""
        counts = [0] * self.seats
        for row in self.rows().values():
            for seat in row:
                counts[seat] += 1
        return counts

    def warnings(self) -> list[dict]:
        """What cannot be right: a hand off the game's checksum, a seat with a hand missing."""
        rows = self.rows()
        out = []
        stake = self.game in STAKE_GAMES
        complete = {h for h, row in rows.items() if stake or len(row) == self.seats}
        check = HAND_CHECKS.get(self.game)
        if check is not None:
            for hand in sorted(complete):
                message = check(hand, sum(rows[hand].values()), rows[hand])
                if message:
                    out.append({"hand": hand, "kind": "checksum", "message": message})
        group = GROUP_CHECKS.get(self.game)
        if group is not None:
            out += group(rows, complete)
        if not stake:
            for hand, row in rows.items():
                missing = [self.players[s]["name"] for s in range(self.seats) if s not in row]
                if missing:
                    out.append({"hand": hand, "kind": "missing",
                                "message": f"hand {hand} has no entry for {', '.join(missing)}"})
        chain = self.broken_link()
        if chain is not None:
            out.append({"hand": None, "kind": "integrity",
                        "message": f"event {chain} does not follow from the one before it: the stored "
                                   "log was changed outside the score keeper"})
        return out

    def broken_link(self) -> int | None:
        """The first event whose hash does not follow from the one before it, or None."""
        previous = ""
        for event in self.events:
            expected = chain_hash(previous, event["seq"], event["kind"], event["body"], event["by"], event["at"])
            if event.get("chain") != expected:
                return event["seq"]
            previous = expected
        return None

    def to_json(self, order: str = "game") -> dict:
        """The sheet for the API and the web page."""
        rows = self.rows()
        running = [0] * self.seats
        lines = []
        for hand, row in rows.items():
            for seat, points in row.items():
                running[seat] += points
            lines.append({"hand": hand, "points": [row.get(s) for s in range(self.seats)],
                          "running": list(running)})
        return {"game": self.game, "players": self.players, "low_score_wins": self.low_score_wins,
                "rows": lines, "totals": self.totals(), "standings": self.standings(order),
                "hands_entered": self.hands_entered(), "warnings": self.warnings(),
                "checked": self.game in HAND_CHECKS, "picks": [e for e in self.events if e["kind"] == "pick"],
                "timers": self.timers(), "events": self.events}

    def timers(self, now: datetime | None = None) -> list[dict]:
        """Every timer started, with the seconds it has left now (0 once it ran out)."""
        now = now or datetime.now(timezone.utc)
        out = []
        for event in self.events:
            if event["kind"] == "timer":
                started = datetime.fromisoformat(event["at"])
                left = event["body"]["seconds"] - (now - started).total_seconds()
                out.append({"seq": event["seq"], "label": event["body"]["label"], "started": event["at"],
                            "seconds": event["body"]["seconds"], "left": round(max(0.0, left), 1)})
        return out

    def csv(self) -> str:
        """The sheet as CSV: a row per hand, a column per player, then the totals."""
        import csv
        import io

        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["hand", *(p["name"] for p in self.players)])
        for hand, row in self.rows().items():
            writer.writerow([hand, *("" if row.get(s) is None else f"{row[s]:g}" for s in range(self.seats))])
        writer.writerow(["total", *(f"{t:g}" for t in self.totals())])
        return buffer.getvalue()
