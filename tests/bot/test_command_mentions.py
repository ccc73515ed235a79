"""Messages point at commands with Discord command mentions, and Czech names follow one policy."""

from __future__ import annotations

import re
import string

import pytest
from simcord import Env

from bot.i18n import COMMANDS, LANGS, CommandMention, Commands, catalog, t

MENTION = re.compile(r"</([a-z_ -]+):(\d+)>")


def command_specs(lang: str) -> dict[str, set[str]]:
    """Each ``{cmd:…}`` placeholder of a catalog, with the keys using it."""
    found: dict[str, set[str]] = {}
    for key, text in catalog(lang).items():
        for _, field, spec, _ in string.Formatter().parse(text):
            if field == "cmd":
                found.setdefault(" ".join((spec or "").split()), set()).add(key)
    return found


async def test_every_command_a_message_names_exists(simcord_env: Env) -> None:
    commands = {c.qualified_name for c in simcord_env.bot.tree.walk_commands()}
    for lang in LANGS:
        specs = command_specs(lang)
        assert specs, "no message points at a command"
        unknown = {spec: keys for spec, keys in specs.items() if spec not in commands}
        assert not unknown


@pytest.mark.parametrize("lang", LANGS)
def test_no_message_asks_to_type_a_command_name(lang: str) -> None:
    """A typed name would be English in a Czech client; a mention shows each client's own name."""
    typed = {k: v for k, v in catalog(lang).items() if re.search(r"`/\w", v)}
    assert not typed


async def test_a_refusal_mentions_the_synced_commands(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "runarch end")
    assert result.ephemeral
    mentioned = dict(MENTION.findall(result.response.content))
    assert set(mentioned) == {"runarch new", "games"}, result.response.content
    synced = {c.name: c.id for c in await simcord_env.bot.tree.fetch_commands()}
    assert mentioned["runarch new"] == str(synced["runarch"])
    assert mentioned["games"] == str(synced["games"])


async def test_a_czech_refusal_shows_the_same_clickable_mention(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("hry")
    jana = guild.add_member(simcord_env.create_user("jana"))
    user_locales[jana.id] = "cs"
    result = await jana.slash(channel, "runarch end")
    assert "nehraje žádná hra" in result.response.content
    assert {name for name, _ in MENTION.findall(result.response.content)} == {"runarch new", "games"}


def test_before_the_sync_a_command_is_named_in_the_readers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(COMMANDS, "ids", {})
    monkeypatch.setattr(COMMANDS, "names", {"runarch new": {"en": "runarch new", "cs": "runarch nova"}})
    assert format(CommandMention("cs"), "runarch new") == "`/runarch nova`"
    new = Commands(("runarch new",))
    assert "`/runarch new`" in t("en", "games.none", new_cmd=new)
    assert "`/runarch nova`" in t("cs", "games.none", new_cmd=new)


def test_czech_command_and_option_names_have_no_diacritics() -> None:
    """One policy: names a person types are plain ASCII in both languages (any keyboard types
    them); the labels of choices, which are picked from a list, keep their diacritics."""
    for lang in LANGS:
        names = {k: v for k, v in catalog(lang).items() if k.startswith("cmd.") and k.endswith(".name")}
        assert names
        bad = {k: v for k, v in names.items() if not re.fullmatch(r"[-_a-z0-9]{1,32}", v)}
        assert not bad
