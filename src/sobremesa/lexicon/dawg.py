"""A word list as a flat DAWG (minimal acyclic automaton) in one double array.

The whole structure is one `array('I')` of 32-bit slots, read from the file in one
copy; there is no Python object per node or per edge. Letters are codes 1..27
(a=1 … z=26, ñ=27; see `spelling.py`).

Node API (what the Palabras move generator and the Castaña bots walk)
--------------------------------------------------------------------

A node is an `int`: its *base* position in `slots`. `dawg.root` is the node of the
empty prefix; `NONE` (0) means "no node". A node stands for every word prefix that
leads to it (the automaton is minimal, so many prefixes share a node).

- `dawg.child(node, code) -> int`: the node after one more letter, or `NONE`.
- `dawg.is_terminal(node) -> bool`: the prefix that led here is a word.
- `dawg.edge_mask(node) -> int`: bit `code` set for every letter with an edge.
- `dawg.edges(node) -> Iterator[(code, child)]`: the edges, in code order.
- `dawg.walk(codes, node=root) -> int`: follow several letters; `NONE` if stuck.
- `dawg.cross_mask(before, after) -> int`: cross-check set: bit `x` set when
  `before + x + after` is a word (the letters above and below a square; either may
  be empty). Walks `before` once, then `after` from each candidate child: about
  `len(after)` steps for each letter that can follow `before`.
- `word in dawg` for a normalized `str`; `dawg.contains_codes(codes)` for codes.
- `dawg.words(node=root, prefix="")`: every word below a node, in order.
- `dawg.spell(first, letters, min_length=3)`: the Castaña query (words that start
  with `first`, the rest drawn from the multiset `letters`).

`NONE` is a safe sink: `child(NONE, c)` is `NONE` and `is_terminal(NONE)` is False,
and `slots[node + code]` is in range for every node and every code 0..27, so a walk
needs no bounds checks.

Inlining in hot loops (a method call costs about as much as the work itself)::

    slots = dawg.slots
    v = slots[node + code]
    if v & 31 == code:          # an edge with this letter exists
        node = v >> 5           # its target
    terminal = slots[node] & 1  # header slot
    mask = slots[node] >> 4 & EDGE_BITS

Format
------

`slots[b]` for a node with base `b` is its header: bits 5–31 the edge mask
(bit 5 + code − 1), bits 0–4 the mark 28, or 29 if the node is terminal.
`slots[b + c]` is the edge for letter `c` when its low 5 bits equal `c`, and then
its bits 5–31 are the target's base. Bases are unique (the header slot is taken),
so the low bits prove which node owns a slot; free slots are 0. File: a 56-byte
header (`compiler.HEADER`: magic, root, slot count, word count, node count, sha256
of the newline-terminated word list) followed by the slots, little-endian.

There is no GADDAG: for these 636,598 words it has 442,868 nodes and 1,111,603
edges (about 6 MB in this format, against 48,061 nodes, 133,433 edges and 0.73 MB
for this DAWG; a reversed DAWG would be 1.2 MB). An anchor-based generator in the
style of Appel and Jacobson (left part from the rack through the forward DAWG, then
extend right) needs only the forward walk, and `cross_mask` gives the cross-check
sets. `benchmarks/bench_lexicon_movegen.py` is such a sketch: it reproduces the
move counts of the oracle positions without blanks in about 2 ms each.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator
from pathlib import Path

from sobremesa.lexicon.compiler import HEADER, MAGIC
from sobremesa.lexicon.spelling import LETTER, to_codes

NONE = 0
#: mask of the letter bits (1..27) in `slots[node] >> 4`
EDGE_BITS = ((1 << 27) - 1) << 1


class DawgFileError(ValueError):
    """The file is not a compiled word list of this version."""


class Dawg:
    __slots__ = ("slots", "root", "word_count", "node_count", "sha256")

    def __init__(self, data: bytes | bytearray | memoryview) -> None:
        if len(data) < HEADER.size:
            raise DawgFileError("too short")
        magic, root, length, words, nodes, digest = HEADER.unpack_from(data)
        if magic != MAGIC or len(data) != HEADER.size + 4 * length:
            raise DawgFileError("not a compiled word list")
        slots = array("I")
        slots.frombytes(memoryview(data)[HEADER.size :])
        if sys.byteorder != "little":
            slots.byteswap()
        self.slots = slots
        self.root = root
        self.word_count = words
        self.node_count = nodes
        self.sha256 = digest.hex()

    @classmethod
    def load(cls, path: Path) -> Dawg:
        return cls(Path(path).read_bytes())

    # --- node API ---------------------------------------------------------

    def child(self, node: int, code: int) -> int:
        v = self.slots[node + code]
        return v >> 5 if v & 31 == code else NONE

    def is_terminal(self, node: int) -> bool:
        return bool(self.slots[node] & 1)

    def edge_mask(self, node: int) -> int:
        return self.slots[node] >> 4 & EDGE_BITS

    def edges(self, node: int) -> Iterator[tuple[int, int]]:
        slots = self.slots
        mask = slots[node] >> 4 & EDGE_BITS
        while mask:
            low = mask & -mask
            code = low.bit_length() - 1
            yield code, slots[node + code] >> 5
            mask ^= low

    def walk(self, codes: bytes | list[int], node: int | None = None) -> int:
        slots = self.slots
        p = self.root if node is None else node
        for c in codes:
            v = slots[p + c]
            if v & 31 != c:
                return NONE
            p = v >> 5
        return p

    def contains_codes(self, codes: bytes | list[int]) -> bool:
        # NONE is a safe sink: its header slot is not terminal
        return self.slots[self.walk(codes)] & 1 == 1

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        try:
            codes = to_codes(word)
        except UnicodeEncodeError:
            return False
        return self.contains_codes(codes)

    def cross_mask(self, before: bytes | list[int], after: bytes | list[int]) -> int:
        slots = self.slots
        start = self.walk(before)
        if not start:
            return 0
        result = 0
        mask = slots[start] >> 4 & EDGE_BITS
        while mask:
            low = mask & -mask
            x = low.bit_length() - 1
            mask ^= low
            p = slots[start + x] >> 5
            for c in after:
                v = slots[p + c]
                if v & 31 != c:
                    break
                p = v >> 5
            else:
                if slots[p] & 1:
                    result |= low
        return result

    # --- whole-list queries ------------------------------------------------

    def __len__(self) -> int:
        return self.word_count

    def words(self, node: int | None = None, prefix: str = "") -> Iterator[str]:
        """Every word below `node` (default: the whole list), in sorted order."""
        slots = self.slots
        start = self.root if node is None else node
        # Explicit stack of (node, remaining edge mask, prefix).
        stack = [(start, slots[start] >> 4 & EDGE_BITS, prefix)]
        if slots[start] & 1:
            yield prefix
        while stack:
            p, mask, text = stack[-1]
            if not mask:
                stack.pop()
                continue
            low = mask & -mask
            code = low.bit_length() - 1
            stack[-1] = (p, mask ^ low, text)
            q = slots[p + code] >> 5
            word = text + LETTER[code]
            if slots[q] & 1:
                yield word
            stack.append((q, slots[q] >> 4 & EDGE_BITS, word))

    def spell(self, first: str, letters: str | list[str], min_length: int = 3) -> list[str]:
        """Words that start with `first` and use the rest from the multiset `letters`.

        Every letter of `letters` is used at most as often as it appears; the word has
        at least `min_length` letters in all. Sorted, no repeats.
        """
        slots = self.slots
        counts = [0] * 28
        for ch in letters:
            counts[to_codes(ch)[0]] += 1
        found: list[str] = []
        start = self.walk(to_codes(first))
        if not start:
            return found
        # letters at depth d is prefix[: d]; iterative DFS over (node, mask) frames.
        prefix = [first]
        have = 0
        for c in range(1, 28):
            if counts[c]:
                have |= 1 << c

        def visit(p: int, have: int) -> None:
            mask = slots[p] >> 4 & have
            while mask:
                low = mask & -mask
                c = low.bit_length() - 1
                mask ^= low
                q = slots[p + c] >> 5
                prefix.append(LETTER[c])
                counts[c] -= 1
                if slots[q] & 1 and len(prefix) >= min_length:
                    found.append("".join(prefix))
                visit(q, have if counts[c] else have ^ low)
                counts[c] += 1
                prefix.pop()

        if slots[start] & 1 and len(first) >= min_length:
            found.append(first)
        visit(start, have)
        return found
