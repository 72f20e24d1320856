"""Chinchón events and state in words: 'tú' for the player, names for the others."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sobremesa.core.cards import Card
from sobremesa.games.chinchon import rules as r
from sobremesa.games.chinchon.melds import meld_kind
from sobremesa.i18n import N_, _, ngettext
from sobremesa.ui.announcer import Said
from sobremesa.ui.spanish_cards import SUIT_NAMES, card_list, card_name, card_short
from sobremesa.ui.wording import BRIEF_CELLS, join, said

RANK_PLURALS = {
    1: N_("ases"),
    2: N_("doses"),
    3: N_("treses"),
    4: N_("cuatros"),
    5: N_("cincos"),
    6: N_("seises"),
    7: N_("sietes"),
    8: N_("ochos"),
    9: N_("nueves"),
    10: N_("sotas"),
    11: N_("caballos"),
    12: N_("reyes"),
}
RANK_SHORT = {1: N_("as"), 10: N_("sota"), 11: N_("caballo"), 12: N_("rey")}
#: the suits in two letters, in the order oros, copas, espadas, bastos (braille forms)
SUIT_ABBREVIATIONS = N_("or co es ba")
SUIT_ORDER = ("oros", "copas", "espadas", "bastos")
#: cells of the braille line: a history item in review, and a prompt without its "> "


def points(n: int) -> str:
    return ngettext("{n} punto", "{n} puntos", n).format(n=n)


def loose(n: int) -> str:
    """'1 punto suelto' / '3 puntos sueltos'."""
    return ngettext("{n} punto suelto", "{n} puntos sueltos", n).format(n=n)


def chips(n: int) -> str:
    return ngettext("{n} apuesta", "{n} apuestas", n).format(n=n)


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def cards_count(n: int) -> str:
    return ngettext("{n} carta", "{n} cartas", n).format(n=n)


def rank_short(rank: int) -> str:
    return _(RANK_SHORT[rank]) if rank in RANK_SHORT else str(rank)


join_words = join  # the shared wording (ui.wording)


def card_brief(card: Card) -> str:
    """The braille form of a card: '3 co', 'rey ba', 'caballo es'."""
    suits = dict(zip(SUIT_ORDER, _(SUIT_ABBREVIATIONS).split(), strict=False))
    return f"{rank_short(card.rank)} {suits.get(card.suit, card.suit)}"


def meld_brief(meld: Sequence[Card], deck: int) -> str:
    """'or 3-5' (a run of oros from 3 to 5), '3 sietes' (a set of three sevens)."""
    if meld_kind(meld, deck) == "set":
        return f"{len(meld)} {_(RANK_PLURALS[meld[0].rank])}"
    suit = card_brief(meld[0]).split()[-1]
    return f"{suit} {rank_short(meld[0].rank)}-{rank_short(meld[-1].rank)}"


def meld_text(meld: Sequence[Card], deck: int) -> str:
    """'escalera de oros: 3, 4 y 5' or 'grupo de sietes: oros, copas y bastos'."""
    if meld_kind(meld, deck) == "set":
        suits = [_(SUIT_NAMES[c.suit]) for c in meld]
        return _("grupo de {ranks}: {suits}").format(
            ranks=_(RANK_PLURALS[meld[0].rank]), suits=join_words(suits)
        )
    return _("escalera de {suit}: {ranks}").format(
        suit=_(SUIT_NAMES[meld[0].suit]), ranks=join_words([rank_short(c.rank) for c in meld])
    )


def meld_kind_text(meld: Sequence[Card], deck: int) -> str:
    """'grupo de sietes' or 'escalera de oros' (which meld, without its cards)."""
    if meld_kind(meld, deck) == "set":
        return _("grupo de {ranks}").format(ranks=_(RANK_PLURALS[meld[0].rank]))
    return _("escalera de {suit}").format(suit=_(SUIT_NAMES[meld[0].suit]))


ORDINALS = {
    2: N_("segundo"),
    3: N_("tercero"),
    4: N_("cuarto"),
    5: N_("quinto"),
    6: N_("sexto"),
    7: N_("séptimo"),
    8: N_("octavo"),
}


def melds_text(melds: Sequence[Sequence[Card]], deck: int, *, numbered: bool = False) -> str:
    if not melds:
        return _("ninguna")
    parts = [meld_text(m, deck) for m in melds]
    if numbered:
        parts = [f"{i}, {text}" for i, text in enumerate(parts, 1)]
    return "; ".join(parts)


class Narrator:
    """Turns rules events into lines for one viewer (a seat, or None for a spectator)."""

    def __init__(
        self,
        names: Sequence[str],
        viewer: int | None,
        deck: int,
        brief: bool,
        sort: Callable[[Sequence[Card]], list[Card]] = list,
    ) -> None:
        self.sort = sort
        self.names = list(names)
        self.viewer = viewer
        self.deck = deck
        self.brief = brief
        self._drawn: dict[int, str] = {}  # seat -> what it drew, said with its discard
        self._drawn_card: dict[int, Card] = {}  # seat -> the discard it took
        self.last_move = ""
        #: the last move in brief forms, fullest first (the status prompt takes the
        #: first that fits its cells)
        self.last_brief: list[str] = []
        #: set by the adapter for each batch of events: the seats that go out in it,
        #: and whether a reenganche question to the viewer or the match's end follows
        self.going_out: set[int] = set()
        self.question_follows = False
        #: set by the adapter for each batch: the match ends in it (then who goes
        #: out was said once, in the score line)
        self.match_ends = False
        #: the seats whose going out a score line of this batch said
        self.said_out: set[int] = set()
        #: the seat that closed this round (whose melds are laid off on)
        self.closer: int | None = None
        #: seat -> the round it went out in (the final standing: last out first)
        self.out_round: dict[int, int] = {}
        self._round_no = 0

    def _moved(self, line: Said, *briefs: str) -> Said:
        """Keep `line` as the last move, with its brief forms for the status prompt."""
        self.last_move = line
        self.last_brief = [*briefs] if briefs else [line.brief]
        return line

    def name(self, seat: int) -> str:
        return _("Tú") if seat == self.viewer else self.names[seat]

    def you(self, seat: int) -> bool:
        return seat == self.viewer

    def describe(self, event: r.ChinchonEvent) -> list[str]:
        event = event.visible_to(self.viewer)
        method = getattr(self, f"_on_{event.kind}", None)
        return method(event) if method else []

    # -- events --------------------------------------------------------------
    def _on_match_started(self, e: r.MatchStarted) -> list[str]:
        decks = _("dos barajas") if e.copies == 2 else _("una baraja")
        return [
            _(
                "Chinchón a {limit} puntos, baraja de {deck} cartas, {decks}."
                " Bote: {pot}, lo que ponéis entre todos; se lo lleva quien gane."
            ).format(limit=e.limit, deck=e.deck, decks=decks, pot=chips(e.pot))
        ]

    def _on_round_started(self, e: r.RoundStarted) -> list[str]:
        self._drawn.clear()
        self._drawn_card.clear()
        if self.you(e.mano):
            line = _("Ronda {n}. Empiezas tú. Descarte: {card}.")
        else:
            line = _("Ronda {n}. Empieza {name}. Descarte: {card}.")
        return [line.format(n=e.round_no, name=self.names[e.mano], card=card_name(e.starting_card))]

    def _on_dealt(self, e: r.Dealt) -> list[str]:
        if not self.you(e.seat) or e.cards is None:
            return []
        return [_("Tus cartas: {cards}.").format(cards=card_list(self.sort(e.cards)))]

    def _on_turn_started(self, e: r.TurnStarted) -> list[str]:
        if not self.you(e.seat):
            return []
        if e.phase == "draw":
            # The discard was just named (by the discard or the round start) and
            # the prompt shows it: saying it again only delays the player.
            return [_("Tu turno.")]
        if e.phase == "layoff":
            return [_("Te toca colocar. Escribe colocar, colocar CARTA en N, o listo.")]
        return []

    def _on_drew_stock(self, e: r.DrewStock) -> list[str]:
        if self.you(e.seat) and e.card is not None:
            brief = _("Robas {card}").format(card=card_brief(e.card))
            line = said(_("Robas {card}.").format(card=card_name(e.card)), brief)
            return [self._moved(line, brief)]
        self._drawn[e.seat] = "stock"
        self._drawn_card.pop(e.seat, None)
        return []

    def _on_took_discard(self, e: r.TookDiscard) -> list[str]:
        if self.you(e.seat):
            brief = _("Coges {card}").format(card=card_brief(e.card))
            line = said(_("Coges {card}.").format(card=card_name(e.card)), brief)
            return [self._moved(line, brief)]
        self._drawn[e.seat] = card_short(e.card) if self.brief else card_name(e.card)
        self._drawn_card[e.seat] = e.card
        return []

    def _drew_briefs(self, seat: int, what: str) -> list[str]:
        """'Pablo coge 3 co, tira rey ba' and 'Pablo tira rey ba' (who and what first;
        a draw from the stock goes unsaid in the brief form)."""
        name = self.names[seat]
        taken = self._drawn_card.pop(seat, None)
        short = f"{name} {what}"
        if taken is None:
            return [short]
        return [
            _("{name} coge {card}, {what}").format(name=name, card=card_brief(taken), what=what),
            short,
        ]

    def _drew_phrase(self, seat: int) -> str:
        """'Ana roba del mazo' / 'Ana coge el 3 de oros' (what she did before this)."""
        drawn = self._drawn.pop(seat, None)
        if drawn == "stock" or drawn is None:
            return _("{name} roba del mazo").format(name=self.names[seat])
        return _("{name} coge {card}").format(name=self.names[seat], card=drawn)

    def _on_discarded(self, e: r.Discarded) -> list[str]:
        if self.you(e.seat):
            brief = _("Tiras {card}").format(card=card_brief(e.card))
            line = _("Tiras {card}.").format(card=card_name(e.card))
            return [self._moved(said(line, brief), brief)]
        briefs = self._drew_briefs(e.seat, _("tira {card}").format(card=card_brief(e.card)))
        if self.brief:
            # "Ana: mazo, tira 7 oros." — the decisive words in the first cells.
            drawn = self._drawn.pop(e.seat, None)
            source = _("mazo") if drawn in (None, "stock") else drawn
            line = _("{name}: {source}, tira {card}.").format(
                name=self.names[e.seat], source=source, card=card_short(e.card)
            )
        else:
            line = _("{who} y tira {card}.").format(
                who=self._drew_phrase(e.seat), card=card_name(e.card)
            )
        return [self._moved(said(line, *briefs), *briefs)]

    def _on_stock_rebuilt(self, e: r.StockRebuilt) -> list[str]:
        return [
            _("Se acabó el mazo: se barajan los descartes. Mazo: {cards}.").format(
                cards=cards_count(e.cards_in_stock)
            )
        ]

    def _on_closed(self, e: r.Closed) -> list[str]:
        self.closer = e.seat
        if self.you(e.seat):
            self._drawn.pop(e.seat, None)
            self._drawn_card.pop(e.seat, None)
            if e.chinchon:
                first = _("¡Chinchón! Cierras con las siete cartas ligadas: menos 10 puntos.")
                briefs = [_("Haces chinchón: menos 10")]
            else:
                first = _("Cierras con {points}.").format(points=loose(e.loose_points))
                briefs = [
                    ngettext("Cierras con {n} punto", "Cierras con {n} puntos", e.loose_points)
                ]
            shown = _("Bajas: {melds}.")
            shown_brief = _("Bajas: {melds}")
        else:
            who = self._drew_phrase(e.seat)
            if e.chinchon:
                first = _("¡{who} y hace chinchón! Menos 10 puntos.").format(who=who)
                what = _("hace chinchón: menos 10")
            else:
                first = _("{who} y cierra con {points}.").format(
                    who=who, points=loose(e.loose_points)
                )
                what = ngettext("cierra con {n} punto", "cierra con {n} puntos", e.loose_points)
            briefs = self._drew_briefs(e.seat, what)
            shown = _("{name} baja: {melds}.")
            shown_brief = _("{name} baja: {melds}")
        briefs = [b.format(n=e.loose_points) for b in briefs]
        melds = melds_text(e.melds, self.deck, numbered=not e.chinchon)
        second = shown.format(name=self.names[e.seat], melds=melds)
        parts = [meld_brief(m, self.deck) for m in e.melds]
        if e.loose_cards:
            second += " " + _("Sueltas: {cards}.").format(cards=card_list(e.loose_cards))
            parts.append(
                _("sueltas {cards}").format(cards=", ".join(card_brief(c) for c in e.loose_cards))
            )
        # As many whole melds as the cells take (a card is never cut in two).
        second_brief = shown_brief.format(name=self.names[e.seat], melds=parts[0])
        for part in parts[1:]:
            longer = f"{second_brief}; {part}"
            if len(longer) > BRIEF_CELLS:
                break
            second_brief = longer
        line = said(first, *briefs)
        self.last_move = f"{first} {second}"
        self.last_brief = briefs
        return [line, said(second, second_brief)]

    def _on_laid_off(self, e: r.LaidOff) -> list[str]:
        """Whose meld and which: 'Elena coloca la sota de espadas en tu grupo de sotas:
        oros, copas y espadas.' / 'en la combinación 2 de Pablo; queda ...'."""
        meld = meld_text(e.meld_after, self.deck)
        closer = self.closer
        if self.you(e.seat):
            line = _("Colocas {card} en la combinación {n}; queda {meld}.")
            brief = _("Colocas {card} en {n}")
        elif closer is not None and self.you(closer):
            line = _("{name} coloca {card} en tu {meld}.")
            brief = _("{name} coloca {card} en tu {n}")
        elif closer is not None:
            line = _("{name} coloca {card} en la combinación {n} de {owner}; queda {meld}.")
            brief = _("{name} coloca {card} en {n}")
        else:
            line = _("{name} coloca {card} en la combinación {n}; queda {meld}.")
            brief = _("{name} coloca {card} en {n}")
        owner = self.names[closer] if closer is not None else ""
        line = line.format(
            name=self.names[e.seat],
            card=card_name(e.card),
            n=e.meld_index + 1,
            meld=meld,
            owner=owner,
        )
        brief = brief.format(name=self.names[e.seat], card=card_brief(e.card), n=e.meld_index + 1)
        full = f"{brief}: {meld_brief(e.meld_after, self.deck)}"
        return [self._moved(said(line, full, brief), full, brief)]

    def _on_lay_off_finished(self, e: r.LayOffFinished) -> list[str]:
        if self.you(e.seat):
            line = _("Terminas de colocar: {points}.").format(points=points(e.points))
            return [said(line, _("Terminas: {points}").format(points=points(e.points)))]
        line = _("{name} termina de colocar: {points}.").format(
            name=self.names[e.seat], points=points(e.points)
        )
        brief = _("{name} termina: {points}").format(
            name=self.names[e.seat], points=points(e.points)
        )
        return [said(line, brief)]

    def _on_round_scored(self, e: r.RoundScored) -> list[str]:
        self._round_no = e.round_no
        lines = [_("Fin de la ronda {n}. Puntos:").format(n=e.round_no)]
        for result in e.results:
            name = self.name(result.seat)
            if result.closer and e.chinchon:
                lines.append(
                    _("{name}: menos 10 por chinchón, total {total}.").format(
                        name=name, total=result.total
                    )
                )
                continue
            if result.seat in self.going_out:
                self.said_out.add(result.seat)
                # Said here, before the pause: the eliminations come after it.
                if self.you(result.seat):
                    text = _("{name}: {points}, total {total}: quedas fuera.")
                else:
                    text = _("{name}: {points}, total {total}: queda fuera.")
            else:
                text = _("{name}: {points}, total {total}.")
            line = text.format(name=name, points=points(result.points), total=result.total)
            if result.loose_cards and not self.brief:
                line += " " + _("Sueltas: {cards}.").format(cards=card_list(result.loose_cards))
                line = said(line, line.split(". ")[0])
            lines.append(line)
        return lines

    def _on_eliminated(self, e: r.Eliminated) -> list[str]:
        self.out_round[e.seat] = self._round_no
        if self.match_ends and e.seat in self.said_out:
            return []  # the score line said it, and no pause comes between
        if self.you(e.seat) and self.question_follows:
            line = _("Quedas fuera con {total} puntos.")
        elif self.you(e.seat):
            line = _("Quedas fuera con {total} puntos. Sigues mirando; escribe salir para dejarlo.")
        else:
            line = _("{name} queda fuera con {total} puntos.")
        return [line.format(name=self.names[e.seat], total=e.total)]

    def _on_reenganche_offered(self, e: r.ReengancheOffered) -> list[str]:
        if not self.you(e.seat):
            return []
        line = _("¿Te reenganchas con {total} puntos? Pones {stake} en el bote. Responde sí o no.")
        return [line.format(total=e.new_total, stake=chips(e.stake))]

    def _on_reenganched(self, e: r.Reenganched) -> list[str]:
        self.out_round.pop(e.seat, None)
        if self.you(e.seat):
            line = _("Te reenganchas con {total} puntos. Bote: {pot}.")
        else:
            line = _("{name} se reengancha con {total} puntos. Bote: {pot}.")
        return [line.format(name=self.names[e.seat], total=e.new_total, pot=chips(e.pot))]

    def _on_reenganche_declined(self, e: r.ReengancheDeclined) -> list[str]:
        if self.you(e.seat):
            return [_("No te reenganchas.")]
        return [_("{name} no se reengancha.").format(name=self.names[e.seat])]

    def _on_match_over(self, e: r.MatchOver) -> list[str]:
        if self.you(e.winner):
            first = _("¡Ganas la partida y te llevas el bote de {pot}!")
        else:
            first = _("Gana la partida {name} y se lleva el bote de {pot}.")
        first = first.format(name=self.names[e.winner], pot=chips(e.pot))
        # The final standing: the winner, then who went out last, then the lowest total.
        order = sorted(
            range(len(e.totals)),
            key=lambda s: (s != e.winner, -self.out_round.get(s, 0), e.totals[s]),
        )
        lines = [first]
        if self.viewer is not None and self.viewer != e.winner:
            place = order.index(self.viewer) + 1
            lines.append(_("Quedas {place}.").format(place=_(ORDINALS[place])))
        items = [
            _("{place} {name} {total}").format(
                place=place,
                name=_("tú") if self.you(seat) else self.names[seat],
                total=e.totals[seat],
            )
            for place, seat in enumerate(order, 1)
        ]
        lines.append(_("Clasificación: {items}.").format(items=", ".join(items)))
        return lines
