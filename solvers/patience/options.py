"""Rule options for the two patience games, as small frozen dataclasses."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from solvers.errors import CardsageError

REDEAL_CHOICES = {"unlimited": None, "none": 0, "one": 1}


@dataclass(frozen=True)
class KlondikeRules:
    """Klondike variant.

    ``draw`` is 1 or 3 cards per turn of the stock; ``passes`` limits the passes
    through the stock (``None`` = unlimited, 1 = no redeal). ``single_pass_switch`` is
    the seed's draw-3 rule: once, when the stock is empty (instead of a redeal) or the
    waste is empty, the player may switch to a last pass dealing one card at a time,
    after which there are no more redeals; ``None`` means "as the seed": on for draw 3.
    ``foundation_to_tableau`` lets the top foundation card come back down.
    """

    draw: int = 1
    passes: int | None = None
    single_pass_switch: bool | None = None
    foundation_to_tableau: bool = True

    def __post_init__(self):
        if self.draw not in (1, 3):
            raise CardsageError("Klondike draws 1 or 3 cards", field="draw")
        if self.passes is not None and (not isinstance(self.passes, int) or self.passes < 1):
            raise CardsageError("passes must be a whole number from 1, or unlimited", field="passes")

    game = "klondike"

    @property
    def switch(self) -> bool:
        """True when the one-time switch to a final single-card pass is allowed."""
        if self.single_pass_switch is None:
            return self.draw == 3
        return bool(self.single_pass_switch) and self.draw == 3

    @property
    def max_redeals(self) -> int | None:
        """How many times the waste may be turned over (``None`` = no limit)."""
        return None if self.passes is None else self.passes - 1

    def label(self) -> str:
        """Short human label such as ``klondike draw 3, unlimited passes``."""
        passes = "unlimited passes" if self.passes is None else f"{self.passes} passes"
        extra = ", single-pass switch" if self.switch else ""
        back = "" if self.foundation_to_tableau else ", no foundation moves back"
        return f"klondike draw {self.draw}, {passes}{extra}{back}"

    def to_json(self) -> dict:
        """The options as a JSON-able dict."""
        return {"game": self.game, **asdict(self)}


@dataclass(frozen=True)
class FortyThievesRules:
    """Forty Thieves variant: ``redeals`` is ``None`` (unlimited, the seed's rule),
    0 (classic, no redeal) or 1."""

    redeals: int | None = None

    def __post_init__(self):
        if self.redeals is not None and (not isinstance(self.redeals, int) or self.redeals < 0):
            raise CardsageError("redeals must be unlimited, none or one", field="redeals")

    game = "forty-thieves"

    @property
    def max_redeals(self) -> int | None:
        """How many times the waste may be turned over (``None`` = no limit)."""
        return self.redeals

    def label(self) -> str:
        """Short human label such as ``forty thieves, no redeal``."""
        text = {None: "unlimited redeals", 0: "no redeal", 1: "one redeal"}.get(
            self.redeals, f"{self.redeals} redeals")
        return f"forty thieves, {text}"

    def to_json(self) -> dict:
        """The options as a JSON-able dict."""
        return {"game": self.game, **asdict(self)}


def parse_redeals(text: str) -> int | None:
    """``unlimited`` / ``none`` / ``one`` (or a number) to a redeal limit."""
    key = str(text).strip().lower()
    if key in REDEAL_CHOICES:
        return REDEAL_CHOICES[key]
    if key.isdigit():
        return int(key)
    raise CardsageError(f"unknown redeal rule {text!r}: use unlimited, none or one", field="redeals")


def rules_from_json(data: dict) -> KlondikeRules | FortyThievesRules:
    """Rebuild rules from :meth:`to_json` output."""
    if not isinstance(data, dict):
        raise CardsageError("rules must be a JSON object")
    body = {k: v for k, v in data.items() if k != "game"}
    try:
        if data.get("game") == "klondike":
            return KlondikeRules(**body)
        if data.get("game") == "forty-thieves":
            return FortyThievesRules(**body)
    except TypeError as exc:
        raise CardsageError(f"bad rules: {exc}") from None
    raise CardsageError(f"unknown patience game {data.get('game')!r}", field="game")
