"""A real, degraded network link for tests: a server on one side, clients on the other.

``degraded_link()`` builds two fresh network namespaces, "server" and "client",
joined by one point-to-point link that delays and drops packets, and tears them down
on the way out (even when the test fails). Programs run inside either namespace
with ``link.popen(ns, argv)`` / ``link.run(ns, argv)``; they talk through real
kernel TCP/IP stacks, so retransmissions, Nagle, keep-alives and timeouts behave as
they would across a slow network. The root namespace (the machine's own
networking) is never touched: nothing is created there, no address or route.

    from netem import degraded_link

    with degraded_link(delay_ms=200, loss_pct=5.0) as link:
        server = link.popen(link.server_ns, [sys.executable, "-m", "my.server",
                                             "--host", link.server_ip])
        link.run(link.client_ns, [sys.executable, "-m", "my.client", link.server_ip])

The delay and the loss apply to each direction, as ``tc netem`` on both ends of a
link does: a round trip takes about ``2 * delay_ms``, and a packet is lost on its
way out with ``loss_pct`` % and its answer again with ``loss_pct`` %.

Two ways to degrade the link (``backend=``):

- ``"netem"``: a veth pair, with ``tc qdisc add dev <veth> root netem delay X loss Y``
  on both ends. Needs the kernel's ``sch_netem`` (CONFIG_NET_SCH_NETEM).
- ``"userspace"``: one TUN device in each namespace and a small relay process
  (this file run as a script) that copies IP packets from one to the other after
  the delay, dropping some. The same semantics as netem for delay, jitter and
  random loss; for kernels built without netem (and without loadable modules).
- ``"auto"`` (the default): netem when the kernel has it, otherwise userspace.

Skipping: ``netem_unavailable()`` says why the kernel's netem cannot be used (or
None); ``link_unavailable()`` says why no backend can (not root, no ``ip``, no
namespaces...). The ``degraded`` fixture skips the test on the latter and
otherwise hands the test ``degraded_link``. The answers are found by trying once
(throw-away namespaces) and cached for the process; nothing is tried at import
or collection, so the fast loop pays nothing for tests that use this module.
A test module uses the fixture by binding it at its top level::

    import netem
    degraded = netem.degraded

    def test_something(degraded):
        with degraded(delay_ms=200, loss_pct=5) as link: ...

Parallel runs: every link gets its own namespaces, named after the pid, a counter
and a random token, so two pytest processes (or two links in one test) never share
anything; each link also gets its own 10.213.N.0/30 subnet, although namespaces
are isolated so addresses could not clash anyway. Namespaces left by a killed run
(whose pid is gone) are deleted when the next link is built.
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import itertools
import os
import random
import secrets
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

# Every namespace this module creates starts with this, then "<pid>-".
PREFIX = "sobremesa-netem-"
NETNS_DIR = Path("/run/netns")
_counter = itertools.count()


def _tool(name: str) -> str | None:
    """``ip``/``tc`` live in /usr/sbin, which a non-login PATH may lack."""
    return shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin:/usr/bin:/bin")


def _cmd(*argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run one ``ip``/``tc`` command; a failure raises with its stderr in the message."""
    tool = _tool(argv[0]) or argv[0]
    proc = subprocess.run([tool, *argv[1:]], capture_output=True, text=True, timeout=20)
    if check and proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return proc


# --- availability (tried once, cached) -------------------------------------------


@functools.cache
def _basic_unavailable() -> str | None:
    """Why namespaces cannot be made here at all (None when they can)."""
    if sys.platform != "linux":
        return "network namespaces need Linux"
    if os.geteuid() != 0:
        return "network namespaces need root"
    for tool in ("ip", "tc"):
        if _tool(tool) is None:
            return f"`{tool}` (iproute2) is not installed"
    name = _new_name("probe")
    try:
        _cmd("ip", "netns", "add", name)
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        return f"cannot create a network namespace: {exc}"
    finally:
        _delete_netns(name)
    return None


