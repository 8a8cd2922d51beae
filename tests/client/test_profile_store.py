"""The saved profile survives everything (P-SAVE-1): missing, truncated, corrupt, random, wrong and
future versions, and a crash between writing and renaming; supplies regenerate while the game is closed."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from client.meta import profile_store
from client.meta.profile_store import ProfileStore, starting_profile
from rules.meta.profile import from_json, to_json

NOW = 1_800_000_000.0


class Clock:
    def __init__(self, t: float = NOW) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def store_in(tmp_path: Path, clock: Clock | None = None) -> ProfileStore:
    return ProfileStore(tmp_path / "data", clock or Clock())


def saved(store: ProfileStore, **changes):
    p = replace(starting_profile(store.clock(), seed=5), **changes)
    assert store.save(p)
    return p


def bad_files(store: ProfileStore) -> list[Path]:
    return sorted(store.folder.glob("profile.json.bad-*"))


def test_the_data_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("RUNETIDE_DATA_DIR", str(tmp_path / "elsewhere"))
    assert ProfileStore().path == tmp_path / "elsewhere" / "profile.json"


def test_missing_file_starts_a_fresh_profile_quietly(tmp_path):
    store = store_in(tmp_path)
    p = store.load()
    assert (p.cups, p.supplies, p.name) == (100, 150, "Captain") and store.notice is None
    assert {s.unit for s in p.roster} == {"swordsman", "archer", "mage", "assassin"} and len(p.rivals) == 12


def test_a_fresh_profile_takes_the_language_s_default_name(tmp_path):
    assert ProfileStore(tmp_path, Clock(), language="ru").load().name == "Капитан"


def test_save_then_load_round_trips_and_keeps_a_backup(tmp_path):
    store = store_in(tmp_path)
    first = saved(store, piastres=10)
    assert not store.backup.exists()  # nothing to keep yet
    second = saved(store, piastres=20)
    assert from_json(store.backup.read_bytes()) == first
    assert store.load() == second and store.notice is None
    assert json.loads(store.path.read_text(encoding="utf-8"))["version"] == 1


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (lambda good: good[: len(good) // 2], "not valid JSON"),
        (lambda good: b"", "not valid JSON"),
        (lambda good: bytes(range(256)) * 3, "not valid JSON"),
        (lambda good: good.replace(b'"version": 1', b'"version": 0'), "version 0"),
        (lambda good: good.replace(b'"version": 1', b'"version": 7'), "newer version"),
        (lambda good: good.replace(b'"cups": 100', b'"cups": -5'), "cups"),
        (lambda good: b"[1, 2, 3]", "version None"),
    ],
)
def test_a_bad_file_is_set_aside_and_the_backup_restored(tmp_path, content, reason):
    store = store_in(tmp_path)
    older = saved(store, piastres=10)
    saved(store, piastres=20)
    broken = content(store.path.read_bytes())
    store.path.write_bytes(broken)
    p = store.load()
    assert p == older  # the backup, with supplies regenerated to now (full here)
    notice = store.take_notice()
    assert notice is not None and notice.kind == "restored" and reason in notice.reason
    assert store.take_notice() is None  # shown once
    assert [f.read_bytes() for f in bad_files(store)] == [broken]  # kept aside, never overwritten
    assert notice.moved_to == bad_files(store)[0]
    assert from_json(store.path.read_bytes()) == older  # the restored profile is the main file again


def test_a_bad_file_without_a_good_backup_starts_fresh(tmp_path):
    store = store_in(tmp_path)
    saved(store, piastres=10)
    store.path.write_bytes(b"\x00\xff garbage")
    store.backup.write_bytes(b"{also bad")
    p = store.load()
    notice = store.take_notice()
    assert notice is not None and notice.kind == "fresh" and p.piastres == 0 and p.cups == 100
    assert len(bad_files(store)) == 1 and list(store.folder.glob("profile.json.bak.bad-*"))


def test_two_bad_loads_in_one_second_keep_both_bad_files(tmp_path):
    store = store_in(tmp_path)
    store.folder.mkdir(parents=True)
    for junk in (b"one", b"two"):
        store.path.write_bytes(junk)
        store.load()
    assert sorted(f.read_bytes() for f in bad_files(store)) == [b"one", b"two"]


def test_a_missing_main_file_comes_back_from_the_backup(tmp_path):
    store = store_in(tmp_path)
    older = saved(store, piastres=10)
    saved(store, piastres=20)
    store.path.unlink()
    assert store.load() == older and store.take_notice().kind == "restored"


@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_a_crash_between_write_and_rename_keeps_the_last_good_save(tmp_path, monkeypatch, failing):
    store = store_in(tmp_path)
    good = saved(store, piastres=10)
    calls = {"n": 0}

    def crash(*args, **kwargs):
        calls["n"] += 1
        raise OSError("the power went out")

    if failing == "write":
        real = os.fdopen

        class Broken:
            def __init__(self, *a, **k):
                self.handle = real(*a, **k)

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                self.handle.close()

            def write(self, data):
                self.handle.write(data[: len(data) // 3])
                raise OSError("disk full")

        monkeypatch.setattr(profile_store.os, "fdopen", Broken)
    else:
        monkeypatch.setattr(profile_store.os, failing, crash)
    assert not store.save(replace(good, piastres=999))
    assert "could not save" in store.save_error
    monkeypatch.undo()
    assert store.load() == good and store.notice is None
    assert not list(store.folder.glob("*.tmp"))  # no half-written temporary file left behind


def test_loading_regenerates_supplies_for_the_time_the_game_was_closed_M_SUP_6(tmp_path):
    """M-SUP-6(a): 3 hours closed at 140 supplies gives 146 on the next start (M-EX-3)."""
    clock = Clock()
    store = store_in(tmp_path, clock)
    saved(store, supplies=140, supplies_clock=NOW)
    clock.t = NOW + 3 * 3600
    assert store.load().supplies == 146


def test_no_pickle_anywhere_in_the_store():
    source = Path(profile_store.__file__).read_text(encoding="utf-8")
    assert "pickle" not in source.replace("No pickle", "")


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_raise_out_of_the_loader(tmp_path, data):
    folder = tmp_path / "random"
    for f in folder.glob("*"):
        f.unlink()
    store = ProfileStore(folder, Clock())
    folder.mkdir(exist_ok=True)
    (folder / "profile.json").write_bytes(data)
    p = store.load()
    assert p.cups >= 0 and from_json(to_json(p)) == p


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(st.data())
def test_mangled_good_files_never_raise_out_of_the_loader(tmp_path, data):
    folder = tmp_path / "mangled"
    for f in folder.glob("*"):
        f.unlink()
    store = ProfileStore(folder, Clock())
    good = to_json(starting_profile(NOW, seed=3)).encode()
    cut = data.draw(st.integers(0, len(good)))
    junk = data.draw(st.binary(max_size=20))
    folder.mkdir(exist_ok=True)
    (folder / "profile.json").write_bytes(good[:cut] + junk + good[cut + len(junk) :])
    store.load()


def test_the_menu_shows_the_profile_and_a_repair_notice_once(tmp_path, monkeypatch):
    """P-MODE-1: the menu shows the profile; a repaired profile file is reported once."""
    import pygame

    from client.app import App
    from client.context import Context
    from client.scenes.menu import MenuScene
    from client.settings import SettingsStore

    data = tmp_path / "data"
    monkeypatch.setenv("RUNETIDE_DATA_DIR", str(data))
    store = ProfileStore(data, Clock())
    saved(store, piastres=10)
    saved(store, piastres=20)
    store.path.write_bytes(b"\x00garbage")
    ctx = Context.load(SettingsStore(tmp_path / "config" / "settings.json"))
    app = App((960, 600), fps=0, context=ctx)
    try:
        menu = MenuScene(ctx, app.size)
        assert menu.notice.startswith("Your profile file could not be read (it is damaged), so the backup")
        assert ctx.meta is not None and ctx.meta.profile.piastres == 10
        assert menu.strip is not None and menu.strip.get_width() <= 960
        assert isinstance(menu.notice_lines[0], pygame.Surface)
        assert MenuScene(ctx, app.size).notice == ""  # once
    finally:
        app.close()


SAVING_LOOP = """
import sys
from dataclasses import replace
from pathlib import Path
from client.meta.profile_store import ProfileStore, starting_profile
store = ProfileStore(Path(sys.argv[1]), clock=lambda: 1_800_000_000.0)
profile = starting_profile(1_800_000_000.0, seed=1)
n = 0
while True:
    n += 1
    store.save(replace(profile, piastres=n))
    if n == 1:
        print("saving", flush=True)
"""


@pytest.mark.parametrize("after", [0.05, 0.2, 0.45])
def test_a_process_killed_while_saving_leaves_a_loadable_profile_P_SAVE_1(tmp_path, after):
    """P-SAVE-1 against a real crash: a process saving in a loop is killed (SIGKILL, no clean-up)
    at some moment; the next start loads one of the profiles it wrote, never a fresh one, and can
    save again over whatever temporary file the kill left behind."""
    import signal
    import subprocess
    import sys
    import time

    folder = str(tmp_path / "data")  # store_in's folder
    proc = subprocess.Popen([sys.executable, "-c", SAVING_LOOP, folder], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "saving"
        time.sleep(after)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    store = store_in(tmp_path)
    loaded = store.load()
    assert loaded.piastres >= 1 and (store.notice is None or store.notice.kind == "restored")
    assert store.save(replace(loaded, piastres=loaded.piastres + 1))
    assert store_in(tmp_path).load().piastres == loaded.piastres + 1
