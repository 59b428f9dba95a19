"""Turning a :class:`Position` into the kernel's flat arrays, and stepping that state.

``State`` is the mutable kernel state of one position for one maximising team. Its
``play`` method applies a card (completing and scoring the trick when it is the last
card) so the driver can value each card and walk the principal line.
"""

from __future__ import annotations

import numpy as np

from solvers.cards import Card
import solvers.doubledummy.kernel as K
import solvers.doubledummy.layout as L
from solvers.doubledummy.layout import pack
from solvers.doubledummy.position import Position, _next_players, _trick_seats

__all__ = ["State", "encode", "encode_ending", "vector_bounds"]


class State:
    """Kernel arrays for one position seen from one maximising team."""

    __slots__ = ("hands", "trick", "tseat", "st", "cfg", "team", "cpts", "lpts", "card_of",
                 "code_of", "seats")

    def copy(self) -> "State":
        """An independent copy (rules arrays are shared: they never change)."""
        other = State.__new__(State)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(other, name, value.copy() if name in ("hands", "trick", "tseat", "st") else value)
        return other

    @property
    def to_play(self) -> int:
        """Seat whose turn it is."""
        tlen = int(self.st[0])
        if tlen == 0:
            return int(self.st[1])
        after = int(self.tseat[tlen - 1])
        n = self.seats
        s = (after + 1) % n
        while self.hands[s] == 0:
            s = (s + 1) % n
        return s

    @property
    def maximising(self) -> bool:
        """True when the seat to play belongs to the maximising team."""
        return bool(self.team[self.to_play])

    def packed(self) -> np.ndarray:
        """The kernel's state vector for this position (``layout.py``)."""
        return pack(self.hands, self.trick, self.tseat, self.st, self.cfg, self.team, self.cpts, self.lpts)

    def tricks_left(self) -> int:
        """Tricks still to be completed after the current one starts (kernel's count)."""
        return int(K.tricks_left(self.packed(), self.seats, self.cfg[K.C_UNEQUAL]))

    def bounds(self) -> tuple[int, int]:
        """Least and most the team can score from here, the current trick included."""
        return vector_bounds(self.packed(), self.seats)

    def legal_groups(self) -> list[list[int]]:
        """Legal cards of the seat to play, grouped into runs of equivalent cards."""
        p = self.to_play
        tlen = int(self.st[0])
        legal = int(K.legal(self.packed(), self.hands[p], tlen))
        groups: list[list[int]] = []
        for s in range(4):
            rem = 0
            for h in self.hands:
                rem |= (int(h) >> (16 * s)) & 0xFFFF
            for i in range(tlen):
                if int(self.trick[i]) >> 4 == s:
                    rem |= 1 << (int(self.trick[i]) & 15)
            mine = (legal >> (16 * s)) & 0xFFFF
            run: list[int] = []
            for b in range(15, -1, -1):
                if not (rem >> b) & 1:
                    continue
                code = 16 * s + b
                same = bool((mine >> b) & 1) and run and (
                    not self.cfg[K.C_CARD_PTS] or self.cpts[code] == self.cpts[run[0]])
                if same:
                    run.append(code)
                    continue
                if run:
                    groups.append(run)
                run = [code] if (mine >> b) & 1 else []
            if run:
                groups.append(run)
        return groups

    def play(self, code: int) -> int:
        """Play card ``code`` for the seat to play; return the team's gain if it ends a trick."""
        p = self.to_play
        n = self.seats
        tlen = int(self.st[0])
        self.hands[p] ^= np.int64(1) << np.int64(code)
        self.trick[tlen] = code
        self.tseat[tlen] = p
        if tlen + 1 < int(self.st[2]):
            self.st[0] = tlen + 1
            return 0
        wi = int(K.winner_index(self.packed(), tlen + 1))
        winner = int(self.tseat[wi])
        gain = 0
        if self.team[winner]:
            gain = int(self.cfg[K.C_TRICK_PTS]) + sum(int(self.cpts[self.trick[j]]) for j in range(tlen + 1))
            gain += int(self.lpts[self.tricks_left()])
        self.st[0] = 0
        self.st[1] = winner
        self.st[2] = n if not self.cfg[K.C_UNEQUAL] else sum(1 for h in self.hands if h)
        if self.cfg[K.C_UNEQUAL] and any(self.hands) and not self.hands[winner]:
            self.st[1] = K.next_seat(self.packed(), winner, n)
        return gain

    @property
    def empty(self) -> bool:
        """True when every card has been played."""
        return not any(self.hands) and int(self.st[0]) == 0


def vector_bounds(S: np.ndarray, n: int) -> tuple[int, int]:
    """Least and most the team can score from the state vector ``S`` of ``n`` seats, the
    current trick included."""
    tlen = int(S[L.O_ST])
    if tlen == 0:
        tricks = int(K.tricks_left(S, n, S[L.O_CFG + K.C_UNEQUAL]))
        lo, hi = K.value_bounds(S, n, tricks)
        return int(lo), int(hi)
    # mid-trick: one more trick than after it, plus the points already on the table
    tricks = max(int(h).bit_count() for h in S[L.O_HANDS:L.O_HANDS + 8]) + 1
    lo, hi = K.value_bounds(S, n, tricks)
    lo, hi = int(lo), int(hi)
    for i in range(tlen):
        v = int(S[L.O_CPTS + S[L.O_TRICK + i]])
        lo += min(v, 0)
        hi += max(v, 0)
    return lo, hi


