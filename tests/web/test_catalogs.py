"""The message catalogs (gettext PO, compiled to MO by the build): every key in every
language, the same placeholders, the plural forms each language needs, nothing left
equal to its English unless marked so on purpose, numbers written each language's way."""

from __future__ import annotations

import gettext
import json

import pytest
from babel.messages.mofile import read_mo
from babel.numbers import format_decimal
from support.catalog_files import LANGS, WEB, catalogs, folder_messages, folders, plural_rule
from tablero.web.i18n import NUMBER_SYMBOLS, Catalog, format_number, placeholders

#: The plural forms of each language, as gettext writes them (Spanish: the form for
#: millions that CLDR adds is left out, as gettext's own tables do).
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "ja": "nplurals=1; plural=0;",
    "es": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
}
SAME_FLAG = "same-as-english"
FOLDERS = folders()


def name(folder) -> str:
    return catalogs.namespace(folder)


def entries(folder, lang):
    """The PO entries of ``lang`` (the template for English), header left out."""
    return [m for m in catalogs.read(folder, lang) if m.id]


def test_there_is_a_catalog_folder_per_namespace():
    names = {name(f) for f in FOLDERS}
    games = {"arribada", "arboretum", "arraial", "diadeplaya"}
    assert names == {"app", "boot"} | games | {f"{g}.tutorial" for g in games}
    for folder in FOLDERS:
        sources = sorted(p.name for p in folder.glob("*.po*"))
        assert sources == ["es.po", "ja.po", "messages.pot", "nl.po"], folder


@pytest.mark.parametrize("folder", FOLDERS, ids=name)
def test_every_key_in_every_language_with_its_english(folder):
    template = {m.context: m.id for m in entries(folder, "en")}
    assert template and all(key.startswith(name(folder) + ".") for key in template)
    for lang in LANGS[1:]:
        found = {m.context: m.id for m in entries(folder, lang)}
        assert found.keys() == template.keys(), (lang, sorted(found.keys() ^ template.keys()))
        stale = [key for key in template if found[key] != template[key]]
        assert not stale, f"{lang}: msgid differs from the template's English: {stale}"


@pytest.mark.parametrize("folder", FOLDERS, ids=name)
def test_each_language_declares_its_plural_forms(folder):
    for lang in LANGS[1:]:
        assert catalogs.read(folder, lang).plural_forms == PLURAL_FORMS[lang], lang


@pytest.mark.parametrize("folder", FOLDERS, ids=name)
def test_every_text_translated_with_the_same_placeholders_and_plural_forms(folder):
    english = {m.context: m.id for m in entries(folder, "en")}
    for lang in LANGS[1:]:
        nplurals = int(PLURAL_FORMS[lang].split(";")[0].split("=")[1])
        for message in entries(folder, lang):
            key, source = message.context, english[message.context]
            if isinstance(source, str):
                assert isinstance(message.string, str) and message.string.strip(), (lang, key)
                assert placeholders(message.string) == placeholders(source), (lang, key)
                continue
            # a plural: one text per form of the language; the general form (the last)
            # has every placeholder of the English plural, the others no other
            forms = message.string
            assert isinstance(forms, tuple | list) and len(forms) == nplurals, (lang, key)
            assert all(form.strip() for form in forms), (lang, key)
            wanted = placeholders(source[1])
            assert "count" in wanted, (key, "a plural message is chosen by {count}")
            assert placeholders(forms[-1]) == wanted, (lang, key)
            assert all(placeholders(form) <= wanted for form in forms), (lang, key)


@pytest.mark.parametrize("folder", FOLDERS, ids=name)
def test_placeholders_are_flagged_for_translation_tools(folder):
    for lang in LANGS:
        for message in entries(folder, lang):
            texts = [message.id] if isinstance(message.id, str) else list(message.id)
            if any(placeholders(text) for text in texts):
                assert "python-brace-format" in message.flags, (lang, message.context)


@pytest.mark.parametrize("folder", FOLDERS, ids=name)
def test_no_text_equals_its_english_unless_marked_the_same_on_purpose(folder):
    for lang in LANGS[1:]:
        for message in entries(folder, lang):
            same = message.string == message.id or (
                not isinstance(message.id, str) and message.string[-1] == message.id[1]
            )
            marked = SAME_FLAG in message.flags
            assert same == marked, f"{lang} {message.context}: " + (
                "untranslated (the English text)" if same else f"marked {SAME_FLAG}"
            )


