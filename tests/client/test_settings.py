"""Remembered preferences: a round trip, and every way the file can be missing or wrong."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import msgspec
import platformdirs
import pytest

from client.common import settings
from client.common.settings import Settings, SettingsError


def test_a_saved_setting_is_loaded_again(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "settings.json"
    settings.save(Settings(muted=True), path)
    assert settings.load(path) == Settings(muted=True)
    settings.save(msgspec.structs.replace(settings.load(path), muted=False), path)
    assert settings.load(path).muted is False
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.json"]  # no leftovers


def test_no_file_is_the_defaults(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        assert settings.load(tmp_path / "settings.json") == Settings(muted=False)
    assert caplog.records == []


@pytest.mark.parametrize("content", [b"", b"{", b"[true]", b'{"muted": "yes"}', b"\xff\xfe"])
def test_a_damaged_file_is_the_defaults_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, content: bytes
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        assert settings.load(path) == Settings()
    assert any(str(path) in r.getMessage() and "defaults" in r.getMessage()
               for r in caplog.records)


def test_an_unreadable_file_is_the_defaults_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()  # a directory where the file should be: reading it fails
    with caplog.at_level(logging.WARNING):
        assert settings.load(path) == Settings()
    assert any("cannot read" in r.getMessage() for r in caplog.records)


def test_fields_from_another_version_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"muted": true, "theme": "dark"}')
    assert settings.load(path) == Settings(muted=True)
    path.write_text("{}")
    assert settings.load(path) == Settings()


def test_a_failed_save_says_where_and_leaves_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    with pytest.raises(SettingsError, match="not-a-directory"):
        settings.save(Settings(muted=True), blocker / "settings.json")
    target = tmp_path / "settings.json"
    target.mkdir()  # os.replace cannot put a file over a directory
    with pytest.raises(SettingsError, match="cannot save"):
        settings.save(Settings(muted=True), target)
    assert sorted(os.listdir(tmp_path)) == ["not-a-directory", "settings.json"]


def test_the_file_lives_in_the_users_configuration_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(platformdirs, "user_config_path", lambda app: tmp_path / app)
    assert settings.settings_path() == tmp_path / "taikyoku" / "settings.json"
