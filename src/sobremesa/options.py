"""The options menu: a numbered list; choosing an option changes it and saves it."""

from __future__ import annotations

from typing import Any

from sobremesa import i18n
from sobremesa.i18n import _
from sobremesa.ui.session import seconds_text

OUTPUT_CHOICES = (["texto"], ["texto", "lector"], ["texto", "voz"], ["texto", "lector", "voz"])


def _outputs_name(outputs: list[str]) -> str:
    names = {
        ("texto",): _("solo texto"),
        ("texto", "lector"): _("texto y lector de pantalla"),
        ("texto", "voz"): _("texto y voz propia"),
        ("texto", "lector", "voz"): _("texto, lector de pantalla y voz propia"),
    }
    key = tuple(m for m in ("texto", "lector", "voz") if m in outputs)
    return names.get(key, _("solo texto"))


def _yes_no(value: bool) -> str:
    return _("sí") if value else _("no")


class OptionsMenu:
    def __init__(self, app: Any) -> None:
        self.app = app

    def entries(self) -> list[str]:
        s = self.app.settings
        c = s.chinchon
        return [
            _("Salida: {value}").format(value=_outputs_name(s.outputs)),
            _("Velocidad de la voz: {value}").format(value=s.voice_rate),
            _("Variante de la voz: {value}").format(value=s.voice_variant or _("la del idioma")),
            _("Idioma: {value}").format(value=_("español") if s.language == "es" else _("inglés")),
            _("Ritmo de los rivales: {value}").format(value=seconds_text(s.pace)),
            _("Mensajes: {value}").format(
                value=_("breves") if s.verbosity == "breve" else _("normales")
            ),
            _("Diccionario: {value}").format(value=s.dictionary or _("el de siempre")),
            _("Chinchón, baraja: {value} cartas").format(value=c.deck),
            _("Chinchón, límite: {value} puntos").format(value=c.limit),
            _("Chinchón, reenganche: {value}").format(value=_yes_no(c.reenganche)),
            _("Chinchón, escalera de siete gana la partida: {value}").format(
                value=_yes_no(c.seven_run_wins)
            ),
            _("Chinchón, orden de la mano: {value}").format(
                value=_("por palo") if c.hand_order == "palo" else _("por valor")
            ),
            _("Reacciones: {value}").format(
                value=_("en tiempo real")
                if s.reaction_mode == "tiempo"
                else _("por turnos, sin reloj")
            ),
            _("Segundos para reaccionar: {value}").format(value=seconds_text(s.reaction_seconds)),
            _("¡Cabanga!, límite: {value} puntos").format(value=s.cabanga.limit),
            _("¡Cabanga!, avisarme de mis cartas: {value}").format(
                value=_yes_no(s.cabanga.notify_fits)
            ),
            _("Palabras, pistas: {value}").format(value=_yes_no(s.palabras.hints)),
            _("ABC ¡Castaña!, árbitro automático: {value}").format(
                value=_yes_no(s.castana.referee)
            ),
            _("ABC ¡Castaña!, avisar antes de robarme el turno: {value}").format(
                value=_yes_no(s.castana.warn_before_steal)
            ),
            _("ABC ¡Castaña!, ayuda de palabras: {value}").format(value=_yes_no(s.castana.aids)),
            _("ABC ¡Castaña!, orden de la mano: {value}").format(
                value=_("por color") if s.castana.hand_order == "color" else _("por letra")
            ),
            _("Volver"),
        ]

    def run(self) -> str:
        show = True
        while True:
            entries = self.entries()
            choice = self.app.choose(
                _("Opciones. Elige una para cambiarla; Intro las lee otra vez."),
                entries,
                _("Opciones> "),
                show=show,
            )
            show = False  # after a change only the changed option is read
            if choice is None:
                return "eof"
            if choice == len(entries):
                return "back"
            if self.change(choice) == "eof":
                return "eof"
            self.app.announcer.answer(self.entries()[choice - 1])

    def change(self, choice: int) -> str | None:
        s = self.app.settings
        c = s.chinchon
        set_option = self.app.set_option
        if choice == 1:
            index = OUTPUT_CHOICES.index(s.outputs) if s.outputs in OUTPUT_CHOICES else 0
            set_option(None, "outputs", list(OUTPUT_CHOICES[(index + 1) % len(OUTPUT_CHOICES)]))
            self.app.announcer.outputs = self.app._make_outputs()
        elif choice == 2:
            value = self._ask_int(_("Velocidad de la voz, de -10 a 10> "), -10, 10)
            if value is None:
                return "eof"
            set_option(None, "voice_rate", value)
            self.app.announcer.outputs = self.app._make_outputs()
        elif choice == 3:
            text = self.app.ask(
                _("Variante de la voz, por ejemplo es o es-419; vacío para la del idioma> ")
            )
            if text is None:
                return "eof"
            text = text.strip()
            if len(text) > 20 or not all(ch.isalnum() or ch in "-_+" for ch in text):
                self.app.announcer.answer(_("Esa variante no es válida; no la cambio."))
                return None
            set_option(None, "voice_variant", text)
            self.app.announcer.outputs = self.app._make_outputs()
        elif choice == 4:
            set_option(None, "language", "en" if s.language == "es" else "es")
            i18n.set_language(s.language)
        elif choice == 5:
            value = self._ask_number(_("Ritmo de los rivales, segundos de 0 a 10> "), 0, 10)
            if value is None:
                return "eof"
            set_option(None, "pace", value)
        elif choice == 6:
            set_option(None, "verbosity", "normal" if s.verbosity == "breve" else "breve")
        elif choice == 7:
            return self._ask_dictionary()
        elif choice == 8:
            set_option("chinchon", "deck", 48 if c.deck == 40 else 40)
        elif choice == 9:
            set_option("chinchon", "limit", 70 if c.limit == 100 else 100)
        elif choice == 10:
            set_option("chinchon", "reenganche", not c.reenganche)
        elif choice == 11:
            set_option("chinchon", "seven_run_wins", not c.seven_run_wins)
        elif choice == 13:
            set_option(None, "reaction_mode", "turnos" if s.reaction_mode == "tiempo" else "tiempo")
        elif choice == 14:
            value = self._ask_number(_("Segundos para reaccionar, de 2 a 10> "), 2, 10)
            if value is None:
                return "eof"
            set_option(None, "reaction_seconds", value)
        elif choice == 15:
            value = self._ask_int(_("Límite de ¡Cabanga!, de 5 a 100 puntos> "), 5, 100)
            if value is None:
                return "eof"
            set_option("cabanga", "limit", value)
        elif choice == 16:
            set_option("cabanga", "notify_fits", not s.cabanga.notify_fits)
        elif choice == 17:
            set_option("palabras", "hints", not s.palabras.hints)
        elif choice == 12:
            set_option("chinchon", "hand_order", "valor" if c.hand_order == "palo" else "palo")
        elif choice == 18:
            set_option("castana", "referee", not s.castana.referee)
        elif choice == 19:
            set_option("castana", "warn_before_steal", not s.castana.warn_before_steal)
        elif choice == 20:
            set_option("castana", "aids", not s.castana.aids)
        elif choice == 21:
            order = "letra" if s.castana.hand_order == "color" else "color"
            set_option("castana", "hand_order", order)
        return None

    def _ask_dictionary(self) -> str | None:
        """Ask for a word-list file; it is checked (and compiled) before it is kept."""
        text = self.app.ask(_("Ruta de tu lista de palabras; vacío para usar la de siempre> "))
        if text is None:
            return "eof"
        path = text.strip().strip('"')
        if not path:
            self.app.set_option(None, "dictionary", "")
            return None
        from sobremesa.lexicon import load_lexicon

        problems: list[str] = []
        lexicon = load_lexicon("palabras", path, notify=problems.append)
        for line in problems:
            self.app.announcer.answer(line)
        if getattr(lexicon, "source", None) == path:
            self.app.set_option(None, "dictionary", path)
        return None

    def _ask_number(self, prompt: str, low: float, high: float) -> float | None:
        while True:
            text = self.app.ask(prompt)
            if text is None:
                return None
            try:
                value = float(text.strip().replace(",", "."))
            except ValueError:
                value = None
            if value is not None and low <= value <= high:
                return value
            self.app.announcer.answer(
                _("Escribe un número de {low} a {high}, por ejemplo 1,5.").format(
                    low=low, high=high
                )
            )

    def _ask_int(self, prompt: str, low: int, high: int) -> int | None:
        while True:
            text = self.app.ask(prompt)
            if text is None:
                return None
            text = text.strip()
            try:
                value = int(text)
            except ValueError:
                value = None
            if value is not None and low <= value <= high:
                return value
            self.app.announcer.answer(
                _("Escribe un número entero de {low} a {high}.").format(low=low, high=high)
            )
