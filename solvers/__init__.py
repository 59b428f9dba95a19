"""cardsage solvers: the pure-Python library (cards, game protocol, games, solvers)."""

from solvers.errors import CardsageError

__all__ = ["CardsageError"]
