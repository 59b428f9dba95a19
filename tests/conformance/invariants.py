"""Per-game invariants checked by the conformance suite after every action.

Each entry maps a game name to a function ``check(state)`` that raises AssertionError
when the state breaks one of the game's own rules (card conservation, score balance…).
A game without an entry is still covered by the generic checks.
"""

from collections import Counter


def whist(state):
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and len(cards) == 52, "every card is in exactly one zone"
    assert sum(state.tricks) == len(state.history) <= 13
    assert max(state.points) <= state.options.target - 1 + 7, "a hand scores at most 7 points"
    hand_sizes = [len(state.holding(s)) for s in range(4)]
    played = [sum(1 for s2, _ in state.trick if s2 == s) for s in range(4)]
    assert len({h + p for h, p in zip(hand_sizes, played)}) == 1, "hand sizes differ only by the current trick"
    if state.over:
        key = state.games if state.options.rubber else state.points
        assert max(key) >= (2 if state.options.rubber else state.options.target)
    _whist_score_events(state)


def _side_sums(events, sides, hands=None):
    return [sum(e.points for e in events if set(e.seats) == set(side) and (hands is None or e.hand in hands))
            for side in sides]


def _whist_score_events(state):
    """The score events add up to the scores; one "tricks over six" per hand (13 tricks)."""
    events = state.score_events()
    sides = state.sides()
    assert sides == ((0, 2), (1, 3))
    assert state.hands_played == len(state.sheet)
    assert all(set(e.seats) in ({0, 2}, {1, 3}) for e in events), "points go to a whole partnership"
    assert all(1 <= e.hand <= len(state.sheet) for e in events)
    for hand, record in enumerate(state.sheet, 1):
        tricks = [e for e in events if e.hand == hand and e.source == "tricks over six"]
        assert len(tricks) == 1, "exactly one side took more than six of the thirteen tricks"
        assert tricks[0].points == tricks[0].detail["tricks"] - 6 >= 1
        assert sum(record.tricks) == 13
        honours = [e for e in events if e.hand == hand and e.source == "honours"]
        assert all(e.detail["honours"] in (3, 4) and 0 <= e.points <= (4 if e.detail["honours"] == 4 else 2)
                   for e in honours)
        assert sum(record.honours_held) == 4, "the four trump honours were dealt to someone"
    won = [e for e in events if e.source == "game won"]
    if not state.options.rubber:
        assert not won
        assert _side_sums(events, sides) == [state.scores[0], state.scores[1]] == list(state.points), \
            "the events add up to the scores"
        return
    # a rubber: the points start again from love after each game; games are counted apart
    assert [sum(1 for e in won if e.seats == side) for side in sides] == list(state.games)
    closed = max((e.hand for e in won), default=0)
    if state.over:
        assert list(state.scores[:2]) == list(state.games)
        current = range(max((e.hand for e in won[:-1]), default=0) + 1, closed + 1)
    else:
        assert list(state.scores[:2]) == list(state.points)
        current = range(closed + 1, len(state.sheet) + 1)
    assert _side_sums(events, sides, set(current)) == list(state.points), \
        "the events of the current game add up to its points"


def teka(state):
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 52 and len(cards) == 52, "every card is in exactly one zone"
    assert sum(state.tricks) == len(state.history) <= 13
    assert len(state.trick) < state.trick_size, "a full trick is gathered at once"
    totals = (0, 0)
    for record in state.sheet:
        assert 0 in record.points, "only one side scores in a hand"
        assert all(p >= 0 for p in record.points), "scores never decrease"
        totals = (totals[0] + record.points[0], totals[1] + record.points[1])
        assert record.totals == totals
    assert state.points == totals
    playing = [s for s in range(4) if s != state.sitting_out]
    held = [len(state.hands[s]) + sum(1 for s2, _, _ in state.trick if s2 == s) for s in playing]
    assert len(set(held)) == 1, "the playing hands differ only by the current trick"
    if state.declarer is not None and state.phase in ("play", "answer"):
        side = state.declaring_side
        assert state.tricks[side] < state.bid and state.tricks[1 - side] <= 13 - state.bid, \
            "play stops as soon as the contract is made or beaten"
        assert len(state.raises) <= len(state.history) + 1, "at most one raise proposal a trick"
    if state.phase == "play":
        # the seat to play, and the declarer while its raise window is open
        assert state.turn in state.to_move and state.to_move <= {state.turn, state.declarer}
        assert (state.declarer in state.to_move) == (state.declarer == state.turn or state.raise_open)
    # score events: per side they add up to the side's total; the rule text's checksum per
    # hand: exactly one side scores, the contract's value, when play had just decided it
    assert state.hands_played == len(state.sheet)
    assert state.sides() == ((0, 2), (1, 3))
    events = state.score_events()
    for side in state.sides():
        assert sum(e.points for e in events if e.seats == side) == state.scores[side[0]] == \
            state.points[side[0] % 2], "the events add up to the side's score"
    assert all(e.seats in state.sides() for e in events), "points go to a whole partnership"
    by_hand = Counter(e.hand for e in events)
    for number, record in enumerate(state.sheet, 1):
        if record.declarer is None:
            assert by_hand[number] == 0 and record.points == (0, 0), "a thrown-in deal scores nothing"
            continue
        assert by_hand[number] == 1, "one scoring fact a hand"
        (event,) = [e for e in events if e.hand == number]
        bid = 13 if record.double13 else record.bid
        declaring = record.declarer % 2
        made = record.result == "made"
        assert event.seats == state.sides()[declaring if made else 1 - declaring]
        assert event.detail["declarer_tricks"] == record.tricks[declaring]
        if made:
            assert record.tricks[declaring] == bid and record.tricks[1 - declaring] <= 13 - bid
            value = 26 if record.double13 or (bid == 13 and state.options.lawreece) else bid
        else:
            assert record.tricks[1 - declaring] == 14 - bid and record.tricks[declaring] < bid
            value = 52 if record.double13 else 8 if record.forced and bid == 8 else 2 * bid
        assert event.points == value == max(record.points), (event, record)
    standings = state.standings()
    assert standings[0]["score"] == max(state.points) and {tuple(r["seats"]) for r in standings} == {(0, 2), (1, 3)}
    if state.is_over:
        assert max(state.points) >= state.options.target and min(state.points) < state.options.target


