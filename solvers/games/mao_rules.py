"""Mao's rule library and its judge: which card may go on which, what must be said, what a
card does, and what a breach is called.

The judge is a pure function of a rule set (a frozenset of library names), the table
(top card, the suit last called, the sevens pending) and one attempted play. It returns
the verdict as offences (what a player is told: "bad card", "failure to say something",
"wrong announcement"…) each paired with the rule that was broken. Only the offence ever
leaves the engine; the rule stays inside the state, so a penalty never explains a rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.cards import Card, Rank, Suit

# ---------------------------------------------------------------- the library

EIGHT_REVERSES = "eight_reverses"       # the reversing rank (8, or 2 by option) turns the play round
ACE_SKIPS = "ace_skips"                 # an ace skips the next player
JACK_WILD = "jack_wild"                 # a jack goes on anything; its player calls the next suit
NAME_SPADES = "name_spades"             # a spade must be named in full when played
SEVEN_NICE_DAY = "seven_nice_day"       # a seven needs "have a nice day" and makes the next player draw
SAY_MAO = "say_mao_last_card"           # playing down to one card needs "mao"
NO_DRAW_WHEN_ABLE = "no_draw_when_able"  # drawing while holding a card that fits is a breach
KING_HAIL = "all_hail_the_king"         # a king needs "all hail the king"

COMMON_RULES = (EIGHT_REVERSES, ACE_SKIPS, JACK_WILD, NAME_SPADES, SEVEN_NICE_DAY)
LIBRARY = COMMON_RULES + (SAY_MAO, NO_DRAW_WHEN_ABLE, KING_HAIL)

# ---------------------------------------------------------------- offences (what a player is told)

BAD_CARD = "bad card"
FAILURE_TO_SAY = "failure to say something"
WRONG_ANNOUNCEMENT = "wrong announcement"
OUT_OF_TURN = "playing out of turn"
FAILURE_TO_PLAY = "failure to play"
OFFENCES = (BAD_CARD, FAILURE_TO_SAY, WRONG_ANNOUNCEMENT, OUT_OF_TURN, FAILURE_TO_PLAY)
# the base rule of the skeleton everyone is told: match the top card's rank or suit
BASE = "base"

# ---------------------------------------------------------------- words a player may say

SAY = "say:"
SUIT = "suit:"
MAO_WORD = "mao"
HAIL_WORD = "all-hail-the-king"
RANK_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
              10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
SUIT_NAMES = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


def card_name(card: Card) -> str:
    """The card's full name as a single word of the notation: ``ace-of-spades``."""
    return f"{RANK_NAMES[card.rank]}-of-{SUIT_NAMES[Suit(card.suit)]}"


def nice_day(very: int) -> str:
    """The seven's phrase with ``very`` extra "very"s: ``have-a-very-nice-day``."""
    return "have-a-" + "very-" * very + "nice-day"


def spoken(words: tuple[str, ...]) -> str:
    """The words of a play as a player hears them: ``"ace of spades", "mao"``."""
    return ", ".join('"' + w[len(SAY):].replace("-", " ") + '"' for w in words if w.startswith(SAY))


def reverse_rank(option: str) -> int:
    """The rank that reverses the play: 8, or 2 where the option says so."""
    return Rank.TWO if option == "2" else Rank.EIGHT


# ---------------------------------------------------------------- the judge


@dataclass(frozen=True)
class Table:
    """What the judge needs to know about the table for one attempted play."""

    top: Card
    called_suit: int | None      # the suit said with the last jack, if any
    sevens: int                  # sevens in the chain still waiting to be paid
    hand_size: int               # cards the player holds before this play
    reverse: int                 # the reversing rank


