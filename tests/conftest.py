import os

import pytest


@pytest.fixture(autouse=True)
def isolated_home(tmp_path, monkeypatch):
    """Every test gets its own settings/save directory and Spanish as the language."""
    monkeypatch.setenv("SOBREMESA_HOME", str(tmp_path / "home"))
    from sobremesa import i18n

    i18n.set_language("es")
    yield tmp_path / "home"
    i18n.set_language("es")


def pytest_report_header(config):
    return f"SOBREMESA_HOME is per test; TERM={os.environ.get('TERM')}"


# Files whose every test is `slow` without a marker in the file itself:
# test_outputs_real.py speaks through the real engines in real time (seconds of audio
# each); test_outputs_fakes.py covers the same modules in the fast loop.
SLOW_FILES = {"test_outputs_real.py"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def fake(monkeypatch):
    """Every console the program makes is a FakeConsole with these answers
    (`fake(lines, interactive=False)`; returns the consoles made)."""
    from fake_console import FakeConsole

    from sobremesa import cli

    made = []

    def install(lines, interactive=False):
        def make(*args, **kwargs):
            console = FakeConsole(lines, interactive)
            made.append(console)
            return console

        monkeypatch.setattr(cli, "make_console", make)
        # Menus only: no real voice or screen reader threads, which would outlive
        # the test and share eSpeak NG's global state with the real-engine tests.
        monkeypatch.setattr(cli.App, "_make_outputs", lambda self: [])
        return made

    return install