@functools.cache
def netem_unavailable() -> str | None:
    """Why the kernel's netem cannot degrade a link here; None when it can.

    Tries it: a throw-away namespace with a veth pair and a netem qdisc.
    """
    if reason := _basic_unavailable():
        return reason
    name = _new_name("probe")
    try:
        _cmd("ip", "netns", "add", name)
        _cmd("ip", "-n", name, "link", "add", "p0", "type", "veth", "peer", "name", "p1")
        _cmd("ip", "-n", name, "link", "set", "p0", "up")
        _cmd("tc", "-n", name, "qdisc", "add", "dev", "p0", "root", "netem",
             "delay", "10ms", "loss", "1%")  # fmt: skip
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        return f"the kernel's netem qdisc is not usable (sch_netem missing?): {exc}"
    finally:
        _delete_netns(name)
    return None


@functools.cache
def userspace_unavailable() -> str | None:
    """Why the userspace (TUN + relay) backend cannot work here; None when it can."""
    if reason := _basic_unavailable():
        return reason
    if not Path("/dev/net/tun").exists():
        return "/dev/net/tun is missing (no TUN driver)"
    try:
        with _build("userspace", 1, 0.0, 0):
            pass
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        return f"the userspace link does not come up: {exc}"
    return None


def link_unavailable() -> str | None:
    """Why ``degraded_link()`` cannot work here with any backend; None when it can."""
    if netem_unavailable() is None:
        return None
    if userspace_unavailable() is None:
        return None
    return f"{netem_unavailable()}; and {userspace_unavailable()}"


@pytest.fixture
def degraded():
    """``degraded_link`` for the test, or a skip saying why it cannot work here."""
    if reason := link_unavailable():
        pytest.skip(reason)
    return degraded_link


# --- names, cleanup ---------------------------------------------------------------


def _new_name(role: str) -> str:
    return f"{PREFIX}{os.getpid()}-{next(_counter)}-{secrets.token_hex(2)}-{role}"


def _delete_netns(name: str) -> None:
    """Delete a namespace, first killing whatever still runs inside (only ever one of
    ours: the names are unique to this helper). Quiet when it does not exist."""
    if not (NETNS_DIR / name).exists():
        return
    pids = _cmd("ip", "netns", "pids", name, check=False).stdout.split()
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pid), 9)
    _cmd("ip", "netns", "del", name, check=False)


def sweep_stale() -> list[str]:
    """Delete namespaces left by runs of this helper that died without cleaning up
    (their pid, the number after the prefix, no longer runs). Returns their names."""
    swept = []
    for entry in NETNS_DIR.glob(f"{PREFIX}*") if NETNS_DIR.is_dir() else ():
        pid = entry.name[len(PREFIX) :].split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            _delete_netns(entry.name)
            swept.append(entry.name)
    return swept


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, which a container's init may never reap, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # the state follows "(comm)"


def netns_names() -> list[str]:
    """The names ``ip netns list`` shows (without its "(id: N)" suffixes)."""
    out = _cmd("ip", "netns", "list", check=False).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


# --- the link ---------------------------------------------------------------------


@dataclass
class Link:
    """One degraded link: where the server and client live, and how to run there."""

    server_ns: str
    client_ns: str
    server_ip: str
    client_ip: str
    backend: str  # "netem" or "userspace"
    delay_ms: int
    loss_pct: float
    jitter_ms: int
    _procs: list[subprocess.Popen] = field(default_factory=list, repr=False)

    def _ns(self, ns: str) -> str:
        # "server"/"client" are accepted as shorthands for the namespace names.
        return {"server": self.server_ns, "client": self.client_ns}.get(ns, ns)

    def argv(self, ns: str, argv: Sequence[str]) -> list[str]:
        """The command line that runs ``argv`` inside namespace ``ns``."""
        return [_tool("ip") or "ip", "netns", "exec", self._ns(ns), *argv]

    def popen(self, ns: str, argv: Sequence[str], **kw) -> subprocess.Popen:
        """``subprocess.Popen(argv, **kw)`` inside ``ns``; killed when the link closes
        (``ip netns exec`` execs, so the Popen's pid is the program's own)."""
        proc = subprocess.Popen(self.argv(ns, argv), **kw)
        self._procs.append(proc)
        return proc

    def run(self, ns: str, argv: Sequence[str], **kw) -> subprocess.CompletedProcess:
        """``subprocess.run(argv, **kw)`` inside ``ns``."""
        return subprocess.run(self.argv(ns, argv), **kw)


