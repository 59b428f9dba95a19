"""Teka quick play on bit masks: the heuristic's cards from a state to a later trick.

The sampled search counts tricks on a state whose contract play cannot end early and
whose raises are closed (``TekaAdapter.counting_state``), and plays each sampled deal
with the heuristic's card and signal (``teka_bot.card_choice``, ``card_signal``) until a
few tricks are left. Here each hand is a bit mask of ranks per suit and the plays so far
a mask per suit; the rules of ``card_choice`` are read from the masks, and one state is
built at the end. The first trick's lead, with its trump-lead rules, is left to the
state; its follows (the trump ace's sequence when trumps are led) are read from masks.
"""

from __future__ import annotations

from solvers.cards import Card, Rank
from solvers.games.teka import ASSOCIATED_SUIT, PLAY, SIGNALS, TRICKS, TekaState
from solvers.tricks import ALL_RANKS, RANKS_ABOVE, evolve, hand_codes_and_masks

_ALL_RANKS = ALL_RANKS
_RANK_COUNT = len(Rank)
_ACE = Rank.ACE


# per rank, the ranks above it (a bit per rank)
_ABOVE = RANKS_ABOVE


def _low(mask: int) -> int:
    """The lowest rank of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def _rank_sum(mask: int) -> int:
    """The sum of the ranks of a mask."""
    total = 0
    while mask:
        top = mask.bit_length() - 1
        total += top
        mask ^= 1 << top
    return total


# the heuristic's honour count of a suit (1 for a jack up to 4 for an ace), by its
# four top ranks (the jack's bit first)
_HONOURS = tuple(sum(k + 1 for k in range(4) if top >> k & 1) for top in range(16))


def _honour_points(mask: int) -> int:
    """The heuristic's honour count of a suit: 1 for a jack up to 4 for an ace."""
    return _HONOURS[mask >> Rank.JACK & 15]


