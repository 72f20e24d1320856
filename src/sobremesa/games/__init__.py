"""The games of the collection: one package per game (rules, bots, ui), each
registered in `sobremesa.core.registry`, which the menus and the command line read."""

from __future__ import annotations

from sobremesa.core.registry import BOT_NAMES

__all__ = ["BOT_NAMES"]
