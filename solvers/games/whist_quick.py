"""Whist quick play on bit masks: the heuristic's cards from a state to a later trick.

The sampled search plays every sampled deal with the heuristic (``whist_bot.choose``)
until a few tricks are left, then solves the ending double dummy. Stepping a
:class:`WhistState` a card at a time, with the bot reading sets and lists of cards,
was most of a sampled deal's time. Here each hand is a bit mask of ranks per suit
(as the double-dummy solver holds it) and the plays so far a mask per suit; the rules
of ``whist_bot.choose`` are read from the masks, and one state is built at the end.

The hand's card order is kept too (a list per seat, as the state holds it): where the
heuristic picks among suits that tie (the discard's weakest suit, the lead's strongest
suit, the first master to cash) it takes the suit it meets first in the hand.
"""

from __future__ import annotations

from solvers.cards import Card, Rank
from solvers.games.whist import SEATS, TRICKS, WhistState
from solvers.tricks import ALL_RANKS, RANKS_ABOVE, evolve, hand_codes_and_masks

_ALL_RANKS = ALL_RANKS
_TEN, _JACK, _QUEEN, _KING, _ACE = Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE
_FROM_JACK = _ALL_RANKS & ~((1 << _JACK) - 1)


def _code(rank: int, suit: int) -> int:
    """A card as one number: its rank, and its suit above it."""
    return rank | suit << 4


# per rank, the ranks above it (a bit per rank)
_ABOVE = RANKS_ABOVE


