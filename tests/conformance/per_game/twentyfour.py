"""Twenty-Four's conformance entries: how many whole matches the default run plays.

A random match of Twenty-Four plays many deals, each one with every distinct solution
found for the answer check, so the default run plays fewer whole matches than a quick
game does (the slow run plays four times as many); tests/games/test_twentyfour_properties.py
covers its options at length.
"""

EXAMPLES = 12
