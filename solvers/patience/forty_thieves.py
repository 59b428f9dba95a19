"""Forty Thieves search kernel: compact states, safe automatic moves, macro moves, keys.

A state is a tuple ``(cols, found, talon, p, redeals)``: ``cols`` holds one ``bytes``
per column (bottom to top, all face up); ``found`` holds, per suit, the heights of its
two foundation piles, lower first (which physical pile holds which height never
matters); ``talon``/``p`` are the stock and waste as in :mod:`talon`. The two copies of
a card share one integer ``suit * 13 + rank - 1``, so the key never tells them apart.
With a limited stock, dead ends come from :mod:`forty_thieves_deadlock` and a beam
probe looks for a win before the exact search (compiled in :mod:`forty_thieves_jit`,
plain in :mod:`forty_thieves_beam`; :mod:`compiled` picks it, this kernel knows
neither).
"""

from __future__ import annotations

from solvers.errors import CardsageError
from solvers.patience.forty_thieves_deadlock import ft_stuck, ft_stuck_in_order
from solvers.patience.options import FortyThievesRules
from solvers.patience.position import Position, patience_rank
from solvers.patience.talon import reach_any, targets

SUIT = [c // 13 for c in range(52)]
RANK = [c % 13 for c in range(52)]


def card_code(card) -> int:
    """The kernel integer of a card (copies share it)."""
    return int(card.suit) * 13 + patience_rank(card) - 1


def raise_pile(found: tuple, c: int) -> tuple | None:
    """``found`` with ``c`` played to a pile of its suit, or ``None`` if it does not fit."""
    s, r = SUIT[c], RANK[c]
    lo, hi = found[2 * s], found[2 * s + 1]
    if lo == r:
        lo += 1
        if lo > hi:
            lo, hi = hi, lo
    elif hi == r:
        hi += 1
    else:
        return None
    return found[:2 * s] + (lo, hi) + found[2 * s + 2:]


class FortyThievesKernel:
    """Move generation and keys for one Forty Thieves rule set and pack size."""

    game = "forty-thieves"

    def __init__(self, rules: FortyThievesRules, ranks: int = 13):
        self.max_redeals = rules.max_redeals
        self.ranks = ranks
        self.total = 8 * ranks
        # one card at a time and unlimited turn-overs: the talon is a set
        self.set_talon = self.max_redeals is None
        # a move can bury a card (onto a column or under the waste): check every node
        self.check_every_node = self.max_redeals is not None
        # with a limited stock, a card lifted off the next card of its suit waits
        # until something uses what it uncovered or where it went (see ``pending``)
        self.lifts = self.max_redeals is not None

    def encode(self, pos: Position):
        """The kernel state of a fully known position."""
        if not pos.all_known():
            raise CardsageError("the solver needs every card known (deal the unseen cards first)")
        cols = tuple(bytes(card_code(c) for c in col.up) for col in pos.columns)
        heights = [[] for _ in range(4)]
        for pile in pos.foundations:
            if pile:
                heights[pile[0].suit].append(len(pile))
        found = ()
        for h in heights:
            h = sorted(h + [0, 0])[-2:]
            found += (h[0], h[1])
        talon = bytes(card_code(c) for c in pos.waste + pos.stock)
        return (cols, found, talon, len(pos.waste), pos.redeals_used)

    def key(self, s) -> bytes:
        """A compact transposition key; columns are sorted (their order never matters)."""
        cols, found, talon, p, redeals = s
        body = b"\xff".join(sorted(cols))
        if self.set_talon:
            tail = b"\x00\x00" + bytes(sorted(talon))
        else:
            tail = bytes((p, redeals)) + talon
        return body + b"\xfd" + bytes(found) + tail

    def is_won(self, s) -> bool:
        """True when every card is on the foundations."""
        return sum(s[1]) == self.total

    def remaining(self, s) -> int:
        """Cards not yet on the foundations (a lower bound on the moves left)."""
        return self.total - sum(s[1])

    def hopeless(self, s) -> bool:
        """A cheap proof that ``s`` is lost (:mod:`forty_thieves_deadlock`): column
        cards leave only from the top, and so do waste cards once no turn-over is
        left; then the stock is dealt in order onto the waste."""
        cols, found, talon, p, redeals = s
        if self.max_redeals is not None and redeals >= self.max_redeals:
            return ft_stuck_in_order(cols, found, talon[:p], talon[p:], self.ranks)
        return ft_stuck(cols, found, talon, b"", self.ranks)

    @staticmethod
    def safe(c: int, found) -> bool:
        """May ``c`` go up at once? True when both cards it could hold are already up,
        i.e. the lower pile of its suit is exactly one below it."""
        return found[2 * SUIT[c]] == RANK[c]

    def normalize(self, s):
        """Play every safe foundation move; return the new state and the moves made."""
        cols, found, talon, p, redeals = s
        notes = []
        changed = True
        while changed:
            changed = False
            for i, col in enumerate(cols):
                if col and found[2 * SUIT[col[-1]]] == RANK[col[-1]]:
                    found = raise_pile(found, col[-1])
                    cols = cols[:i] + (col[:-1],) + cols[i + 1:]
                    notes.append(f"t{i + 1} f")
                    changed = True
            if self.set_talon:
                for q in range(len(talon), 0, -1):
                    c = talon[q - 1]
                    if found[2 * SUIT[c]] == RANK[c]:
                        notes.extend(reach_any(len(talon), p, q))
                        notes.append("w f")
                        found = raise_pile(found, c)
                        talon = talon[:q - 1] + talon[q:]
                        p = q - 1
                        changed = True
                        break
            elif p and found[2 * SUIT[talon[p - 1]]] == RANK[talon[p - 1]]:
                found = raise_pile(found, talon[p - 1])
                talon = talon[:p - 1] + talon[p:]
                p -= 1
                notes.append("w f")
                changed = True
            elif p < len(talon) and found[2 * SUIT[talon[p]]] == RANK[talon[p]]:
                found = raise_pile(found, talon[p])
                talon = talon[:p] + talon[p + 1:]
                notes.extend(("draw", "w f"))
                changed = True
        if not notes:
            return s, ()
        return (cols, found, talon, p, redeals), tuple(notes)

    def moves(self, s) -> list:
        """Candidate moves, most promising first (see :meth:`child`)."""
        cols, found, talon, p, redeals = s
        accept: dict[int, list[int]] = {}
        empty = -1
        for j, col in enumerate(cols):
            if col:
                if RANK[col[-1]]:
                    accept.setdefault(col[-1] - 1, []).append(j)
            elif empty < 0:
                empty = j
        to_found, clear, from_talon, build, to_empty = [], [], [], [], []
        for i, col in enumerate(cols):
            if not col:
                continue
            x = col[-1]
            if raise_pile(found, x) is not None:
                to_found.append(("TF", i))
            bucket = clear if len(col) == 1 else build
            # a lift: ``x`` leaves the next card of its suit (tagged, see ``pending``)
            tt = ("TT", i, "lift") if self.lifts and len(col) > 1 and col[-2] == x + 1 and RANK[x] < 12 \
                else ("TT", i)
            for j in accept.get(x, ()):
                bucket.append(tt[:2] + (j,) + tt[2:])
            if empty >= 0 and len(col) > 1:
                to_empty.append(tt[:2] + (empty,) + tt[2:])
        if talon:
            for q, pre, red2, _ in targets(len(talon), p, 1, redeals, self.max_redeals, False, False):
                x = talon[q - 1]
                if raise_pile(found, x) is not None:
                    to_found.append(("W", q, pre, red2, -1))
                for j in accept.get(x, ()):
                    from_talon.append(("W", q, pre, red2, j))
                if empty >= 0:
                    to_empty.append(("W", q, pre, red2, empty))
        return to_found + clear + build + from_talon + to_empty

    def pending(self, mv):
        """With a set-like talon, a talon card moved to the tableau only helps as a
        base for another card, so it can wait until just before that card comes: the
        search follows it at once with a move onto the same column.

        With a limited stock, a *lift* (a column's top card ``x`` moved off ``x + 1``
        of its suit in column ``A``, onto a base or into an empty column ``B``;
        tagged by :meth:`moves`) only helps through what touches those columns
        afterwards. Every other move commutes with it (it neither reads nor changes
        them; an empty column the lift filled stays empty meanwhile, which only adds
        choices; no automatic move differs, since ``x + 1`` cannot be safe while ``x``
        is on the tableau). So the lift can wait until just before the first such
        move, and the search follows it at once with one of them. Two of them need
        no lift: ``x`` leaving ``B`` (up or to ``C``) ends where ``x`` leaving ``A``
        does, and a copy of ``x`` put on ``x + 1`` at ``A`` ends where that copy put
        on ``B`` does (the two copies are one card code), both single moves from
        before the lift. So only ``x + 1`` leaving ``A`` and a card put on ``x`` at
        ``B`` follow a lift."""
        if mv[0] == "W" and self.set_talon and mv[-1] >= 0:
            return mv[-1]
        if len(mv) == 4:
            return mv
        return None

    def chains(self, mv, first) -> bool:
        """May the pending ``mv``, made just after the pending ``first``, stay
        pending? Talon cards, yes (such chains only add cards to the tableau); lifts,
        no: a lift after a lift is stored as usual, so lifts cannot go back and forth
        for ever outside the table."""
        return not self.lifts

    def follows(self, mv, first) -> bool:
        """Does ``mv`` depend on the pending move ``first``? (A card put on the
        column a talon card filled; for a lift, a move from the column it left or
        onto the card lifted.)"""
        if first[0] == "TT":
            if mv[0] == "TF":
                return mv[1] == first[1]
            if mv[0] == "TT":
                return mv[1] == first[1] or mv[2] == first[2]
            return mv[-1] == first[2]
        j = first[-1]
        return (mv[0] == "TT" and mv[2] == j) or (mv[0] == "W" and mv[-1] == j)

    def child(self, s, mv):
        """Apply a move from :meth:`moves` and the automatic moves after it."""
        cols, found, talon, p, redeals = s
        if mv[0] == "TF":
            i = mv[1]
            found = raise_pile(found, cols[i][-1])
            cols = cols[:i] + (cols[i][:-1],) + cols[i + 1:]
            notes = (f"t{i + 1} f",)
        elif mv[0] == "TT":
            i, j = mv[1], mv[2]
            c = cols[i][-1:]
            cols = list(cols)
            cols[i] = cols[i][:-1]
            cols[j] = cols[j] + c
            cols = tuple(cols)
            notes = (f"t{i + 1} t{j + 1}",)
        else:
            _, q, pre, redeals, j = mv
            c = talon[q - 1]
            talon = talon[:q - 1] + talon[q:]
            p = q - 1
            if j < 0:
                found = raise_pile(found, c)
                notes = pre + ("w f",)
            else:
                cols = cols[:j] + (cols[j] + bytes((c,)),) + cols[j + 1:]
                notes = pre + (f"w t{j + 1}",)
        state, auto = self.normalize((cols, found, talon, p, redeals))
        return state, notes + auto
