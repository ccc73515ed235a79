"""Czech players get Czech answers, command names and pictures."""

from __future__ import annotations

import re

import pytest
from simcord import Env

from bot import i18n
from bot.i18n import LANGS, PLURAL_KEY, catalog, integer_categories, placeholders, sentences, t


def test_english_and_czech_catalogs_are_complete_and_consistent() -> None:
    en, cs = sentences("en"), sentences("cs")
    assert set(en) == set(cs), sorted(set(en) ^ set(cs))
    mismatched = [
        key for key in en if len({frozenset(placeholders(text)) for text in en[key] + cs[key]}) != 1
    ]
    assert not mismatched
    # A sentence must differ; a layout like "{card}: {pattern}" or a name like "RunArch" may be shared.
    untranslated = [
        k
        for k in en
        if en[k] == cs[k]
        and any(len(re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", text))) >= 2 for text in en[k])
        and not k.startswith("cmd.")
    ]
    assert not untranslated


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_table_has_each_form_its_language_needs(lang: str) -> None:
    """CLDR's integer categories (Babel): English one/other, Czech one/few/other."""
    needed = integer_categories(lang) | {"other"}
    assert needed == ({"one", "other"} if lang == "en" else {"one", "few", "other"})
    entries = catalog(lang)
    tables = {k.rpartition(".")[0] for k in entries if k.endswith(".other")}
    tables |= {k.rpartition(".")[0] for k in tables if k.endswith(".other")}
    assert tables, "no plural tables"
    for table in tables:
        forms = {k[len(table) + 1 :].partition(".")[0] for k in entries if k.startswith(f"{table}.")}
        forms.discard(PLURAL_KEY)
        assert forms >= needed, (table, sorted(needed - forms))
        assert forms <= integer_categories(lang) | {"other"}, (table, forms)


@pytest.mark.parametrize(
    ("lang", "key", "params", "expected"),
    [
        ("en", "stats.rating", {"rating": 1040, "games": 1, "wins": 1}, "after 1 rated game (1 won)"),
        ("en", "stats.rating", {"rating": 1040, "games": 2, "wins": 1}, "after 2 rated games"),
        ("cs", "stats.rating", {"rating": 1040, "games": 1, "wins": 0}, "po 1 hodnocené hře"),
        ("cs", "stats.rating", {"rating": 1040, "games": 3, "wins": 0}, "po 3 hodnocených hrách"),
        ("cs", "stats.rating", {"rating": 1040, "games": 21, "wins": 0}, "po 21 hodnocených hrách"),
        ("en", "runarch.scoring_label", {"card": "C1", "line": "row1", "points": 1}, "C1 on row1: 1 point"),
        ("cs", "runarch.scoring_label", {"card": "C1", "line": "row1", "points": 1}, ": 1 bod"),
        ("cs", "runarch.scoring_label", {"card": "C1", "line": "row1", "points": 4}, ": 4 body"),
        ("cs", "runarch.scoring_label", {"card": "C1", "line": "row1", "points": 12}, ": 12 bodů"),
        ("en", "runarch.bet_on_archive", {"archive": "Left", "count": 1}, "exactly 1 card"),
        ("cs", "runarch.bet_on_archive", {"archive": "Levý", "count": 1}, "přesně 1 kartou"),
        ("cs", "clock.days", {"count": 1}, "1 den"),
        ("cs", "clock.days", {"count": 2}, "2 dny"),
        ("cs", "clock.days", {"count": 5}, "5 dní"),
        ("en", "clock.days", {"count": 1}, "1 day"),
        ("en", "lobby.too_few", {"minimum": 2}, "At least 2 players"),
        ("cs", "lobby.too_few", {"minimum": 5}, "aspoň 5 hráčů"),
    ],
)
def test_counted_words_follow_the_number(lang: str, key: str, params: dict[str, int], expected: str) -> None:
    assert expected in t(lang, key, **params)


def test_a_form_may_select_again_by_another_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two counted nouns in one sentence: the chosen form is a plural table of its own."""
    entries = {
        "x.plural": "cards",
        "x.one.plural": "games",
        "x.one.one": "{cards} card in {games} game",
        "x.one.other": "{cards} card in {games} games",
        "x.other.plural": "games",
        "x.other.one": "{cards} cards in {games} game",
        "x.other.other": "{cards} cards in {games} games",
    }
    monkeypatch.setattr(i18n, "catalog", lambda lang: entries)
    i18n.is_plural.cache_clear()
    try:
        assert t("en", "x", cards=1, games=3) == "1 card in 3 games"
        assert t("en", "x", cards=2, games=1) == "2 cards in 1 game"
    finally:
        i18n.is_plural.cache_clear()


async def test_czech_user_gets_czech_replies_and_the_board_follows_the_table(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("hry")
    jana = guild.add_member(simcord_env.create_user("jana"))
    petr = guild.add_member(simcord_env.create_user("petr"))
    user_locales[jana.id] = "cs"
    result = await jana.slash(channel, "runarch new", opponent=petr)
    assert "otevírá stůl" in result.response.content
    (thread,) = channel.threads
    lobby = thread.history()[0]
    assert "Přisednout" in lobby.content
    await petr.click(lobby, label="Přisednout")
    board = thread.history()[-1]
    assert "jsi na tahu" in board.content  # the table speaks the host's language
    # Petr's own locale is English: his private answers are English.
    refused = await petr.slash(channel, "runarch end")
    assert "no game in this channel" in refused.response.content
    refused = await jana.slash(channel, "runarch end")
    assert "nehraje žádná hra" in refused.response.content
    # The table's language can be changed.
    changed = await petr.slash(thread, "table language", language="en")
    assert "English" in changed.response.content
    await jana.slash(thread, "runarch board")
    assert "your move" in thread.history()[-1].content


async def test_command_names_and_descriptions_are_localised(simcord_env: Env) -> None:
    bot = simcord_env.bot
    translator = bot.tree.translator  # type: ignore[attr-defined]
    assert translator is not None
    payloads = [
        await command.get_translated_payload(bot.tree, translator) for command in bot.tree.get_commands()
    ]
    runarch = next(p for p in payloads if p["name"] == "runarch")
    assert runarch["description_localizations"]["cs"].startswith("RunArch: prohazuj")
    subs = {o["name"]: o for o in runarch["options"]}
    assert subs["swap"]["name_localizations"]["cs"] == "prohodit"
    assert subs["score"]["description_localizations"]["cs"]