@contextlib.contextmanager
def degraded_link(
    delay_ms: int = 200, loss_pct: float = 5.0, jitter_ms: int = 0, backend: str = "auto"
) -> Iterator[Link]:
    """A fresh server/client namespace pair joined by a link that delays each packet
    by ``delay_ms`` (± ``jitter_ms``) and drops ``loss_pct`` % of them, in each
    direction. Everything is gone when the block exits, however it exits."""
    if backend == "auto":
        backend = "netem" if netem_unavailable() is None else "userspace"
    if backend not in ("netem", "userspace"):
        raise ValueError(f"unknown backend {backend!r}")
    with _build(backend, delay_ms, loss_pct, jitter_ms) as link:
        yield link


@contextlib.contextmanager
def _build(backend: str, delay_ms: int, loss_pct: float, jitter_ms: int) -> Iterator[Link]:
    sweep_stale()
    n = next(_counter)
    # A /30 of its own per link (10.213.0.0/16), from the pid and a counter.
    third = (os.getpid() * 7 + n) % 256
    link = Link(
        server_ns=_new_name("server"),
        client_ns=_new_name("client"),
        server_ip=f"10.213.{third}.1",
        client_ip=f"10.213.{third}.2",
        backend=backend,
        delay_ms=delay_ms,
        loss_pct=loss_pct,
        jitter_ms=jitter_ms,
    )
    relay = None
    try:
        for ns in (link.server_ns, link.client_ns):
            _cmd("ip", "netns", "add", ns)
            _cmd("ip", "-n", ns, "link", "set", "lo", "up")
        if backend == "netem":
            _setup_veth(link)
        else:
            relay = _setup_tun(link)
        yield link
    finally:
        # Programs first (they may hold sockets), then the relay (its TUN file
        # descriptors keep the namespaces alive), then the namespaces themselves.
        for proc in link._procs:
            _stop(proc)
        if relay is not None:
            _stop(relay)
        for ns in (link.server_ns, link.client_ns):
            _delete_netns(ns)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
    # Close our ends of its pipes so no ResourceWarning follows the test around.
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


def _netem_args(link: Link) -> list[str]:
    args = ["delay", f"{link.delay_ms}ms"]
    if link.jitter_ms:
        args.append(f"{link.jitter_ms}ms")
    return [*args, "loss", f"{link.loss_pct}%"]


def _setup_veth(link: Link) -> None:
    """A veth pair created straight into the two namespaces (never in the root
    one), addressed, up, and netem on the egress of both ends."""
    s, c = link.server_ns, link.client_ns
    _cmd("ip", "-n", s, "link", "add", "veth0", "type", "veth", "peer", "name", "veth0", "netns", c)
    for ns, ip in ((s, link.server_ip), (c, link.client_ip)):
        _cmd("ip", "-n", ns, "addr", "add", f"{ip}/30", "dev", "veth0")
        _cmd("ip", "-n", ns, "link", "set", "veth0", "up")
        _cmd("tc", "-n", ns, "qdisc", "add", "dev", "veth0", "root", "netem",
             *_netem_args(link))  # fmt: skip
    # veth carrier comes up asynchronously; wait, or the first SYN is lost to it.
    _wait_up(s, "veth0")
    _wait_up(c, "veth0")


