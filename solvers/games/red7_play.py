"""Red7's rules of thumb: stay winning while spending as little as you can.

What a player knows: their own hand, every palette (face up) and the Canvas. Every turn
must leave you winning, so the question is only *how* to be winning:

* Cards in hand are your future lifelines: a turn that spends one card beats a turn that
  spends two (``both``), and a Canvas discard that lets you draw a card (advanced draw)
  costs you nothing.
* A palette that wins under many rules is hard to overturn: the next player must find a
  rule under which they beat you. Prefer the turn after which you would be winning under
  the most of the seven rules.
* Play cards to your palette rather than changing the rule when both keep you winning:
  palette cards count again later, a Canvas discard is gone.
* Only concede when no turn leaves you winning.
"""

from __future__ import annotations

from solvers.cards import Rng, parse_card
from solvers.game import Action
from solvers.games.red7 import BOTH, CANVAS, CONCEDE, PALETTE, Red7State, winning_turns
from solvers.games.red7_rules import RULE_NAMES, key, strength

__all__ = ["heuristic_bot", "heuristic_choice", "ranked_turns", "turn_worth"]


def _rivals(state: Red7State, seat: int) -> list[int]:
    """The best rival strength under each of the seven rules."""
    others = [s for s in range(state.players) if s != seat and state.active[s]]
    return [max((strength(r, [key(c) for c in state.palettes[s]]) for s in others), default=0)
            for r in range(7)]


def turn_worth(state: Red7State, seat: int, action: Action, rivals: list[int] | None = None,
               robustness: dict | None = None) -> tuple:
    """How a turn scores by the rules of thumb (higher is better), and the facts behind it:
    (worth, cards kept, rules under which the new palette wins, rule after the turn).

    ``robustness`` caches the rules won per palette across the turns of one decision."""
    rivals = rivals if rivals is not None else _rivals(state, seat)
    cards = [parse_card(a) for a in action.args]
    palette = [key(c) for c in state.palettes[seat]]
    kept = len(state.hands[seat]) - len(cards)
    rule = state.rule
    if action.kind in (PALETTE, BOTH):
        palette.append(key(cards[0]))
    if action.kind in (CANVAS, BOTH):
        rule = cards[-1].suit
        if state.options.advanced_draw and state.deck and cards[-1].rank > len(palette):
            kept += 1
    cache = robustness if robustness is not None else {}
    robust = cache.get(tuple(palette))
    if robust is None:
        robust = cache[tuple(palette)] = sum(1 for r in range(7) if strength(r, palette) > rivals[r])
    # a palette play keeps the card working for you; a canvas card is gone
    on_palette = 1 if action.kind in (PALETTE, BOTH) else 0
    # spend low cards before high ones where everything else is equal
    spent = sum(key(c) for c in cards) / 100
    worth = 10 * kept + 3 * robust + on_palette - spent
    return worth, kept, robust, rule


def ranked_turns(state: Red7State, seat: int) -> list[tuple[Action, tuple]]:
    """The winning turns, best first by the rules of thumb, with their worth."""
    rivals = _rivals(state, seat)
    robustness: dict = {}
    scored = [(a, turn_worth(state, seat, a, rivals, robustness)) for a in winning_turns(state, seat)]
    scored.sort(key=lambda item: -item[1][0])
    return scored


def _describe(action: Action) -> str:
    if action.kind == PALETTE:
        return f"play {action.args[0]} to your palette"
    if action.kind == CANVAS:
        card = parse_card(action.args[0])
        return f"discard {card} to the Canvas (the rule becomes {RULE_NAMES[card.suit]})"
    card = parse_card(action.args[1])
    return (f"play {action.args[0]} to your palette, then discard {card} to the Canvas "
            f"(the rule becomes {RULE_NAMES[card.suit]})")


def heuristic_choice(state: Red7State, seat: int) -> tuple[Action, str]:
    """The rules-of-thumb turn for ``seat`` and why, in words a player understands."""
    ranked = ranked_turns(state, seat)
    if not ranked:
        if not state.hands[seat]:
            return Action(CONCEDE), "your hand is empty: you cannot do anything, so you are out of the round"
        return Action(CONCEDE), ("no card you hold can leave you winning under any rule you can reach: "
                                 "you are out of the round")
    action, (_, kept, robust, rule) = ranked[0]
    return action, (f"{_describe(action)}: you are winning under {RULE_NAMES[rule]}, keep {kept} card(s) in "
                    f"hand, and your palette would win under {robust} of the 7 rules")


def heuristic_bot(state: Red7State, seat: int, rng: Rng) -> Action:
    """Play the rules-of-thumb turn."""
    return heuristic_choice(state, seat)[0]