class _Play:
    """The hand in progress as masks: each seat's hand, the ranks played per suit, the
    trick so far and its winner."""

    __slots__ = ("hands", "codes", "masks", "played", "trick", "trump", "win_seat", "win_suit", "win_rank",
                 "declaring_side", "trick_size", "request", "drop", "ace_rule")

    def __init__(self, state: TekaState):
        self.trump = state.trump
        self.declaring_side = state.declaring_side
        self.trick_size = state.trick_size
        self.drop = "drop" in SIGNALS[state.options.signals]
        # in the first trick, a trump lead is followed from the unbroken sequence from the
        # trump ace down when one is held (``TekaState.playable``)
        self.ace_rule = not state.history and state.options.ace_sequence_first_trick
        self.hands = [list(hand) for hand in state.hands]
        self.codes, self.masks = hand_codes_and_masks(self.hands)
        self.played = [0, 0, 0, 0]
        # the suit each seat last asked for with a slam or snap (quick play plays neither)
        self.request: list[int | None] = [None] * len(self.hands)
        for plays in state.history + (state.trick,):
            for seat, c, tag in plays:
                self.played[c.suit] |= 1 << c.rank
                if tag == "slam":
                    self.request[seat] = c.suit
                elif tag == "snap":
                    self.request[seat] = ASSOCIATED_SUIT[c.suit]
        self.trick: list[tuple[int, Card, str]] = []
        self.win_seat, self.win_suit, self.win_rank = -1, -1, -1
        for seat, c, tag in state.trick:
            self._add_to_trick(seat, c, tag)

    def copy(self) -> "_Play":
        """An independent copy (the hands' lists and masks are its own)."""
        other = object.__new__(_Play)
        other.trump, other.declaring_side, other.trick_size = self.trump, self.declaring_side, self.trick_size
        other.drop, other.ace_rule = self.drop, self.ace_rule
        other.hands = [list(hand) for hand in self.hands]
        other.codes = [list(codes) for codes in self.codes]
        other.masks = [list(masks) for masks in self.masks]
        other.played = list(self.played)
        other.request = list(self.request)
        other.trick = list(self.trick)
        other.win_seat, other.win_suit, other.win_rank = self.win_seat, self.win_suit, self.win_rank
        return other

    def _add_to_trick(self, seat: int, card: Card, tag: str) -> None:
        self.played[card.suit] |= 1 << card.rank
        if not self.trick:
            self.win_seat, self.win_suit, self.win_rank = seat, card.suit, card.rank
        elif card.rank > self.win_rank if card.suit == self.win_suit else card.suit == self.trump:
            self.win_seat, self.win_suit, self.win_rank = seat, card.suit, card.rank
        self.trick.append((seat, card, tag))

    def _master(self, seat: int, suit: int, rank: int) -> bool:
        """True when no unseen card of ``suit`` outranks ``rank`` (seen by ``seat``)."""
        above = _ABOVE[rank]
        return (self.played[suit] | self.masks[seat][suit]) & above == above

    def choose(self, seat: int) -> int:
        """The card ``teka_bot.card_choice`` plays for ``seat`` after the first trick
        (its code: the rank, the suit above it)."""
        if not self.trick:
            return self._lead(seat)
        mine = self.masks[seat]
        led_suit = self.trick[0][1].suit
        trump = self.trump
        win_suit, win_rank = self.win_suit, self.win_rank
        partner_winning = (self.win_seat - seat) % 2 == 0
        last = len(self.trick) == self.trick_size - 1
        follow = mine[led_suit]
        if self.ace_rule and led_suit == trump and follow >> _ACE & 1:
            # the cards the seat may play: the run of trumps from the ace down
            run, rank = 0, _ACE
            while follow >> rank & 1:
                run |= 1 << rank
                rank -= 1
            follow = run
        if partner_winning and (last or self._master(seat, win_suit, win_rank)):
            return self._lowest(seat, follow, led_suit)
        if not follow:
            ruffs = (mine[trump] & _ABOVE[win_rank] if win_suit == trump else mine[trump]) if trump != led_suit \
                else 0
            if ruffs:
                return _low(ruffs) | trump << 4
            return self._lowest(seat, follow, led_suit)
        winners = follow & _ABOVE[win_rank] if win_suit == led_suit else 0
        if winners:
            top = winners.bit_length() - 1
            if last:
                return _low(winners) | led_suit << 4
            if len(self.trick) >= 2 or self._master(seat, led_suit, top):
                rest = winners
                while rest:
                    rank = _low(rest)
                    if self._master(seat, led_suit, rank):
                        return rank | led_suit << 4
                    rest &= rest - 1
                return top | led_suit << 4
        return _low(follow) | led_suit << 4

    def _lowest(self, seat: int, follow: int, led_suit: int) -> int:
        """``teka_bot._lowest``: the lowest card of the led suit, else the low card of the
        weakest side suit."""
        if follow:
            return _low(follow) | led_suit << 4
        mine = self.masks[seat]
        suits = [s for s in range(4) if mine[s]]
        plain = [s for s in suits if s != self.trump] or suits
        weakest = min(plain, key=lambda s: (_honour_points(mine[s]), mine[s].bit_count()))
        return _low(mine[weakest]) | weakest << 4

    def _lead(self, seat: int) -> int:
        mine = self.masks[seat]
        trump = self.trump
        if (seat % 2 == self.declaring_side and mine[trump]
                and _RANK_COUNT - ((self.played[trump] | mine[trump]) & _ALL_RANKS).bit_count() > 0):
            top = mine[trump].bit_length() - 1
            if self._master(seat, trump, top):
                return top | trump << 4
        suits = [s for s in range(4) if mine[s]]
        for s in suits:
            top = mine[s].bit_length() - 1
            if s != trump and self._master(seat, s, top):
                return top | s << 4
        wanted = self.request[(seat + 2) % 4]
        if wanted is not None and mine[wanted]:
            return _low(mine[wanted]) | wanted << 4
        plain = [s for s in suits if s != trump] or suits
        best = max(plain, key=lambda s: (mine[s].bit_count(), _rank_sum(mine[s])))
        return _low(mine[best]) | best << 4

    def play(self, seat: int, code: int) -> tuple[Card, str]:
        """``seat`` plays the card of ``code`` with the heuristic's signal; returns the
        hand's own card object and the signal."""
        codes = self.codes[seat]
        at = codes.index(code)
        del codes[at]
        card = self.hands[seat].pop(at)
        # what _add_to_trick does, from the code (this runs for every card of quick play)
        suit, rank = code >> 4, code & 15
        masks = self.masks[seat]
        mask = masks[suit]
        tag = "drop" if self.drop and mask & (mask - 1) == 0 else ""
        masks[suit] = mask & ~(1 << rank)
        self.played[suit] |= 1 << rank
        trick = self.trick
        if not trick:
            self.win_seat, self.win_suit, self.win_rank = seat, suit, rank
        elif rank > self.win_rank if suit == self.win_suit else suit == self.trump:
            self.win_seat, self.win_suit, self.win_rank = seat, suit, rank
        trick.append((seat, card, tag))
        return card, tag


