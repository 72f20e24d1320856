import json

from sobremesa import saves
from sobremesa.settings import Settings, load_settings, save_settings, settings_path


def test_settings_round_trip():
    settings = Settings()
    settings.language = "en"
    settings.outputs = ["texto", "voz"]
    settings.pace = 0.5
    settings.chinchon.deck = 48
    settings.chinchon.reenganche = True
    save_settings(settings)
    loaded, broken = load_settings()
    assert broken is None
    assert loaded == settings


def test_missing_settings_give_defaults():
    loaded, broken = load_settings()
    assert loaded == Settings() and broken is None


def test_broken_settings_are_set_aside_not_deleted():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{ esto no es json", encoding="utf-8")
    loaded, broken = load_settings()
    assert loaded == Settings()
    assert broken is not None and broken.exists()
    assert broken.read_text(encoding="utf-8") == "{ esto no es json"
    assert not path.exists()


def test_settings_with_bad_values_are_set_aside():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"pace": -3}), encoding="utf-8")
    loaded, broken = load_settings()
    assert loaded.pace == Settings().pace
    assert broken is not None and json.loads(broken.read_text("utf-8")) == {"pace": -3}


def test_settings_in_bad_encoding_are_set_aside():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe\x00garbage")
    loaded, broken = load_settings()
    assert loaded == Settings() and broken is not None and broken.exists()


def test_save_round_trip_and_delete():
    saves.write_save({"game": "chinchon", "state": {"a": 1}})
    assert saves.has_save()
    assert saves.read_save()["state"] == {"a": 1}
    saves.delete_save()
    assert not saves.has_save() and saves.read_save() is None


def test_broken_save_is_set_aside():
    path = saves.save_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "game": "chinchon"', encoding="utf-8")
    try:
        saves.read_save()
    except saves.SaveError as error:
        assert error.kept_at.exists()
        assert error.kept_at.read_text("utf-8") == '{"format": 1, "game": "chinchon"'
    else:
        raise AssertionError("a broken save must raise SaveError")
    assert not saves.has_save()


def test_save_of_another_format_version_is_set_aside():
    path = saves.save_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 99, "game": "chinchon", "state": {}}), "utf-8")
    try:
        saves.read_save()
    except saves.SaveError:
        pass
    else:
        raise AssertionError("unknown format must be refused")


def test_cabanga_symbols_table_is_a_setting_and_reaches_the_game():
    from sobremesa.games.cabanga import ui

    settings = Settings()
    settings.cabanga.symbols = [5] * 18
    save_settings(settings)
    loaded, broken = load_settings()
    assert broken is None and loaded.cabanga.symbols == [5] * 18
    adapter = ui.new_adapter(loaded, seed=1, spectator=True)
    card = adapter.game.view(None).rows[0].left_top  # any numbered card gives 5 now
    assert adapter.game.options.points(type(card)("rojo", 9)) == 5


def test_cabanga_symbols_table_with_wrong_length_is_refused():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"cabanga": {"symbols": [1, 2, 3]}}), encoding="utf-8")
    loaded, broken = load_settings()
    assert broken is not None and loaded.cabanga.symbols == Settings().cabanga.symbols


def test_castana_options_round_trip_and_bad_values_are_set_aside():
    settings = Settings()
    settings.castana.referee = True
    settings.castana.warn_before_steal = True
    settings.castana.hand_order = "letra"
    save_settings(settings)
    loaded, broken = load_settings()
    assert broken is None and loaded.castana == settings.castana
    for bad in ({"rivals": 9}, {"level": "experto"}, {"aids": "si"}, {"hand_order": "palo"}):
        settings_path().write_text(json.dumps({"castana": bad}), encoding="utf-8")
        loaded, broken = load_settings()
        assert loaded.castana == Settings().castana
        assert broken is not None and json.loads(broken.read_text("utf-8")) == {"castana": bad}


def test_palabras_confirm_moves_is_a_boolean_setting_off_by_default():
    assert Settings().palabras.confirm_moves is False
    settings = Settings()
    settings.palabras.confirm_moves = True
    save_settings(settings)
    loaded, broken = load_settings()
    assert broken is None and loaded.palabras.confirm_moves is True
    settings_path().write_text(json.dumps({"palabras": {"confirm_moves": "si"}}), "utf-8")
    loaded, broken = load_settings()
    assert broken is not None and loaded.palabras.confirm_moves is False


def test_each_game_has_its_own_save_file():
    saves.write_save({"game": "chinchon", "state": {"a": 1}})
    saves.write_save({"game": "palabras", "state": {"b": 2}})
    assert saves.saved_games() == ["chinchon", "palabras"]
    assert saves.save_path("palabras").name == "palabras.json"
    assert saves.read_save("chinchon")["state"] == {"a": 1}
    saves.delete_save("chinchon")
    assert saves.saved_games() == ["palabras"]
    assert saves.has_save("palabras") and not saves.has_save("chinchon")
    assert saves.read_save("chinchon") is None and saves.read_save("palabras")["state"] == {"b": 2}


def test_a_save_in_another_games_file_is_refused():
    path = saves.save_path("palabras")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "game": "chinchon", "state": {}}), "utf-8")
    try:
        saves.read_save("palabras")
    except saves.SaveError:
        pass
    else:
        raise AssertionError("a save must be in its own game's file")


def test_the_old_single_save_moves_to_its_game_unless_that_game_has_a_newer_one():
    old = saves.old_save_path()
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"format": 1, "game": "castana", "state": {"old": 1}}), "utf-8")
    assert saves.migrate() is None
    assert not old.exists() and saves.read_save("castana")["state"] == {"old": 1}
    old.write_text(json.dumps({"format": 1, "game": "castana", "state": {"older": 1}}), "utf-8")
    assert saves.saved_games() == ["castana"]
    assert not old.exists() and saves.read_save("castana")["state"] == {"old": 1}
    assert list(old.parent.glob("partida.json.roto-*"))  # kept, not read


def test_summary_reads_rivals_and_progress_without_building_the_game():
    table = {"names": ["Tú", "Elena", "Jorge"], "human": 0, "levels": [None, "facil", "facil"]}
    saves.write_save({"game": "chinchon", "table": table, "state": {"state": {"round_no": 3}}})
    table = {"names": ["Pablo", "Tú"], "human": 1, "levels": ["medio", None]}
    saves.write_save({"game": "palabras", "table": table, "state": {"state": {"turn": 12}}})
    assert saves.summary("chinchon") == saves.Summary("chinchon", ["Elena", "Jorge"], round=3)
    assert saves.summary("palabras") == saves.Summary("palabras", ["Pablo"], move=12)
    assert saves.summary("cabanga") is None
    saves.save_path("castana").write_text("{roto", "utf-8")
    assert saves.summary("castana") is None


def test_summary_text_names_game_rivals_and_round_or_move():
    from sobremesa import i18n
    from sobremesa.cli import summary_text

    test_summary_reads_rivals_and_progress_without_building_the_game()
    assert summary_text("chinchon") == "Chinchón contra Elena y Jorge, ronda 3"
    assert summary_text("palabras") == "Palabras contra Pablo, jugada 12"
    assert summary_text("castana") == "ABC ¡Castaña!"  # unreadable: its name only
    i18n.set_language("en")
    assert summary_text("chinchon") == "Chinchón against Elena and Jorge, round 3"
