"""A player that sees only what a person at the table sees and follows the fair hint.

It is the measure of the fair hint: a whole game is played from a seeded deal with the
face-down and unseen stock cards hidden, and the win rate over many deals says how good
the advice is.

The player decides only when it learns something. A decision is hindsight
optimisation over *plans*: the unseen cards are sampled (40 samples in a game, 20
by default for a single decision), each sample is
solved exactly with a node cap, and each winning line gives a plan, its moves up to and
including the first one that shows a card not seen before (or to the win). Plans met on
several samples are one plan (the same position before the same revealing move). The
plans found most often (6 at most) are each played on every sample and the sample
solved from there: a win counts 1, a sample left undecided at the cap ``UNDECIDED``, a
loss 0; a plan that can no longer catch up with the leader is dropped as it falls
behind. The best plan is then played move by move without any further search (its
moves before the last show nothing, so nothing could change the choice), and the next
decision comes after the card it shows.

Options:

* ``lookahead``: the plans still in the running after that (the best ``lookahead`` of
  them) are weighed one card deeper: each is played on ``outer`` samples up to the card
  it shows, the next plan is chosen there as the player would choose it (from
  ``inner`` fresh samples that agree with that card, not from the sample's other
  hidden cards), and only then is the sample solved. This takes away part of the
  optimism of hindsight, which assumes every hidden card known after the first move.
* ``escalate``: when no sample is won, a quarter of the undecided ones are solved again
  with that many times the nodes before the player gives up searching.
* ``diverse``: the search finds one winning line a sample, always trying moves in its
  own order, so the plans weighed are those its order finds first (a plan that waits,
  drawing first, is seldom among them). With ``diverse`` each legal move that opens no
  sample's own line is played on up to that many won samples and the sample solved
  from there; the first win gives that opening's plan, weighed with the others in a
  race (from ``race`` samples on, a plan whose share is more than ``cut`` below the
  leader's is out).
* ``halving``: successive halving of the plans weighed: after ``halving`` samples,
  then twice, four times as many, only the better half of the plans still in the
  running go on (the last two are weighed on every sample). It makes ``diverse``
  cheaper: most of its cost is in weighing its plans, not in finding them.
* ``extra``: a close call (the best two plans within ``margin`` of each other's share)
  is weighed on that many more samples.
* ``nested``: a close call (plans within ``gate`` of the leader's share, the dropped
  ones counted at the sample they were dropped) is decided by what the best ``nested``
  plans are worth once their card is seen: each is played on the same ``outer``
  samples up to the card it shows, and valued there by the player's own decision over
  ``inner`` fresh samples that agree with everything then seen (the share of the plan
  it would choose). Hindsight assumes every hidden card known after the first move;
  this assumes it only after the next card.
* ``duel``: a close call (the best two plans' shares, each over the samples it was
  weighed on, within ``margin``) is weighed on up to that many fresh samples,
  ``duel_step`` at a time, until the two part.
* ``tie``: plans within that much of the best share are a tie, decided by the order of
  obvious progress (``tie_key="progress"``) or by how many samples found them ("votes").
* ``lone``: a plan found on one sample only is chosen only if its share leads the best
  plan found on several by more than that.
* ``fair``: a close call (plans within ``gate`` of the leader's share, as for
  ``nested``) is decided by fair rollouts in place of hindsight: the best ``fair``
  plans are each played on the same ``fair_samples`` samples, and from the end of the
  plan a fixed policy that sees only what the player would see (:func:`fair_moves`,
  never a hidden card) plays on the sample: to the end (``fair_depth`` 0: a win counts
  1, anything else 0), or until it has seen ``fair_depth`` more cards, where the sample
  is solved exactly (a win 1, undecided ``undecided``). A plan that can no longer catch
  up with the leader is dropped sample by sample. Hindsight values a plan as if every
  hidden card were known after its card; this values it by what a player who does not
  know them achieves after it.
* ``lazy``: least commitment. A sample's winning line plays, before the move that shows
  the next card, moves chosen for that sample's hidden cards (a waste card played, a
  card put up, a build) that the revealing move does not need. Each plan weighed is
  weighed beside its lazy form (:func:`_lazy`: the same plan without each move whose
  removal leaves it legal and still showing its card at its last move), which wins a
  tie with it; the moves left out can still be played once the card is seen.
* ``robust``: a value less optimistic than hindsight. A plan's win on a sample is
  checked again on the same sample after the plan with the cards still hidden then dealt
  anew, and counts ``1 - robust`` more only if it wins there too: a plan whose wins are
  decided by the card it shows is preferred to one whose wins rest on the cards after it
  (which the player will not know when it must choose its next plan).
* ``trace`` (of :func:`play_with_fair_hints`): a list given to it gets one entry a move,
  saying why the move was played and, at a decision, the plans weighed with their votes
  and values (the study of where lost games are lost).
* ``recheck`` (of :func:`play_with_fair_hints`): a plan is decided again before each
  move of a waste card after its first move.
* ``again``: a plan's later moves are not played on the word of the decision that chose
  it: before each of them that is not a draw, the player decides again from where it
  stands (:meth:`FairPlayer.replan`, over ``again`` fresh samples), the rest of the plan
  weighed as one of the plans and kept unless another leads it by more than ``stick``.
  With ``same`` the samples are the first ``again`` of the decision that chose the plan
  (with the moves played since), so the rest of the plan keeps its value there and only
  a plan that wins more of those very samples replaces it: no fresh draw can undo the
  choice by its noise.

When no sample is won, the player plays on by obvious progress without searching until
it sees a new card. An ace or a two goes to its foundation without asking: nothing can
ever be built on it in the tableau. A move back to a position already met, with
nothing learnt since, is never played, so the player cannot go round in circles.

Budgets are node counts only, so a game plays the same way on every machine.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass

from solvers.cards import Rng
from solvers.errors import CardsageError
from solvers.patience.hints import sampler
from solvers.patience.moves import canonical
from solvers.patience.position import Position, patience_rank, player_view, visible_cards
from solvers.patience.rules import apply_legal, apply_move, legal_moves
from solvers.patience.search import UNWINNABLE, WINNABLE, compiled_helps, solve

UNDECIDED = 0.3      # the value of a sample left undecided at the node cap (a win is 1)
CANDIDATES = 6       # plans weighed on every sample at most (the most often found first)


@dataclass
class GameRecord:
    """How one game went: ``won``, the ``moves`` played, how many choices the fair hint
    made (``hints``), how many sample solves they took, the ``seconds`` spent (``cpu``:
    the process's CPU seconds, which other load on the machine leaves alone), and why
    the game ``ended``."""

    won: bool
    moves: list[str]
    hints: int
    solves: int
    seconds: float
    ended: str
    cpu: float = 0.0

    def to_json(self) -> dict:
        """JSON-able form."""
        return {"won": self.won, "moves": len(self.moves), "hints": self.hints, "solves": self.solves,
                "seconds": round(self.seconds, 3), "cpu": round(self.cpu, 3), "ended": self.ended}


class FairPlayer:
    """Chooses a plan, up to the next card it will see, from what the player has seen
    (see the module text)."""

    def __init__(self, rules, rng: Rng, *, samples: int = 20, nodes_per_solve: int = 2_000,
                 compiled: bool = True, undecided: float = UNDECIDED, candidates: int = CANDIDATES,
                 escalate: int = 0, lookahead: int = 0, outer: int = 8, inner: int = 8,
                 extra: int = 0, margin: float = 0.1, diverse: int = 0, race: int = 10,
                 cut: float = 0.2, skip_lost: bool = False, halving: int = 0,
                 nested: int = 0, gate: float = 0.1, duel: int = 0, duel_step: int = 10,
                 tie: float = 0.0, tie_key: str = "progress", lone: float = 0.0,
                 fair: int = 0, fair_samples: int = 20, fair_depth: int = 0, lazy: bool = False,
                 robust: float = 0.0, again: int = 0, stick: float = 0.0, same: bool = False):
        self.rules, self.rng = rules, rng
        # a plan decided again before each later move that is not a draw (0: off), over
        # ``again`` samples, the rest of the plan kept unless another plan leads its share
        # by more than ``stick`` (:meth:`replan`)
        self.again, self.stick = again, stick
        self.switched = 0
        # with ``same`` a plan is decided again on the first ``again`` samples of the
        # decision that chose it (``_kept``: those samples with the moves played since, still
        # true to everything seen as no card has been shown), not on fresh ones
        self.same = same
        self._kept: list | None = None
        # a value less optimistic than hindsight (0: off): a plan's win on a sample counts
        # ``1 - robust`` more only if it wins too on the same sample with the cards still
        # hidden after the plan dealt again (:meth:`_robust_value`)
        self.robust = robust
        # least commitment (off by default): each plan weighed is weighed beside its lazy
        # form, the same plan without the moves its revealing move does not need
        # (:func:`_lazy`), which wins a tie with it
        self.lazy = lazy
        self.lazy_chosen = 0
        # the positions the game has met since the last card seen, as the player sees them
        # (:func:`_met_key`); with ``lazy`` a plan through one of them is refused, since the
        # game's rule against going round would cut it there and the next decision could
        # choose it again one move on (set by :func:`play_with_fair_hints`)
        self.met: set = set()
        self.refused = 0
        # close calls decided by fair rollouts (0: off): the best ``fair`` plans within
        # ``gate`` of the leader, each played on the same ``fair_samples`` samples and
        # valued by a policy that never reads a hidden card, to the end or for
        # ``fair_depth`` more cards and then an exact solve
        self.fair, self.fair_samples, self.fair_depth = fair, fair_samples, fair_depth
        self.fair_calls = 0
        # a close call between the best two plans (shares within ``margin``) weighed on up to
        # ``duel`` fresh samples, ``duel_step`` at a time, until they part (0: off)
        self.duel, self.duel_step = duel, duel_step
        self.duels = 0
        # near ties (shares within ``tie`` of the best, 0: off) decided by the order of
        # obvious progress ("progress") or by the samples that found the plan ("votes")
        self.tie, self.tie_key = tie, tie_key
        # a plan found on one sample only is chosen only if it leads by more than ``lone``
        self.lone = lone
        self.ties = 0
        # close calls weighed after the next card (0: off): the best ``nested`` plans within
        # ``gate`` of the leader's share, each played on ``outer`` samples to the card it
        # shows and valued there by the player's own decision over ``inner`` fresh samples
        self.nested, self.gate = nested, gate
        self._inner = False     # inside a nested decision: no other openings, no close calls
        # successive halving (0: off): after ``halving`` samples, then twice, four times
        # as many, only the better half of the plans still in the running go on
        self.halving = halving
        self.escalate = escalate
        # plans for the openings no sample's own line has (``diverse`` tries a move), in
        # a race that drops a plan ``cut`` a sample behind the leader after ``race`` samples
        self.diverse, self.race, self.cut = diverse, race, cut
        # a sample proven lost from the view is worth 0 after any plan, unsolved (a plan
        # only plays legal moves, and none turns a lost position into a won one)
        self.skip_lost = skip_lost
        # close calls: ``extra`` more samples when the best two plans are within
        # ``margin`` of each other's share
        self.extra, self.margin = extra, margin
        # plans weighed one reveal deeper (0: none), on how many samples, with how many
        # samples for the plan that follows
        self.lookahead, self.outer, self.inner = lookahead, outer, inner
        self.samples, self.nodes = samples, nodes_per_solve
        self.undecided, self.candidates = undecided, candidates
        # the compiled search (where it runs for the rules) is far faster but keeps no
        # lost positions between solves
        self.compiled = compiled
        self._compiled_helps: bool | None = None
        self.solves = 0
        self._last_undecided = False
        self.blind = False      # no sample was won since the last card seen
        # the last decision's plans still in the running, best first, with the share of
        # the samples each was worth (a win 1, an undecided sample ``undecided``)
        self.shares: list[tuple[list[str], float]] = []
        # the plans of the last decision within ``gate`` of the best one's share, best first
        self.close: list = []
        self._unsure = 0.0      # the last decision's share of samples undecided from the view
        # when a list: each decision's figures are appended to it (for the study of lost games)
        self.trace: list | None = None

    def news(self) -> None:
        """The player has just seen a card it had not seen: look again."""
        self.blind = False
        self._kept = None

    def moved(self, move: str) -> None:
        """The player has played ``move`` and seen nothing new: the samples kept for
        deciding again (``same``) follow it."""
        if self._kept is not None:
            self._kept = [apply_legal(world, canonical(move), self.rules) for world in self._kept]

    def plan(self, view: Position, seen: set, allowed: list[str]) -> list[str]:
        """The moves to play from ``view`` up to and including the first one that shows
        a card not in ``seen`` (or to the win); the first one is among ``allowed``."""
        if self.blind:
            return [min(allowed, key=lambda m: _progress(view, m))]
        found = self._hop(view, seen, allowed, self.samples)
        if found is None:
            # no sample shows a way on (all lost, or none decided within the budget): play
            # on by the obvious progress, as a person would, until something new is seen
            self.blind = True
            return [min(allowed, key=lambda m: _progress(view, m))]
        order, plans, worlds = found
        if self.again and self.same:
            self._kept = worlds[:self.again]
        if self.fair and len(self.close) > 1:
            return plans[self._fair_choice(self.close[:self.fair], plans, worlds, seen)]
        if self.nested and len(self.close) > 1:
            return plans[self._after_next(self.close[:self.nested], plans, worlds, seen)]
        if self.lookahead and len(order) > 1:
            # the close contenders again, each played on some samples up to the card it
            # shows, the next plan chosen there as the player would choose it (without
            # the sample's other hidden cards), and only then the sample solved
            top = order[:self.lookahead]
            outer = worlds[:self.outer]
            score = {k: sum(self._deeper(plans[k], world, seen) for world in outer) for k in top}
            return plans[min(top, key=lambda k: (-score[k], top.index(k)))]
        return plans[order[0]]

    def replan(self, view: Position, seen: set, allowed: list[str], rest: list[str]) -> list[str]:
        """The moves to play from ``view`` when ``rest`` (the moves left of the plan being
        played, the first among ``allowed``) is decided again: a decision over ``again``
        fresh samples in which ``rest`` is weighed as one of the plans; it is kept unless
        the best plan's share leads its share by more than ``stick`` (or no sample is won).
        A rest dropped behind while the samples are weighed (it could no longer catch up
        with the leader) is not kept."""
        kept = self._kept if self.same else None
        found = self._hop(view, seen, allowed, self.again, incumbent=rest, worlds=kept)
        if found is None:
            return rest
        order, plans, worlds = found
        best = plans[order[0]]
        if best == rest:
            return rest
        value = dict((tuple(moves), share) for moves, share in self.shares)
        if tuple(rest) in value and value[tuple(best)] - value[tuple(rest)] <= self.stick:
            return rest
        self.switched += 1
        return best

    def _hop(self, view: Position, seen: set, allowed, samples: int, incumbent: list[str] | None = None,
             worlds: list | None = None):
        """Hindsight optimisation over plans: ``(plan keys best first, plans, samples)``,
        or ``None`` when no sample shows a plan that wins. Only plans still in the running
        at the end are listed when more than one is. ``incumbent`` (a plan) is weighed
        whatever the samples' own lines, and wins a tie; ``worlds``: the samples to use (a
        copy is used) in place of ``samples`` fresh ones."""
        deal = sampler(view)
        worlds = list(worlds) if worlds else [deal(self.rng) for _ in range(samples)]
        allowed_set = set(allowed)
        plans: dict = {}          # key of a plan -> its moves
        own: list = []            # the key of each sample's own plan (None: no win found)
        votes: Counter = Counter()
        undecided = []
        lost = set()              # samples proven lost from the view: lost after any plan
        for i, world in enumerate(worlds):
            line = self._solve(world)
            if self._last_undecided:
                undecided.append(i)
            elif line is None:
                lost.add(i)
            own.append(self._vote(world, line, seen, allowed_set, plans, votes))
        if not votes and self.escalate > 1:
            # every sample lost or undecided: a larger budget for a few undecided ones
            for i in undecided[:max(1, samples // 4)]:
                line = self._solve(worlds[i], self.nodes * self.escalate)
                own[i] = self._vote(worlds[i], line, seen, allowed_set, plans, votes)
        self._unsure = len(undecided) / len(worlds)
        if not votes:
            if self.trace is not None and not self._inner:
                self.trace.append({"plans": [], "votes": [], "values": [], "alive": [], "samples": len(worlds),
                                   "undecided": len(undecided), "lost": len(lost)})
            return None
        ranked = sorted(votes, key=lambda k: (-votes[k], _progress(view, plans[k][0])))[:self.candidates]
        held = None
        if incumbent:
            held = _prefix(worlds[0], incumbent, seen, self.rules)[1]
            plans[held] = list(incumbent)
            ranked = [held] + [k for k in ranked if k != held]
        if self.diverse and not self._inner:
            ranked += [k for k in self._other_openings(view, worlds, own, seen, allowed, plans) if k not in ranked]
        lazy = set()
        if self.lazy and not self._inner:
            for k in list(ranked):
                i = own.index(k) if k in own else None
                found = None if i is None else _lazy(worlds[i], plans[k], seen, self.rules)
                if found is not None and found[1] not in plans:
                    plans[found[1]] = found[0]
                    ranked.append(found[1])
                    lazy.add(found[1])
        if (self.lazy or self.again) and not self._inner:
            ranked = self._not_round(ranked, plans, own, worlds, seen)
        if len(ranked) == 1:
            self.shares = [(plans[ranked[0]], votes[ranked[0]] / len(worlds))]
            self.close = ranked
            self._record(plans, votes, ranked, {ranked[0]: float(votes[ranked[0]])}, ranked, len(worlds),
                         len(undecided), len(lost))
            return ranked, plans, worlds
        # every plan on every sample, sample by sample; a plan that can no longer catch up
        # with the best one's sure value is dropped
        value = {k: 0.0 for k in ranked}
        weighed = {k: 0 for k in ranked}   # samples each plan was weighed on
        alive = list(ranked)
        near = []                 # plans dropped within ``gate`` of the leader (a close call)
        robust = self.robust and not self._inner
        # one stream a sample for its second deal, the same for every plan (common random numbers)
        reseed = [self.rng.next64() for _ in worlds] if robust else []
        for i, world in enumerate(worlds):
            for k in alive:
                if robust:
                    value[k] += self._robust_value(world, plans[k], own[i] == k, seen, reseed[i])
                    continue
                if own[i] == k:
                    value[k] += 1.0
                    continue
                if self.skip_lost and i in lost:
                    continue
                position = _replay(world, plans[k], self.rules)
                if position is None:
                    continue
                value[k] += self._value(position)
            for k in alive:
                weighed[k] = i + 1
            left = len(worlds) - i - 1
            floor = max(value[k] for k in alive)
            near += [k for k in alive if value[k] + left < floor <= value[k] + self.gate * len(worlds)]
            alive = [k for k in alive if value[k] + left >= floor]
            if self.diverse and i + 1 >= self.race:
                # a race: a plan this far behind the leader after ``race`` samples is out
                alive = [k for k in alive if floor - value[k] <= self.cut * (i + 1)]
            if self.halving and _round_end(i + 1, self.halving) and len(alive) > 2:
                # successive halving: the better half goes on (ties: the order they came in),
                # and the last two are weighed on every sample
                keep = sorted(alive, key=lambda k: (-value[k], ranked.index(k)))[:max(2, (len(alive) + 1) // 2)]
                alive = [k for k in alive if k in keep]
            if len(alive) == 1:
                break
        if self.extra and len(alive) > 1 and not self._inner:
            alive.sort(key=lambda k: -value[k])
            if (value[alive[0]] - value[alive[1]]) / len(worlds) < self.margin:
                self._more(deal, worlds, plans, value, alive)
        if self.duel and not self._inner:
            pair = self._duel(deal, worlds, plans, value, weighed, ranked, own)
            if pair is not None:
                alive = pair
        alive.sort(key=lambda k: (-value[k], k != held, k not in lazy, _progress(view, plans[k][0]), -votes[k]))
        if alive[0] in lazy:
            self.lazy_chosen += 1
        if self.tie and not self._inner:
            alive = self._tied(view, plans, votes, value, weighed, ranked, alive)
        if self.lone and not self._inner and votes[alive[0]] == 1:
            # a plan one sample found may lead by the luck of its selection among many: it
            # is chosen only if its share leads the best plan found on several samples (its
            # share of the samples it was weighed on, at least half of them) by ``lone``
            most = max(weighed.values())
            share = {k: value[k] / weighed[k] for k in ranked if weighed[k] * 2 >= most}
            many = sorted((k for k in share if votes[k] > 1), key=lambda k: (-share[k], ranked.index(k)))
            if many and alive[0] in share and share[alive[0]] - share[many[0]] <= self.lone:
                alive = [many[0]] + [k for k in alive if k != many[0]]
                self.ties += 1
        self.shares = [(plans[k], value[k] / len(worlds)) for k in alive]
        self.close = alive + sorted((k for k in near if k not in alive), key=lambda k: -value[k])
        self._record(plans, votes, ranked, value, alive, len(worlds), len(undecided), len(lost), weighed)
        return alive, plans, worlds

    def _not_round(self, ranked: list, plans: dict, own: list, worlds: list, seen: set) -> list:
        """``ranked`` without the plans that pass, before their last move, through a
        position the game has met since the last card seen (``met``); all of them when
        every plan does. Each plan is replayed on a sample that found it (its moves before
        the last show nothing, so every sample passes through the same positions as the
        player sees them)."""
        if not self.met:
            return ranked
        kept = []
        for k in ranked:
            world = worlds[own.index(k)] if k in own else worlds[0]
            position, through = world, False
            for move in plans[k][:-1]:
                try:
                    position = apply_legal(position, canonical(move), self.rules)
                except CardsageError:
                    break
                if _met_key(position, seen) in self.met:
                    through = True
                    break
            if through:
                self.refused += 1
            else:
                kept.append(k)
        return kept or ranked

    def _record(self, plans, votes, ranked, value, alive, worlds, undecided, lost, weighed=None) -> None:
        """Append a decision's figures to ``trace`` (when tracing, and not inside a nested one)."""
        if self.trace is None or self._inner:
            return
        self.trace.append({"plans": [list(plans[k]) for k in ranked], "votes": [votes[k] for k in ranked],
                           "values": [value.get(k, 0.0) for k in ranked],
                           "alive": [ranked.index(k) for k in alive], "samples": worlds,
                           "undecided": undecided, "lost": lost,
                           "weighed": [(weighed or {}).get(k, worlds) for k in ranked]})

    def _other_openings(self, view, worlds, own, seen, allowed, plans) -> list:
        """Plans that open with the moves no sample's own winning line opens with: the
        search finds one winning line a sample, always in its own order of moves, so a
        plan that waits (a draw first, say) is seldom found though it may win as often.
        Each such move is played on up to ``diverse`` won samples (taken in turn) and
        the sample solved from there; the first win gives the move's plan."""
        won = [i for i, k in enumerate(own) if k is not None]
        if not won:
            return []
        firsts = {plans[k][0] for k in own if k is not None}
        keys, turn = [], 0
        for move in sorted(allowed, key=lambda m: _progress(view, m)):
            if move in firsts:
                continue
            for _ in range(self.diverse):
                world = worlds[won[turn % len(won)]]
                turn += 1
                after = _replay(world, [move], self.rules)
                line = None if after is None else self._solve(after)
                if line is not None:
                    moves, key = _prefix(world, [move] + line, seen, self.rules)
                    plans.setdefault(key, moves)
                    keys.append(key)
                    break
        return keys

    def _tied(self, view, plans, votes, value, weighed, ranked, alive) -> list:
        """``alive`` with the plan chosen first: among the plans whose share of the samples
        they were weighed on (at least half of them) is within ``tie`` of the best share,
        the one the order of obvious progress puts first (``tie_key`` "progress"), or the
        one found on most samples ("votes")."""
        most = max(weighed.values())
        share = {k: value[k] / weighed[k] for k in ranked if weighed[k] * 2 >= most}
        top = max(share.values())
        near = [k for k in ranked if k in share and share[k] >= top - self.tie]
        if self.tie_key == "votes":
            key = lambda k: (-votes[k], _progress(view, plans[k][0]), -share[k])  # noqa: E731
        else:
            key = lambda k: (_progress(view, plans[k][0]), -votes[k], -share[k])  # noqa: E731
        best = min(near, key=key)
        if best != alive[0]:
            self.ties += 1
        return [best] + [k for k in alive if k != best]

    def _duel(self, deal, worlds, plans, value, weighed, ranked, own):
        """A close call between the best two plans by their share of the samples they were
        weighed on (the runner-up may have been dropped near the end): both are weighed on
        the samples they missed, then on fresh samples, ``duel_step`` at a time up to
        ``duel`` more, until their shares differ by more than ``margin``. Returns the two
        keys (their values over the same, extended ``worlds``), or ``None`` when the call
        is not close. ``worlds`` is extended in place."""
        share = {k: value[k] / weighed[k] for k in ranked if weighed[k]}
        if len(share) < 2:
            return None
        a, b = sorted(share, key=lambda k: (-share[k], ranked.index(k)))[:2]
        if share[a] - share[b] > self.margin:
            return None
        self.duels += 1
        for k in (a, b):
            for i in range(weighed[k], len(worlds)):
                value[k] += 1.0 if own[i] == k else self._value_after(worlds[i], plans[k])
            weighed[k] = len(worlds)
        added = 0
        while added < self.duel and abs(value[a] - value[b]) <= self.margin * len(worlds):
            fresh = [deal(self.rng) for _ in range(min(self.duel_step, self.duel - added))]
            for world in fresh:
                for k in (a, b):
                    value[k] += self._value_after(world, plans[k])
            worlds.extend(fresh)
            added += len(fresh)
        for k in ranked:
            if k not in (a, b):
                value[k] = 0.0     # out of the running: only the two are compared now
        return [a, b]

    def _robust_value(self, world: Position, plan: list[str], own: bool, seen: set, seed: int) -> float:
        """The value of ``plan`` on ``world`` (1 when it is the sample's own winning
        plan) times ``1 - robust + robust * v``, where ``v`` is its value on the same
        sample after the plan with the cards still hidden then dealt again (from the
        stream ``seed``). Hindsight counts a win that needs the later hidden cards to be
        what this sample makes them as much as one that does not; the product keeps what
        the card the plan shows decides, and discounts what is left to the cards after it
        (over the samples it is the mean of p(c) * (1 - robust + robust * p(c)), p(c) the
        chance of a win once the plan's card c is seen)."""
        position = _replay(world, plan, self.rules)
        if position is None:
            return 0.0
        value = 1.0 if own else self._value(position)
        if value == 0.0 or position.is_won():
            return value
        now = seen | visible_cards(position)
        view = player_view(position, now)
        if view == position:
            return value        # nothing hidden is left: the deal again is the same deal
        again = self._value(sampler(view)(Rng(seed)))
        return value * (1.0 - self.robust + self.robust * again)

    def _value_after(self, world: Position, plan: list[str]) -> float:
        """The value of ``world`` after ``plan`` (0 if the rules refuse it)."""
        position = _replay(world, plan, self.rules)
        return 0.0 if position is None else self._value(position)

    def _more(self, deal, worlds, plans, value, alive) -> None:
        """Weigh the plans still in the running on ``extra`` fresh samples too (a close
        call); ``worlds`` and ``value`` are extended in place and ``alive`` narrowed as in
        the first round."""
        extra = [deal(self.rng) for _ in range(self.extra)]
        for i, world in enumerate(extra):
            for k in alive:
                position = _replay(world, plans[k], self.rules)
                if position is not None:
                    value[k] += self._value(position)
            left = len(extra) - i - 1
            floor = max(value[k] for k in alive)
            alive[:] = [k for k in alive if value[k] + left >= floor]
            if len(alive) == 1:
                worlds.extend(extra)
                return
        worlds.extend(extra)

    def _value(self, position: Position) -> float:
        """1 for a won sample, ``undecided`` for one left undecided, 0 for a lost one."""
        if self._solve(position) is not None:
            return 1.0
        return self.undecided if self._last_undecided else 0.0

    def _after_next(self, keys: list, plans: dict, worlds: list, seen: set):
        """The key among ``keys`` (close plans, best first) worth most once its card is
        seen: each is played on the same ``outer`` samples up to the card it shows, and
        valued there by the player's own decision over ``inner`` fresh samples that agree
        with everything then seen (the share of the plan it would choose), not by the
        sample's other hidden cards. Ties go to the earlier key."""
        outer = worlds[:self.outer]
        score = {k: sum(self._next_value(plans[k], world, seen) for world in outer) for k in keys}
        return min(keys, key=lambda k: (-score[k], keys.index(k)))

    def _fair_choice(self, keys: list, plans: dict, worlds: list, seen: set):
        """The key among ``keys`` (close plans, best first by hindsight) worth most by
        fair rollouts: each plan is played on the same first ``fair_samples`` samples and
        the sample played on from there by :func:`fair_moves`, which sees only what the
        player would see (see :meth:`_rollout`). A plan that can no longer catch up with
        the leader is dropped; ties go to the earlier key (hindsight's order)."""
        self.fair_calls += 1
        tried = worlds[:self.fair_samples]
        value = {k: 0.0 for k in keys}
        alive = list(keys)
        for i, world in enumerate(tried):
            for k in alive:
                position = _replay(world, plans[k], self.rules)
                if position is not None:
                    value[k] += self._rollout(position, seen)[0]
            left = len(tried) - i - 1
            floor = max(value[k] for k in alive)
            alive = [k for k in alive if value[k] + left >= floor]
            if len(alive) == 1:
                break
        if self.trace is not None:
            self.trace.append({"fair": [keys.index(k) for k in alive], "fair_values": [value[k] for k in keys]})
        return min(alive, key=lambda k: (-value[k], keys.index(k)))

    def _rollout(self, position: Position, seen: set, limit: int = 400) -> tuple[float, list[str]]:
        """Play ``position`` (a sample) on by :func:`fair_moves`, which is given only the
        position as the player sees it (``seen`` and the cards shown since), never going
        back to a position met in the rollout with nothing new seen: ``(value, moves)``.
        The value is 1 if it wins; with ``fair_depth`` the sample is solved exactly once
        that many cards not in ``seen`` have been shown (a win 1, undecided
        ``undecided``); a rollout that cannot go on, or reaches ``limit`` moves, is 0."""
        now = set(seen) | visible_cards(position)
        goal = len(now) + self.fair_depth if self.fair_depth else None
        visits = {_state(position, len(now))}
        moves: list[str] = []
        for _ in range(limit):
            if position.is_won():
                return 1.0, moves
            if goal is not None and len(now) >= goal:
                return self._value(position), moves
            view = player_view(position, now)
            for move in fair_moves(view, self.rules):
                after = apply_legal(position, move, self.rules)
                shown = visible_cards(after) - now
                if shown or _state(after, len(now)) not in visits:
                    break
            else:
                return 0.0, moves
            moves.append(move)
            position = after
            now |= shown
            visits.add(_state(position, len(now)))
        return 0.0, moves

    def _next_value(self, plan: list[str], world: Position, seen: set) -> float:
        """What ``plan`` played on ``world`` is worth to a player who then sees the card it
        shows but none of the other hidden cards: 1 won, else the share of the plan the
        player would choose from there (0 when no sample of it is won)."""
        position = _replay(world, plan, self.rules)
        if position is None:
            return 0.0
        if position.is_won():
            return 1.0
        now = seen | visible_cards(position)
        if now == seen:
            return self._value(position)
        allowed = legal_moves(position, self.rules)
        if not allowed:
            return 0.0
        keep = self.shares, self.close
        self._inner = True
        try:
            found = self._hop(player_view(position, now), now, allowed, self.inner)
            if found is None:
                best = self.undecided * self._unsure
            elif len(self.shares) == 1 and len(found[0]) == 1 and self.close == found[0]:
                # one plan, counted by the samples that won with it: the undecided ones too
                best = self.shares[0][1] + self.undecided * self._unsure
            else:
                best = self.shares[0][1]
        finally:
            self._inner = False
            self.shares, self.close = keep
        return best

    def _deeper(self, plan: list[str], world: Position, seen: set) -> float:
        """The value of ``plan`` on ``world`` when the player chooses the next plan by
        hindsight optimisation from what it then sees (not from ``world``'s hidden cards)."""
        position = _replay(world, plan, self.rules)
        if position is None:
            return 0.0
        now = seen | visible_cards(position)
        if position.is_won() or now == seen:
            return self._value(position)
        found = self._hop(player_view(position, now), now, legal_moves(position, self.rules), self.inner)
        if found is None:
            return 0.0
        order, plans, _ = found
        after = _replay(position, plans[order[0]], self.rules)
        return 0.0 if after is None else self._value(after)

    def _vote(self, world, line, seen, allowed, plans, votes):
        """Count the plan that opens ``line`` (a winning line of ``world``, or ``None``);
        return its key (``None``: no plan)."""
        if not line or line[0] not in allowed:
            return None
        moves, key = _prefix(world, line, seen, self.rules)
        plans.setdefault(key, moves)
        votes[key] += 1
        return key

    def _compiled(self, position: Position) -> bool:
        """Solve with the compiled search? (the answer depends on the rules only)"""
        if self._compiled_helps is None:
            self._compiled_helps = self.compiled and compiled_helps(position, self.rules)
        return self._compiled_helps

    def _solve(self, position: Position, nodes: int | None = None) -> list[str] | None:
        self.solves += 1
        result = solve(position, self.rules, max_nodes=nodes or self.nodes, max_seconds=None, shorten=False,
                       dead=None if self._compiled(position) else set())
        self._last_undecided = result.verdict not in (WINNABLE, UNWINNABLE)
        if result.verdict == WINNABLE:
            return list(result.solution)
        return None


