"""The games of the collection. Each game package that is playable provides a `ui`
module with `new_adapter(...)` and `restore_adapter(...)`."""

from __future__ import annotations

from sobremesa.i18n import N_

# id -> (menu name msgid, playable)
GAMES: dict[str, tuple[str, bool]] = {
    "chinchon": (N_("Chinchón"), True),
    "palabras": (N_("Palabras"), True),
    "castana": (N_("ABC ¡Castaña!"), True),
    "cabanga": (N_("¡Cabanga!"), True),
}

BOT_NAMES = ("Ana", "Luis", "Marta", "Pablo", "Lucía", "Jorge", "Elena", "Mario")
