"""The game protocol: every game is a :class:`Game` whose matches are :class:`State` values.

A state is an immutable value. ``state.apply(action, seat)`` returns a new state and
never changes the old one; the same seed and the same actions always give the same
state, so a match is stored as its seed plus its action log and restored by replay.

Cards live in named :class:`Zone` objects with a visibility rule. ``state.view(seat)``
is built by allow-list from the zones and from ``state.public()``: a card a seat may
not see is never in that seat's view. ``determinize(state, seat, rng)`` re-deals the
cards a seat cannot see into the zones it cannot see, respecting what is public (the sampler is
:func:`solvers.sampling.determinize`).

Bots and hints are not part of the protocol: the registry (:mod:`solvers.games`)
attaches them to each game (:meth:`Game.attach`), so this module imports nothing
above it.
"""

from __future__ import annotations

import abc
import dataclasses
import json
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Callable, ClassVar, Mapping, Sequence, get_type_hints

from solvers.cards import Card, Rng, parse_card
from solvers.errors import CardsageError, IllegalAction, OutOfTurn

__all__ = [
    "Action", "Zone", "Visibility", "Game", "State", "Hint", "ScoreEvent", "Advice", "option",
    "GameInfo", "encode", "decode",
]


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Action:
    """A move: a verb and its arguments, with a text notation that parses back.

    ``Action("play", ("QS",))`` is written ``play QS``; ``Action("pass")`` is ``pass``.
    Arguments are strings (cards in canonical notation, numbers as digits).
    """

    kind: str
    args: tuple[str, ...] = ()

    @property
    def notation(self) -> str:
        """The text form, e.g. ``play QS``."""
        return " ".join((self.kind, *self.args))

    def __str__(self) -> str:
        return self.notation

    def to_json(self) -> dict:
        """JSON form: ``{"kind": "play", "args": ["QS"], "notation": "play QS"}``."""
        return {"kind": self.kind, "args": list(self.args), "notation": self.notation}

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Parse a text notation (``play QS``) into an action (not checked for legality)."""
        if not isinstance(text, str) or not text.strip():
            raise CardsageError("an action must be a non-empty text like 'play QS'", status=400)
        words = text.split()
        return cls(words[0].lower(), tuple(words[1:]))

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        """Accept the text notation or the JSON form ``{"kind": ..., "args": [...]}``."""
        if isinstance(data, str):
            return cls.parse(data)
        if isinstance(data, Mapping):
            if "notation" in data and "kind" not in data:
                return cls.parse(data["notation"])
            kind = data.get("kind")
            args = data.get("args", [])
            if not isinstance(kind, str) or not kind:
                raise CardsageError("an action object needs a 'kind' string", status=400)
            if not isinstance(args, list) or not all(isinstance(a, (str, int)) for a in args):
                raise CardsageError("an action's 'args' must be a list of strings", status=400)
            return cls(kind.lower(), tuple(str(a) for a in args))
        raise CardsageError("an action must be a notation string or an object with 'kind' and 'args'",
                            status=400)


def card_action(kind: str, card: Card) -> Action:
    """An action whose single argument is a card, e.g. ``play QS``."""
    return Action(kind, (str(card),))


# ---------------------------------------------------------------- zones and visibility


class Visibility(str, Enum):
    """Who may see the cards of a zone (everyone may always see how many there are)."""

    PUBLIC = "public"        # every seat sees the cards
    OWNER = "owner"          # only the owning seat sees the cards
    HIDDEN = "hidden"        # nobody sees the cards (face down)
    SEEN = "seen"            # face down now, but every seat saw them (tricks taken): known, not shown


@dataclass(frozen=True, slots=True)
class Zone:
    """A named place where cards lie, with the rule for who may see them."""

    cards: tuple[Card, ...]
    visibility: Visibility = Visibility.PUBLIC
    owner: int | None = None
    ordered: bool = True      # False: the order within the zone carries no information
    # (row, column) of a card place in its owner's layout (Golf's 2 x 3 grid): the table
    # draws the owner's zones that have one as a grid, each place showing its own face
    grid: tuple[int, int] | None = None
    # zones that belong together on the table (one player's melds): drawn in one row
    group: str | None = None

    def visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` (None = an onlooker) may see these cards on the table now."""
        if self.visibility is Visibility.PUBLIC:
            return True
        return self.visibility is Visibility.OWNER and seat is not None and seat == self.owner

    def known_to(self, seat: int | None) -> bool:
        """True when ``seat`` knows which cards these are (seen cards count as known)."""
        return self.visibility is Visibility.SEEN or self.visible_to(seat)


# ---------------------------------------------------------------- options


