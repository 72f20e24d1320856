"""Compile a sorted list of normalized words into the flat DAWG file `dawg.py` reads.

Two steps, both pure Python:

1. Build the minimal acyclic automaton (DAWG) incrementally from sorted words
   (Daciuk, Mihov, Watson and Watson 2000): every finished branch is replaced by an
   equal one already registered, so shared endings ("-ábamos", "-iéramos") are
   stored once.
2. Lay the automaton out as one double array (see the format in `dawg.py`): each
   node gets a base position whose slot holds its header and whose slots
   `base + code` hold its edges. Nodes are placed first-fit, biggest first.

Used by `tools/build_lexicon.py` (the shipped lists) and at run time for a player's
own list (compiled once, then cached).
"""

from __future__ import annotations

import hashlib
import struct
import sys
from array import array
from collections.abc import Iterable

from sobremesa.lexicon.spelling import to_codes

MAGIC = b"SMDAWG01"
# magic, root, number of slots, number of words, number of nodes, sha256 of the list
HEADER = struct.Struct("<8sIIII32s")
HEADER_MARK = 28  # low 5 bits of a header slot: 28, or 29 for a terminal node


def build_automaton(words: Iterable[str]) -> tuple[int, list[tuple[int, tuple]], int, bytes]:
    """Minimal DAWG of sorted, distinct normalized words.

    Returns (root id, nodes, word count, sha256 of the newline-joined list with a final
    newline). A node is (terminal flag, ((code, child id), ...)) with edges in code order.
    """
    registry: dict[tuple, int] = {}
    nodes: list[tuple[int, tuple]] = []
    digest = hashlib.sha256()
    # The unfinished path: one [terminal, [(code, child or None)...]] per depth;
    # the last edge of each points to the next entry of `path`.
    path: list[list] = [[0, []]]
    previous = b""
    count = 0

    def register(node: list) -> int:
        key = (node[0], tuple(node[1]))
        found = registry.get(key)
        if found is None:
            found = len(nodes)
            nodes.append(key)
            registry[key] = found
        return found

    def minimize(down_to: int) -> None:
        # Replace path entries deeper than `down_to` by registered nodes.
        while len(path) - 1 > down_to:
            child = register(path.pop())
            edges = path[-1][1]
            edges[-1] = (edges[-1][0], child)

    batch: list[str] = []
    for word in words:
        codes = to_codes(word)
        if codes <= previous:
            raise ValueError(f"words not sorted or repeated: {word!r}")
        batch.append(word)
        if len(batch) >= 4096:
            digest.update(("\n".join(batch) + "\n").encode("utf-8"))
            batch.clear()
        common = 0
        limit = min(len(codes), len(previous))
        while common < limit and codes[common] == previous[common]:
            common += 1
        minimize(common)
        for code in codes[common:]:
            path[-1][1].append((code, None))
            path.append([0, []])
        path[-1][0] = 1
        previous = codes
        count += 1
    if batch:
        digest.update(("\n".join(batch) + "\n").encode("utf-8"))
    minimize(0)
    root = register(path.pop())
    return root, nodes, count, digest.digest()


def pack(root: int, nodes: list[tuple[int, tuple]]) -> tuple[array, int]:
    """Lay the automaton out as a double array; returns (slots, root base)."""
    order = sorted(range(len(nodes)), key=lambda n: -len(nodes[n][1]))
    base = [0] * len(nodes)
    # Free slots as the bits of one big int (bit i set: slot i is free), so that
    # "first b with b and every b + code free" is a few whole-int operations.
    # Room for twice the slots every node needs: first fit stays far below that.
    size = 2 * (len(nodes) + sum(len(edges) for _t, edges in nodes)) + 64
    free = (1 << size) - 2  # slot 0 taken: base 0 means "no node"
    for n in order:
        offsets = [code for code, _child in nodes[n][1]]
        fits = free
        for c in offsets:
            fits &= free >> c
        b = (fits & -fits).bit_length() - 1
        if b < 0:
            raise RuntimeError("double array full")
        taken = 1 << b
        for c in offsets:
            taken |= 1 << (b + c)
        free ^= taken
        base[n] = b
    # Room after the last base for every code, so `slots[node + code]` never overflows.
    slots = array("I", bytes(4 * (max(base) + 28)))
    for n, (terminal, edges) in enumerate(nodes):
        b = base[n]
        mask = 0
        for code, child in edges:
            mask |= 1 << (code - 1)
            slots[b + code] = (base[child] << 5) | code
        slots[b] = (mask << 5) | HEADER_MARK | terminal
    return slots, base[root]


def compile_words(words: Iterable[str]) -> bytes:
    """The file contents for sorted, distinct, normalized words."""
    root, nodes, count, digest = build_automaton(words)
    slots, root_base = pack(root, nodes)
    if sys.byteorder != "little":
        slots.byteswap()
    header = HEADER.pack(MAGIC, root_base, len(slots), count, len(nodes), digest)
    return header + slots.tobytes()


def sort_key(word: str) -> bytes:
    """Order of the compiled lists (Unicode order: ñ after z)."""
    return to_codes(word)
