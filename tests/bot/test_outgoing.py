"""The shortening that keeps every message within Discord's limits."""

from __future__ import annotations

import discord

from bot.errors import UserError
from bot.outgoing import CONTENT_MAX, fit_content, fit_embeds, fit_message, plain, unguarded


def test_long_content_is_shortened_with_an_ellipsis() -> None:
    assert fit_content("short") == "short"
    long = fit_content("x" * 6000)
    assert len(long) == CONTENT_MAX and long.endswith("…")


def test_embeds_keep_every_limit_and_the_total() -> None:
    embed = discord.Embed(title="t" * 600, description="d" * 6000)
    for _ in range(30):
        embed.add_field(name="n" * 300, value="v" * 2000)
    embed.set_footer(text="f" * 3000)
    embed.set_author(name="a" * 300)
    (fitted,) = fit_embeds([embed])
    assert len(fitted.title or "") == 256 and len(fitted.author.name or "") == 256
    assert len(fitted.fields) <= 25
    assert all(len(f.name or "") <= 256 and len(f.value or "") <= 1024 for f in fitted.fields)
    assert len(fitted) <= 6000
    two = fit_embeds([discord.Embed(description="d" * 4000), discord.Embed(description="e" * 4000)])
    assert sum(len(e) for e in two) <= 6000


def test_message_arguments_are_fitted_and_short_ones_left_alone() -> None:
    fitted = fit_message({"content": "y" * 2500, "embed": discord.Embed(description="z" * 5000)})
    assert len(fitted["content"]) == 2000 and len(fitted["embed"].description or "") == 4096
    assert fit_message({"content": "hello"}) == {"content": "hello"}


def test_every_discord_module_builds_messages_through_the_guard(simcord_bot: object) -> None:
    assert unguarded() == []


def test_a_refusal_quotes_at_most_40_characters_of_what_was_typed() -> None:
    error = UserError("core.bad_notation", text="swap " + "A" * 5000, position=3)
    assert len(error.params["text"]) == 40 and error.params["text"].endswith("…")
    assert error.params["position"] == 3


def test_names_are_shown_without_pinging() -> None:
    assert "<@123456789012345678>" not in plain("<@123456789012345678>")
    assert "@everyone" not in plain("@everyone")
    assert plain("alice") == "alice"