def twentyfour(state):
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == 40 and len(cards) == 40, "every card of the 40-card pack is in one zone"
    assert all(c.rank <= 10 or c.rank == 14 for c in cards), "only ace to ten"
    assert state.clock >= state.set_start and all(r >= state.set_start for r in state.ready)
    if state.phase == "race" and state.options.mode == "shedding":
        # (in the collection version a failed answer hands the race back, possibly after
        # the no-solution time: the players may then agree at once)
        assert state.clock <= state.deadline, "the clock never passes the no-solution time in a slap window"
    _twentyfour_score_events(state)
    if state.phase == "over":
        assert state.winners and not state.to_move
        return
    assert len(state.table) == 4, "a board is four cards"
    assert state.to_move, "someone is always to move until the match ends"
    if state.options.mode == "shedding":
        per_seat = 2 if state.players == 2 else 1
        assert all(sum(1 for s, _ in state.table if s == seat) == per_seat for seat in range(state.players))
        if state.players == 2:
            assert all(state.cards_held(s) % 2 == 0 for s in range(2)), "stacks change by two"


def _twentyfour_score_events(state):
    """A line per decided set (four cards to one seat, no points) and a point per winner."""
    events = state.score_events()
    assert state.hands_played == state.sets == len(state.taken)
    takes = [e for e in events if e.points == 0]
    assert [e.hand for e in takes] == list(range(1, state.sets + 1)), "one line per set, in order"
    assert all(e.detail["cards"] == 4 and len(e.seats) == 1 for e in takes), "a set is four cards"
    sums = [sum(e.points for e in events if e.seats == (s,)) for s in range(state.players)]
    assert sums == list(state.scores), "the events add up to the scores"
    assert sorted(s for e in events if e.points for s in e.seats) == sorted(state.winners)


def _patience(state, pack_size):
    cards = Counter(c for z in state.zones().values() for c in z.cards)
    assert sum(cards.values()) == pack_size and len(cards) == pack_size, "every card is in exactly one zone"
    for pile in state.foundations:
        assert all(c.suit == pile[0].suit for c in pile), "a foundation holds one suit"
        assert [1 if c.rank == 14 else int(c.rank) for c in pile] == list(range(1, len(pile) + 1)), \
            "a foundation is built up from the ace"
    assert state.scores == (sum(len(p) for p in state.foundations),)
    events = state.score_events()
    assert len(events) == 1 and events[0].hand == 1 and events[0].seats == (0,)
    assert events[0].points == state.scores[0] == events[0].detail["cards"], "the events add up to the score"
    assert events[0].detail["of"] == pack_size and state.hands_played == (1 if state.is_over else 0)
    for down, up in state.columns:
        assert up or not down, "a column's top card is face up"
    view = state.view(0)
    hidden = [n for n, z in state.zones().items() if z.visibility.value == "hidden"]
    assert hidden and all("cards" not in view["zones"][n] for n in hidden), "face-down cards are never shown"
    if state.won:
        assert state.is_over and state.ended == "won"


def klondike(state):
    _patience(state, 52)


def forty_thieves(state):
    _patience(state, 104)


INVARIANTS = {"whist": whist, "teka": teka, "twentyfour": twentyfour,
              "klondike": klondike, "forty-thieves": forty_thieves}


def _per_game():
    # games added later bring their invariants in tests/conformance/per_game/<name>.py
    from solvers import games
    from tests.conformance.per_game import entries
    for name in games.names():
        module = entries(name)
        if module is not None and hasattr(module, "check"):
            assert name not in INVARIANTS, f"{name} has invariants in two places"
            INVARIANTS[name] = module.check


_per_game()
