"""Klondike search kernel: compact states, safe automatic moves, macro moves, keys.

A state is a tuple ``(cols, found, talon, p, redeals, single)``:

* ``cols``: one ``(down, up)`` pair of ``bytes`` per column, bottom to top;
* ``found``: cards on each suit's foundation (index = suit, clubs first);
* ``talon``/``p``: the stock and waste as described in :mod:`talon`;
* ``redeals``: waste turn-overs used; ``single``: the draw-3 switch has been made.

A card is the integer ``suit * 13 + rank - 1`` (ace 0 … king 12).
"""

from __future__ import annotations

from solvers.errors import CardsageError
from solvers.patience.klondike_deadlock import klondike_stuck
from solvers.patience.options import KlondikeRules
from solvers.patience.position import Position, make_card, patience_rank
from solvers.patience.talon import cycle_class, reach_any, targets

SUIT = [c // 13 for c in range(52)]
RANK = [c % 13 for c in range(52)]
RED = [SUIT[c] in (1, 2) for c in range(52)]
OPPOSITE = {0: (1, 2), 3: (1, 2), 1: (0, 3), 2: (0, 3)}
PARTNER = {0: 3, 3: 0, 1: 2, 2: 1}
# the cards that may be built on each card: one rank lower, other colour
FITS_ON = [tuple(o * 13 + RANK[c] - 1 for o in OPPOSITE[SUIT[c]]) if RANK[c] else () for c in range(52)]
# pending kinds of a tableau move (see KlondikeKernel.pending)
PARTIAL, CLEAR = 1, 2


def card_code(card) -> int:
    """The kernel integer of a :class:`~solvers.cards.Card`."""
    return int(card.suit) * 13 + patience_rank(card) - 1


def code_card(code: int):
    """The :class:`~solvers.cards.Card` of a kernel integer."""
    return make_card(code // 13, code % 13 + 1)


class KlondikeKernel:
    """Move generation and keys for one Klondike rule set and pack size."""

    game = "klondike"

    def __init__(self, rules: KlondikeRules, ranks: int = 13):
        self.k = rules.draw
        self.max_redeals = rules.max_redeals
        self.switch = rules.switch
        self.back = rules.foundation_to_tableau
        self.ranks = ranks
        self.king = ranks - 1
        self.total = 4 * ranks
        # draw 1 with unlimited passes: every talon card is reachable at any time, so
        # the talon is a set and its order and position do not matter
        self.set_talon = self.k == 1 and self.max_redeals is None
        # the draw size the dead-end proof uses for the talon order (1: every talon
        # card counts as reachable). Under the switch rule a final pass may deal any
        # card, so it counts every card there too
        self.ordered_talon = 1 if self.set_talon or self.switch else self.k
        # the cards each card may be built on (none for a king)
        self.parents = [tuple(o * 13 + RANK[c] + 1 for o in OPPOSITE[SUIT[c]]) if RANK[c] < self.king else ()
                        for c in range(52)]
        # the rules the compiled search covers (klondike_jit)
        self.compiled_rules = self.max_redeals is None and not self.switch
        # the dead-end proof can newly succeed after a move (see hopeless), but costs
        # about 75 µs in plain Python against under 1 µs compiled: at every position
        # where the compiled search covers the rules (the plain search then mirrors
        # it), at the root only where the plain search is all there is (at hint-sized
        # budgets it costs more there than it saves)
        self.check_every_node = self.compiled_rules
        # the compiled search also looks for wins under the draw-3 switch rule
        self.compiled_helps = self.compiled_rules or (self.switch and self.max_redeals is None)

    # ------------------------------------------------------------ conversion

    def encode(self, pos: Position):
        """The kernel state of a fully known position."""
        if not pos.all_known():
            raise CardsageError("the solver needs every card known (deal the unseen cards first)")
        cols = tuple((bytes(card_code(c) for c in col.down), bytes(card_code(c) for c in col.up))
                     for col in pos.columns)
        found = tuple(len(p) for p in pos.foundations)
        talon = bytes(card_code(c) for c in pos.waste + pos.stock)
        return (cols, found, talon, len(pos.waste), pos.redeals_used, pos.single_pass)

    # ------------------------------------------------------------ basics

    def key(self, s) -> bytes:
        """A compact transposition key; columns are sorted (their order never matters)."""
        cols, found, talon, p, redeals, single = s
        body = b"\xff".join([d + b"\xfe" + u for d, u in sorted(cols)])
        if self.set_talon:
            tail = bytes((0, 0, 0)) + bytes(sorted(talon))
        elif self.max_redeals is None and not single:
            tail = bytes((cycle_class(len(talon), p, self.k), 0, 0)) + talon
        else:
            tail = bytes((p, redeals, single)) + talon
        return body + b"\xfd" + bytes(found) + tail

    def implied(self, s) -> bytes | None:
        """The key of a position that searching ``s`` also searches, or ``None``.

        With unlimited turn-overs, a pointer that is not a multiple of the draw size
        (nor the end) reaches, by drawing on and turning over, every waste top that
        the pointer class of 0 reaches, plus some: the same position with the
        pointer at 0 has no move that ``s`` lacks."""
        cols, found, talon, p, redeals, single = s
        if self.set_talon or self.max_redeals is not None or single or cycle_class(len(talon), p, self.k) == 0:
            return None
        return self.key((cols, found, talon, 0, redeals, single))

    def is_won(self, s) -> bool:
        """True when every card is on the foundations."""
        return sum(s[1]) == self.total

    def remaining(self, s) -> int:
        """Cards not yet on the foundations (a lower bound on the moves left)."""
        return self.total - sum(s[1])

    def hopeless(self, s) -> bool:
        """A cheap proof that ``s`` is lost (:mod:`klondike_deadlock`): some tableau
        card can never be uncovered, given how runs, bases and empty columns work."""
        cols, found, talon, p, _, single = s
        return klondike_stuck(cols, found, talon, self.parents.__getitem__, self.king, self.back,
                              p, self.ordered_talon)

    def safe(self, c: int, found) -> bool:
        """May ``c`` go up at once without losing a win? (see docs/patience.md)"""
        r = RANK[c]
        if r <= 1:
            return True
        o1, o2 = OPPOSITE[SUIT[c]]
        return found[o1] >= r and found[o2] >= r and found[PARTNER[SUIT[c]]] >= r - 1

    # ------------------------------------------------------------ automatic moves

    def normalize(self, s):
        """Play every safe foundation move; return the new state and the moves made."""
        cols, found, talon, p, redeals, single = s
        notes = []
        changed = True
        while changed:
            changed = False
            for i, (d, u) in enumerate(cols):
                if u:
                    c = u[-1]
                    if found[SUIT[c]] == RANK[c] and self.safe(c, found):
                        found = found[:SUIT[c]] + (found[SUIT[c]] + 1,) + found[SUIT[c] + 1:]
                        u = u[:-1]
                        if not u and d:
                            d, u = d[:-1], d[-1:]
                        cols = cols[:i] + ((d, u),) + cols[i + 1:]
                        notes.append(f"t{i + 1} f")
                        changed = True
            if self.set_talon:
                for q in range(len(talon), 0, -1):
                    c = talon[q - 1]
                    if found[SUIT[c]] == RANK[c] and self.safe(c, found):
                        notes.extend(reach_any(len(talon), p, q))
                        notes.append("w f")
                        found = found[:SUIT[c]] + (found[SUIT[c]] + 1,) + found[SUIT[c] + 1:]
                        talon = talon[:q - 1] + talon[q:]
                        p = q - 1
                        changed = True
                        break
        if not notes:
            return s, ()
        return (cols, found, talon, p, redeals, single), tuple(notes)

    # ------------------------------------------------------------ moves

    def moves(self, s) -> list:
        """Candidate moves, most promising first (see :meth:`child`)."""
        cols, found, talon, p, redeals, single = s
        king = self.king
        accept: dict[int, list[int]] = {}
        empty = -1
        for j, (d, u) in enumerate(cols):
            if u:
                for x in FITS_ON[u[-1]]:
                    accept.setdefault(x, []).append(j)
            elif empty < 0:
                empty = j
        to_found, reveal, clear, from_talon, partial, back = [], [], [], [], [], []
        for i, (d, u) in enumerate(cols):
            if not u:
                continue
            top = u[-1]
            if found[SUIT[top]] == RANK[top]:
                to_found.append(("TF", i))
            n = len(u)
            for m in range(n):
                x = u[m]
                dests = accept.get(x, ())
                if RANK[x] == king and empty >= 0 and (m or d):
                    dests = (*dests, empty)
                if not dests:
                    continue
                if m:
                    bucket = partial
                    under = u[m - 1]
                    # the uncovered card goes up by itself: a full move, not a pending one
                    wait = PARTIAL if found[SUIT[under]] != RANK[under] or not self.safe(under, found) else 0
                elif d:
                    bucket, wait = reveal, 0
                else:
                    bucket, wait = clear, CLEAR
                for j in dests:
                    bucket.append(("TT", i, j, n - m, len(d), x, wait))
        if talon:
            for q, pre, red2, single2 in targets(len(talon), p, self.k, redeals, self.max_redeals,
                                                 single, self.switch):
                x = talon[q - 1]
                if found[SUIT[x]] == RANK[x]:
                    to_found.append(("W", q, pre, red2, single2, -1, x))
                for j in accept.get(x, ()):
                    from_talon.append(("W", q, pre, red2, single2, j, x))
                if RANK[x] == king and empty >= 0:
                    from_talon.append(("W", q, pre, red2, single2, empty, x))
        if self.back:
            for suit in range(4):
                level = found[suit]
                if level:
                    c = suit * 13 + level - 1
                    if self.safe(c, found):
                        continue  # it would go straight back up
                    for j in accept.get(c, ()):
                        back.append(("F", suit, j, c))
                    if RANK[c] == king and empty >= 0:
                        back.append(("F", suit, empty, c))
        reveal.sort(key=lambda mv: -mv[4])
        return to_found + reveal + from_talon + clear + partial + back

    def pending(self, mv):
        """The column a move leaves "pending", or ``None`` (see docs/patience.md).

        Some moves only matter through a later move that depends on them, and can be
        postponed until just before it, so the search follows them at once with such
        a move (see :meth:`follows`):

        * a foundation card moved down is only a base for another card (or lets the
          card under it come down too);
        * when the talon is a set, a talon card moved to the tableau is only a base;
        * a run moved off a face-up card ``x`` (a partial run), or off an empty-making
          column with nothing face down, matters only once ``x`` (or the emptied
          column) is used, or once the run moves on together with the cards it was
          put on.
        """
        kind = mv[0]
        if kind == "F":
            return mv[2]
        if kind == "W":
            return mv[5] if self.set_talon and mv[5] >= 0 else None
        if kind == "TT" and mv[6]:
            return mv[1]
        return None

    def follows(self, mv, first) -> bool:
        """Does ``mv`` depend on the pending move ``first``?"""
        kind = mv[0]
        if first[0] == "TT":
            _, a, b, n, _, _, wait = first
            if wait == CLEAR:
                # the emptied column takes a king (any empty column is the same)
                if kind == "TT":
                    return RANK[mv[5]] == self.king or (mv[1] == b and mv[3] > n)
                if kind == "TF":
                    return False
                return (mv[5] if kind == "W" else mv[2]) >= 0 and RANK[mv[-1]] == self.king
            if kind == "TF":
                return mv[1] == a
            if kind == "TT":
                return mv[1] == a or mv[2] == a or (mv[1] == b and mv[3] > n)
            if kind == "W":
                return mv[5] == a
            return mv[2] == a
        j = self.pending(first)
        if kind == "TT" or kind == "F":
            if mv[2] == j:
                return True
            return kind == "F" and first[0] == "F" and mv[1] == first[1]
        return kind == "W" and mv[5] == j

    def chains(self, mv, first) -> bool:
        """May the pending move ``mv``, played right after the pending move ``first``,
        stay pending? Not a tableau move: runs could go back and forth for ever
        without ever reaching the table. Foundation cards coming down and talon
        cards coming out only add cards to the tableau, so those chains end."""
        return mv[0] != "TT"

    def child(self, s, mv):
        """Apply a move from :meth:`moves` and the automatic moves after it; return the
        normalized child state and the moves made, in notation."""
        cols, found, talon, p, redeals, single = s
        kind = mv[0]
        if kind == "TF":
            i = mv[1]
            d, u = cols[i]
            c = u[-1]
            u = u[:-1]
            if not u and d:
                d, u = d[:-1], d[-1:]
            cols = cols[:i] + ((d, u),) + cols[i + 1:]
            found = found[:SUIT[c]] + (found[SUIT[c]] + 1,) + found[SUIT[c] + 1:]
            notes = (f"t{i + 1} f",)
        elif kind == "TT":
            _, i, j, n, _, _, _ = mv
            d, u = cols[i]
            run = u[-n:]
            u = u[:-n]
            if not u and d:
                d, u = d[:-1], d[-1:]
            cols = list(cols)
            cols[i] = (d, u)
            cols[j] = (cols[j][0], cols[j][1] + run)
            cols = tuple(cols)
            notes = (f"t{i + 1} t{j + 1}" + (f" {n}" if n > 1 else ""),)
        elif kind == "W":
            _, q, pre, redeals, single, j, _ = mv
            c = talon[q - 1]
            talon = talon[:q - 1] + talon[q:]
            p = q - 1
            if j < 0:
                found = found[:SUIT[c]] + (found[SUIT[c]] + 1,) + found[SUIT[c] + 1:]
                notes = pre + ("w f",)
            else:
                cols = cols[:j] + ((cols[j][0], cols[j][1] + bytes((c,))),) + cols[j + 1:]
                notes = pre + (f"w t{j + 1}",)
        else:
            _, suit, j, c = mv
            found = found[:suit] + (found[suit] - 1,) + found[suit + 1:]
            cols = cols[:j] + ((cols[j][0], cols[j][1] + bytes((c,))),) + cols[j + 1:]
            notes = (f"f{'CDHS'[suit]} t{j + 1}",)
        state, auto = self.normalize((cols, found, talon, p, redeals, single))
        return state, notes + auto