def option(default, doc: str, *, choices: Sequence | None = None, minimum: int | None = None,
           maximum: int | None = None):
    """Declare one typed game option with its documentation and allowed values."""
    meta = {"doc": doc, "choices": tuple(choices) if choices is not None else None,
            "minimum": minimum, "maximum": maximum}
    return field(default=default, metadata=meta)


_JSON_TYPES = {int: "integer", bool: "boolean", str: "string", float: "number"}


def options_schema(options_cls: type) -> dict:
    """The JSON schema (draft 2020-12) of an options dataclass."""
    hints = get_type_hints(options_cls)
    props = {}
    for f in fields(options_cls):
        meta = f.metadata
        typ = hints[f.name]
        prop: dict[str, Any] = {"type": _JSON_TYPES.get(typ, "string"), "default": f.default,
                                "description": meta.get("doc", "")}
        if meta.get("choices") is not None:
            prop["enum"] = list(meta["choices"])
        if meta.get("minimum") is not None:
            prop["minimum"] = meta["minimum"]
        if meta.get("maximum") is not None:
            prop["maximum"] = meta["maximum"]
        props[f.name] = prop
    return {"type": "object", "properties": props, "additionalProperties": False}


def build_options(options_cls: type, given: Mapping | None):
    """Validate a mapping against an options dataclass and return the instance."""
    if given is None:
        given = {}
    if isinstance(given, options_cls):
        return given
    if not isinstance(given, Mapping):
        raise CardsageError("options must be a JSON object", field="options")
    hints = get_type_hints(options_cls)
    known = {f.name: f for f in fields(options_cls)}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise CardsageError(f"unknown option(s) {', '.join(unknown)}; known options: "
                            f"{', '.join(known) or 'none'}", field="options")
    values = {}
    for name, value in given.items():
        f, typ = known[name], hints[name]
        if typ is bool:
            ok = isinstance(value, bool)
        elif typ is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif typ is float:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            value = float(value) if ok else value
        else:
            ok = isinstance(value, typ)
        if not ok:
            raise CardsageError(f"option {name!r} must be {_JSON_TYPES.get(typ, typ.__name__)}, "
                                f"got {value!r}", field=f"options.{name}")
        meta = f.metadata
        if meta.get("choices") is not None and value not in meta["choices"]:
            raise CardsageError(f"option {name!r} must be one of {list(meta['choices'])}, got {value!r}",
                                field=f"options.{name}")
        if meta.get("minimum") is not None and value < meta["minimum"]:
            raise CardsageError(f"option {name!r} must be at least {meta['minimum']}, got {value!r}",
                                field=f"options.{name}")
        if meta.get("maximum") is not None and value > meta["maximum"]:
            raise CardsageError(f"option {name!r} must be at most {meta['maximum']}, got {value!r}",
                                field=f"options.{name}")
        values[name] = value
    opts = options_cls(**values)
    check = getattr(opts, "validate", None)
    if check is not None:
        check()
    return opts


# ---------------------------------------------------------------- JSON encoding of state values

_DATACLASSES: dict[str, type] = {}


def _type_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def serializable(cls):
    """Class decorator: register a frozen dataclass so :func:`decode` can rebuild it."""
    name = _type_name(cls)
    if _DATACLASSES.get(name, cls) is not cls:
        raise TypeError(f"two serializable classes are named {name}")
    _DATACLASSES[name] = cls
    return cls


def encode(value: Any) -> Any:
    """Encode a state value (dataclasses, tuples, cards, dicts, enums) into plain JSON."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return {"$c": str(value)}
    if isinstance(value, Enum):
        return encode(value.value)
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"$set": sorted((encode(v) for v in value), key=json.dumps)}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {"$map": {k: encode(v) for k, v in value.items()}}
        return {"$pairs": [[encode(k), encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value):
        name = _type_name(type(value))
        if name not in _DATACLASSES:
            raise TypeError(f"{name} is not registered with @serializable")
        return {"$dc": name, **{f.name: encode(getattr(value, f.name)) for f in fields(value)}}
    raise TypeError(f"cannot encode {type(value).__name__}")


def decode(data: Any) -> Any:
    """Inverse of :func:`encode` (lists come back as tuples)."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if isinstance(data, dict):
        if "$c" in data:
            return parse_card(data["$c"])
        if "$set" in data:
            return frozenset(decode(v) for v in data["$set"])
        if "$map" in data:
            return {k: decode(v) for k, v in data["$map"].items()}
        if "$pairs" in data:
            return {decode(k): decode(v) for k, v in data["$pairs"]}
        if "$dc" in data:
            cls = _DATACLASSES.get(data["$dc"])
            if cls is None:
                raise CardsageError(f"unknown state type {data['$dc']!r}", status=400)
            kwargs = {k: decode(v) for k, v in data.items() if k != "$dc"}
            return cls(**kwargs)
    raise CardsageError("malformed state JSON", status=400)


