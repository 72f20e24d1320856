"""The examples of docs/arquitectura.md and of core/match.py run, and say what they show."""

from __future__ import annotations

import doctest
from pathlib import Path

import sobremesa.core.match

DOCS = Path(__file__).resolve().parent.parent / "docs" / "arquitectura.md"


def test_architecture_page_examples_run() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


def test_match_module_example_runs() -> None:
    result = doctest.testmod(sobremesa.core.match)
    assert result.attempted >= 5
    assert result.failed == 0
