"""Load on `sobremesa servidor`: many 4-seat tables at once, every seat a program
client over a real websocket on loopback (issue 13).

Run: python benchmarks/bench_server.py [--mesas N] [--juego GAME] [--segundos S]
     [--pensar S] [--rampa N] [--bots N] [--ritmo S] [--procesos N]

The real server runs as its own process (`python -m sobremesa servidor --puerto 0`).
The clients are asyncio websocket clients, many per process, in ``--procesos``
processes (default 2) on the same machine. Each table: one client creates it
(``crear``, 3 rivals), the others join (``unirse CODE``), the creator says
``empezar``; ``--bots N`` leaves N seats for the server's bots. Every client plays
as `tests/netplay.py`'s `BotPlayer` does (the game's bot, from the views in its own
``entrega`` frames), but thinks ``--pensar`` seconds (±50 %) before each answer, as a
person would. A table that ends is followed by a new one, so the load stays.
Tables come up at ``--rampa`` a second; then, after a short settling, the numbers
are taken over ``--segundos``:

- tables and connections held at the end of the window (asked / held);
- actions per second (``accion`` frames sent in the window);
- action → delivery: from sending ``accion`` to this client's next ``entrega``
  frame (p50, p99, max, in ms);
- the server's RSS (/proc VmRSS) with no table, half the tables and all of them,
  and per table: marginal (all − half, over the tables between) and overall
  (all − none: includes loading the game's code once);
- the server's CPU over the window (utime + stime, % of one core), its threads;
  the clients' CPU, and the machine's (all cores).

The machine has 2 cores, shared with other work (the clients run on it too): read
ratios and orders of magnitude, not guarantees.

Measured: docs/en-linea.md ("Hasta dónde llega un servidor") has every run. With
``--personas`` at 500 tables the server went from p99 0.5-1.4 s (a thread per
person, 2,501 threads, 72 % of a core) to 41-72 ms (four hubs, 5 threads, 40-48 %),
alternating runs on the 2-core machine; the clients' processes freeze their garbage
collector as the server does (`net.collector`), or their own pauses count as the
server's delay.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from netplay import BotPlayer, start_server  # noqa: E402

from sobremesa.core.speech_time import SpeechTimeline  # noqa: E402
from sobremesa.net.collector import Collector  # noqa: E402

SEATS = 4
#: Seconds after the ramp before the window opens (the last tables deal).
SETTLE = 5.0
#: With --personas, seconds more before the window: the opening is heard first.
OPENING_HEARD = 50.0
#: Seconds a client waits for the frame that seats it.
SEAT_TIMEOUT = 60.0


# -- the server's process, from /proc ---------------------------------------------------
def status(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (s)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies over all cores."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


# -- the clients ------------------------------------------------------------------------
class Player(BotPlayer):
    """A `BotPlayer` whose answers wait a think time (sent by the client's loop)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.asked: dict[str, Any] | None = None
        self.hearing = SpeechTimeline(180)  # what a person at 180 wpm still has to hear

    def _asked(self, frame: dict[str, Any]) -> None:
        self.asked = frame


class Clients:
    """One process's share of the tables, in one asyncio loop."""

    def __init__(self, url: str, how: dict[str, Any]) -> None:
        self.url = url
        self.how = how
        self.game = how["juego"]
        self.window = (how["desde"], how["hasta"])  # wall clock (time.time)
        self.latencies: list[float] = []
        self.actions = 0
        self.errors: dict[str, int] = {}
        self.playing = 0  # tables dealt and not over
        self.connections = 0
        self.finished = 0
        self.held: dict[str, int] = {}

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def in_window(self) -> bool:
        return self.window[0] <= time.time() < self.window[1]

    async def run(self, tables: list[int]) -> dict[str, Any]:
        start = self.how["inicio"]
        ramp = self.how["rampa"]
        tasks = [asyncio.create_task(self.table(i, start + i / ramp)) for i in tables]
        tasks.append(asyncio.create_task(self.collect()))
        await asyncio.sleep(max(0.0, self.window[1] - time.time()))
        self.held = {"mesas": self.playing, "conexiones": self.connections}
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return {
            "latencias": self.latencies,
            "acciones": self.actions,
            "errores": self.errors,
            "retenidas": self.held,
            "terminadas": self.finished,
            "cpu": time.process_time(),
        }

    async def collect(self) -> None:
        """The clients' garbage collector, as the server's: a client process's full
        collections (0.1 s at 1,000 clients) were delays it measured as the server's."""
        collector = Collector(time.monotonic())
        while True:
            await asyncio.sleep(1.0)
            collector.tick(time.monotonic(), 0)

    async def table(self, index: int, at: float) -> None:
        await asyncio.sleep(max(0.0, at - time.time()))
        round_ = 0
        while time.time() < self.window[1]:
            try:
                await self.one_table(index, round_)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # counted; the table starts over
                self.error(type(error).__name__)
                await asyncio.sleep(1.0)
            round_ += 1

    async def one_table(self, index: int, round_: int) -> None:
        from websockets.asyncio.client import connect

        humans = SEATS - self.how["bots"]
        seed = index * 1000 + round_
        players = [
            Player(self.url, self.game, f"P{index}-{k}", seed=seed + k) for k in range(humans)
        ]
        sockets: list[Any] = []
        dealt = False
        try:
            for player in players:
                ws = await connect(
                    self.url, max_size=2**22, open_timeout=60, ping_interval=None,
                    close_timeout=1,
                )  # fmt: skip
                sockets.append(ws)
                player.ws = ws
                self.connections += 1
                await self.send(ws, "hola", nombre=player.name, idioma="es", wpm=180,
                                programa=not self.how["personas"])  # fmt: skip
            creator, *others = players
            await self.send(
                sockets[0], "crear", juego=self.game, rivales=SEATS - 1, ritmo=self.how["ritmo"]
            )
            await self.seated(creator)
            for player in others:
                await self.send(player.ws, "linea", texto=f"unirse {creator.code}")
                await self.seated(player)
            await self.send(sockets[0], "linea", texto="empezar")
            self.playing += 1
            dealt = True
            await asyncio.gather(*(self.play(player) for player in players))
            self.finished += 1
        finally:
            if dealt:
                self.playing -= 1
            for ws in sockets:
                self.connections -= 1
                with contextlib.suppress(Exception):
                    await ws.close()

    @staticmethod
    async def send(ws: Any, kind: str, **fields: Any) -> None:
        await ws.send(json.dumps({"t": kind, **fields}))

    async def seated(self, player: Player) -> None:
        async with asyncio.timeout(SEAT_TIMEOUT):
            while player.code is None:
                self.take(player, await player.ws.recv())

    def take(self, player: Player, raw: str) -> dict[str, Any]:
        frame = player.take(raw)
        if frame["t"] == "di":
            player.hearing.say(" ".join(frame["lineas"]), time.monotonic())
        # Nothing is kept: thousands of clients for minutes.
        player.raw.clear()
        player.frames.clear()
        player.lines.clear()
        if player.latencies:
            if self.in_window():
                self.latencies += player.latencies
            player.latencies.clear()
        return frame

    async def play(self, player: Player) -> None:
        thinking: asyncio.Task[None] | None = None
        try:
            async for raw in player.ws:
                frame = self.take(player, raw)
                if frame["t"] == "fin":
                    return
                if player.asked is not None:
                    asked, player.asked = player.asked, None
                    if player.view is None:
                        continue  # the lobby's prompt, before the deal
                    if player.sent_at is not None:
                        # Asked again with no delivery: the action was refused.
                        self.error("accion sin entrega")
                        player.sent_at = None
                    if thinking is None or thinking.done():
                        thinking = asyncio.create_task(self.answer(player, asked))
        finally:
            if thinking is not None:
                thinking.cancel()

    async def answer(self, player: Player, asked: dict[str, Any]) -> None:
        think = self.how["pensar"] * random.uniform(0.5, 1.5)
        if self.how["personas"]:
            # A person answers once they have heard what was said, then thinks.
            think += player.hearing.remaining(time.monotonic())
        await asyncio.sleep(think)
        reply = player.answer(asked)
        if reply is None:
            return
        if reply["t"] == "accion":
            player.sent_at = time.monotonic()
            if self.in_window():
                self.actions += 1
        await player.ws.send(json.dumps(reply))


def client_process(url: str, how: dict[str, Any], tables: list[int], out: Any) -> None:
    try:
        out.put(asyncio.run(Clients(url, how).run(tables)))
    except BaseException as error:  # the parent reports it
        out.put({"fallo": repr(error)})


# -- the run ----------------------------------------------------------------------------
def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mesas", type=int, default=500)
    parser.add_argument("--juego", default="chinchon")
    parser.add_argument("--segundos", type=float, default=60.0)
    parser.add_argument("--pensar", type=float, default=1.0, help="think time per answer (s)")
    parser.add_argument("--rampa", type=float, default=50.0, help="tables started a second")
    parser.add_argument("--bots", type=int, default=0, help="seats of each table for bots")
    parser.add_argument("--ritmo", type=float, default=0.0, help="the tables' pace (ritmo)")
    parser.add_argument("--procesos", type=int, default=2, help="client processes")
    parser.add_argument(
        "--personas", action="store_true",
        help="clients play as people reading at 180 wpm: they say so (programa false, so "
        "the table waits for each to hear), and answer once they have heard what was said "
        "to them (the speech-time model), then think --pensar",
    )  # fmt: skip
    args = parser.parse_args()
    if not 0 <= args.bots < SEATS:
        parser.error(f"--bots: 0 to {SEATS - 1}")

    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp), grace=3600.0)
        pid = server.process.pid
        print(f"server: {server.url}, pid {pid}", flush=True)
        try:
            report = run(args, server.url, pid)
        finally:
            server.kill()
    tail = [line.rstrip() for line in server.output if "Traceback" in line or "ERROR" in line]
    if tail:
        print(f"server log: {len(tail)} errors, first: {tail[0][:200]}")
    show(args, report)