def test_the_compiled_catalogs_are_what_the_app_reads(tmp_path):
    """Every text of every PO file is what tablero.web.i18n gives for its key (plural
    forms by their counts), so the compile step loses nothing."""
    for folder in folders(tutorials=False, boot=False):
        for lang in LANGS:
            catalog = Catalog.load(lang)
            rule = plural_rule(folder, lang)
            for key, text in folder_messages(folder, lang).items():
                if isinstance(text, str):
                    assert catalog.t(key) == text, (lang, key)
                else:
                    for count in range(0, 25):
                        want = text[rule(count)].replace("{count}", str(count))
                        assert catalog.t(key, count=count) == want, (lang, key, count)


GAME_FOLDERS = [f for f in folders(tutorials=False, boot=False) if f.parent.parent.name == "games"]


def carried_keys(folder) -> list[str]:
    """A game's keys that the shell's compiled catalog carries: its title and blurb."""
    return [f"{name(folder)}.{part}" for part in ("title", "blurb")]


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_shell_catalog_carries_every_games_title_and_blurb(lang):
    """The home screen and the saves list show every game's title before its bundle is
    on the page: the shell's MO file holds each game's title and blurb, as its own
    catalog says them, and no other key of a game."""
    assert {name(f) for f in GAME_FOLDERS} == {"arribada", "arboretum", "arraial", "diadeplaya"}
    with (WEB / "messages" / f"{lang}.mo").open("rb") as f:
        # a plural message's id is its pair of keys (the key twice): keyed by the first
        compiled = {
            m.id if isinstance(m.id, str) else m.id[0]: m.string for m in read_mo(f) if m.id
        }
    wanted = {}
    for folder in GAME_FOLDERS:
        own = folder_messages(folder, lang)
        for key in carried_keys(folder):
            assert own[key], (lang, key, "translated in the game's catalog")
            wanted[key] = own[key]
    games = {key: text for key, text in compiled.items() if not str(key).startswith("app.")}
    assert games == wanted


def test_a_games_title_and_blurb_are_in_its_catalog_not_in_the_shells_sources():
    shell = WEB / "messages"
    for lang in LANGS:
        keys = folder_messages(shell, lang).keys()
        assert all(key.startswith("app.") for key in keys), lang
        assert not any(key.startswith("app.games.") for key in keys), lang
        for folder in GAME_FOLDERS:
            assert set(carried_keys(folder)) <= folder_messages(folder, lang).keys()
    for path in shell.glob("*.po*"):
        text = path.read_text("utf-8")
        for folder in GAME_FOLDERS:
            assert all(f'"{key}"' not in text for key in carried_keys(folder)), path


def test_a_game_without_its_title_or_blurb_fails_the_compile(tmp_path):
    """What the shell carries of a game is read from the game's catalog, which must
    hold both (else the picker would show a message key)."""
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
    title = 'msgctxt "tiny.title"\nmsgid "Tiny"\nmsgstr ""\n\n'
    blurb = 'msgctxt "tiny.blurb"\nmsgid "Take one to three."\nmsgstr ""\n'
    for web, body in ((tmp_path / "ok", title + blurb), (tmp_path / "bad", blurb)):
        folder = web / "games" / "tiny" / "messages"
        folder.mkdir(parents=True)
        (folder / "messages.pot").write_text(header + body, "utf-8")
    assert catalogs.carried(tmp_path / "ok", "en") == [
        ("tiny.title", "Tiny"),
        ("tiny.blurb", "Take one to three."),
    ]
    with pytest.raises(ValueError, match="no tiny.title"):
        catalogs.carried(tmp_path / "bad", "en")


def test_the_boot_loaders_catalog_is_compiled_whole():
    table = json.loads(catalogs.BOOT_JSON.read_text("utf-8"))
    for lang in LANGS:
        assert table[lang] == folder_messages(catalogs.BOOT, lang), lang


def test_the_mo_files_carry_each_languages_plural_rule():
    for folder in folders(boot=False):
        for lang in LANGS:
            with (folder / f"{lang}.mo").open("rb") as f:
                info = gettext.GNUTranslations(f).info()
            assert info["plural-forms"] == PLURAL_FORMS[lang], (folder, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_are_written_as_cldr_writes_them_in_each_language(lang):
    """NUMBER_SYMBOLS agree with Babel's CLDR data."""
    for number in (0, 7, -3, 999, 1000, 1234, 12345, 999999, 1234567, -4321, 2.5, -1234.5):
        assert format_number(number, lang) == format_decimal(number, locale=lang), number
    assert set(NUMBER_SYMBOLS) == set(LANGS)


def test_a_number_parameter_is_written_the_languages_way():
    assert Catalog.load("nl").t("app.saves.turns", n=12345) == "beurten: 12.345"
    assert Catalog.load("en").t("app.saves.turns", n=12345) == "turns: 12,345"
