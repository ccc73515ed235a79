"""Every command the bot pushes to Discord, in English and in Czech, keeps Discord's limits.

SimCord does not check them, so a text one character too long passed every test and made the real
sync fail with 400 (issue 35). The payload is built as ``CommandTree.sync`` builds it (the
translator's ``get_translated_payload`` for each of ``tree.get_commands()``) and checked against
Discord's documented limits (``tests.discord_limits``, which names the source of each). The tests
of the checker itself show that one character over each limit is reported, naming the command,
option, locale and limit. Messages and components are checked on every request of every test by
the guard in ``tests/conftest.py``.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import discord
import pytest
from simcord import Env

import tests.discord_limits as limits
from bot.client import GameBot
from bot.i18n import catalog
from tests.discord_limits import check_commands, check_request

CZECH = discord.Locale.czech.value


async def pushed_commands(bot: GameBot) -> list[dict[str, Any]]:
    """The global commands exactly as ``tree.sync()`` sends them, every locale included."""
    tree = bot.tree
    translator = tree.translator
    assert translator is not None, "the bot syncs with its translator"
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


def walk(node: dict[str, Any]) -> list[dict[str, Any]]:
    """A command and all its options, subcommands and choices, depth first."""
    found = [node]
    for option in node.get("options") or []:
        found += walk(option)
    found += node.get("choices") or []
    return found


@pytest.fixture
async def commands(simcord_env: Env) -> list[dict[str, Any]]:
    return await pushed_commands(simcord_env.bot)


async def test_every_command_keeps_discords_limits_in_both_languages(commands: list[dict[str, Any]]) -> None:
    assert check_commands(commands) == []


async def test_the_checked_payload_is_the_one_the_sync_sent(
    simcord_env: Env, commands: list[dict[str, Any]]
) -> None:
    """The test checks what Discord receives: the sync's own request carries the same commands."""
    synced = [
        entry.json
        for entry in simcord_env.backend.http_requests
        if entry.method == "PUT" and limits.COMMANDS_PATH.match(entry.path)
    ]
    assert synced and synced[-1] == commands


async def test_every_czech_text_of_a_command_is_in_the_payload(commands: list[dict[str, Any]]) -> None:
    """Both languages are checked: every description carries its Czech one, and the Czech text of each
    command name, description and choice whose English text is sent is sent too, none unchecked."""
    nodes = [node for command in commands for node in walk(command)]
    assert len(nodes) > 100
    described = [node for node in nodes if "description" in node]
    assert all(CZECH in (node.get("description_localizations") or {}) for node in described)
    sent = {
        text
        for node in nodes
        for key in ("name_localizations", "description_localizations")
        for text in (node.get(key) or {}).values()
    }
    english_sent = {str(node.get(key)) for node in nodes for key in ("name", "description")}
    english = catalog("en")
    used = [key for key, text in english.items() if key.startswith("cmd.") and text in english_sent]
    assert len(used) > 100
    czech = catalog("cs")
    # a test game's catalog, loaded by an earlier test, may share an English text with a real command
    czech_of = {english[key]: set() for key in used}
    for key in used:
        czech_of[english[key]].add(czech.get(key, english[key]))
    assert not [key for key in used if not czech_of[english[key]] & (sent | english_sent)]


async def test_the_commands_fit_with_room_to_spare(commands: list[dict[str, Any]]) -> None:
    """Figures for the report: how close the largest command comes to 4,000 characters."""
    largest = max(commands, key=limits.command_size)
    assert limits.command_size(largest) <= limits.COMMAND_CHARS_MAX
    assert len(commands) <= limits.GLOBAL_CHAT_INPUT_MAX


# --- the checker itself: one character over each limit is reported, naming where ---------------


def command(**option: Any) -> dict[str, Any]:
    """A made-up command in the shape discord.py sends, with one option and its Czech texts."""
    base_option = {
        "type": 3,
        "name": "level",
        "description": "How hard it plays.",
        "name_localizations": {CZECH: "obtiznost"},
        "description_localizations": {CZECH: "Jak těžce hraje."},
        "required": False,
        "choices": [
            {"name": "Easy", "value": "easy", "name_localizations": {CZECH: "Lehká"}},
        ],
    }
    base_option.update(option)
    return {
        "type": 1,
        "name": "game",
        "description": "A game.",
        "name_localizations": {CZECH: "hra"},
        "description_localizations": {CZECH: "Hra."},
        "options": [
            {
                "type": 1,
                "name": "new",
                "description": "Start one.",
                "name_localizations": {CZECH: "nova"},
                "description_localizations": {CZECH: "Založ ji."},
                "options": [base_option],
            }
        ],
    }


