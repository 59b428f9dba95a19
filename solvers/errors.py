"""The one exception type for every bad input in cardsage."""


class CardsageError(ValueError):
    """Raised for any bad input: an unknown card, an illegal move, a malformed deal.

    ``status`` is the HTTP status the API answers with (422 by default: the request
    was well formed but its content breaks a rule). ``field`` optionally names the
    input the problem is in.
    """

    def __init__(self, message: str, *, status: int = 422, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field


class IllegalAction(CardsageError):
    """An action that the rules do not allow in this state."""


class OutOfTurn(CardsageError):
    """An action by a seat that is not to move."""