def fits(rules: frozenset, card: Card, table: Table) -> str | None:
    """None when the card may go on the table under ``rules``; else the rule it breaks."""
    if table.sevens and SEVEN_NICE_DAY in rules:
        return None if card.rank == Rank.SEVEN else SEVEN_NICE_DAY
    if JACK_WILD in rules:
        if card.rank == Rank.JACK:
            return None
        if table.top.rank == Rank.JACK and table.called_suit is not None:
            return None if card.suit == table.called_suit else JACK_WILD
    if card.rank == table.top.rank or card.suit == table.top.suit:
        return None
    return BASE


def required_words(rules: frozenset, card: Card, table: Table) -> dict[str, str]:
    """The words the play of a fitting card must carry: word -> the rule that asks for it.

    A jack's suit call is asked for as the marker ``suit:`` (any suit will do)."""
    need: dict[str, str] = {}
    if NAME_SPADES in rules and card.suit == Suit.SPADES:
        need[SAY + card_name(card)] = NAME_SPADES
    if SEVEN_NICE_DAY in rules and card.rank == Rank.SEVEN:
        need[SAY + nice_day(table.sevens)] = SEVEN_NICE_DAY
    if KING_HAIL in rules and card.rank == Rank.KING:
        need[SAY + HAIL_WORD] = KING_HAIL
    if SAY_MAO in rules and table.hand_size == 2:
        need[SAY + MAO_WORD] = SAY_MAO
    if JACK_WILD in rules and card.rank == Rank.JACK:
        need[SUIT] = JACK_WILD
    return need


def word_rule(word: str) -> str:
    """The library rule a spoken word belongs to (for the record of a wrong announcement)."""
    if word.startswith(SUIT):
        return JACK_WILD
    text = word[len(SAY):]
    if text.endswith("nice-day"):
        return SEVEN_NICE_DAY
    if text == HAIL_WORD:
        return KING_HAIL
    if text == MAO_WORD:
        return SAY_MAO
    return NAME_SPADES


def judge_words(rules: frozenset, card: Card, words: tuple[str, ...], table: Table) -> list[tuple[str, str]]:
    """The announcement faults of a fitting play: (offence, rule) per fault, one penalty each.

    A required word left out is a failure to say something; a word said that the rules
    do not ask for (or a wrong one, like too few "very"s) is a wrong announcement."""
    need = required_words(rules, card, table)
    said_suit = any(w.startswith(SUIT) for w in words)
    faults = []
    for word, rule in need.items():
        if word == SUIT:
            if not said_suit:
                faults.append((FAILURE_TO_SAY, rule))
        elif word not in words:
            # a wrong count of "very"s is a wrong word, not silence
            if rule == SEVEN_NICE_DAY and any(w.endswith("nice-day") for w in words):
                continue
            faults.append((FAILURE_TO_SAY, rule))
    for word in words:
        key = SUIT if word.startswith(SUIT) else word
        if key not in need:
            faults.append((WRONG_ANNOUNCEMENT, word_rule(word)))
    return faults


def offered_words(card: Card, sevens_on_top: int, hand_size: int) -> list[tuple[str, ...]]:
    """Every combination of words offered with a card, from the card and the table alone
    (never from the rules in force): its name for a spade, the seven's phrase with up to one
    more "very" than the sevens on top, the king's hail, "mao" when playing down to one card,
    and a suit call with a jack. The first combination is the silent play."""
    options: list[list[tuple[str, ...]]] = []
    if card.suit == Suit.SPADES:
        options.append([(), (SAY + card_name(card),)])
    if card.rank == Rank.SEVEN:
        options.append([()] + [(SAY + nice_day(v),) for v in range(sevens_on_top + 1)])
    if card.rank == Rank.KING:
        options.append([(), (SAY + HAIL_WORD,)])
    if hand_size == 2:
        options.append([(), (SAY + MAO_WORD,)])
    if card.rank == Rank.JACK:
        options.append([()] + [(SUIT + s,) for s in "SHDC"])
    combos: list[tuple[str, ...]] = [()]
    for choice in options:
        combos = [c + extra for c in combos for extra in choice]
    return combos