def run(args: argparse.Namespace, url: str, pid: int) -> dict[str, Any]:
    time.sleep(0.5)
    rss = {"sin mesas": status(pid, "VmRSS")}
    start = time.time() + 3.0  # the client processes import
    ramp_end = start + args.mesas / args.rampa
    # People first hear the game's opening (about 40 s of speech at 180 wpm).
    window_from = ramp_end + SETTLE + (OPENING_HEARD if args.personas else 0.0)
    how = {
        "juego": args.juego, "pensar": args.pensar, "rampa": args.rampa, "bots": args.bots,
        "ritmo": args.ritmo, "personas": args.personas, "inicio": start,
        "desde": window_from, "hasta": window_from + args.segundos,
    }  # fmt: skip
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    processes = [
        context.Process(
            target=client_process,
            args=(url, how, list(range(k, args.mesas, args.procesos)), out),
            daemon=True,
        )
        for k in range(args.procesos)
    ]
    for process in processes:
        process.start()
    # Half the tables up: the marginal memory is measured from here.
    time.sleep(max(0.0, start + args.mesas / 2 / args.rampa + 2.0 - time.time()))
    rss["mitad"] = status(pid, "VmRSS")
    time.sleep(max(0.0, how["desde"] - time.time()))
    cpu0, busy0, wall0 = cpu_seconds(pid), machine_busy(), time.monotonic()
    threads = 0
    while time.time() < how["hasta"] - 1.0:
        time.sleep(1.0)
        threads = max(threads, status(pid, "Threads"))
    rss["todas"] = max(rss["mitad"], status(pid, "VmRSS"))
    time.sleep(max(0.0, how["hasta"] - time.time()))
    cpu1, busy1, wall1 = cpu_seconds(pid), machine_busy(), time.monotonic()
    results = [out.get(timeout=120) for _ in processes]
    for process in processes:
        process.join(30)
    failed = [r["fallo"] for r in results if "fallo" in r]
    if failed:
        raise SystemExit(f"a client process failed: {failed[0]}")
    errors: dict[str, int] = {}
    for result in results:
        for kind, n in result["errores"].items():
            errors[kind] = errors.get(kind, 0) + n
    return {
        "rss": rss,
        "window": wall1 - wall0,
        "server_cpu": (cpu1 - cpu0) / (wall1 - wall0),
        "machine_cpu": (busy1[0] - busy0[0]) / max(1, busy1[1] - busy0[1]),
        "threads": threads,
        "latencies": [x for r in results for x in r["latencias"]],
        "actions": sum(r["acciones"] for r in results),
        "tables": sum(r["retenidas"]["mesas"] for r in results),
        "connections": sum(r["retenidas"]["conexiones"] for r in results),
        "finished": sum(r["terminadas"] for r in results),
        "client_cpu": sum(r["cpu"] for r in results),
        "errors": errors,
    }


