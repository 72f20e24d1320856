"""Settings and save files (issue #15): private modes, stale temporary files,
settings that are nested too deep or hold 40.0 for a deck, and the move log: a
few hundred bytes a move, a kill loses at most the move in flight, and a game
saved and continued plays on exactly like one never interrupted."""

import json
import os
import random
import signal
import subprocess
import threading

import pytest
from chinchon_script import script_until
from entrypoint import run, start

from sobremesa import saves
from sobremesa.settings import Settings, load_settings, save_settings, settings_path

CHINCHON = ["jugar", "chinchon", "--semilla", "5", "--rivales", "2", "--ritmo", "0"]
SETTINGS_BROKEN = "El archivo de opciones estaba dañado; lo he apartado en "


def save_of(home, game="chinchon"):
    return home / "data" / "partidas" / f"{game}.json"


# -- private files, stale temporary files ---------------------------------------------
@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX (Windows: the ACL)")
def test_saves_and_settings_are_readable_by_their_owner_only(isolated_home):
    old = os.umask(0o022)  # the usual umask: files would be 0644
    try:
        run(CHINCHON, ["robar", "descartar p1"], isolated_home)
        run(["opciones"], ["salir"], isolated_home)
        save_settings(Settings())
    finally:
        os.umask(old)
    save = save_of(isolated_home)
    for path in (save, saves.log_path(save), settings_path()):
        assert path.exists(), path
        assert path.stat().st_mode & 0o777 == 0o600, path
    assert save.parent.stat().st_mode & 0o777 == 0o700


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_an_older_public_save_becomes_private_when_written_again(isolated_home):
    run(CHINCHON, ["mano"], isolated_home)
    save = save_of(isolated_home)
    save.chmod(0o644)
    run(["continuar", "chinchon", "--ritmo", "0"], ["robar", "descartar p1"], isolated_home)
    assert save.stat().st_mode & 0o777 == 0o600


def test_stale_temporary_files_left_by_a_kill_are_removed(isolated_home):
    folder = save_of(isolated_home).parent
    folder.mkdir(parents=True)
    stale = [folder / "palabras.json.tmp", folder / "chinchon.json.tmp"]
    settings_tmp = settings_path().with_name("ajustes.json.tmp")
    settings_tmp.parent.mkdir(parents=True)
    for path in [*stale, settings_tmp]:
        path.write_text('{"medio', encoding="utf-8")
        os.utime(path, (1_000_000, 1_000_000))  # long ago
    result = run(["continuar"], [], isolated_home)
    assert result.returncode == 0
    assert not any(path.exists() for path in [*stale, settings_tmp])


def test_a_recent_temporary_file_of_another_window_is_left(isolated_home):
    folder = save_of(isolated_home).parent
    folder.mkdir(parents=True)
    fresh = folder / "cabanga.json.tmp"
    fresh.write_text("{", encoding="utf-8")
    run(["continuar"], [], isolated_home)
    assert fresh.exists()


# -- settings --------------------------------------------------------------------------
NESTED = '{"chinchon": ' + "[" * 100_000 + "]" * 100_000 + "}"


def write_settings(text):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_nested_settings_do_not_stop_help(isolated_home):
    write_settings(NESTED)
    result = run(["--help"], [], isolated_home)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert result.stdout.startswith("uso: sobremesa")
    assert result.stdout.splitlines()[-1].startswith(SETTINGS_BROKEN)  # said even here
    assert not settings_path().exists()
    assert len(list(settings_path().parent.glob("ajustes.json.roto-*"))) == 1


def test_nested_settings_are_one_line_and_defaults(isolated_home):
    write_settings(NESTED)
    result = run(CHINCHON, ["mano"], isolated_home)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith(SETTINGS_BROKEN)
    assert any(line.startswith("Chinchón a 100 puntos, baraja de 40 cartas") for line in lines)


@pytest.mark.parametrize(
    "section",
    [
        {"chinchon": {"deck": 40.0}},
        {"chinchon": {"deck": 48.0}},
        {"chinchon": {"limit": 70.0}},
        {"chinchon": {"rivals": True}},
        {"cabanga": {"symbols": [1.0] * 18}},
        {"reading_wpm": 200.0},
        {"voice_rate": False},
        {"pace": True},
        {"chinchon": {"deck": 10**40}},
    ],
)
def test_a_float_or_bool_where_a_whole_number_goes_is_refused(isolated_home, section):
    path = write_settings(json.dumps(section))
    loaded, broken = load_settings()
    assert loaded == Settings() and broken is not None and not path.exists()