def plan_hint(view: Position, seen: set, rules, rng: Rng, *, samples: int = 20,
              nodes_per_solve: int = 2_000) -> tuple[list[str], list[tuple[list[str], float]]]:
    """The player's decision at ``view`` (what the player sees, ``seen`` the cards it has
    seen) as a hint: the plan it would follow up to the next card it sees, and the plans
    still in the running, best first, with the share of the samples each was worth
    (empty when no sample was won and the plan is the obvious progress)."""
    player = FairPlayer(rules, rng, samples=samples, nodes_per_solve=nodes_per_solve)
    allowed = legal_moves(view, rules)
    if not allowed:
        return [], []
    plan = player.plan(view, seen, allowed)
    return plan, ([] if player.blind else player.shares)


def _prefix(world: Position, line: list[str], seen: set, rules) -> tuple[list[str], tuple]:
    """The moves of ``line`` up to and including the first that shows a card not in
    ``seen``, and a key that is the same for the same plan on any sample: the position
    before that move as the player sees it, and the move."""
    position = world
    for n, move in enumerate(line):
        after = apply_legal(position, canonical(move), rules)
        if not visible_cards(after) <= seen:
            return line[:n + 1], (player_view(position, seen), move)
        position = after
    return list(line), (player_view(position, seen), None)