def _low(mask: int) -> int:
    """The lowest rank of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


# the heuristic's honour count of a suit (1 for a jack up to 4 for an ace), by its
# four top ranks (the jack's bit first)
_HONOURS = tuple(sum(k + 1 for k in range(4) if top >> k & 1) for top in range(16))


def _suits_in_order(codes: list[int], masks: list[int]) -> list[int]:
    """The suits of a hand (its cards' codes, its masks) in the order they first appear in it."""
    held = (masks[0] != 0) + (masks[1] != 0) + (masks[2] != 0) + (masks[3] != 0)
    seen: list[int] = []
    for code in codes:
        suit = code >> 4
        if suit not in seen:
            seen.append(suit)
            if len(seen) == held:
                break
    return seen


class _Play:
    """The hand in progress as masks: each seat's holding, the ranks played per suit,
    the trick so far and its winner."""

    __slots__ = ("hands", "codes", "masks", "played", "trick", "led", "trump", "win_seat", "win_suit",
                 "win_rank", "first_lead", "tricks_done")

    def __init__(self, state: WhistState):
        self.trump = state.trump
        self.hands = [list(state.holding(s)) for s in range(SEATS)]
        self.codes, self.masks = hand_codes_and_masks(self.hands)
        self.played = [0, 0, 0, 0]
        self.first_lead: list[int | None] = [None] * SEATS
        for plays in state.history:
            lead_seat, lead = plays[0]
            if self.first_lead[lead_seat] is None:
                self.first_lead[lead_seat] = lead.suit
            for _, c in plays:
                self.played[c.suit] |= 1 << c.rank
        if state.trick and self.first_lead[state.trick[0][0]] is None:
            self.first_lead[state.trick[0][0]] = state.trick[0][1].suit
        self.tricks_done = len(state.history)
        self.trick: list[tuple[int, Card]] = []
        self.led = -1   # the suit led to the trick in progress (set by its first card)
        self.win_seat, self.win_suit, self.win_rank = -1, -1, -1
        for seat, c in state.trick:
            self._add_to_trick(seat, c)

    def copy(self) -> "_Play":
        """An independent copy (the hands' lists and masks are its own)."""
        other = object.__new__(_Play)
        other.trump = self.trump
        other.hands = [list(hand) for hand in self.hands]
        other.codes = [list(codes) for codes in self.codes]
        other.masks = [list(masks) for masks in self.masks]
        other.played = list(self.played)
        other.first_lead = list(self.first_lead)
        other.tricks_done = self.tricks_done
        other.trick = list(self.trick)
        other.led = self.led
        other.win_seat, other.win_suit, other.win_rank = self.win_seat, self.win_suit, self.win_rank
        return other

    def _add_to_trick(self, seat: int, card: Card) -> None:
        self.played[card.suit] |= 1 << card.rank
        if not self.trick:
            self.led = card.suit
            self.win_seat, self.win_suit, self.win_rank = seat, card.suit, card.rank
        elif card.rank > self.win_rank if card.suit == self.win_suit else card.suit == self.trump:
            self.win_seat, self.win_suit, self.win_rank = seat, card.suit, card.rank
        self.trick.append((seat, card))

    def _master(self, seat: int, suit: int, rank: int) -> bool:
        """True when no unseen card of ``suit`` outranks ``rank`` (seen by ``seat``)."""
        above = _ABOVE[rank]
        return (self.played[suit] | self.masks[seat][suit]) & above == above

    def choose(self, seat: int) -> int:
        """The card ``whist_bot.choose`` plays for ``seat`` (its code)."""
        if not self.trick:
            return self._lead(seat)
        mine = self.masks[seat]
        led_suit = self.led
        trump = self.trump
        win_suit, win_rank = self.win_suit, self.win_rank
        partner_winning = (self.win_seat - seat) % 2 == 0
        follow = mine[led_suit]
        if not follow:
            if not partner_winning and mine[trump]:
                ruffs = mine[trump] & _ABOVE[win_rank] if win_suit == trump else mine[trump]
                if ruffs:
                    return _code(_low(ruffs), trump)
            return self._discard(seat)
        winners = follow & _ABOVE[win_rank] if win_suit == led_suit else 0
        lowest = _code(_low(follow), led_suit)
        position = len(self.trick) + 1
        if position == 2:
            if win_rank >= _TEN and winners:
                covers = winners & _FROM_JACK
                if covers:
                    return _code(_low(covers), led_suit)
            top = follow.bit_length() - 1
            if winners and top >= _QUEEN and follow >> (top - 1) & 1:
                return _code(top - 1, led_suit)
            return lowest
        if partner_winning and (position == 4 or self._master(seat, win_suit, win_rank)):
            return lowest
        if winners:
            if position == 3:
                top = winners.bit_length() - 1
                r = top
                while follow >> (r - 1) & 1:
                    r -= 1
                return _code(r if r > win_rank else top, led_suit)
            return _code(_low(winners), led_suit)
        return lowest

    def _discard(self, seat: int) -> int:
        mine = self.masks[seat]
        suits = _suits_in_order(self.codes[seat], mine)
        plain = [s for s in suits if s != self.trump] or suits
        # the first suit with the fewest honour points, then the fewest cards (a length
        # is below 16, so one number orders both)
        weakest, least = -1, 1 << 30
        for s in plain:
            key = _HONOURS[mine[s] >> _JACK & 15] << 4 | mine[s].bit_count()
            if key < least:
                weakest, least = s, key
        return _code(_low(mine[weakest]), weakest)

    def _lead(self, seat: int) -> int:
        mine = self.masks[seat]
        trump = self.trump
        partner_suit = self.first_lead[(seat + 2) % SEATS]
        if partner_suit is not None and mine[partner_suit] and partner_suit != trump:
            cards = mine[partner_suit]
            top = cards.bit_length() - 1
            return _code(top if self._master(seat, partner_suit, top) else _low(cards), partner_suit)
        suits = _suits_in_order(self.codes[seat], mine)   # only the choices below read the order
        if self.tricks_done:
            for s in suits:
                top = mine[s].bit_length() - 1
                if s != trump and self._master(seat, s, top):
                    return _code(top, s)
        # the first plain suit with the most cards, then the most honour points (honour
        # points are below 16, so one number orders both)
        best, most = -1, -1
        for s in suits:
            if s != trump:
                key = mine[s].bit_count() << 4 | _HONOURS[mine[s] >> _JACK & 15]
                if key > most:
                    best, most = s, key
        if best < 0:
            top = mine[trump].bit_length() - 1
            return _code(top if self._master(seat, trump, top) else _low(mine[trump]), trump)
        cards = mine[best]
        if cards >> _KING & 1 and (cards >> _ACE & 1 or cards >> _QUEEN & 1):
            return _code(_KING, best)
        if cards >> _ACE & 1:
            return _code(_ACE, best)
        top = cards.bit_length() - 1
        if top >= _TEN and cards >> (top - 1) & 1:
            return _code(top, best)
        if cards.bit_count() >= 4:
            for _ in range(3):
                cards &= ~(1 << (cards.bit_length() - 1))
            return _code(cards.bit_length() - 1, best)
        return _code(_low(cards), best)

    def play(self, seat: int, code: int) -> Card:
        """``seat`` plays the card of ``code`` (the hand's own card object); returns it."""
        # found by its code: comparing cards field by field costs more than the choice
        codes = self.codes[seat]
        at = codes.index(code)
        del codes[at]
        card = self.hands[seat].pop(at)
        # what _add_to_trick does, from the code (this runs for every card of quick play)
        suit, rank = code >> 4, code & 15
        self.masks[seat][suit] &= ~(1 << rank)
        self.played[suit] |= 1 << rank
        trick = self.trick
        if not trick:
            if self.first_lead[seat] is None:
                self.first_lead[seat] = suit
            self.led = suit
            self.win_seat, self.win_suit, self.win_rank = seat, suit, rank
        elif rank > self.win_rank if suit == self.win_suit else suit == self.trump:
            self.win_seat, self.win_suit, self.win_rank = seat, suit, rank
        trick.append((seat, card))
        return card


def masks_of(state: WhistState) -> _Play | None:
    """The masks of ``state`` as quick play reads them, to be shared by quick play after
    each card the seat to play may play (None when the hand is over)."""
    return None if state.over else _Play(state)


def _after(before: _Play, seat: int, card: Card) -> _Play | None:
    """The masks after ``seat`` plays ``card`` onto ``before``'s state (what ``_Play`` of
    the state after the card reads), or None when the card closes the trick."""
    if len(before.trick) == SEATS - 1:
        return None
    game = before.copy()
    game.play(seat, card.rank | card.suit << 4)
    return game


def play_to(state: WhistState, cards_left: int, before: tuple | None = None) -> WhistState | None:
    """The state once the heuristic has played ``state`` down to ``cards_left`` cards a
    hand (the same state ``WhistState.play`` with ``whist_bot.choose``'s card at every
    step gives), or None when that is not within this hand (the hand would end first).

    ``before``: ``(masks, seat, card)`` when ``state`` is the state ``masks`` (from
    :func:`masks_of`) was read from after ``seat`` played ``card``: the masks are taken
    from there rather than read from ``state`` again (a sampled deal values each of the
    seat's cards from the same state)."""
    if state.over or not 1 <= cards_left:
        return None
    done = TRICKS - cards_left
    if len(state.history) >= done:
        return state
    game = None if before is None else _after(*before)
    if game is None:
        game = _Play(state)
    leader = state.leader
    history = list(state.history)
    tricks = list(state.tricks)
    voids = list(state.voids)
    last_trick = state.last_trick
    turned_on_table = state.turned_on_table
    seat = (leader + len(state.trick)) % SEATS
    dealer = state.dealer
    choose, play = game.choose, game.play
    while True:
        code = choose(seat)
        if game.trick:
            led = game.led
            if code >> 4 != led and led not in voids[seat]:
                voids[seat] = voids[seat] | {led}
        if seat == dealer:
            turned_on_table = False   # the dealer picks up the turned card when first playing
        play(seat, code)
        if len(game.trick) == SEATS:
            closed = tuple(game.trick)
            leader = game.win_seat
            tricks[leader % 2] += 1
            history.append(closed)
            last_trick = closed
            game.trick = []
            game.tricks_done += 1
            if len(history) >= done:
                break
            seat = leader
        else:
            seat = (seat + 1) % SEATS
    hands = list(map(tuple, game.hands))
    if turned_on_table:
        hands[state.dealer] = hands[state.dealer][:-1]   # the turned card, still on the table
    return evolve(state, hands=tuple(hands), turned_on_table=turned_on_table, trick=(),
                  last_trick=last_trick, leader=leader, history=tuple(history), tricks=tuple(tricks),
                  voids=tuple(voids))
