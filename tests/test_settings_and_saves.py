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
