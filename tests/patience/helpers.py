"""Test helpers: an exhaustive reference search over the plain rules engine."""

from solvers.patience.rules import apply_move, legal_moves


def brute_force_winnable(position, rules, limit=3_000_000):
    """Depth-first search over every legal move, with no pruning and no automatic
    moves: the reference the solver's verdicts are checked against."""
    def key(pos):
        return pos.with_(redeals_used=0) if rules.max_redeals is None else pos
    seen = {key(position)}
    stack = [position]
    while stack:
        pos = stack.pop()
        if pos.is_won():
            return True
        for move in legal_moves(pos, rules):
            nxt = apply_move(pos, move, rules)
            k = key(nxt)
            if k not in seen:
                seen.add(k)
                if len(seen) > limit:
                    raise RuntimeError("reference search too large")
                stack.append(nxt)
    return False


def random_walk(pos, rules, rng, steps):
    """Positions met along a random line of play from ``pos`` (``pos`` first)."""
    out = [pos]
    for _ in range(steps):
        moves = legal_moves(pos, rules)
        if not moves or pos.is_won():
            break
        pos = apply_move(pos, rng.choice(moves), rules)
        out.append(pos)
    return out


def never_shown(deal, moves, rules):
    """The deal's face-down cards that a game of ``moves`` never shows (in deal order)."""
    from solvers.patience.position import visible_cards
    shown = set(visible_cards(deal))
    position = deal
    for move in moves:
        position = apply_move(position, move, rules)
        shown |= visible_cards(position)
    return [c for col in deal.columns for c in col.down if c not in shown]


def games_blind_to_hidden_cards(rules, seeds, pairs=1, **options):
    """Play the fair-hint player (``options``) on the Klondike deals ``seeds``; for each
    game, swap up to ``pairs`` pairs of neighbouring face-down cards it never showed and
    assert it is played move for move the same (had a decision read a hidden card, a swap
    could change a move). Returns the number of swapped games played."""
    from solvers.cards import Rng
    from solvers.patience.deal import klondike_deal
    from solvers.patience.player import play_with_fair_hints
    from tests.patience.test_player_fair import _swap
    swapped = 0
    for seed in seeds:
        deal = klondike_deal(seed)
        record = play_with_fair_hints(deal, rules, Rng(seed), **options)
        hidden = never_shown(deal, record.moves, rules)
        for a, b in list(zip(hidden, hidden[1:]))[:pairs]:
            other = play_with_fair_hints(_swap(deal, a, b), rules, Rng(seed), **options)
            assert other.moves == record.moves, (seed, a, b)
            swapped += 1
    return swapped
