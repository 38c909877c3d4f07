"""Secrets and public names: player tokens (stored only as hashes), player ids, match codes."""

from __future__ import annotations

import hashlib
import secrets

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Upper-case letters and digits without the look-alikes I, L, O, 0 and 1."""
CODE_LENGTH = 6
"""31**6 (about 9e8) codes for a listed match, which anyone finds in the lobby anyway."""
UNLISTED_CODE_LENGTH = 8
"""31**8 (about 8.5e11) codes for an unlisted match: with failed lookups limited per
address (address_limits.py), counting to one takes thousands of years (docs/hosting.md)."""


def new_token() -> str:
    """A fresh secret for a player: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the server keeps of a token: its SHA-256 (tokens are random, so no salt is needed)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_player_id() -> str:
    """A public player id such as ``p_3k9a7x2m``."""
    return "p_" + "".join(secrets.choice("abcdefghijkmnpqrstuvwxyz23456789") for _ in range(8))


def new_match_code(length: int = CODE_LENGTH) -> str:
    """A short, unambiguous, unguessable match code such as ``K7QXM2``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
