"""The server beyond this computer: TLS (wss://) or an explicit --sin-cifrar."""

from __future__ import annotations

import datetime
import ipaddress
import json
import os
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from netplay import ROOT, running_server

pytestmark = pytest.mark.slow


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key (what a test CA would give)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


def test_a_tls_server_speaks_wss_and_refuses_plain_websockets(tmp_path: Path) -> None:
    from websockets.sync.client import connect

    cert, key = self_signed(tmp_path)
    extra = ["--certificado", str(cert), "--clave", str(key)]
    with running_server(tmp_path / "data", extra=extra) as server:
        assert "wss://127.0.0.1:" in "".join(server.output)
        trust = ssl.create_default_context(cafile=str(cert))
        with connect(f"wss://127.0.0.1:{server.port}", ssl=trust, open_timeout=10) as ws:
            ws.send(json.dumps({"t": "hola", "nombre": "Ana"}))
            hello = json.loads(ws.recv(timeout=10))
        assert hello["t"] == "di" and hello["lineas"][0].startswith("Hola, Ana.")
        from websockets.exceptions import WebSocketException

        plain_refused = (OSError, EOFError, TimeoutError, WebSocketException)
        with pytest.raises(plain_refused), connect(f"ws://127.0.0.1:{server.port}", open_timeout=5):
            pass


def test_listening_beyond_loopback_needs_tls_or_sin_cifrar(tmp_path: Path) -> None:
    env = {**os.environ, "SOBREMESA_HOME": str(tmp_path / "home")}
    refused = subprocess.run(
        [sys.executable, "-m", "sobremesa", "servidor", "--host", "0.0.0.0", "--puerto", "0"],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=30,
    )  # fmt: skip
    assert refused.returncode == 2
    assert refused.stderr.splitlines() == [
        "sobremesa servidor: error: para escuchar en 0.0.0.0 hace falta TLS"
        " (--certificado y --clave) o --sin-cifrar",
        "Escribe sobremesa servidor --help para ver las opciones.",
    ]
    with running_server(tmp_path / "data", host="0.0.0.0", extra=["--sin-cifrar"]) as server:
        said = "".join(server.output)
    assert "Aviso: sin cifrar" in said
