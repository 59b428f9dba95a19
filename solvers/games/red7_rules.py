"""Red7's seven Canvas rules: which palette cards follow a rule, and who is winning.

Cards are ranked by number first, colour breaking ties (Red > Orange > Yellow > Green >
Blue > Indigo > Violet), so ``R7`` is the highest card and ``V1`` the lowest. A card's
*key* is ``(number - 1) * 7 + colour`` (colour 0 = Violet … 6 = Red): a higher key is a
higher card, and no two cards share one.

Under each rule a palette's *qualifying group* is the set of its cards that follow the
rule, chosen (where there is a choice: several numbers, colours or runs) to maximise the
pair (number of cards, highest card in the group):

* Red: the highest card (a group of one);
* Orange: most cards of one number;
* Yellow: most cards of one colour;
* Green: most even cards;
* Blue: most different colours (one card of each colour, the highest of each);
* Indigo: most cards forming a run of consecutive numbers (the highest card of each number);
* Violet: most cards below 4.

A palette's *strength* under a rule is that pair, packed into one integer; a palette with
no qualifying card has strength 0 and is not winning. Because every card is unique two
non-empty groups never tie: the highest cards differ.
"""

from __future__ import annotations

from solvers.cards import RED7_COLOURS, Card, Kind

__all__ = ["RED", "ORANGE", "YELLOW", "GREEN", "BLUE", "INDIGO", "VIOLET", "RULE_NAMES", "RULE_TEXT",
           "key", "card_of", "group", "strength", "qualifying", "colour_name"]

VIOLET, INDIGO, BLUE, GREEN, YELLOW, ORANGE, RED = range(7)
RULE_NAMES = ("Violet", "Indigo", "Blue", "Green", "Yellow", "Orange", "Red")
RULE_TEXT = ("most cards below 4", "most cards in a run of consecutive numbers", "most different colours",
             "most even cards", "most cards of one colour", "most cards of one number", "highest card")


def key(card: Card) -> int:
    """The card's rank among all 49: 0 for V1 … 48 for R7."""
    return (card.rank - 1) * 7 + card.suit


def card_of(k: int) -> Card:
    """The card with key ``k``."""
    return Card(Kind.RED7, k % 7, k // 7 + 1)


def colour_name(colour: int) -> str:
    """``Red``, ``Orange`` … for a colour index."""
    return RULE_NAMES[colour]


def _best_of(groups) -> list[int]:
    best: list[int] = []
    for g in groups:
        if (len(g), max(g)) > ((len(best), max(best)) if best else (0, -1)):
            best = g
    return best


def group(rule: int, keys) -> list[int]:
    """The qualifying group (card keys) of a palette under ``rule`` (empty: none qualify)."""
    if not keys:
        return []
    if rule == RED:
        return [max(keys)]
    if rule == ORANGE:
        by_number: dict[int, list[int]] = {}
        for k in keys:
            by_number.setdefault(k // 7, []).append(k)
        return _best_of(by_number.values())
    if rule == YELLOW:
        by_colour: dict[int, list[int]] = {}
        for k in keys:
            by_colour.setdefault(k % 7, []).append(k)
        return _best_of(by_colour.values())
    if rule == GREEN:
        return [k for k in keys if (k // 7 + 1) % 2 == 0]
    if rule == BLUE:
        top: dict[int, int] = {}
        for k in keys:
            if k > top.get(k % 7, -1):
                top[k % 7] = k
        return list(top.values())
    if rule == INDIGO:
        top_of_number: dict[int, int] = {}
        for k in keys:
            if k > top_of_number.get(k // 7, -1):
                top_of_number[k // 7] = k
        runs, run, previous = [], [], None
        for number in sorted(top_of_number):
            if previous is not None and number != previous + 1:
                runs.append(run)
                run = []
            run.append(top_of_number[number])
            previous = number
        runs.append(run)
        return _best_of(runs)
    return [k for k in keys if k // 7 + 1 < 4]


def strength(rule: int, keys) -> int:
    """How well a palette does under ``rule``: 64 × cards in its group + its highest card + 1
    (0 when no card qualifies). A higher strength is winning."""
    g = group(rule, keys)
    return 64 * len(g) + max(g) + 1 if g else 0


def qualifying(rule: int, cards) -> list[Card]:
    """The palette ``cards`` that follow ``rule`` (its best group), highest first."""
    return [card_of(k) for k in sorted(group(rule, [key(c) for c in cards]), reverse=True)]


assert "".join(RULE_NAMES[i][0] for i in range(7)) == RED7_COLOURS
