"""Seat tokens: random secrets handed out once; only their SHA-256 digests are stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Mapping


def new_token() -> str:
    """A fresh unguessable seat token."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a token: its SHA-256 hex digest."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_for_token(token: str, token_hashes: Mapping[str, str]) -> int | None:
    """The seat a token opens, or None when it opens none of these seats."""
    digest = hash_token(token)
    found = None
    for seat, stored in token_hashes.items():
        # compare every digest in constant time, so timing does not reveal which seat matched
        if hmac.compare_digest(digest, stored):
            found = int(seat)
    return found