def option_of(payload: dict[str, Any]) -> dict[str, Any]:
    return payload["options"][0]["options"][0]


def test_a_made_up_command_within_every_limit_passes() -> None:
    assert check_commands([command()]) == []
    at_limit = command(name="o" * 32, description="d" * 100)
    option_of(at_limit)["choices"] = [{"name": "n" * 100, "value": "v" * 100}]
    option_of(at_limit)["choices"] += [{"name": f"n{i}", "value": f"{i}"} for i in range(24)]
    assert check_commands([at_limit]) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (
            lambda o: o.update(description="d" * 101),
            [
                "command /game new, option 'level', locale default:",
                "description is 101 characters, Discord allows 1-100",
            ],
        ),
        (
            lambda o: o["description_localizations"].update({CZECH: "é" * 101}),
            ["option 'level', locale cs:", "description is 101 characters"],
        ),
        (
            lambda o: o.update(name="o" * 33),
            ["option 'ooooo", "locale default: name is 33 characters", "allows 1-32"],
        ),
        (lambda o: o["name_localizations"].update({CZECH: "ž" * 33}), ["locale cs: name is 33 characters"]),
        (lambda o: o.update(description=""), ["description is 0 characters, Discord allows 1-100"]),
        (
            lambda o: o.update(name="Level"),
            ["option 'Level', locale default: name 'Level' must be lowercase"],
        ),
        (
            lambda o: o["name_localizations"].update({CZECH: "obtížnost hry"}),
            ["locale cs: name 'obtížnost hry' does not match Discord's name pattern"],
        ),
        (
            lambda o: o["choices"][0].update(name="c" * 101),
            ["choice 'ccc", "choice name is 101 characters", "allows 1-100"],
        ),
        (
            lambda o: o["choices"][0]["name_localizations"].update({CZECH: "č" * 101}),
            ["choice 'Easy', locale cs: choice name is 101 characters"],
        ),
        (
            lambda o: o["choices"][0].update(value="v" * 101),
            ["choice 'Easy': choice value is 101 characters"],
        ),
        (
            lambda o: o.update(choices=[{"name": f"c{i}", "value": f"{i}"} for i in range(26)]),
            ["option 'level': 26 choices, Discord allows 25"],
        ),
        (lambda o: o.update(max_length=6001), ["option 'level': max_length 6001, Discord allows 1-6000"]),
    ],
)
def test_one_character_over_an_option_limit_is_named(
    change: Callable[[dict[str, Any]], None], expected: list[str]
) -> None:
    payload = command()
    change(option_of(payload))
    problems = "\n".join(check_commands([payload]))
    assert problems and all(part in problems for part in expected), problems


def test_one_over_the_command_limits_is_named() -> None:
    long_name = command()
    long_name["name_localizations"][CZECH] = "h" * 33
    assert any("command /game, locale cs: name is 33 characters" in p for p in check_commands([long_name]))

    many = command()
    many["options"][0]["options"] = [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]
    assert "command /game new: 26 options, Discord allows 25" in check_commands([many])

    groups = command()
    groups["options"] = [{"type": 1, "name": f"s{i}", "description": "d"} for i in range(26)]
    assert "command /game: 26 options, Discord allows 25" in check_commands([groups])

    order = command()
    order["options"][0]["options"].append({"type": 3, "name": "who", "description": "d", "required": True})
    assert any("a required option after an optional one" in p for p in check_commands([order]))

    twins = [command(), command()]
    twins[1]["name_localizations"] = {CZECH: "hra"}
    twins[1]["name"] = "other"
    assert "global, locale cs: two commands named 'hra'" in check_commands(twins)

    too_many = [{**command(), "name": f"c{i}", "name_localizations": {}} for i in range(101)]
    assert "global: 101 commands of type 1, Discord allows 100" in check_commands(too_many)


def test_the_combined_size_counts_the_longest_locale_of_each_field() -> None:
    """4,000 characters per command, each field counted once at its longest localisation."""
    payload = command()
    # game/hra 4 + "A game."/"Hra." 7 + new/nova 4 + "Start one."/"Založ ji." 10
    # + level/obtiznost 9 + "How hard it plays." 18 + Easy/Lehká 5 + easy 4
    assert limits.command_size(payload) == 4 + 7 + 4 + 10 + 9 + 18 + 5 + 4
    payload["options"][0]["options"] += [
        {
            "type": 3,
            "name": f"o{i:02}",
            "description": "d" * 100,
            "name_localizations": {CZECH: f"x{i:02}"},
            "description_localizations": {CZECH: "č" * 100},
        }
        for i in range(24)
    ]
    choices = option_of(payload)["choices"]
    while (room := limits.COMMAND_CHARS_MAX - limits.command_size(payload)) > 0:
        choices.append({"name": "n", "value": "v" * min(room - 1, 100), "name_localizations": {CZECH: "č"}})
    assert limits.command_size(payload) == limits.COMMAND_CHARS_MAX
    assert check_commands([payload]) == []
    choices[-1]["name_localizations"][CZECH] = "čč"  # the Czech name is now the longer one
    assert "command /game: 4001 characters in all, Discord allows 4000" in check_commands([payload])


