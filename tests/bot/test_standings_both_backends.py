"""/leaderboard, /stats, /history, /record and the rating rebuild answer the same on SQLite and PostgreSQL.

One history is played into each backend through the real bot (SimCord's clock and ids are the
same in every run, so the two histories are identical): six rated RunArch games on two servers,
a solo game against the automa in a DM, one player hiding from global boards. Then every answer
a player can ask for is collected, as they see it (text, embeds, the pictures' alt text and
bytes), before and after ``python -m bot.ratings rebuild``'s recomputation, and the two
backends' answers must be equal, and equal before and after the rebuild.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import simcord

from bot import create_bot
from bot.config import Config
from tests.bot.test_standings import RESIGN, League
from tests.pg_support import Databases

Answers = dict[str, Any]


async def _seen(result: Any) -> Any:
    """What the asker sees of a slash command's answer."""
    message = result.followups[-1] if result.followups else result.response
    if isinstance(message, str) or message is None:
        return message
    files = [
        (a.filename, a.description, hashlib.sha256(await a.read()).hexdigest()) for a in message.attachments
    ]
    return (result.ephemeral, message.content, [e.to_dict() for e in message.embeds], files)


async def _standings(league: League, dana: Any) -> Answers:
    m1, m2 = league.m1, league.m2
    asked: Answers = {}
    for scope in ("server", "global"):
        for variant in (None, "simple", "complex"):
            options = {"game": "runarch", "scope": scope} | ({"variant": variant} if variant else {})
            one = await m1["ben"].slash(league.hall1, "leaderboard", **options)
            two = await m2["eva"].slash(league.hall2, "leaderboard", **options)
            asked[f"board one {scope} {variant}"] = await _seen(one)
            asked[f"board two {scope} {variant}"] = await _seen(two)
    asked["board dm"] = await _seen(await dana.slash("leaderboard", game="runarch"))
    for name, member in m1.items():
        asked[f"stats {name}"] = await _seen(await member.slash(league.hall1, "stats"))
        asked[f"history {name}"] = await _seen(await member.slash(league.hall1, "history"))
    for name, member in m2.items():
        asked[f"stats two {name}"] = await _seen(await member.slash(league.hall2, "stats"))
    asked["stats dana"] = await _seen(await dana.slash("stats"))
    return asked


async def _answers(config: Config) -> tuple[Answers, Answers]:
    """Play the history on a bot of ``config``; the answers before and after a ratings rebuild."""
    bot = create_bot(config)
    seeds = iter(range(1, 100))
    bot.tables.new_seed = lambda: next(seeds)  # type: ignore[method-assign]
    try:
        async with simcord.run(bot) as env:
            league = League(env)
            await league.play()
            await league.m2["eva"].slash(league.hall2, "privacy", **{"global": "off"})
            dana = env.create_user("dana")
            opened = await dana.slash("runarch solo", variant="simple", difficulty="hard")
            assert not opened.ephemeral, opened.response.content
            shown = await dana.slash("runarch resign")
            await dana.click(shown.response.message, label=RESIGN)
            asked = await _standings(league, dana)
            for i, thread in enumerate(league.threads):  # four games on server One, two on Two
                asker = league.m1["fay"] if i < 4 else league.m2["eva"]
                asked[f"record {i}"] = await _seen(await asker.slash(thread, "record"))
            asked["record dm"] = await _seen(await dana.slash("record"))
            counted = await bot.store.rebuild_standings()
            assert counted == 7
            return asked, await _standings(league, dana)
    finally:
        await bot.store.close()


async def test_one_history_gives_the_same_answers_on_both_backends(
    tmp_path: Path, pg_databases: Databases
) -> None:
    lite_before, lite_after = await _answers(Config(token=None, database_path=str(tmp_path / "bot.sqlite3")))
    url = pg_databases.empty()
    pg_before, pg_after = await _answers(Config(token=None, database_path="unused", database_url=url))
    everyone = board_lines_of(lite_before["board one global None"])
    assert len(everyone) == 1 + 4  # the heading and five players less eva, who hid
    assert lite_before["stats dana"][2] and lite_before["record dm"][3]  # the solo game counts, has a record
    assert pg_before.keys() == lite_before.keys()
    for question, answer in lite_before.items():
        assert pg_before[question] == answer, question
    assert pg_after == lite_after
    assert lite_after == {q: a for q, a in lite_before.items() if q in lite_after}  # the rebuild: no change


def board_lines_of(seen: Any) -> list[str]:
    """The alt text lines of a leaderboard answer's picture."""
    (_name, description, _digest) = seen[3][0]
    return str(description).splitlines()