def _lazy(world: Position, moves: list[str], seen: set, rules) -> tuple[list[str], tuple] | None:
    """The least committing form of a plan that ends by showing a new card: its moves
    without each earlier move (the latest first) that the rest, played on ``world`` (the
    sample that found it), still plays legally, showing nothing before the last move and
    a card not in ``seen`` at it; with its key (as :func:`_prefix`). ``None`` when no move
    can go or the plan ends in a win. The moves left out (a card played from the waste, a
    card put up, a build between columns) are left for after the card is seen."""
    if len(moves) < 2 or _reveal(world, moves, seen, rules) is None:
        return None
    kept = list(moves)
    for j in range(len(kept) - 2, -1, -1):
        trial = kept[:j] + kept[j + 1:]
        if _reveal(world, trial, seen, rules) is not None:
            kept = trial
    if len(kept) == len(moves):
        return None
    before = _reveal(world, kept, seen, rules)
    return kept, (player_view(before, seen), kept[-1])


def _reveal(world: Position, moves: list[str], seen: set, rules) -> Position | None:
    """The position before the last of ``moves`` when all are legal on ``world``, none
    but the last shows a card not in ``seen`` and the last does; else ``None``."""
    position = world
    try:
        for move in moves[:-1]:
            position = apply_move(position, move, rules)
            if not visible_cards(position) <= seen:
                return None
        after = apply_move(position, moves[-1], rules)
    except CardsageError:
        return None
    return None if visible_cards(after) <= seen or after.is_won() else position


