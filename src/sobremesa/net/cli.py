"""The command line's online commands: `servidor` and `conectar`."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import ssl
from pathlib import Path
from typing import Any

from sobremesa.i18n import _
from sobremesa.net.client import DEFAULT_URL, Client, load_tokens
from sobremesa.paths import data_dir

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def server_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    context = None
    if args.certificado or args.clave:
        if not (args.certificado and args.clave):
            parser.error(_("--certificado y --clave van juntos"))
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.certificado, args.clave)
    elif args.host not in LOOPBACK:
        if not args.sin_cifrar:
            parser.error(
                _(
                    "para escuchar en {host} hace falta TLS (--certificado y --clave) o --sin-cifrar"
                ).format(host=args.host)
            )
        print(_("Aviso: sin cifrar; lo que se escribe viaja a la vista de la red."), flush=True)
    folder = Path(args.datos) if args.datos else data_dir() / "servidor"
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    from sobremesa.net.server import run_server

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(
            run_server(
                args.host,
                args.puerto,
                folder,
                ssh_port=args.ssh_puerto,
                ssl=context,
                grace=args.gracia,
                ready=lambda line: print(line, flush=True),
            )
        )
    return 0


def connect_command(app: Any, args: argparse.Namespace) -> int:
    url = args.url or DEFAULT_URL
    if "://" not in url:
        url = "ws://" + url
    first: list[dict[str, Any]] = []
    code = (args.mesa or "").strip().upper() or None
    token = None
    if args.crear:
        first.append(
            {
                "t": "crear",
                "juego": args.crear,
                "rivales": args.rivales,
                "nivel": ",".join(args.niveles) if args.niveles else args.nivel,
                "espectador": args.espectador,
                "semilla": args.semilla,
                "ritmo": app.settings.pace if app.pace_given else None,
                "ventana": args.ventana,
            }
        )
    elif code:
        token = None if args.espectador else load_tokens().get(f"{url} {code}")
        if token is None:
            verb = "mirar" if args.espectador else "unirse"
            first.append({"t": "linea", "texto": f"{verb} {code}"})
    settings = app.settings
    client = Client(
        url,
        app.console,
        app.announcer,
        name=args.nombre or "",
        language=settings.language,
        wpm=settings.reading_wpm,
        first=first,
    )
    if token is not None:
        client.code, client.token = code, token
    return client.run()