def encode(position: Position, team_seat: int | None = None) -> State:
    """Kernel state of ``position`` maximising for the side of ``team_seat`` (default: the
    seat to play)."""
    rules = position.rules
    n = rules.seats
    card_of, code_of, cpts, lpts, base_cfg, _, _ = _static(rules)
    state = State.__new__(State)
    state.seats = n
    state.card_of, state.code_of, state.cpts, state.lpts = card_of, code_of, cpts, lpts
    state.hands = np.zeros(8, dtype=np.int64)
    for seat, hand in enumerate(position.hands):
        mask = 0
        for card in hand:
            mask |= 1 << code_of[card]
        state.hands[seat] = mask
    state.trick = np.zeros(8, dtype=np.int64)
    state.tseat = np.zeros(8, dtype=np.int64)
    for i, (card, seat) in enumerate(zip(position.trick, _trick_seats(position))):
        state.trick[i] = code_of[card]
        state.tseat[i] = seat
    if not rules.unequal_hands:
        part = n
    elif position.trick:
        part = len(position.trick) + len(_next_players(position))
    else:
        part = sum(1 for h in position.hands if h)
    state.st = np.array([len(position.trick), position.leader, part], dtype=np.int64)
    seat = position.to_play if team_seat is None else team_seat
    side = rules.sides[seat]
    state.team = np.array([1 if s < n and rules.sides[s] == side else 0 for s in range(8)], dtype=np.int64)
    state.cfg = base_cfg.copy()
    state.cfg[K.C_TEAMMASK] = sum(1 << s for s in range(n) if state.team[s])
    return state


def encode_ending(hands, leader: int, trick, rules, out: np.ndarray) -> None:
    """Write the kernel's state vector of a deal straight into ``out`` (``layout.S_SIZE``),
    maximising for the side to play: the vector ``encode(Position.from_hands(hands,
    leader, trick, rules)).packed()`` holds, with no position built and nothing checked.

    For a caller that holds a legal deal of equal hands (a game's own sampled state):
    every card a card of ``rules`` and held once, the seats after the leader holding one
    card fewer for each card on the trick. Rules with unequal hands are not taken."""
    if rules.unequal_hands:
        raise ValueError("encode_ending takes rules with equal hands only")
    _, code_of, _, _, _, by_id, template = _static(rules)
    n = rules.seats
    out[:] = template
    get = by_id.get
    masks = []
    for hand in hands:
        mask = 0
        for card in hand:
            code = get(id(card))
            mask |= 1 << (code_of[card] if code is None else code)
        masks.append(mask)
    out[L.O_HANDS:L.O_HANDS + len(masks)] = masks
    if trick:
        for i, card in enumerate(trick):
            code = get(id(card))
            out[L.O_TRICK + i] = code_of[card] if code is None else code
            out[L.O_TSEAT + i] = (leader + i) % n
    # with equal hands the seat after the trick's last card is to play (see _next_players)
    to_play = (leader + len(trick)) % n
    out[L.O_ST:L.O_ST + 3] = (len(trick), leader, n)
    sides = rules.sides
    side = sides[to_play]
    team = [1 if sides[s] == side else 0 for s in range(n)]
    out[L.O_TEAM:L.O_TEAM + n] = team
    teammask = sum(bit << s for s, bit in enumerate(team))
    out[L.O_CFG + K.C_TEAMMASK] = teammask


_STATIC: dict[tuple, tuple] = {}


def _static(rules) -> tuple:
    """Card codes, points and configuration that depend on the rules only (cached)."""
    signature = rules.signature()
    hit = _STATIC.get(signature)
    if hit is not None:
        return hit
    card_of: dict[int, Card] = {}
    code_of: dict[Card, int] = {}
    for card in rules.cards:
        suit, power = rules.card_key(card)
        code = 16 * suit + power
        card_of[code] = card
        code_of[card] = code
    cpts = np.zeros(64, dtype=np.int64)
    for card, code in code_of.items():
        cpts[code] = rules.points_of(card)
    lpts = np.zeros(32, dtype=np.int64)
    for k, v in enumerate(rules.last_trick_points):
        lpts[k] = v
    cfg = np.zeros(K.CFG_SIZE, dtype=np.int64)
    cfg[K.C_SEATS] = rules.seats
    cfg[K.C_TRUMP] = -1 if rules.trump is None else rules.trump
    cfg[K.C_MUST_TRUMP] = int(rules.must_trump)
    cfg[K.C_MUST_HEAD] = int(rules.must_head)
    cfg[K.C_TRICK_PTS] = rules.trick_points
    cfg[K.C_CARD_PTS] = int(rules.has_card_points)
    cfg[K.C_RELATIVE] = int(not rules.has_card_points)
    cfg[K.C_UNEQUAL] = int(rules.unequal_hands)
    cfg[K.C_LAST_ANY] = int(any(rules.last_trick_points))
    cfg[K.C_QUICK] = int(rules.trick_points > 0 and not rules.has_card_points and not any(rules.last_trick_points)
                         and not rules.must_trump and not rules.must_head and not rules.unequal_hands)
    cfg[K.C_PARTITION] = int(not rules.has_card_points and not rules.must_head)
    # the codes by the identity of the game's own card objects (kept alive by card_of),
    # so a card of the game is found without the dataclass hash of its fields
    by_id = {id(card): code for code, card in card_of.items()}
    template = pack(np.zeros(8, dtype=np.int64), (), (), (), cfg, np.zeros(8, dtype=np.int64), cpts, lpts)
    if len(_STATIC) > 256:
        _STATIC.clear()
    _STATIC[signature] = (card_of, code_of, cpts, lpts, cfg, by_id, template)
    return _STATIC[signature]


def card_name(state: State, code: int) -> str:
    """Canonical notation of a kernel card code."""
    return str(state.card_of[int(code)])


def cards_of(state: State, codes) -> list[Card]:
    """Cards of kernel codes."""
    return [state.card_of[int(c)] for c in codes]
