"""Saves that are valid JSON but wrong inside, and failed writes, through the real
entry point (stdin not a TTY): one line, the file set aside, nothing crashes, and
the next `continuar` does not crash either (issue #15)."""

import contextlib
import json
import os
import shutil
import subprocess
import sys

import pytest
from entrypoint import run, start

from sobremesa import saves

CHINCHON = ["jugar", "chinchon", "--semilla", "5", "--rivales", "2", "--ritmo", "0"]
BROKEN = "La partida guardada estaba dañada; la he apartado en "


def save_of(home, game="chinchon"):
    return home / "data" / "partidas" / f"{game}.json"


def saved_payload(home):
    """A real Chinchón save left at the player's first turn, read back whole."""
    result = run(CHINCHON, ["mano"], home)
    assert result.returncode == 0, result.stderr
    return saves.load_payload(save_of(home))


def write_plain(home, text):
    """The save as one file (no log): what an older version or an editor leaves."""
    path = save_of(home)
    path.write_text(text, encoding="utf-8")
    saves.log_path(path).unlink(missing_ok=True)


NEST = "[" * 100_000 + "]" * 100_000


def _inner(data):
    return data["state"]["state"]


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


DAMAGE = {
    "hand not a list": _set(("state", "state", "hands", 0), 5),
    "turn is a word": _set(("state", "state", "current"), "dos"),
    "turn out of range": _set(("state", "state", "current"), 7),
    "rng index out of range": lambda d: d["state"]["rng"][1].__setitem__(-1, 10**6),
    "rng words missing": lambda d: d["state"]["rng"].__setitem__(1, [1, 2, 3]),
    "Infinity": _set(("state", "state", "round_no"), float("inf")),
    "NaN in the totals": _set(("state", "state", "totals"), [float("nan"), 0, 0]),
    "nested too deep": _set(("extra", "last_brief"), "@NEST@"),
    "huge number": _set(("state", "state", "round_no"), "@HUGE@"),
    "big number": _set(("state", "state", "pot"), 10**40),
    "no bots": lambda d: d.pop("bots"),
    "no stock": lambda d: _inner(d).pop("stock"),
    "bot of no level": lambda d: d["bots"][0][1].__setitem__("level", 3),
    "table names not text": _set(("table", "names"), [1, 2, 3]),
    "history not a list": _set(("history",), 12),
    "cards unknown": _set(("state", "state", "discard"), ["99z"]),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
@pytest.mark.slow
def test_a_damaged_save_is_one_line_set_aside_and_continuar_again_does_not_crash(
    isolated_home, kind
):
    data = saved_payload(isolated_home)
    DAMAGE[kind](data)
    text = json.dumps(data, ensure_ascii=False)
    text = text.replace('"@NEST@"', NEST).replace('"@HUGE@"', "9" * 5000)
    write_plain(isolated_home, text)
    first = run(["continuar", "chinchon", "--ritmo", "0"], ["mano", "robar"], isolated_home)
    assert "Traceback" not in first.stderr and first.returncode == 0, first.stderr[-2000:]
    lines = first.stdout.splitlines()
    assert lines[0].startswith(BROKEN), first.stdout[-500:]
    assert sum(line.startswith(BROKEN) for line in lines) == 1
    assert not save_of(isolated_home).exists()
    kept = list(save_of(isolated_home).parent.glob("chinchon.json.roto-*"))
    assert len(kept) == 1 and kept[0].read_text("utf-8") == text
    second = run(["continuar", "chinchon"], [], isolated_home)
    assert second.returncode == 0 and "Traceback" not in second.stderr
    assert second.stdout.splitlines() == ["No hay partida de Chinchón guardada."]


@pytest.mark.slow
def test_a_damaged_line_in_the_middle_of_the_log_sets_both_files_aside(isolated_home):
    saved_payload(isolated_home)
    log = saves.log_path(save_of(isolated_home))
    lines = log.read_text("utf-8").splitlines()
    assert lines, "a move is in the log"
    log.write_text("\n".join(["[1,{roto", *lines]) + "\n", encoding="utf-8")
    first = run(["continuar", "chinchon"], [], isolated_home)
    assert first.stdout.startswith(BROKEN) and "Traceback" not in first.stderr
    folder = save_of(isolated_home).parent
    assert not save_of(isolated_home).exists() and not log.exists()
    assert len(list(folder.glob("chinchon.json.roto-*"))) == 1
    assert len(list(folder.glob("chinchon.log.roto-*"))) == 1
    assert run(["continuar", "chinchon"], [], isolated_home).returncode == 0


@pytest.mark.slow
def test_the_menu_summary_of_a_damaged_save_does_not_crash(isolated_home):
    data = saved_payload(isolated_home)
    data["table"] = "@NEST@"
    write_plain(isolated_home, json.dumps(data).replace('"@NEST@"', NEST))
    result = run([], ["5", "0", "salir"], isolated_home)  # the main menu, Continuar
    assert "Traceback" not in result.stderr and result.returncode == 0
    assert "Continuar: Chinchón" in result.stdout


# -- failed writes --------------------------------------------------------------------
CANNOT = "No puedo guardar la partida: "


def play_some_moves(home, extra_args=()):
    """A few of the player's moves (robar, then a discard), then end of input."""
    lines = ["robar", "descartar p1", "robar", "descartar p1", "robar", "descartar p1"]
    return run([*CHINCHON, *extra_args], lines, home)


def assert_said_once_and_played_on(result, reason):
    assert "Traceback" not in result.stderr and result.returncode == 0, result.stderr[-2000:]
    lines = result.stdout.splitlines()
    said = [index for index, line in enumerate(lines) if line.startswith(CANNOT)]
    # once when it first fails, and again on leaving (the game is not kept)
    assert len(said) == 2, result.stdout
    assert lines[said[0]] == f"{CANNOT}{reason}."
    assert lines[-1] == f"{CANNOT}{reason}."
    assert sum(line.startswith("Tiras ") for line in lines[said[0] :]) == 3  # played on
    assert "Partida guardada" not in result.stdout


@pytest.mark.slow
def test_a_folder_where_the_save_goes_does_not_stop_the_game(isolated_home):
    save_of(isolated_home).mkdir(parents=True)
    result = play_some_moves(isolated_home)
    assert_said_once_and_played_on(result, "hay una carpeta en su lugar")
    assert save_of(isolated_home).is_dir()


def test_the_save_works_again_when_the_folder_is_removed(isolated_home):
    """Through the real entry point, the folder removed while the game waits."""
    folder = save_of(isolated_home)
    folder.mkdir(parents=True)
    proc = start(CHINCHON, isolated_home)
    seen = []
    try:
        proc.stdin.write("mano\n")
        proc.stdin.flush()
        for line in proc.stdout:
            seen.append(line.rstrip("\n"))
            if line.startswith("Tu mano"):
                break
        assert f"{CANNOT}hay una carpeta en su lugar." in seen
        folder.rmdir()
        out, err = proc.communicate("robar\ndescartar p1\n", timeout=120)
    finally:
        proc.kill()
    later = out.splitlines()
    assert "Traceback" not in err
    assert later.count("Partida guardada de nuevo.") == 1
    assert later[-1].startswith("Partida guardada. Para seguir")
    assert saves.load_payload(folder)["game"] == "chinchon"


def _mount_tmpfs(target, options):
    if sys.platform != "linux" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root on Linux to mount a small tmpfs")
    target.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(target)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace')}")


def _umount(target):
    subprocess.run(["umount", "-l", str(target)], capture_output=True)


@pytest.mark.slow
def test_a_full_disk_does_not_stop_the_game(isolated_home):
    data = isolated_home / "data"
    _mount_tmpfs(data, "size=64k")
    try:
        (data / "partidas").mkdir()
        filler = data / "relleno"
        with open(filler, "wb", buffering=0) as out:  # fill it up...
            with contextlib.suppress(OSError):
                while True:
                    out.write(b"x" * 4096)
            out.truncate(out.tell() - 8192)  # ...but 8 KB: less than one save
        result = play_some_moves(isolated_home)
        assert_said_once_and_played_on(result, "disco lleno")
        assert not list((data / "partidas").glob("*.tmp")), "no half-written file left"
    finally:
        _umount(data)


@pytest.mark.slow
def test_a_read_only_folder_does_not_stop_the_game(isolated_home):
    data = isolated_home / "data"
    if os.geteuid() == 0:  # root writes through file modes: a read-only mount
        _mount_tmpfs(data, "size=1m")
        (data / "partidas").mkdir()
        subprocess.run(["mount", "-o", "remount,ro", str(data)], check=True)
        reason = "disco de solo lectura"
    else:
        (data / "partidas").mkdir(parents=True)
        data.joinpath("partidas").chmod(0o500)
        reason = "sin permiso"
    try:
        result = play_some_moves(isolated_home)
        assert_said_once_and_played_on(result, reason)
    finally:
        if os.geteuid() == 0:
            _umount(data)
        else:
            data.joinpath("partidas").chmod(0o700)


@pytest.mark.slow
def test_english_failure_line(isolated_home):
    save_of(isolated_home).mkdir(parents=True)
    result = play_some_moves(isolated_home, ["--idioma", "en"])
    assert "Cannot save the game: a folder is in its place." in result.stdout.splitlines()


def test_settings_that_cannot_be_written_are_said_and_kept_for_the_run(isolated_home):
    config = isolated_home / "config"
    if os.geteuid() == 0:
        _mount_tmpfs(config, "size=1m")
        (config / "ajustes.json").write_text("{}", encoding="utf-8")
        subprocess.run(["mount", "-o", "remount,ro", str(config)], check=True)
        reason = "disco de solo lectura"
    else:
        config.mkdir(parents=True)
        (config / "ajustes.json").write_text("{}", encoding="utf-8")
        config.chmod(0o500)
        reason = "sin permiso"
    try:
        result = run(["opciones"], ["3", "1", "0", "0"], isolated_home)
    finally:
        if os.geteuid() == 0:
            _umount(config)
        else:
            config.chmod(0o700)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    lines = result.stdout.splitlines()
    assert f"No he podido guardar las opciones: {reason}" in lines
    assert "Baraja: 48 cartas" in lines


@pytest.mark.parametrize("seat", [7, 1.5, "dos"])
@pytest.mark.slow
def test_a_reaction_window_of_a_seat_not_at_the_table_is_damage(isolated_home, seat):
    """ABC ¡Castaña! saved in its first window: a challenger that is no seat."""
    # Seed 0: the first window is open when `mano` is typed (seeded bots' moves).
    result = run(["jugar", "castana", "--semilla", "0", "--ritmo", "0"], ["mano"], isolated_home)
    assert result.returncode == 0
    path = save_of(isolated_home, "castana")
    data = saves.load_payload(path)
    assert data["state"]["window"]["challengers"], "saved in a window"
    data["state"]["window"]["challengers"][0] = seat
    path.write_text(json.dumps(data), encoding="utf-8")
    saves.log_path(path).unlink(missing_ok=True)
    first = run(["continuar", "castana", "--ritmo", "0"], ["mano"], isolated_home)
    assert "Traceback" not in first.stderr and first.stdout.startswith(BROKEN)
    assert run(["continuar", "castana"], [], isolated_home).returncode == 0
