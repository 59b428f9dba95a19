"""What one seat knows of a match, and a match rebuilt from that alone.

A player at a real table knows their own cards, the cards face up on the table, the
cards they have seen played or shown (tricks taken face down are remembered) and
everything said aloud: bids, trumps, scores, whose turn it is. :func:`knowledge`
writes that down as JSON; :func:`state_from_knowledge` deals every card the seat has
not seen, consistently with it, and gives a whole state the engines can search.

The knowledge has two parts:

* ``zones``: the table in the shape of a session view (``view()["zones"]``): every
  zone with its card count, and the cards of each zone the seat knows (its own,
  face-up ones, and ``seen`` piles such as tricks taken); ``known`` lists cards the
  table knows to lie in a hidden zone (a card taken from the discard pile).
* ``state``: every other fact of the match, in the state's own JSON (``to_json``),
  with the cards the seat has not seen laid into the hidden zones in a fixed order
  (sorted, zone by zone), so that it depends only on what the seat knows, and the
  generator of later deals zeroed (nobody knows how the next hand will fall). A game whose state holds other secrets (Mao's
  rules, the face-down cards of patience undo frames) puts what the seat believes in
  their place (:meth:`State.believed`).

Typed in by hand, ``zones`` is the part to edit: set the cards of a zone the seat
knows, or the count of a hidden one (a Klondike column's face-down cards).
:func:`fresh_deal` starts a match whose first deal puts the cards the seat sees where
it says (the pack renamed at the shuffle, so the game derives the rest from them).
:func:`play_seen` enters what another seat was seen to do: a card it played is moved
into its hand first when the current sample had it elsewhere, as long as nothing
public rules that out.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from contextlib import contextmanager
from typing import Any, Mapping

from solvers.cards import RELABEL, Card, Rng, card_order, parse_card
from solvers.errors import CardsageError
from solvers.game import Action, Game, State, decode, encode
from solvers.sampling import determinize

__all__ = ["knowledge", "state_from_knowledge", "typed_in", "fresh_deal", "seed_with_dealer", "play_seen", "moves_seen", "unseen_cards", "pack",
           "MAX_KNOWLEDGE_CHARS"]

MAX_KNOWLEDGE_CHARS = 2_000_000


def knowledge(state: State, seat: int) -> dict:
    """What ``seat`` knows of ``state``, as JSON (no card it has not seen, no other secret)."""
    _check_seat(state, seat)
    believed = _canonical(state.believed(seat), seat)
    record = encode(believed)
    if isinstance(record, dict) and "rng_state" in record:
        record["rng_state"] = 0
    return {"game": state.game.name, "seat": seat, "zones": _zone_entries(believed, seat), "state": record}


def state_from_knowledge(game: Game, data: Any, seat: int | None, rng: Rng) -> State:
    """A whole state consistent with what a seat knows: every unseen card dealt afresh.

    ``data`` is :func:`knowledge` output, possibly edited (``zones``); ``seat`` (when
    given) must be the knowledge's seat. Raises :class:`CardsageError` (422) naming
    what is inconsistent: a card in two places, a card not in the pack, more or fewer
    cards than the pack holds, a hidden zone that cannot take the cards left."""
    if not isinstance(data, Mapping):
        raise CardsageError("knowledge must be a JSON object with 'seat', 'zones' and 'state'",
                            field="knowledge")
    if len(json.dumps(data, default=str)) > MAX_KNOWLEDGE_CHARS:
        raise CardsageError("the knowledge is too large", field="knowledge", status=413)
    if data.get("game", game.name) != game.name:
        raise CardsageError(f"this knowledge is of {data.get('game')!r}, not {game.name}", field="knowledge.game")
    own = data.get("seat")
    if not isinstance(own, int) or isinstance(own, bool):
        raise CardsageError("knowledge.seat must be a seat number", field="knowledge.seat")
    if seat is not None and seat != own:
        raise CardsageError(f"the knowledge is seat {own}'s, not seat {seat}'s", field="seat")
    record = data.get("state")
    if not isinstance(record, Mapping):
        raise CardsageError("knowledge.state is required: the match's public facts (start from "
                            "a fresh position or a session's knowledge)", field="knowledge.state")
    template = _filled(game, record, own)
    _check_seat(template, own)
    with typed_in(game):
        entries = data.get("zones")
        if entries is not None:
            template = _with_zone_entries(game, template, own, entries)
        try:
            state = determinize(template, own, rng)
        except CardsageError as err:
            raise CardsageError(f"no deal of the unseen cards fits this position: {err.message}",
                                field="knowledge.zones") from None
        _exercise(state)
    return state


@contextmanager
def typed_in(game: Game):
    """Work on a typed-in position: a failure inside the game's code means the position
    does not hang together (the checks on the way in cannot foresee every combination of
    facts a person may type), which is the caller's 422, not the server's 500."""
    try:
        yield
    except CardsageError:
        raise
    except Exception as err:
        raise CardsageError(f"not a consistent {game.title} position ({type(err).__name__}: {err})",
                            field="knowledge.state") from None


def fresh_deal(game: Game, options: Any, seed: int, seat: int, wanted: Any) -> State:
    """A match's first deal with the cards ``seat`` sees where it says (``wanted``: zone →
    cards, for zones the seat can see at the deal: its hand, the cards turned face up).

    The game deals as it always does, with the pack's cards renamed so that the named
    cards fall in the named places; whatever the game derives at the deal (the trump
    from a turned card, a redeal for a card on the table) follows from them."""
    state = game.new(seed=seed, options=options)
    _check_seat(state, seat)
    if not wanted:
        return state
    if not isinstance(wanted, Mapping):
        raise CardsageError("zones must be an object: zone name → list of cards", field="zones")
    want: dict[str, list[Card]] = {}
    for name, cards in wanted.items():
        zone = state.zones().get(name)
        if zone is None:
            raise CardsageError(f"{game.title} deals no zone {name!r} (zones: {', '.join(state.zones())})",
                                field=f"zones.{name}")
        if not zone.known_to(seat):
            raise CardsageError(f"seat {seat} does not see the cards of {name} at the deal", field=f"zones.{name}")
        want[name] = _card_list(cards.get("cards") if isinstance(cards, Mapping) else cards, f"zones.{name}")
        if len(want[name]) != len(zone.cards):
            raise CardsageError(f"{name} is dealt {len(zone.cards)} cards, not {len(want[name])}",
                                field=f"zones.{name}")
    everything = [c for cards in want.values() for c in cards]
    _same_cards(everything, pack(state), "zones", whole=False)
    relabel: dict[Card, Card] = {}
    for _ in range(6):
        zones = state.zones()
        if all(tuple(zones[n].cards) == tuple(cs) for n, cs in want.items()):
            return state
        step: dict[Card, Card] = {}
        for n, cs in want.items():
            have = zones[n].cards
            if sorted(have, key=card_order) == sorted(cs, key=card_order):
                # the right cards, in the game's own order (a sorted hand) or in another
                step.update((x, y) for x, y in zip(have, cs) if zones[n].ordered and _in_own_order(have))
                continue
            # where the last deal put x, a wanted card y should be: rename x to y
            # (composed with the renaming already in force)
            extra = [c for c in have if c not in cs]
            lacking = [c for c in cs if c not in have]
            step.update(zip(extra, lacking))
        if not step:
            return state
        inverse = {v: k for k, v in relabel.items()}
        target = {inverse.get(x, x): y for x, y in step.items()}
        relabel = _permutation(target, pack(state))
        token = RELABEL.set(relabel)
        try:
            state = game.new(seed=seed, options=options)
        finally:
            RELABEL.reset(token)
    zones = state.zones()
    if all(sorted(zones[n].cards, key=card_order) == sorted(cs, key=card_order) for n, cs in want.items()):
        return state  # the right cards everywhere, in the order the game keeps them
    raise CardsageError("the game's deal cannot put those cards there (it deals differently around them): "
                        "start from the position before and enter the cards as they come", field="zones")


DEALER_SEEDS = 2000


def seed_with_dealer(game: Game, options: Any, dealer: int, seed: int = 0) -> int:
    """The first seed from ``seed`` on whose first deal ``dealer`` deals (the games that
    draw for the first dealer draw it from the seed), so a position can start with the
    table's own dealer."""
    state = game.new(seed=seed, options=options)
    if not isinstance(state.public(None).get("dealer"), int):
        raise CardsageError(f"{game.title} names no dealer", field="dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < state.players:
        raise CardsageError(f"dealer must be a seat from 0 to {state.players - 1}", field="dealer")
    for candidate in range(seed, seed + DEALER_SEEDS):
        if game.new(seed=candidate, options=options).public(None).get("dealer") == dealer:
            return candidate
    raise CardsageError(f"no deal from seed {seed} on has seat {dealer} dealing", field="dealer")


def _in_own_order(cards: tuple[Card, ...]) -> bool:
    """False for cards a game keeps sorted (their order is not the deal's)."""
    return list(cards) != sorted(cards, key=card_order) and list(cards) != sorted(cards, key=card_order, reverse=True)


def _permutation(target: Mapping[Card, Card], cards: tuple[Card, ...]) -> dict[Card, Card]:
    """A renaming of ``cards`` that sends each key of ``target`` to its value and moves as
    few other cards as it can."""
    taken = set(target.values())
    free = [c for c in cards if c not in target and c in taken]      # need a new name
    names = [c for c in cards if c in target and c not in taken]     # names set free
    out = dict(target)
    out.update(zip(free, names))
    return {k: v for k, v in out.items() if k != v}


def _exercise(state: State) -> None:
    """Ask the state what a table and a search will ask of it, so that a record which
    decodes but does not hang together is refused here rather than half-way through a hint."""
    for seat in range(state.players):
        state.view(seat)
        for action in state.legal_actions(seat):
            state.log_text(action, seat, (seat + 1) % state.players)
    state.view(None)
    state.scores
    state.standings()
    state.score_events()
    state.key()


def play_seen(state: State, viewer: int, actor: int, data: Any) -> State:
    """``state`` after ``actor`` did what ``viewer`` saw it do.

    The viewer's own actions must be legal as they stand. Another seat's card play
    moves the named cards into that seat's hidden hand first when this sample had
    them in another hidden place (nothing public may rule that out); an action the
    viewer saw only in part (``draw`` for a card drawn face down) is matched by how it
    appears in the viewer's log."""
    with typed_in(state.game):
        return _play_seen(state, viewer, actor, data)


def _play_seen(state: State, viewer: int, actor: int, data: Any) -> State:
    _check_seat(state, actor)
    if actor not in state.to_move:
        raise CardsageError(f"seat {actor} is not to move", status=409, field="seat")
    action = state.parse_action(data, actor)
    legal = state.legal_actions(actor)
    if action in legal:
        return state.apply(action, actor)
    if actor == viewer:
        return state.apply(action, actor)  # raises with the legal moves listed
    for option in legal:
        if state.log_text(option, actor, viewer) == action.notation:
            return state.apply(option, actor)
    moved = _cards_into_hand(state, viewer, actor, action)
    if action in moved.legal_actions(actor):
        return moved.apply(action, actor)
    raise CardsageError(f"'{action.notation}' is not a move seat {actor} can make here", field="action")


def moves_seen(state: State, viewer: int, actor: int) -> dict:
    """What ``viewer`` may enter for another seat ``actor``: ``moves``, the actions as the
    viewer would see them that name no card it cannot see (bids, passes, draws), and
    ``card_moves``, the kinds of action that name such a card (a card play: the viewer
    says which card it saw)."""
    hidden = set(unseen_cards(state, viewer))
    moves, kinds = [], []
    for action in state.legal_actions(actor):
        named = [_as_card(a) for a in action.args]
        if any(c in hidden for c in named if c is not None):
            if action.kind not in kinds:
                kinds.append(action.kind)
            continue
        text = state.log_text(action, actor, viewer)
        if text not in moves:
            moves.append(text)
    return {"moves": moves, "card_moves": kinds}


def unseen_cards(state: State, viewer: int) -> list[Card]:
    """The cards ``viewer`` has not seen (in a fixed order): those of the hidden zones,
    less the ones the table knows to lie there."""
    fixed = state.fixed_cards(viewer)
    placed_known = {c for cards in fixed.values() for c in cards}
    return sorted((c for z in state.zones().values() if not z.known_to(viewer) for c in z.cards
                   if c not in placed_known), key=card_order)


def _as_card(text: str) -> Card | None:
    try:
        return parse_card(text)
    except CardsageError:
        return None


_PACKS: dict[tuple[str, str], tuple[Card, ...]] = {}


def pack(state: State) -> tuple[Card, ...]:
    """Every card a match with ``state``'s options is played with (those of its first deal)."""
    game = state.game
    key = (game.name, json.dumps(encode(state.options), sort_keys=True))  # type: ignore[attr-defined]
    if key not in _PACKS:
        if len(_PACKS) > 256:
            _PACKS.clear()
        start = game.start(state.options, 0, None)  # type: ignore[attr-defined]
        _PACKS[key] = tuple(sorted((c for z in start.zones().values() for c in z.cards), key=card_order))
    return _PACKS[key]


# ---------------------------------------------------------------- internals


def _check_seat(state: State, seat: int) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise CardsageError(f"seat must be 0..{state.players - 1}", field="seat")


def _canonical(state: State, seat: int) -> State:
    """``state`` with the unseen cards laid into the hidden zones in a fixed order (sorted,
    zone by zone), publicly known cards kept where they are: an arrangement that depends
    only on what the seat knows."""
    zones = state.zones()
    fixed = state.fixed_cards(seat)
    hidden = [n for n, z in zones.items() if not z.known_to(seat)]
    # (a game may name a card of a kind it knows a hidden hand holds, wherever it lies)
    placed_known = {c for n in hidden for c in fixed.get(n, ())}
    pool = sorted((c for n in hidden for c in zones[n].cards if c not in placed_known), key=card_order)
    changed, at = {}, 0
    for name in hidden:
        zone = zones[name]
        known = tuple(fixed.get(name, ()))
        room = len(zone.cards) - len(known)
        placed, at = pool[at:at + room], at + room
        if known and zone.ordered and set(known) <= set(zone.cards):
            rest = list(reversed(placed))
            keep = set(known)
            cards = tuple(c if c in keep else rest.pop() for c in zone.cards)
        else:
            cards = known + tuple(placed)
        if cards != zone.cards:
            changed[name] = cards
    return state.with_zones(changed) if changed else state


def _zone_entries(state: State, seat: int) -> dict:
    fixed = state.fixed_cards(seat)
    out = {}
    for name, zone in state.zones().items():
        entry: dict[str, Any] = {"count": len(zone.cards), "visibility": zone.visibility.value}
        if zone.owner is not None:
            entry["owner"] = zone.owner
        if zone.known_to(seat):
            entry["cards"] = [str(c) for c in zone.cards]
        elif fixed.get(name):
            entry["known"] = [str(c) for c in fixed[name]]
        out[name] = entry
    return out


def _filled(game: Game, record: Mapping, seat: int) -> State:
    """The state the record describes, checked to hold every card of its pack once."""
    if not isinstance(record.get("options"), Mapping):
        raise CardsageError("knowledge.state has no options", field="knowledge.state")
    try:
        state = decode(copy.deepcopy(dict(record)))
    except CardsageError as err:
        raise CardsageError(f"knowledge.state is not a {game.title} state: {err.message}",
                            field="knowledge.state") from None
    except Exception as err:
        raise CardsageError(f"knowledge.state is not a {game.title} state ({type(err).__name__}: {err})",
                            field="knowledge.state") from None
    if not isinstance(state, game.State) or not isinstance(getattr(state, "options", None), game.Options):
        raise CardsageError(f"knowledge.state is not a {game.title} state", field="knowledge.state")
    try:
        held = [c for z in state.zones().values() for c in z.cards]
        cards_of_pack = pack(state)
    except Exception as err:
        raise CardsageError(f"knowledge.state is not a consistent {game.title} state "
                            f"({type(err).__name__}: {err})", field="knowledge.state") from None
    _same_cards(held, cards_of_pack, "knowledge.state")
    if dataclasses.is_dataclass(state) and any(f.name == "rng_state" for f in dataclasses.fields(state)):
        state = dataclasses.replace(state, rng_state=0)
    return state


def _same_cards(held: list[Card], cards_of_pack: tuple[Card, ...], field: str, *, whole: bool = True) -> None:
    """Refuse a card held twice or not in the pack, and (``whole``) a card of the pack held nowhere."""
    counts: dict[Card, int] = {}
    for c in held:
        counts[c] = counts.get(c, 0) + 1
    twice = sorted((c for c, n in counts.items() if n > 1), key=card_order)
    if twice:
        raise CardsageError(f"{twice[0]} is in two places", field=field)
    in_pack = set(cards_of_pack)
    stray = sorted((c for c in counts if c not in in_pack), key=card_order)
    if stray:
        raise CardsageError(f"{stray[0]} is not in this game's pack", field=field)
    missing = sorted((c for c in cards_of_pack if c not in counts), key=card_order) if whole else []
    if missing:
        raise CardsageError(f"{len(missing)} cards of the pack are nowhere (first {missing[0]})", field=field)


def _card_list(value: Any, where: str) -> list[Card]:
    if not isinstance(value, list):
        raise CardsageError(f"{where} must be a list of cards", field=where)
    out = []
    for item in value:
        try:
            out.append(parse_card(item))
        except (CardsageError, TypeError, ValueError, AttributeError):
            raise CardsageError(f"{where}: {item!r} is not a card", field=where) from None
    return out


def _with_zone_entries(game: Game, state: State, seat: int, entries: Any) -> State:
    """``state`` with the zones as the seat typed them: known cards set, hidden counts set,
    and the unseen cards put back into the hidden zones."""
    if not isinstance(entries, Mapping):
        raise CardsageError("knowledge.zones must be an object of zones", field="knowledge.zones")
    zones = state.zones()
    unknown = sorted(set(entries) - set(zones))
    if unknown:
        raise CardsageError(f"{game.title} has no zone {unknown[0]!r} here (zones: {', '.join(zones)})",
                            field="knowledge.zones")
    fixed = state.fixed_cards(seat)
    where: dict[Card, str] = {}
    known: dict[str, tuple[Card, ...]] = {}
    room: dict[str, int] = {}
    for name, zone in zones.items():
        entry = entries.get(name, {})
        if not isinstance(entry, Mapping):
            raise CardsageError(f"knowledge.zones.{name} must be an object", field=f"knowledge.zones.{name}")
        if zone.known_to(seat):
            cards = tuple(_card_list(entry["cards"], f"knowledge.zones.{name}.cards")) if "cards" in entry \
                else zone.cards
            known[name] = cards
        else:
            if "cards" in entry:
                raise CardsageError(f"seat {seat} cannot see the cards of {name}: give its count",
                                    field=f"knowledge.zones.{name}")
            cards = tuple(fixed.get(name, ()))
            count = entry.get("count", len(zone.cards))
            if not isinstance(count, int) or isinstance(count, bool) or count < len(cards):
                raise CardsageError(f"knowledge.zones.{name}.count must be a whole number of at least "
                                    f"{len(cards)}", field=f"knowledge.zones.{name}.count")
            room[name] = count - len(cards)
            known[name] = cards
        for c in cards:
            if c in where:
                raise CardsageError(f"{c} is in two places: {where[c]} and {name}", field="knowledge.zones")
            where[c] = name
    cards_of_pack = pack(state)
    stray = [c for c in where if c not in set(cards_of_pack)]
    if stray:
        raise CardsageError(f"{stray[0]} is not in this game's pack", field="knowledge.zones")
    rest = [c for c in cards_of_pack if c not in where]
    if sum(room.values()) != len(rest):
        raise CardsageError(f"the hidden zones hold {sum(room.values())} cards but the pack leaves "
                            f"{len(rest)} unseen ({len(where)} cards placed of {len(cards_of_pack)})",
                            field="knowledge.zones")
    changed = {}
    at = 0
    for name, zone in zones.items():
        cards = known[name]
        if name in room:
            cards = cards + tuple(rest[at:at + room[name]])
            at += room[name]
        if cards != zone.cards:
            changed[name] = cards
    if not changed:
        return state
    try:
        edited = state.with_zones(changed)
        now = edited.zones()
    except CardsageError as err:
        raise CardsageError(f"the zones do not fit this position: {err.message}", field="knowledge.zones") from None
    except Exception as err:
        raise CardsageError(f"the zones do not fit this position ({type(err).__name__}: {err})",
                            field="knowledge.zones") from None
    for name, cards in changed.items():
        if sorted(now[name].cards, key=card_order) != sorted(cards, key=card_order):
            raise CardsageError(f"the cards of {name} follow from the play in {game.title}: enter the actions "
                                f"that put them there, or start from a deal with them", field=f"knowledge.zones.{name}")
    return edited


def _cards_into_hand(state: State, viewer: int, actor: int, action: Action) -> State:
    """``state`` with the cards ``action`` names moved into ``actor``'s hidden zones."""
    zones = state.zones()
    fixed = {n: set(cs) for n, cs in state.fixed_cards(viewer).items()}
    allow = state.determinize_constraints(viewer)
    own = [n for n, z in zones.items() if z.owner == actor and not z.known_to(viewer)]
    named = [c for c in map(_as_card, action.args) if c is not None]
    if not named:
        raise CardsageError(f"'{action.notation}' is not a move seat {actor} can make here", field="action")
    cards = {n: list(z.cards) for n, z in zones.items()}
    for card in named:
        source = next((n for n, cs in cards.items() if card in cs), None)
        if source is None:
            raise CardsageError(f"{card} is not in this game's pack", field="action")
        if source in own:
            continue
        if zones[source].known_to(viewer) or card in fixed.get(source, ()):
            raise CardsageError(f"seat {actor} cannot play {card}: it is in {source}", field="action")
        if not own:
            raise CardsageError(f"seat {actor} holds no hidden cards", field="action")
        target = next((n for n in own if allow.get(n, _anything)(card)), None)
        if target is None:
            raise CardsageError(f"seat {actor} cannot hold {card}: what it has shown rules it out", field="action")
        swap = next((c for c in cards[target] if c not in named and c not in fixed.get(target, ())
                     and allow.get(source, _anything)(c)), None)
        if swap is None:
            raise CardsageError(f"no card of seat {actor}'s hand can change places with {card}", field="action")
        cards[target][cards[target].index(swap)] = card
        cards[source][cards[source].index(card)] = swap
    changed = {n: tuple(cs) for n, cs in cards.items() if tuple(cs) != zones[n].cards}
    return state.with_zones(changed) if changed else state


def _anything(card: Card) -> bool:
    return True