async def test_a_real_locale_string_one_character_too_long_fails(
    make_bot: Callable[[], GameBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tried once on the catalogs: lengthen a real Czech option description to 101 characters and
    the command tree test's check names it; at 100 it passes."""
    key = "cmd.marsbot.new.prelude.description"
    czech = catalog("cs")
    assert key in czech
    bot = make_bot()
    env = Env(bot)
    await env.start()
    try:
        for length, fails in ((100, False), (101, True)):
            monkeypatch.setitem(czech, key, (czech[key] + "x" * 100)[:length])
            problems = check_commands(await pushed_commands(bot))
            named = [p for p in problems if "/marsbot new, option 'prelude', locale cs" in p]
            assert bool(named) is fails, problems
            if fails:
                assert "description is 101 characters, Discord allows 1-100" in named[0]
    finally:
        await env.shutdown()


# --- messages and components ---------------------------------------------------------------------


def test_one_over_each_message_limit_is_named() -> None:
    def problems(message: dict[str, Any], files: list[Any] = ()) -> str:  # type: ignore[assignment]
        return "\n".join(check_request("POST", "/channels/1/messages", message, files))

    assert problems({"content": "c" * 2000}) == ""
    assert "content is 2001 characters, Discord allows 0-2000" in problems({"content": "c" * 2001})
    assert "embed 1: title is 257" in problems({"embeds": [{"title": "t" * 257}]})
    assert "embed 1: description is 4097" in problems({"embeds": [{"description": "d" * 4097}]})
    field = {"name": "n" * 257, "value": "v" * 1025}
    text = problems({"embeds": [{"fields": [field]}]})
    assert "field 1 name is 257" in text and "field 1 value is 1025" in text
    assert "embed 1: footer is 2049" in problems({"embeds": [{"footer": {"text": "f" * 2049}}]})
    assert "embed 1: 26 fields" in problems({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]})
    two = {"embeds": [{"description": "d" * 3000}, {"description": "e" * 3001}]}
    assert "embeds of 6001 characters in all, Discord allows 6000" in problems(two)
    eleven = [discord.File(io.BytesIO(b"x"), filename=f"{i}.png") for i in range(11)]
    assert "11 attachments, Discord allows 10" in problems({"content": "x"}, eleven)
    big = discord.File(io.BytesIO(b"x" * (limits.UPLOAD_BYTES_MAX + 1)), filename="board.png")
    assert "file 'board.png' is 10485761 bytes" in problems({"content": "x"}, [big])
    small = discord.File(io.BytesIO(b"x" * limits.UPLOAD_BYTES_MAX), filename="board.png")
    assert problems({"content": "x"}, [small]) == ""
    alt = {"attachments": [{"id": 0, "filename": "board.png", "description": "a" * 1025}]}
    assert "attachment 'board.png': description is 1025 characters" in problems(alt)


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def button(label: str = "Go", custom_id: str = "go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def select(options: int = 3, **extra: Any) -> dict[str, Any]:
    made = [{"label": f"Option {i}", "value": str(i)} for i in range(options)]
    return {"type": 3, "custom_id": "pick", "options": made, "min_values": 1, "max_values": 1, **extra}


def test_one_over_each_component_limit_is_named() -> None:
    def problems(*rows: dict[str, Any]) -> str:
        return "\n".join(check_request("POST", "/channels/1/messages", {"components": list(rows)}))

    assert problems(row(*[button(custom_id=f"b{i}") for i in range(5)]), row(select(25))) == ""
    assert "row 1, 'lll" in problems(row(button(label="l" * 81)))
    assert "button label is 81 characters, Discord allows 0-80" in problems(row(button(label="l" * 81)))
    assert "custom_id is 101 characters, Discord allows 1-100" in problems(row(button(custom_id="i" * 101)))
    assert "row 1: 6 buttons, Discord allows 5" in problems(
        row(*[button(custom_id=f"b{i}") for i in range(6)])
    )
    assert "6 action rows, Discord allows 5" in problems(*[row(button())] * 6)
    assert "26 select options, Discord allows 1-25" in problems(row(select(26)))
    assert "placeholder is 151 characters" in problems(row(select(placeholder="p" * 151)))
    long_option = select()
    long_option["options"][0].update(label="l" * 101, value="v" * 101, description="d" * 101)
    text = problems(row(long_option))
    assert all(f"option {part} is 101 characters" in text for part in ("label", "value", "description"))
    assert "must be alone in its row" in problems(row(select(), button()))


def test_interaction_responses_modals_and_autocomplete_are_checked() -> None:
    callback = "/interactions/1/token/callback"
    message = {"type": 4, "data": {"content": "c" * 2001}}
    assert any("content is 2001" in p for p in check_request("POST", callback, message))
    modal = {
        "type": 9,
        "data": {
            "title": "t" * 46,
            "custom_id": "m",
            "components": [row({"type": 4, "custom_id": "f", "style": 1, "label": "l" * 46})],
        },
    }
    text = "\n".join(check_request("POST", callback, modal))
    assert "modal title is 46 characters" in text and "text input label is 46 characters" in text
    field = {"type": 4, "custom_id": "cost", "style": 1, "placeholder": "p" * 101}
    labelled = {"type": 18, "label": "l" * 46, "description": "d" * 101, "component": field}
    modal = {"type": 9, "data": {"title": "Card", "custom_id": "m", "components": [labelled]}}
    text = "\n".join(check_request("POST", callback, modal))
    assert "label is 46 characters, Discord allows 1-45" in text
    assert "label description is 101 characters" in text and "'cost': placeholder is 101 characters" in text
    choices = {"type": 8, "data": {"choices": [{"name": "n" * 101, "value": "v"}] * 26}}
    text = "\n".join(check_request("POST", callback, choices))
    assert "26 choices, Discord allows 25" in text and "choice name is 101 characters" in text
    follow_up = "\n".join(
        check_request("PATCH", "/webhooks/1/token/messages/@original", {"content": "c" * 2001})
    )
    assert "content is 2001" in follow_up
    thread = "\n".join(check_request("POST", "/channels/1/messages/2/threads", {"name": "n" * 101}))
    assert "channel name is 101 characters" in thread


async def test_the_guard_sees_what_the_bot_sends(simcord_env: Env, discord_limits: list[str]) -> None:
    """The guard every test runs under (``tests/conftest.py``) reports a message over the limits, our
    own text that ``bot.outgoing`` had to shorten on the way, even though what went out fits, and a
    label exactly at its limit (what the pickers' cutting leaves)."""
    channel = simcord_env.create_guild().create_text_channel("games")
    target = simcord_env.bot.get_channel(channel.id)
    assert isinstance(target, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="l" * 80, custom_id="c" * 99))
    picture = discord.File(io.BytesIO(b"png"), filename="board.png", description="a" * 1025)
    await target.send("x" * 2001, view=view, file=picture)
    await simcord_env.settle()
    found = "\n".join(discord_limits)
    assert "attachment 'board.png': description is 1025 characters, Discord allows 0-1024" in found
    assert "before bot.outgoing shortened it, message: content is 2001 characters" in found
    assert "button label is exactly Discord's limit of 80, cut by the bot?" in found
    assert "custom_id" not in found
    assert (
        len(channel.last_message.content if channel.last_message else "") == 2000
    )  # what went out was shortened
    discord_limits.clear()  # seen: this test sent them on purpose


@pytest.mark.clips_user_input
async def test_a_test_sending_what_a_user_typed_may_be_shortened(
    simcord_env: Env, discord_limits: list[str]
) -> None:
    channel = simcord_env.create_guild().create_text_channel("games")
    target = simcord_env.bot.get_channel(channel.id)
    assert isinstance(target, discord.TextChannel)
    await target.send("x" * 2001)
    await simcord_env.settle()
    assert discord_limits == []


def test_the_bots_own_clipping_uses_the_documented_limits() -> None:
    """``bot.outgoing`` shortens what it sends to these limits; the checker states them again from
    Discord's documentation on purpose, so a wrong number in the bot is caught, not trusted."""
    from bot import outgoing

    for name in (
        "CONTENT_MAX",
        "EMBED_TITLE_MAX",
        "EMBED_DESCRIPTION_MAX",
        "EMBED_FIELDS_MAX",
        "EMBED_FIELD_NAME_MAX",
        "EMBED_FIELD_VALUE_MAX",
        "EMBED_FOOTER_MAX",
        "EMBED_AUTHOR_MAX",
        "EMBEDS_TOTAL_MAX",
    ):
        assert getattr(outgoing, name) == getattr(limits, name), name