def _round_end(done: int, first: int) -> bool:
    """Is ``done`` samples the end of a round of successive halving whose first round
    is ``first`` samples (then 2, 4, 8... times as many in all)?"""
    if done < first or done % first:
        return False
    rounds = done // first
    return rounds & (rounds - 1) == 0


def _replay(world: Position, moves: list[str], rules) -> Position | None:
    """``world`` after ``moves`` (a plan made on another sample: up to its last move it
    only moves cards every sample shows alike, so it is legal on all of them), or
    ``None`` if the rules refuse it."""
    try:
        for move in moves:
            world = apply_legal(world, canonical(move), rules)
    except CardsageError:
        return None
    return world


def play_with_fair_hints(position: Position, rules, rng: Rng, *, samples: int = 40,
                         max_moves: int = 1_000, look: bool = True, recheck: bool = False,
                         trace: list | None = None, **options) -> GameRecord:
    """Play ``position`` (the real deal) to the end as a player who only sees what the
    rules show, choosing a plan by the fair hint each time something new is seen
    (``options``: the :class:`FairPlayer` options, e.g. ``nodes_per_solve``; with
    ``compiled``, the default, the samples are solved by the compiled search where it
    covers the rules). With ``look`` (the default) the player first turns an untouched
    stock over once and back when that is free (:func:`_free_look`). With ``recheck``
    a plan is decided again before each move of a waste card after its first move (such
    a move changes which stock cards can be reached later, so the plan's sample chose it
    for its own hidden cards)."""
    start, cpu = time.perf_counter(), time.process_time()
    player = FairPlayer(rules, rng, samples=samples, **options)
    player.trace = [] if trace is not None else None
    seen = set(visible_cards(position))
    visits = {_state(position, len(seen))}
    played: list[str] = []
    plan: list[str] = []
    hints = 0
    ended = "move limit"
    looking = _free_look(position, rules) if look else []
    if player.lazy or player.again:
        player.met = {_met_key(position, seen)}
    for _ in range(max_moves):
        if position.is_won():
            break
        moves = legal_moves(position, rules)
        # a move back to a position already met, with nothing learnt since, only goes round
        fresh = [m for m in moves if _state(apply_legal(position, m, rules), len(seen)) not in visits]
        if not fresh:
            ended = "no legal move" if not moves else "going round in circles"
            break
        why = "plan"
        if looking and looking[0] in fresh:
            move, why = looking.pop(0), "look"
        elif plan and plan[0] in fresh and not (recheck and plan[0].startswith("w ")):
            if player.again and plan[0] not in ("draw", "redeal"):
                hints += 1
                rest = list(plan)
                plan = list(player.replan(player_view(position, seen), seen, fresh, rest))
                why = "plan kept" if plan == rest else "plan changed"
            move = plan.pop(0)
        else:
            plan = []
            move, why = _never_harmful(position, fresh), "ace or two"
            if move is None and len(fresh) == 1:
                move, why = fresh[0], "only move"
            if move is None:
                hints += 1
                made = len(player.trace) if trace is not None else 0
                plan = player.plan(player_view(position, seen), seen, fresh)
                move = plan.pop(0)
                why = "blind" if player.blind else "decision"
                if trace is not None:
                    trace.append({"at": len(played), "why": why, "move": move, "fresh": list(fresh),
                                  "plan": [move] + plan, "hop": player.trace[made:]})
        if trace is not None and why in ("plan kept", "plan changed"):
            trace.append({"at": len(played), "why": why, "move": move, "rest": list(rest), "plan": [move] + plan})
        elif trace is not None and why not in ("decision", "blind"):
            trace.append({"at": len(played), "why": why, "move": move})
        position = apply_move(position, move, rules)
        played.append(move)
        before = len(seen)
        seen |= visible_cards(position)
        if len(seen) != before:
            plan = []
            player.news()
            player.met = set()
        else:
            player.moved(move)
        if player.lazy or player.again:
            player.met.add(_met_key(position, seen))
        visits.add(_state(position, len(seen)))
    won = position.is_won()
    return GameRecord(won, played, hints, player.solves, time.perf_counter() - start,
                      "won" if won else ended, time.process_time() - cpu)


