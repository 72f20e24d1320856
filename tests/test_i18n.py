import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from sobremesa import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import update_catalogs  # noqa: E402

PLACEHOLDER = re.compile(r"\{(\w*)(?::[^}]*)?\}")


def messages():
    return update_catalogs.extract(ROOT / "src" / "sobremesa")


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.slow
def test_every_message_is_translated_with_the_same_placeholders(language):
    catalog = i18n.parse_po(
        (ROOT / "locales" / language / "LC_MESSAGES" / "sobremesa.po").read_text("utf-8")
    )
    missing = [m for m in messages() if m not in catalog]
    assert missing == []
    for msgid, plural in messages().items():
        forms = catalog[msgid] if plural else [catalog[msgid]]
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) == set(PLACEHOLDER.findall(msgid)), msgid


@pytest.mark.slow
def test_catalogs_are_up_to_date():
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "update_catalogs.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout


def test_language_switch_translates():
    i18n.set_language("en")
    assert i18n._("Menú principal.") == "Main menu."
    i18n.set_language("es")
    assert i18n._("Menú principal.") == "Menú principal."


def test_unknown_message_falls_back_to_itself():
    i18n.set_language("en")
    assert i18n._("zzz no existe") == "zzz no existe"


def test_po_parser_handles_plurals_multiline_and_fuzzy():
    text = (
        'msgid ""\nmsgstr "Header\\n"\n\n'
        'msgid "uno"\nmsgid_plural "varios"\nmsgstr[0] "one"\nmsgstr[1] "many"\n\n'
        'msgid ""\n"largo "\n"texto"\nmsgstr "long "\n"text"\n\n'
        '#, fuzzy\nmsgid "dudoso"\nmsgstr "doubtful"\n\n'
        'msgid "vacio"\nmsgstr ""\n'
    )
    catalog = i18n.parse_po(text)
    assert catalog == {"uno": ["one", "many"], "largo texto": "long text"}


@pytest.mark.slow
def test_installed_wheel_carries_the_catalogs(tmp_path):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    wheel = next(tmp_path.glob("sobremesa-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "sobremesa/locales/es/LC_MESSAGES/sobremesa.po" in names
    assert "sobremesa/locales/en/LC_MESSAGES/sobremesa.po" in names