def test_a_deck_of_40_point_0_never_reaches_the_game(isolated_home):
    write_settings(json.dumps({"chinchon": {"deck": 40.0}}))
    result = run(CHINCHON, ["mano"], isolated_home)
    lines = result.stdout.splitlines()
    assert lines[0].startswith(SETTINGS_BROKEN)
    assert "40.0" not in result.stdout
    assert any(line.startswith("Chinchón a 100 puntos, baraja de 40 cartas") for line in lines)


def test_infinity_in_settings_is_refused(isolated_home):
    write_settings('{"pace": Infinity}')
    loaded, broken = load_settings()
    assert loaded == Settings() and broken is not None


# -- the move log ----------------------------------------------------------------------
def random_json(rng, depth=0):
    kind = rng.randrange(7 if depth < 4 else 4)
    if kind == 0:
        return rng.randrange(-5, 50)
    if kind == 1:
        return rng.choice(["a", "b", "oros", "ñ", ""])
    if kind == 2:
        return rng.choice([True, False, None, 0.5])
    if kind == 3:
        return rng.randrange(3)
    if kind in (4, 5):
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(8))]
    return {rng.choice("abcdef"): random_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def mutate(rng, value, depth=0):
    """A changed copy: items changed, inserted, removed, dropped from the front."""
    if isinstance(value, dict):
        out = {
            k: (mutate(rng, v, depth + 1) if rng.random() < 0.3 else v) for k, v in value.items()
        }
        if rng.random() < 0.2 and out:
            out.pop(rng.choice(list(out)))
        if rng.random() < 0.2:
            out[rng.choice("xyz")] = random_json(rng, depth + 1)
        return out
    if isinstance(value, list):
        out = [mutate(rng, v, depth + 1) if rng.random() < 0.3 else v for v in value]
        if rng.random() < 0.3 and out:
            del out[: rng.randrange(1, len(out) + 1)]
        if rng.random() < 0.3:
            out.insert(rng.randrange(len(out) + 1), random_json(rng, depth + 1))
        if rng.random() < 0.3:
            out.extend(random_json(rng, depth + 1) for _ in range(rng.randrange(3)))
        if rng.random() < 0.2 and out:
            del out[rng.randrange(len(out)) :]
        return out
    return random_json(rng, depth) if rng.random() < 0.5 else value


def test_diff_then_patch_gives_the_new_value():
    rng = random.Random(15)
    for _ in range(3000):
        old = {"state": random_json(rng), "history": [str(i) for i in range(rng.randrange(9))]}
        new = mutate(rng, old)
        if rng.random() < 0.5:
            new["history"] = old["history"][rng.randrange(3) :] + ["n"]
        op = saves.diff(old, new)
        result = json.loads(json.dumps(old))
        if op is not None:
            result = saves.patch(result, json.loads(json.dumps(op)))
        assert result == new, (old, new, op)  # lists in order (a dict's keys: any)


def payload(n, history=30):
    return {
        "game": "chinchon",
        "table": {"names": ["Tú", "Elena"], "human": 0, "levels": [None, "facil"]},
        "state": {"turn": n, "hand": [f"{i}o" for i in range(n % 7)], "deck": list(range(40))},
        "history": [f"línea {i}" for i in range(max(0, n - history), n)],
    }


def test_a_move_appends_a_short_line_and_reads_back_whole(isolated_home):
    saves.write_save(payload(1))
    base = save_of(isolated_home).read_bytes()
    for n in range(2, 40):
        saves.write_save(payload(n))
    assert save_of(isolated_home).read_bytes() == base  # only the log grew
    lines = saves.log_path(save_of(isolated_home)).read_text("utf-8").splitlines()
    assert len(lines) == 38 and max(len(line) for line in lines) < 200
    assert saves.read_save("chinchon") == {"format": 1, **payload(39)}


def test_the_log_is_compacted_now_and_then(isolated_home, monkeypatch):
    monkeypatch.setattr(saves, "COMPACT_MOVES", 5)
    log = saves.log_path(save_of(isolated_home))
    for n in range(1, 16):
        saves.write_save(payload(n))
        if n == 13:  # whole saves at 1, 7 and 13: five lines after each
            assert not log.exists()
    assert len(log.read_text("utf-8").splitlines()) == 2
    assert saves.stats.full >= 3
    assert saves.read_save("chinchon") == {"format": 1, **payload(15)}


def test_a_line_cut_short_by_a_kill_is_ignored(isolated_home):
    for n in range(1, 6):
        saves.write_save(payload(n))
    log = saves.log_path(save_of(isolated_home))
    with open(log, "a", encoding="utf-8") as out:
        out.write('[1, {"d": {"state"')  # the move in flight
    assert saves.read_save("chinchon") == {"format": 1, **payload(5)}


def test_lines_of_an_older_base_are_not_applied_to_a_newer_one(isolated_home):
    for n in range(1, 4):
        saves.write_save(payload(n))
    log = saves.log_path(save_of(isolated_home))
    stale = log.read_bytes()
    saves.forget_writer()
    saves.write_save(payload(10))  # a whole save: the log is emptied...
    log.write_bytes(stale)  # ...but a kill left the older lines
    assert saves.read_save("chinchon") == {"format": 1, **payload(10)}


def test_a_file_changed_by_someone_else_makes_the_next_save_whole(isolated_home):
    for n in range(1, 4):
        saves.write_save(payload(n))
    path = save_of(isolated_home)
    path.write_text(json.dumps({"format": 1, **payload(2)}), encoding="utf-8")
    saves.write_save(payload(7))
    assert saves.read_save("chinchon") == {"format": 1, **payload(7)}


@pytest.mark.slow
def test_a_long_game_writes_a_few_hundred_bytes_a_move(isolated_home):
    long_history = 300
    saves.write_save(payload(1, long_history))
    before = saves.stats.bytes
    whole = 0
    for n in range(2, 400):
        data = payload(n, long_history)
        whole += len(json.dumps({"format": 1, **data}, ensure_ascii=False).encode())
        saves.write_save(data)
    written = saves.stats.bytes - before
    assert written / 398 < 300 and written * 20 < whole


def player_lines(moves):
    """The player's typed lines for `moves` turns of the seeded game."""
    turns = iter(range(moves + 1))
    lines, _adapter = script_until(5, lambda adapter: next(turns) == moves, limit=100)
    return lines


def _read_until(proc, start):
    for line in proc.stdout:
        if line.startswith(start):
            return
    raise AssertionError(f"{start!r} never said")


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
@pytest.mark.slow
def test_a_kill_mid_game_resumes_at_the_last_move_as_a_replay(isolated_home, tmp_path):
    lines = player_lines(6)
    proc = start(CHINCHON, isolated_home, stderr=subprocess.DEVNULL)
    watchdog = threading.Timer(120, proc.kill)
    watchdog.start()
    try:
        proc.stdin.write("\n".join([*lines, "mano"]) + "\n")
        proc.stdin.flush()
        _read_until(proc, "Tu mano")  # every move played; the game waits for a line
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    finally:
        watchdog.cancel()
        proc.kill()
    assert proc.returncode == -signal.SIGKILL
    killed = saves.load_payload(save_of(isolated_home))
    assert saves.log_path(save_of(isolated_home)).stat().st_size > 0, "moves were in the log"
    # The same lines, never interrupted, in another home.
    replay = run([*CHINCHON], [*lines, "mano"], tmp_path / "replay")
    assert replay.returncode == 0
    whole = saves.load_payload(save_of(tmp_path / "replay"))
    for key in ("state", "bots", "table", "extra"):
        assert killed[key] == whole[key], key
    resumed = run(["continuar", "chinchon", "--ritmo", "0"], ["mano"], isolated_home)
    assert resumed.stdout.startswith("Partida recuperada.") and "Traceback" not in resumed.stderr


@pytest.mark.slow
def test_saved_and_continued_plays_on_exactly_like_one_run(isolated_home, tmp_path):
    lines = player_lines(4)
    first, rest = lines[:5], lines[5:]
    run(CHINCHON, first, isolated_home)  # end of input: saved
    run(["continuar", "chinchon", "--ritmo", "0"], rest, isolated_home)
    whole_home = tmp_path / "one-run"
    run(CHINCHON, lines, whole_home)
    resumed = saves.load_payload(save_of(isolated_home))
    whole = saves.load_payload(save_of(whole_home))
    assert resumed["state"] == whole["state"] and resumed["bots"] == whole["bots"]
    assert resumed["state"]["state"]["turns"] > 0
