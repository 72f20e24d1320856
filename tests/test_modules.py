"""Every module of src/sobremesa imports, in-process: the fast loop (pytest -m "not
slow") touches each one even where its behaviour is tested only by slow tests or by
the entry point in a subprocess. A module added later is picked up by itself."""

from __future__ import annotations

import importlib
import pkgutil
import runpy
import sys

import pytest

import sobremesa

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(sobremesa.__path__, "sobremesa.")
    if info.name != "sobremesa.__main__"  # runs the program: see the test below
)


def test_the_package_has_its_modules():
    assert {"sobremesa.cli", "sobremesa.core.game", "sobremesa.ui.session"} <= set(MODULES)
    assert any(name.startswith("sobremesa.games.palabras.") for name in MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_module_imports(name):
    assert importlib.import_module(name).__name__ == name


def test_python_dash_m_sobremesa_runs_the_command_line(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["sobremesa", "--help"])
    with pytest.raises(SystemExit) as done:
        runpy.run_module("sobremesa", run_name="__main__")
    assert done.value.code == 0
    assert "sobremesa" in capsys.readouterr().out
