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