# ---------------------------------------------------------------- hints


@dataclass
class Hint:
    """A recommended action with why, how good it is, and the ranked alternatives."""

    action: Action
    reason: str
    evaluation: dict = field(default_factory=dict)
    alternatives: list[dict] = field(default_factory=list)
    method: str = "heuristic"      # "heuristic", "exact", "sampled", "oracle"

    def to_json(self) -> dict:
        """JSON form used by the HTTP API."""
        return {"action": self.action.to_json(), "reason": self.reason, "evaluation": self.evaluation,
                "alternatives": self.alternatives, "method": self.method}


@dataclass(frozen=True)
class ScoreEvent:
    """One scoring fact of a match: in which hand, to which seats, how many points, and why.

    ``source`` names the rule in words a player knows ("tricks over six", "honours",
    "failed bid: twice the bid"); ``detail`` carries what the rule counted (tricks,
    card points…), so the rule text's checksums can be checked from the events alone.
    """

    hand: int                      # 1 for the first hand of the match
    seats: tuple[int, ...]         # every seat the points go to (both partners of a side)
    points: float
    source: str
    detail: Mapping = field(default_factory=dict)

    def to_json(self) -> dict:
        """JSON form used by the HTTP API."""
        return {"hand": self.hand, "seats": list(self.seats), "points": self.points,
                "source": self.source, "detail": dict(self.detail)}


# ---------------------------------------------------------------- the state protocol