def _wait_up(ns: str, dev: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = _cmd("ip", "-n", ns, "-br", "link", "show", dev).stdout.split()
        if len(state) > 1 and state[1] == "UP":
            return
        time.sleep(0.02)
    raise RuntimeError(f"{dev} in {ns} did not come up within {timeout} s")


def _setup_tun(link: Link) -> subprocess.Popen:
    """A persistent TUN device in each namespace, addressed point-to-point, and the
    relay (this file as a script) that joins them; returns once the relay is ready."""
    s, c = link.server_ns, link.client_ns
    for ns, ip, peer in ((s, link.server_ip, link.client_ip), (c, link.client_ip, link.server_ip)):
        _cmd("ip", "-n", ns, "tuntap", "add", "dev", "tun0", "mode", "tun")
        _cmd("ip", "-n", ns, "addr", "add", ip, "peer", peer, "dev", "tun0")
        _cmd("ip", "-n", ns, "link", "set", "tun0", "up")
    relay = subprocess.Popen(
        [
            sys.executable,
            __file__,
            "relay",
            s,
            c,
            str(link.delay_ms),
            str(link.loss_pct),
            str(link.jitter_ms),
        ],  # fmt: skip
        stdin=subprocess.PIPE,  # the relay exits when this closes (we died)
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    ready = relay.stdout.readline().strip()
    if ready != "ready":
        _stop(relay)
        raise RuntimeError(f"netem relay did not start: {ready!r} {relay.stderr.read().strip()}")
    return relay


# --- the userspace relay (runs as its own process) -----------------------------------

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
CLONE_NEWNET = 0x40000000


def _open_tun_in(ns: str, name: str = "tun0") -> int:
    """Attach to TUN device ``name`` of namespace ``ns``: switch this (single-threaded)
    process into ``ns``, open it, switch back. The descriptor stays bound to it."""
    import ctypes
    import fcntl
    import struct

    libc = ctypes.CDLL(None, use_errno=True)

    def setns(fd: int) -> None:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), f"setns into {ns}")

    home = os.open("/proc/self/ns/net", os.O_RDONLY)
    target = os.open(NETNS_DIR / ns, os.O_RDONLY)
    try:
        setns(target)
        tun = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
        fcntl.ioctl(tun, TUNSETIFF, struct.pack("16sH22x", name.encode(), IFF_TUN | IFF_NO_PI))
        setns(home)
    finally:
        os.close(target)
        os.close(home)
    return tun


def _relay(server_ns: str, client_ns: str, delay_ms: int, loss_pct: float, jitter_ms: int) -> None:
    """Copy every IP packet between the two TUN devices, each one ``delay_ms`` ±
    ``jitter_ms`` later (uniform, as netem's default) or, with ``loss_pct`` %, never.
    Exits when stdin closes or on SIGTERM."""
    a, b = _open_tun_in(server_ns), _open_tun_in(client_ns)
    other = {a: b, b: a}
    queue: list[tuple[float, int, int, bytes]] = []  # (due, seq, out fd, packet)
    seq = itertools.count()
    rng = random.Random()
    print("ready", flush=True)
    while True:
        timeout = max(0.0, queue[0][0] - time.monotonic()) if queue else None
        readable, _, _ = select.select([a, b, sys.stdin], [], [], timeout)
        now = time.monotonic()
        if sys.stdin in readable and not sys.stdin.buffer.read1(4096):
            return
        for fd in (a, b):
            if fd not in readable:
                continue
            while True:  # drain: many packets may be waiting
                try:
                    packet = os.read(fd, 65536)
                except BlockingIOError:
                    break
                if rng.random() * 100 < loss_pct:
                    continue
                jitter = rng.uniform(-jitter_ms, jitter_ms) if jitter_ms else 0.0
                due = now + max(0.0, delay_ms + jitter) / 1000
                heapq.heappush(queue, (due, next(seq), other[fd], packet))
        while queue and queue[0][0] <= time.monotonic():
            _, _, out, packet = heapq.heappop(queue)
            with contextlib.suppress(OSError):  # a full queue drops, as a real link would
                os.write(out, packet)


if __name__ == "__main__" and sys.argv[1:2] == ["relay"]:
    _server, _client, _delay, _loss, _jitter = sys.argv[2:7]
    _relay(_server, _client, int(_delay), float(_loss), int(_jitter))
