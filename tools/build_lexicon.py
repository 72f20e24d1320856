#!/usr/bin/env python3
"""Rebuild the word lists shipped in src/sobremesa/lexicon/data/ from their sources, offline.

Full list ("amplia", es.dawg): the npm package an-array-of-spanish-words 2.0.0.
Its 636,598 words, joined by newlines with a final newline, must have the sha256 below;
the script refuses anything else.

Curated list (the default of Palabras and ABC ¡Castaña!, es-curada.dawg; needs
--hunspell): the words of the full list that are either longer than SHORT letters or
confirmed by the RLA-ES hunspell dictionary (every form its stems and affixes make,
accents folded, lowercase entries only), adjusted by the hand-made list
tools/lexicon_curada.txt (-word: left out; +word: kept). The rule and its measurements:
docs/diccionario.md and tools/measure_lexicon.py.

    mkdir /tmp/fuentes && cd /tmp/fuentes
    npm pack an-array-of-spanish-words@2.0.0     # → an-array-of-spanish-words-2.0.0.tgz
    npm pack dictionary-es@4.0.0                 # → dictionary-es-4.0.0.tgz (RLA-ES hunspell)
    pip install spylls==0.1.7                    # only for --hunspell
    python tools/build_lexicon.py /tmp/fuentes/an-array-of-spanish-words-2.0.0.tgz \\
        --hunspell /tmp/fuentes/dictionary-es-4.0.0.tgz

Castaña supplement (--hunspell): the words with k or w of the RLA-ES Spanish hunspell
dictionary (npm dictionary-es 4.0.0, the same files as LibreOffice's es_ES; GPL-3.0+ or
LGPL-3.0+ or MPL-1.1+), expanded here with spylls' reading of the affix file (stem, one
or two suffixes, prefixes where the cross product is allowed), every form confirmed by
spylls' own lookup, then normalized like the main list. Left out, to match the main
list: proper nouns and other capitalized entries, forms with attached pronouns (the
dictionary's non-ASCII suffix flags, and reflexive -rse/-ndose forms made by a suffix),
and symbols without a vowel (km, kg).

Each source may be given as the tarball from `npm pack`, its extracted `package/`
folder, or the file itself (index.json; index.aff or index.dic). `--check` rebuilds in
memory and compares with the shipped files instead of writing them (exit 1 if they
differ).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sobremesa.lexicon.compiler import compile_words, sort_key  # noqa: E402
from sobremesa.lexicon.dawg import Dawg  # noqa: E402
from sobremesa.lexicon.spelling import WordError, is_normal, normalize  # noqa: E402

DATA = ROOT / "src" / "sobremesa" / "lexicon" / "data"
MAIN_FILE = "es.dawg"
CURATED_FILE = "es-curada.dawg"
SUPPLEMENT_FILE = "castana-kw.dawg"
ADJUSTMENTS = ROOT / "tools" / "lexicon_curada.txt"
#: words of up to this many letters are kept in the curated list only if RLA-ES confirms them
SHORT = 6
WORDS_COUNT = 636_598
WORDS_SHA256 = "a6e805ab9a56a32e27aa528c2abf022e6594d8dc6001322236560a7a58ee34b4"


def read_member(source: Path, name: str) -> bytes:
    """`name` from an npm tarball, an extracted package folder, or the file itself."""
    if source.is_dir():
        for candidate in (source / name, source / "package" / name):
            if candidate.is_file():
                return candidate.read_bytes()
        raise SystemExit(f"{source}: no {name} inside")
    if tarfile.is_tarfile(source):
        with tarfile.open(source) as tar:
            for member in tar.getmembers():
                if member.name.split("/")[-1] == name and member.isfile():
                    extracted = tar.extractfile(member)
                    assert extracted is not None
                    return extracted.read()
        raise SystemExit(f"{source}: no {name} inside")
    return source.read_bytes()


def main_words(source: Path) -> list[str]:
    raw = read_member(source, "index.json")
    text = raw.decode("utf-8")
    words = json.loads(text) if text.lstrip().startswith("[") else text.splitlines()
    joined = ("\n".join(words) + "\n").encode("utf-8")
    digest = hashlib.sha256(joined).hexdigest()
    if len(words) != WORDS_COUNT or digest != WORDS_SHA256:
        raise SystemExit(
            f"{source}: {len(words)} words, sha256 {digest}; "
            f"expected {WORDS_COUNT} words, sha256 {WORDS_SHA256}"
        )
    bad = [w for w in words if not is_normal(w)]
    if bad:
        raise SystemExit(f"{source}: words outside the alphabet: {bad[:10]}")
    if words != sorted(words, key=sort_key):
        raise SystemExit(f"{source}: not in sorted order")
    return words


# --- Castaña supplement from the hunspell dictionary -------------------------------

HAS_KW = re.compile("[kw]", re.IGNORECASE)
VOWEL = re.compile("[aeiouáéíóúü]")
REFLEXIVE = re.compile("(rse|ndose)$")


def load_hunspell(source: Path):
    try:
        from spylls.hunspell import Dictionary
    except ImportError:
        raise SystemExit("--hunspell needs spylls: pip install spylls==0.1.7") from None
    with tempfile.TemporaryDirectory() as tmp:
        for ext in ("aff", "dic"):
            (Path(tmp) / f"es.{ext}").write_bytes(read_member(source, f"index.{ext}"))
        return Dictionary.from_files(str(Path(tmp) / "es"))


def supplement_words(dictionary) -> list[str]:
    forms = expand_kw(dictionary)
    words = set()
    for form in forms:
        if form != form.lower() or not VOWEL.search(form):
            continue  # proper nouns, acronyms; symbols such as km, kg
        try:
            word = normalize(form)
        except WordError:
            continue
        if HAS_KW.search(word):
            words.add(word)
    return sorted(words, key=sort_key)


def entry_forms(aff, entry, usable=lambda flag: True, keep=lambda form: True) -> set[str]:
    """The forms one dictionary entry makes: its stem, one or two suffixes, and
    prefixes (on suffixed forms only where both allow the cross product). `usable`
    picks the affix flags applied; `keep` the suffixed forms that count."""

    def suffixed(word: str, flags) -> list:
        out = []
        for flag in flags:
            if not usable(flag):
                continue
            for sfx in aff.SFX.get(flag, ()):
                if word.endswith(sfx.strip) and sfx.cond_regexp.search(word):
                    out.append((sfx, word[: len(word) - len(sfx.strip)] + sfx.add))
        return out

    def prefixed(word: str, flags, cross_only: bool) -> list[str]:
        out = []
        for flag in flags:
            if not usable(flag):
                continue
            for pfx in aff.PFX.get(flag, ()):
                if cross_only and not pfx.crossproduct:
                    continue
                if word.startswith(pfx.strip) and pfx.cond_regexp.search(word):
                    out.append(pfx.add + word[len(pfx.strip) :])
        return out

    stem = entry.stem
    made = {stem}
    with_suffix = []
    for sfx, form in suffixed(stem, entry.flags):
        if keep(form):
            made.add(form)
            with_suffix.append((sfx.crossproduct, form))
        for sfx2, form2 in suffixed(form, sfx.flags):
            if keep(form2):
                made.add(form2)
                with_suffix.append((sfx.crossproduct and sfx2.crossproduct, form2))
    made.update(prefixed(stem, entry.flags, cross_only=False))
    for cross, form in with_suffix:
        if cross:
            made.update(prefixed(form, entry.flags, cross_only=True))
    return made


def expand_kw(dictionary) -> set[str]:
    """Every form with k or w that the dictionary's stems and affixes make."""
    aff = dictionary.aff
    affix_adds_kw = any(
        HAS_KW.search(affix.add)
        for table in (aff.SFX, aff.PFX)
        for group in table.values()
        for affix in group
    )
    forms: set[str] = set()
    for entry in dictionary.dic.words:
        if not affix_adds_kw and not HAS_KW.search(entry.stem):
            continue
        made = entry_forms(
            aff,
            entry,
            usable=lambda flag: flag.isascii(),  # the non-ASCII suffix flags attach pronouns
            keep=lambda form: not REFLEXIVE.search(form),
        )
        for form in made:
            if HAS_KW.search(form) and dictionary.lookup(form):
                forms.add(form)
    return forms