def show(args: argparse.Namespace, r: dict[str, Any]) -> None:
    ms = [x * 1000 for x in r["latencies"]]
    humans = SEATS - args.bots
    rss = r["rss"]
    half = args.mesas / 2
    marginal = (rss["todas"] - rss["mitad"]) / max(1, args.mesas - half)
    overall = (rss["todas"] - rss["sin mesas"]) / max(1, args.mesas)
    print(
        f"{args.juego}, {args.mesas} tables of {SEATS} ({humans} clients, {args.bots} server bots), "
        f"{'people at 180 wpm: hear, then ' if args.personas else ''}"
        f"think {args.pensar} s, ritmo {args.ritmo}, window {r['window']:.0f} s; "
        f"clients: {args.procesos} processes on this machine (2 cores, shared)"
    )
    rows = [
        ("tables held (asked)", f"{r['tables']} ({args.mesas})"),
        ("connections held (asked)", f"{r['connections']} ({args.mesas * humans})"),
        ("tables finished in the run", f"{r['finished']}"),
        ("actions/s", f"{r['actions'] / r['window']:.1f}"),
        ("action→delivery p50 ms", f"{percentile(ms, 50):.1f}"),
        ("action→delivery p99 ms", f"{percentile(ms, 99):.1f}"),
        ("action→delivery max ms", f"{max(ms) if ms else float('nan'):.1f}"),
        ("deliveries timed", f"{len(ms)}"),
        ("server RSS none/half/all MB",
         f"{rss['sin mesas'] / 1024:.0f} / {rss['mitad'] / 1024:.0f} / {rss['todas'] / 1024:.0f}"),
        ("RSS per table KB marginal/overall", f"{marginal:.0f} / {overall:.0f}"),
        ("server CPU % of one core", f"{100 * r['server_cpu']:.0f}"),
        ("server threads", f"{r['threads']}"),
        ("clients CPU s (whole run)", f"{r['client_cpu']:.0f}"),
        ("machine CPU % (all cores)", f"{100 * r['machine_cpu']:.0f}"),
        ("errors", ", ".join(f"{k}: {n}" for k, n in r["errors"].items()) or "0"),
    ]  # fmt: skip
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")


if __name__ == "__main__":
    main()