class State(abc.ABC):
    """One moment of a match. Subclasses are frozen, ``@serializable`` dataclasses.

    A subclass implements ``to_move``, ``legal_actions``, ``_apply``, ``scores``,
    ``zones``, ``with_zones`` and ``public``; this base class supplies validation,
    views, JSON and determinization on top of them.
    """

    game: ClassVar["Game"]

    # --- to implement -------------------------------------------------------
    @property
    @abc.abstractmethod
    def to_move(self) -> frozenset[int]:
        """The seats that may act now (empty when the match is over)."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not to move)."""

    @abc.abstractmethod
    def _apply(self, action: Action, seat: int) -> "State":
        """Apply an action already known to be legal."""

    @property
    @abc.abstractmethod
    def scores(self) -> tuple:
        """Match scores, one per seat (partners share their side's score)."""

    @abc.abstractmethod
    def zones(self) -> dict[str, Zone]:
        """Every card of the state, by zone."""

    @abc.abstractmethod
    def with_zones(self, zones: Mapping[str, tuple[Card, ...]]) -> "State":
        """A copy of this state with the cards of the given zones replaced."""

    @abc.abstractmethod
    def public(self, seat: int | None) -> dict:
        """Public, JSON-ready facts a seat may see besides the zones (trump, trick, scores…)."""

    # --- optional hooks -----------------------------------------------------
    @property
    def players(self) -> int:
        """Number of seats."""
        return self.game.players_for(self.options)  # type: ignore[attr-defined]

    @property
    def is_over(self) -> bool:
        """True when the match has ended."""
        return not self.to_move

    def log_text(self, action: Action, actor: int, viewer: int | None) -> str:
        """How ``actor``'s ``action`` appears in ``viewer``'s log (default: in full)."""
        return action.notation

    def parse_action(self, data: Any, seat: int) -> Action:
        """Turn user input (text or JSON) into a canonical action (not yet checked for legality)."""
        action = Action.from_json(data)
        if action.args:
            canon = []
            for arg in action.args:
                try:
                    canon.append(str(parse_card(arg)))
                except CardsageError:
                    canon.append(arg)
            action = Action(action.kind, tuple(canon))
        return action

    def determinize_constraints(self, seat: int) -> dict[str, Callable[[Card], bool]]:
        """Per hidden zone, which cards it may hold (shown voids, known cards). Default: any."""
        return {}

    def fixed_cards(self, seat: int) -> dict[str, tuple[Card, ...]]:
        """Cards publicly known to lie in a hidden zone (e.g. a turned trump the dealer took)."""
        return {}

    def believed(self, seat: int) -> "State":
        """This state with any secret that is not a card (Mao's rules) replaced by what
        ``seat`` believes it to be. Unseen cards need nothing here: a seat's knowledge
        (``solvers.knowledge``) leaves them out by itself."""
        return self

    def review_limit(self, viewer: int | None) -> int | None:
        """How many of the latest log entries ``viewer`` may still read in full (None: all).

        Older entries show only their verb (``play``), as at a table where quitted
        tricks may not be looked at again."""
        return None

    # --- scoring ------------------------------------------------------------
    @property
    def hands_played(self) -> int:
        """Hands finished so far (a search may stop its look-ahead where a hand ends)."""
        return 0

    def score_events(self) -> list[ScoreEvent]:
        """The match's scoring so far, one event per scoring fact (default: none)."""
        return []

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides: partnerships, or each seat alone (the default)."""
        return tuple((s,) for s in range(self.players))

    def standings(self) -> list[dict]:
        """Sides from first to last place in the game's own direction, with their scores."""
        low = self.game.low_score_wins
        rows = [{"seats": list(side), "score": self.scores[side[0]]} for side in self.sides()]
        rows.sort(key=lambda r: (r["score"] if low else -r["score"], r["seats"]))
        place = 0
        for i, row in enumerate(rows):
            if i == 0 or row["score"] != rows[i - 1]["score"]:
                place = i + 1
            row["place"] = place
        return rows

    def utility(self, seat: int) -> float:
        """How good the match stands for ``seat``, for search: higher is better.

        Default: its score minus the mean score of the other sides, negated where low
        scores win. Only differences between states matter to the search."""
        score = self.scores
        own = next(side for side in self.sides() if seat in side)
        others = [score[side[0]] for side in self.sides() if side != own]
        value = score[seat] - (sum(others) / len(others) if others else 0.0)
        return -value if self.game.low_score_wins else float(value)

    # --- provided -----------------------------------------------------------
    def apply(self, action: Action | str | Mapping, seat: int | None = None) -> "State":
        """Return the state after ``seat`` takes ``action``; raise if it is not legal now.

        ``seat`` may be omitted when exactly one seat is to move.
        """
        movers = self.to_move
        if seat is None:
            if len(movers) != 1:
                raise OutOfTurn("the match is over" if not movers else
                                "several seats may act: say which seat acts", status=409)
            (seat,) = movers
        if not isinstance(action, Action):
            action = self.parse_action(action, seat)
        if seat not in movers:
            raise OutOfTurn(f"seat {seat} is not to move" +
                            (" (the match is over)" if not movers else
                             f"; to move: {', '.join(map(str, sorted(movers)))}"), status=409)
        legal = self.legal_actions(seat)
        if action not in legal:
            shown = ", ".join(a.notation for a in legal[:12]) + (" …" if len(legal) > 12 else "")
            raise IllegalAction(f"'{action.notation}' is not legal now; legal: {shown}")
        return self._apply(action, seat)

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may see (None: an onlooker): zones by allow-list plus public facts."""
        zones = {}
        for name, zone in self.zones().items():
            entry: dict[str, Any] = {"count": len(zone.cards), "visibility": zone.visibility.value}
            if zone.owner is not None:
                entry["owner"] = zone.owner
            if zone.grid is not None:
                entry["grid"] = list(zone.grid)
            if zone.group is not None:
                entry["group"] = zone.group
            if zone.visible_to(seat):
                cards = zone.cards if zone.ordered else sorted(zone.cards, key=_display_key)
                entry["cards"] = [str(c) for c in cards]
            zones[name] = entry
        return {"seat": seat, "zones": zones, "public": self.public(seat),
                "to_move": sorted(self.to_move), "over": self.is_over}

    def to_json(self) -> dict:
        """The whole state as plain JSON (it includes hidden cards: never send it to a seat)."""
        return {"game": self.game.name, "state": encode(self)}

    def key(self) -> str:
        """A canonical string of the whole state, for equality checks in tests and caches."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))


def _display_key(card: Card):
    return (card.kind, card.suit if card.suit is not None else -1, card.rank, card.copy)


# ---------------------------------------------------------------- games


@dataclass(frozen=True)
class Advice:
    """What a game is played and hinted with: its bot policies by name and its hint method.

    ``hint(state, seat, budget, *, mode, rng, iterations)`` returns a :class:`Hint`;
    ``rng`` and ``iterations`` fix a sampled hint's generator and effort (tests).
    ``trick_adapter``: how the sampled double-dummy search reads the game's card play
    (a :class:`solvers.pimc.adapters.Adapter`), for trick-taking games that have one.
    """

    bots: Mapping[str, Callable]
    hint: Callable[..., Hint]
    trick_adapter: object | None = None


@dataclass(frozen=True)
class GameInfo:
    """What the registry lists about a game."""

    name: str
    title: str
    family: str
    min_players: int
    max_players: int
    summary: str