def fair_moves(view: Position, rules) -> list[str]:
    """The moves a fixed Klondike policy that never reads a hidden card considers in
    ``view`` (the position as the player sees it), best first: a card that is safe on
    its foundation (an ace or a two, or both foundations of the other colour at most one
    below it), a move that turns a face-down card (from the column with most of them
    first), the waste to its foundation or the tableau, other cards up, then a draw or a
    turn-over. Moves that only shuffle cards between columns are never considered (the
    policy stops where only they are left). Every move listed is legal in ``view``."""
    ranked = []
    columns = view.columns
    tops = [col.up[-1] if col.up else None for col in columns]

    def fits(card, j):
        top = tops[j]
        if top is None:
            return not len(columns[j]) and patience_rank(card) == view.ranks
        return patience_rank(card) == patience_rank(top) - 1 and card.is_red != top.is_red

    def goes_up(card):
        return len(view.foundations[card.suit]) == patience_rank(card) - 1

    for i, col in enumerate(columns):
        if not col.up:
            continue
        if goes_up(col.up[-1]):
            turns = len(col.up) == 1 and bool(col.down)
            safe = _safe_up(view, col.up[-1])
            ranked.append(((0, 0) if safe else (1, -len(col.down)) if turns else (4, 0), f"t{i + 1} f"))
        if col.down:
            head, n = col.up[0], len(col.up)
            for j in range(len(columns)):
                if j != i and fits(head, j):
                    ranked.append(((1, -len(col.down)), f"t{i + 1} t{j + 1}" + (f" {n}" if n > 1 else "")))
    if view.waste:
        card = view.waste[-1]
        if goes_up(card):
            ranked.append(((0, 0) if _safe_up(view, card) else (2, 0), "w f"))
        ranked += [((3, 0), f"w t{j + 1}") for j in range(len(columns)) if fits(card, j)]
    if view.stock:
        ranked.append(((5, 0), "draw"))
    elif (view.waste and not view.single_pass
          and (rules.max_redeals is None or view.redeals_used < rules.max_redeals)):
        ranked.append(((5, 0), "redeal"))
    ranked.sort(key=lambda pair: pair[0])
    return [move for _, move in ranked]


