"""Tokens, ids, match codes and display names."""

from __future__ import annotations

import hashlib

from server.room.handlers import default_name
from server.room.identity import (
    CODE_ALPHABET,
    UNLISTED_CODE_LENGTH,
    hash_token,
    new_match_code,
    new_player_id,
    new_token,
)


def test_tokens_are_long_random_and_stored_as_sha256() -> None:
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    assert all(len(t) >= 32 for t in tokens)  # 24 random bytes, URL-safe base64
    token = tokens.pop()
    assert hash_token(token) == hashlib.sha256(token.encode()).hexdigest() != token


def test_codes_and_ids() -> None:
    codes = {new_match_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("IL01O") & set(CODE_ALPHABET)
    longer = {new_match_code(UNLISTED_CODE_LENGTH) for _ in range(200)}
    assert all(len(c) == 8 and set(c) <= set(CODE_ALPHABET) for c in longer)
    assert new_player_id().startswith("p_") and new_player_id() != new_player_id()


def test_a_player_without_a_name_is_named_from_their_id() -> None:
    assert default_name("p_abcdefgh") == "Player abcd"