# --- curated list: the full list, short words confirmed by RLA-ES ----------------------


def confirmed_words(dictionary) -> set[str]:
    """Every lowercase form of the dictionary (all stems, all affix flags), normalized.

    The dictionary has no compounding and no NEEDAFFIX, so these are the forms its
    lookup accepts (checked once with spylls' lookup: every form was accepted).
    Capitalized entries (proper nouns, acronyms) confirm nothing.
    """
    forms: set[str] = set()
    for entry in dictionary.dic.words:
        forms.update(entry_forms(dictionary.aff, entry))
    words = set()
    for form in forms:
        if form != form.lower():
            continue
        try:
            words.add(normalize(form))
        except WordError:
            continue
    return words


def read_adjustments(path: Path = ADJUSTMENTS) -> tuple[set[str], set[str]]:
    """(left out, kept) from the hand-made list: `-word` or `+word`, `#` starts a comment."""
    removed: set[str] = set()
    added: set[str] = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        sign, word = entry[0], entry[1:].strip()
        if sign not in "+-" or not word or not is_normal(word):
            raise SystemExit(f"{path.name}, line {number}: expected -word or +word: {line!r}")
        (removed if sign == "-" else added).add(word)
    return removed, added


def curated_words(
    words: list[str],
    confirmed: set[str],
    adjustments: tuple[set[str], set[str]] | None = None,
) -> list[str]:
    """The curated list: `words` (sorted) filtered by the rule and the adjustments.

    Kept: words longer than SHORT letters, words RLA-ES confirms (`confirmed`), and the
    `+` words; then the `-` words are left out. `adjustments` is (left out, kept),
    read from tools/lexicon_curada.txt when not given.
    """
    removed, added = adjustments if adjustments is not None else read_adjustments()
    present = set(words)
    for word in sorted(removed | added):
        if word not in present:
            raise SystemExit(f"{ADJUSTMENTS.name}: {word} is not in the full list")
    for word in sorted(added):
        if word in confirmed or len(word) > SHORT:
            raise SystemExit(f"{ADJUSTMENTS.name}: +{word} is kept anyway; remove the line")
    return [
        w for w in words if (len(w) > SHORT or w in confirmed or w in added) and w not in removed
    ]