def _safe_up(view: Position, card) -> bool:
    """Is ``card`` (playable to its foundation) safe there: nothing of the tableau could
    ever need it (an ace or a two, or both foundations of the other colour at most one
    rank below it)?"""
    rank = patience_rank(card)
    if rank <= 2:
        return True
    others = [len(pile) for s, pile in enumerate(view.foundations)
              if (s in (1, 2)) != card.is_red]
    return min(others) >= rank - 1


def _free_look(position: Position, rules) -> list[str]:
    """The moves that turn the whole stock over once and back, when that is free: an
    untouched Klondike stock (empty waste) with unlimited turn-overs and no switch to a
    final pass. They end in the very position they start from, with every stock card
    seen, so the first decision is made knowing the stock."""
    if (position.game != "klondike" or position.waste or not position.stock or position.single_pass
            or rules.max_redeals is not None or getattr(rules, "switch", False)):
        return []
    return ["draw"] * -(-len(position.stock) // rules.draw) + ["redeal"]


def _met_key(position: Position, seen: set) -> Position:
    """A position as the player sees it (``seen``: the cards seen), turn-overs not
    counted as in :func:`_state`: the same for the real deal and for every sample while
    no new card is shown."""
    return player_view(position.with_(redeals_used=0), seen)


def _state(position: Position, seen: int) -> tuple:
    # turn-overs only count down to a limit; with none left the stock is fixed anyway
    return position.with_(redeals_used=0), seen


def _progress(view: Position, move: str) -> int:
    """How much a move obviously gets done, lowest first: a card up to its foundation,
    a move that turns a face-down card, the waste onto the tableau, a draw, then
    the rest (moves that only shuffle cards between columns come last)."""
    parts = move.split()
    if parts[-1] == "f":
        return 0
    if parts[0].startswith("t") and parts[1].startswith("t"):
        column = view.columns[int(parts[0][1:]) - 1]
        count = int(parts[2]) if len(parts) > 2 else 1
        return 1 if count == len(column.up) and column.down else 5
    if parts[0] == "w":
        return 2
    if parts[0] in ("draw", "redeal", "switch"):
        return 3
    return 6


def _never_harmful(position: Position, moves: list[str]) -> str | None:
    """A move of an ace or a two to its foundation."""
    for move in moves:
        if not move.endswith(" f"):
            continue
        source = move.split()[0]
        if source == "w":
            card = position.waste[-1]
        elif source.startswith("t"):
            card = position.columns[int(source[1:]) - 1].up[-1]
        else:
            continue
        if patience_rank(card) <= 2:
            return move
    return None