def masks_of(state: TekaState) -> _Play | None:
    """The masks of ``state`` as quick play reads them, to be shared by quick play after
    each card the seat to play may play (None when not in card play)."""
    return _Play(state) if state.phase == PLAY and state.declarer is not None else None


def _after(before: _Play, seat: int, card: Card) -> _Play | None:
    """The masks after ``seat`` plays ``card`` with no signal (as the sampled search plays
    a candidate card) onto ``before``'s state, or None when the card closes the trick."""
    if len(before.trick) == before.trick_size - 1:
        return None
    game = before.copy()
    codes = game.codes[seat]
    at = codes.index(card.rank | card.suit << 4)
    del codes[at]
    game._add_to_trick(seat, game.hands[seat].pop(at), "")
    game.masks[seat][card.suit] &= ~(1 << card.rank)
    return game


def play_to(state: TekaState, cards_left: int, before: tuple | None = None) -> TekaState | None:
    """The state once the heuristic has played ``state`` down to ``cards_left`` cards a
    hand (the state ``TekaState._play`` with the heuristic's card and signal at every step
    gives), or None when this path does not apply: not in card play, at the first trick's
    lead, a raise open, or a contract that could be decided before then.

    ``before``: ``(masks, seat, card)`` when ``state`` follows ``seat``'s plain ``card``
    from the state (or its counting state) ``masks`` (from :func:`masks_of`) was read
    from: the masks are taken from there rather than read from ``state`` again."""
    if (state.phase != PLAY or not (state.history or state.trick) or state.raise_open or state.declarer is None
            or not 1 <= cards_left):
        return None
    done = TRICKS - cards_left
    if len(state.history) >= done:
        return state
    closes = done - len(state.history)
    side = state.declaring_side
    if state.tricks[side] + closes >= state.bid or state.tricks[1 - side] + closes > TRICKS - state.bid:
        return None
    game = None if before is None else _after(*before)
    if game is None:
        game = _Play(state)
    after = [state.after(s) for s in range(4)]
    leader = state.leader
    history = list(state.history)
    tricks = list(state.tricks)
    voids = list(state.voids)
    seat = state.turn
    choose, play = game.choose, game.play
    trick_size = game.trick_size
    while True:
        code = choose(seat)
        trick = game.trick
        _, tag = play(seat, code)
        suit = code >> 4
        lead_seat, lead_card, _ = trick[0]
        if lead_seat != seat and suit != lead_card.suit:
            voids[seat] = voids[seat] | ({lead_card.suit, suit} if tag == "drop" else {lead_card.suit})
        elif tag == "drop":
            voids[seat] = voids[seat] | {suit}
        if len(trick) == trick_size:
            closed = tuple(game.trick)
            leader = game.win_seat
            tricks[leader % 2] += 1
            history.append(closed)
            game.trick = []
            game.ace_rule = False
            if len(history) >= done:
                break
            seat = leader
        else:
            seat = after[seat]
    return evolve(state, hands=tuple(map(tuple, game.hands)), trick=(), leader=leader,
                  history=tuple(history), tricks=tuple(tricks), voids=tuple(voids), raise_asked=False)