# --- writing and checking ------------------------------------------------------------


def compiled(words: list[str], name: str) -> bytes:
    data = compile_words(words)
    back = list(Dawg(data).words())
    if back != words:
        raise SystemExit(f"{name}: the compiled file does not give back the same words")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "words", type=Path, help="an-array-of-spanish-words-2.0.0.tgz (or folder, index.json)"
    )
    parser.add_argument("--hunspell", type=Path, help="dictionary-es-4.0.0.tgz (or folder)")
    parser.add_argument("--out", type=Path, default=DATA, help=f"output folder (default {DATA})")
    parser.add_argument("--check", action="store_true", help="compare with the shipped files")
    args = parser.parse_args(argv)

    outputs: dict[str, bytes] = {}
    words = main_words(args.words)
    print(f"{MAIN_FILE}: {len(words)} words, sha256 {WORDS_SHA256} (checked)")
    outputs[MAIN_FILE] = compiled(words, MAIN_FILE)
    if args.hunspell:
        dictionary = load_hunspell(args.hunspell)
        curated = curated_words(words, confirmed_words(dictionary))
        print(f"{CURATED_FILE}: {len(curated)} words ({len(words) - len(curated)} left out)")
        outputs[CURATED_FILE] = compiled(curated, CURATED_FILE)
        extra = supplement_words(dictionary)
        print(f"{SUPPLEMENT_FILE}: {len(extra)} words with k or w")
        outputs[SUPPLEMENT_FILE] = compiled(extra, SUPPLEMENT_FILE)

    status = 0
    for name, data in outputs.items():
        target = args.out / name
        if args.check:
            same = target.is_file() and target.read_bytes() == data
            print(f"{target}: {'same' if same else 'DIFFERENT'}")
            status |= not same
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            print(f"{target}: {len(data):,} bytes")
    return status


if __name__ == "__main__":
    sys.exit(main())