class Game(abc.ABC):
    """A ruleset: its options, how a match starts, its bots and hints.

    Subclasses set ``name``, ``title``, ``family``, ``min_players``, ``max_players``,
    ``summary``, ``Options`` (a dataclass of :func:`option` fields) and ``State``, and
    implement :meth:`start`.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    family: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    summary: ClassVar[str] = ""
    Options: ClassVar[type]
    State: ClassVar[type]
    seat_names: ClassVar[tuple[str, ...] | None] = None
    # hint methods a caller may ask for by name (``hint(..., mode=...)``); empty when
    # the game has one
    hint_modes: ClassVar[tuple[str, ...]] = ()
    # hint modes that read the hidden cards (a patience oracle): no use on a typed-in position
    all_seeing_modes: ClassVar[tuple[str, ...]] = ()
    # a game whose hint also reviews a finished match (patience: the oracle's line)
    hints_after_the_end: ClassVar[bool] = False
    # a race on a game clock the server may drive (solvers/realtime.py)
    real_time: ClassVar[bool] = False
    # option values that make a real-time game turn-based (James Bond's ``mode: turns``)
    real_time_unless: ClassVar[Mapping[str, tuple]] = {}
    # the hint mode that may still answer once the match is over (a post-mortem: what
    # would have won from where it ended), or None
    review_mode: ClassVar[str | None] = None
    # True where the lowest total wins (penalty-point games)
    low_score_wins: ClassVar[bool] = False
    # options a player must not be told once the match is set up (Mao's secret rules):
    # the service leaves them out of what it shows the seats
    secret_options: ClassVar[frozenset[str]] = frozenset()

    def __init__(self):
        self.State.game = self
        self.advice: Advice | None = None

    def attach(self, advice: Advice) -> None:
        """Give the game its bots and hint method (done once by the registry)."""
        self.advice = advice

    def _advice(self) -> Advice:
        if self.advice is None:
            raise CardsageError(f"{self.name} has no bots or hints yet: take the game from "
                                f"solvers.games.get({self.name!r})", status=500)
        return self.advice

    def info(self) -> GameInfo:
        """Registry entry."""
        return GameInfo(self.name, self.title, self.family, self.min_players, self.max_players,
                        self.summary)

    def options(self, given: Mapping | None = None):
        """Validated options from a mapping (defaults for everything not given)."""
        return build_options(self.Options, given)

    def options_schema(self) -> dict:
        """JSON schema of this game's options."""
        return options_schema(self.Options)

    def players_for(self, options) -> int:
        """Number of seats a match with these options has."""
        return getattr(options, "players", self.min_players)

    def new(self, *, seed: int | None = None, deal: Any = None, options: Mapping | Any = None) -> State:
        """Start a whole match from a seed (or an explicit first deal) and options."""
        opts = self.options(options)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise CardsageError("seed must be an integer", field="seed", status=400)
        return self.start(opts, seed if seed is not None else 0, deal)

    @abc.abstractmethod
    def start(self, options, seed: int, deal: Any) -> State:
        """Create the first state of a match (implemented by each game)."""

    def state_from_json(self, data: Mapping) -> State:
        """Rebuild a state from :meth:`State.to_json` output."""
        if not isinstance(data, Mapping) or data.get("game") != self.name:
            raise CardsageError(f"not a {self.name} state", status=400)
        state = decode(data["state"])
        if not isinstance(state, self.State):
            raise CardsageError(f"not a {self.name} state", status=400)
        return state

    def bots(self) -> dict[str, Callable]:
        """Bot policies by name: each is ``policy(state, seat, rng) -> Action``."""
        return dict(self._advice().bots)

    def hint(self, state: State, seat: int, budget: float | None = None, *, mode: str | None = None,
             rng: Rng | None = None, iterations: int | None = None) -> Hint:
        """Recommended action for ``seat`` within ``budget`` seconds (default 1).

        Games with :attr:`hint_modes` take ``mode``, one of them. A fixed ``rng`` and
        an ``iterations`` count (no budget) make a sampled hint reproducible."""
        return self._advice().hint(state, seat, budget, mode=mode, rng=rng, iterations=iterations)

    def describe(self) -> dict:
        """JSON description for the API: info, options schema, bots, seat count."""
        info = self.info()
        return {"name": info.name, "title": info.title, "family": info.family,
                "players": {"min": info.min_players, "max": info.max_players},
                "summary": info.summary, "options": self.options_schema(),
                "bots": sorted(self.bots()), "real_time": self.real_time,
                **({"real_time_unless": {k: list(v) for k, v in self.real_time_unless.items()}}
                   if self.real_time_unless else {})}
