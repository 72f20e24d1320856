"""The degraded-link helper (tests/netem.py) does what it says: a TCP echo across
200 ms each way with 5 % loss takes at least ~400 ms a round trip and loses nothing,
and no namespace, process or change to the machine's networking outlives a link."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

import netem
import pytest
from netem import NETNS_DIR, netns_names

degraded = netem.degraded  # the fixture: a skip where namespaces cannot be made

pytestmark = pytest.mark.slow  # real namespaces and real seconds of delay

PORT = 7000  # each link has namespaces of its own: no port can clash

# Echoes every line back on each connection; says "listening" once it listens.
ECHO_SERVER = """
import socket, sys, threading
srv = socket.create_server((sys.argv[1], int(sys.argv[2])))
print("listening", flush=True)
def echo(conn):
    with conn, conn.makefile("rb") as lines:
        for line in lines:
            conn.sendall(line)
while True:
    threading.Thread(target=echo, args=(srv.accept()[0],), daemon=True).start()
"""

# Sends N lines one at a time, each after the echo of the previous one, and prints
# one JSON line per message: what came back and how long the round trip took.
ECHO_CLIENT = """
import json, socket, sys, time
host, port, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
conn = socket.create_connection((host, port), timeout=30)
conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
lines = conn.makefile("rb")
for i in range(n):
    sent = f"message {i:02d} " + "x" * 40 + "\\n"
    start = time.monotonic()
    conn.sendall(sent.encode())
    back = lines.readline().decode()
    rtt = (time.monotonic() - start) * 1000
    print(json.dumps({"sent": sent, "back": back, "rtt_ms": round(rtt, 1)}), flush=True)
"""


def _start_echo_server(link) -> subprocess.Popen:
    server = link.popen(
        link.server_ns,
        [sys.executable, "-c", ECHO_SERVER, link.server_ip, str(PORT)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout.readline().strip() == "listening"
    return server


def _connects(link, ns: str, host: str) -> bool:
    """Whether a TCP connection from namespace ``ns`` to ``host``:PORT succeeds."""
    code = "import socket, sys; socket.create_connection((sys.argv[1], int(sys.argv[2])), 5)"
    argv = [sys.executable, "-c", code, host, str(PORT)]
    return link.run(ns, argv, capture_output=True).returncode == 0


@pytest.mark.parametrize("backend", ["netem", "userspace"])
def test_echo_round_trips_take_twice_the_delay_and_all_arrive(degraded, backend):
    if backend == "netem" and (reason := netem.netem_unavailable()):
        pytest.skip(reason)
    with degraded(delay_ms=200, loss_pct=5.0, backend=backend) as link:
        _start_echo_server(link)
        started = time.monotonic()
        client = link.run(
            link.client_ns,
            [sys.executable, "-c", ECHO_CLIENT, link.server_ip, str(PORT), "20"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        took = time.monotonic() - started
    assert client.returncode == 0, client.stderr
    results = [json.loads(line) for line in client.stdout.splitlines()]
    rtts = [r["rtt_ms"] for r in results]
    median = statistics.median(rtts)
    print(f"\n{link.backend}: median RTT {median:.1f} ms, all {sorted(rtts)}, {took:.1f} s in all")
    assert len(results) == 20
    assert all(r["back"] == r["sent"] for r in results)  # TCP delivers through the loss
    assert median >= 350  # 200 ms each way
    assert median < 1500  # and the link is not broken into timeouts either


def test_nothing_outlives_the_link(degraded):
    with degraded(delay_ms=10, loss_pct=0) as link:
        names = [link.server_ns, link.client_ns]
        assert set(names) <= set(netns_names())
        server = _start_echo_server(link)
        assert _connects(link, link.client_ns, link.server_ip)
        sleeper = link.popen(link.client_ns, ["sleep", "60"])
    assert not set(names) & set(netns_names())
    assert not any((NETNS_DIR / name).exists() for name in names)
    assert server.poll() is not None and sleeper.poll() is not None  # killed on the way out


def test_a_failing_test_still_cleans_up(degraded):
    with pytest.raises(ZeroDivisionError), degraded(delay_ms=10, loss_pct=0) as link:
        names = [link.server_ns, link.client_ns]
        _start_echo_server(link)
        raise ZeroDivisionError
    assert not set(names) & set(netns_names())


def test_two_links_at_once_are_separate_and_leave_the_machine_as_it_was(degraded):
    def root_state():
        return [
            subprocess.run(["ip", *args], capture_output=True, text=True).stdout
            for args in (["-o", "link"], ["-o", "addr"], ["route"])
        ]

    before = root_state()
    with degraded(delay_ms=10, loss_pct=0) as one, degraded(delay_ms=10, loss_pct=0) as two:
        assert len({one.server_ns, one.client_ns, two.server_ns, two.client_ns}) == 4
        assert one.server_ip != two.server_ip
        # Same port in both: the namespaces do not share sockets.
        _start_echo_server(one)
        _start_echo_server(two)
        # And a client of one cannot reach the server of the other.
        assert _connects(one, one.client_ns, one.server_ip)
        assert _connects(two, two.client_ns, two.server_ip)
        assert not _connects(one, one.client_ns, two.server_ip)
    assert root_state() == before
