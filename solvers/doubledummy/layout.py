"""Where each piece of the search state lives in the kernel's flat arrays.

The compiled search works on three arrays: the state ``S`` (one int64 vector holding
the hands, the trick, the rules and the counters), the table ``TT`` (``ttable.py``) and
the per-ply scratch ``W``. Its recursion passes them as the addresses of their data (see
``kernel.search``).
"""

from __future__ import annotations

import numpy as np

# S: the state vector
O_HANDS = 0      # 8 seats: 64-bit masks, bit = 16 * played suit + power
O_TRICK = 8      # cards on the current trick
O_TSEAT = 16     # who played them
O_ST = 24        # trick length, leader, seats taking part in the current trick
O_CFG = 28       # rules (C_* below)
O_TEAM = 44      # 1 for seats of the maximising team
O_CPTS = 52      # card points by code
O_LPTS = 116     # extra points of the k-th trick from the end
O_CTR = 148      # counters (N_* below)
S_SIZE = 156

# rules, at O_CFG + C_*
C_SEATS, C_TRUMP, C_MUST_TRUMP, C_MUST_HEAD, C_TRICK_PTS, C_RELATIVE, C_QUICK, C_UNEQUAL, \
    C_LAST_ANY, C_CARD_PTS, C_TEAMMASK, C_PARTITION, C_RULES_ID = range(13)
CFG_SIZE = 13

# counters, at O_CTR + N_*
N_NODES, N_LIMIT, N_ABORTED, N_ROOT_MOVE, N_STATS = range(5)
# N_STATS..N_STATS+3: trick-boundary nodes (DDS's node count), and the cuts there by sure
# tricks and by the table, then the cuts by the second hand's sure tricks

# W: one row per ply
MAX_PLY = 64
W_MOVES, W_SCORES, W_RUNS = 0, 64, 128          # ordered moves, their scores and runs
W_KEYS = 192      # shape key (4)
W_SEQ = 196       # owner sequence of each suit, highest card first, 3 bits a card (4)
W_LEN = 200       # cards left in each suit (4)
W_STORE = 204     # pattern being stored: masks, values, covered counts (12)
W_SAVED = 216     # the finished trick, kept while the next one reuses the trick slots (16)
W_REM = 232       # remaining cards of each suit (4)
W_KILLER = 236    # the lead that settled the last position at this depth
W_REL = 237       # cards whose ranks the answer depended on (partition search)
W_FLIP = 238      # 1 when the table holds this position for the other team (see kernel._table_keys)
W_TOTAL = 239     # every point still to be scored from this trick boundary, both teams together
WORK_SIZE = 240


def pack(hands, trick, tseat, st, cfg, team, cpts, lpts) -> np.ndarray:
    """The state vector of a position held as separate arrays."""
    S = np.zeros(S_SIZE, dtype=np.int64)
    S[O_HANDS:O_HANDS + 8] = hands[:8]
    S[O_TRICK:O_TRICK + len(trick)] = trick
    S[O_TSEAT:O_TSEAT + len(tseat)] = tseat
    S[O_ST:O_ST + len(st)] = st
    S[O_CFG:O_CFG + len(cfg)] = cfg
    S[O_TEAM:O_TEAM + 8] = team[:8]
    S[O_CPTS:O_CPTS + 64] = cpts[:64]
    S[O_LPTS:O_LPTS + len(lpts)] = lpts
    return S


def new_work() -> np.ndarray:
    """Scratch rows for one search."""
    work = np.zeros((MAX_PLY, WORK_SIZE), dtype=np.int64)
    work[:, W_KILLER] = -1
    return work
