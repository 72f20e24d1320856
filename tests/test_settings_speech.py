"""Settings for play at the speed of speech: reading speed, prompt style and the
reaction mode per windowed game (old files with one global mode still load)."""

import json

import pytest

from sobremesa.settings import Settings, load_settings, save_settings, settings_path


def test_defaults_reading_speed_short_prompt_and_turn_by_turn_windows():
    s = Settings()
    assert s.reading_wpm == 180
    assert s.prompt_style == "corto"
    assert s.cabanga.reaction_mode == "turnos" and s.castana.reaction_mode == "turnos"
    assert s.window_seconds("cabanga") is None and s.window_seconds("chinchon") is None


def test_round_trip_of_the_new_settings():
    s = Settings()
    s.reading_wpm = 250
    s.prompt_style = "estado"
    s.cabanga.reaction_mode = "tiempo"
    s.cabanga.reaction_seconds = 6.5
    s.castana.reaction_seconds = 3
    save_settings(s)
    loaded, broken = load_settings()
    assert broken is None
    assert loaded == s
    assert loaded.window_seconds("cabanga") == 6.5
    assert loaded.window_seconds("castana") is None
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert "reaction_mode" not in data and data["cabanga"]["reaction_mode"] == "tiempo"


@pytest.mark.parametrize("value", [40.0, 180.0, "180", True, False, 10000, 59, 501, None])
def test_bad_reading_speeds_are_refused(value):
    with pytest.raises(ValueError, match="reading_wpm"):
        Settings.from_dict({"reading_wpm": value})


@pytest.mark.parametrize("value", [60, 500, 180])
def test_reading_speeds_in_range_are_kept(value):
    assert Settings.from_dict({"reading_wpm": value}).reading_wpm == value


def test_a_bad_reading_speed_in_the_file_sets_it_aside():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"reading_wpm": 40.0}), encoding="utf-8")
    settings, broken = load_settings()
    assert settings == Settings() and broken is not None and broken.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"prompt_style": "braille"},
        {"cabanga": {"reaction_mode": "rapido"}},
        {"castana": {"reaction_seconds": 1}},
        {"castana": {"reaction_seconds": True}},
        {"cabanga": {"reaction_seconds": "4"}},
        {"reaction_mode": "rapido"},
        {"reaction_seconds": 30},
    ],
)
def test_bad_prompt_styles_and_reaction_modes_are_refused(data):
    with pytest.raises(ValueError):
        Settings.from_dict(data)


def test_an_old_file_with_one_global_reaction_mode_keeps_it_for_each_game():
    old = Settings().to_dict()
    for game in ("cabanga", "castana"):
        del old[game]["reaction_mode"], old[game]["reaction_seconds"]
    old["reaction_mode"] = "tiempo"
    old["reaction_seconds"] = 6.0
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps(old), encoding="utf-8")
    settings, broken = load_settings()
    assert broken is None
    for game in ("cabanga", "castana"):
        assert getattr(settings, game).reaction_mode == "tiempo"
        assert settings.window_seconds(game) == 6.0
    save_settings(settings)  # written back per game, without the global keys
    data = json.loads(settings_path().read_text(encoding="utf-8"))
    assert "reaction_mode" not in data and "reaction_seconds" not in data
    assert data["castana"]["reaction_seconds"] == 6.0


def test_an_old_global_mode_does_not_override_a_games_own():
    s = Settings.from_dict(
        {"reaction_mode": "turnos", "castana": {"reaction_mode": "tiempo", "reaction_seconds": 8}}
    )
    assert s.window_seconds("castana") == 8
    assert s.cabanga.reaction_mode == "turnos"


def test_an_old_file_without_sections_gets_the_global_mode():
    s = Settings.from_dict({"reaction_mode": "tiempo"})
    assert s.window_seconds("cabanga") == 4.0 and s.window_seconds("castana") == 4.0


def test_each_game_keeps_its_own_window():
    s = Settings()
    s.set_window("castana", 7)
    s.set_window("cabanga", 3)
    assert s.window_seconds("castana") == 7
    assert s.window_seconds("cabanga") == 3
    s.set_window("cabanga", None)
    assert s.cabanga.reaction_mode == "turnos" and s.window_seconds("cabanga") is None
