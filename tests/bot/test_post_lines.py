"""Posts stay short: repeated steps fold ("×3"), and a long turn keeps its newest lines."""

from __future__ import annotations

from simcord import Env

from bot.i18n import Tr
from bot.post_lines import MAX_LINES, shortened
from engine.core import IllegalMove
from engine.moonriser.game import GAME
from tests.bot.moonriser_table import MoonTable, play

EN, CS = Tr("en"), Tr("cs")


def test_identical_consecutive_lines_fold_with_a_count() -> None:
    lines = ["a", "trade", "trade", "trade", "b", "trade"]
    assert shortened(EN, lines[:3], lines[3:]) == ["a", "trade ×3", "b", "trade"]


def test_a_long_turn_keeps_its_newest_lines_and_points_to_the_record() -> None:
    earlier = [f"step {i}" for i in range(20)]
    shown = shortened(EN, earlier, ["last"])
    assert len(shown) == MAX_LINES and shown[-1] == "last" and shown[1] == "step 10"
    assert shown[0].startswith("… 10 earlier steps aren't shown here;") and "/record" in shown[0]
    czech = shortened(CS, earlier, ["last"])
    assert czech[0].startswith("… 10 dřívějších kroků tu není vidět;")
    assert shortened(CS, earlier[:12], ["x"])[0].startswith("… 2 dřívější kroky tu nejsou vidět;")


def test_the_newest_step_shows_whole_however_long() -> None:
    new = [f"new {i}" for i in range(15)]
    shown = shortened(EN, ["old"], new)
    assert shown[1:] == new and "1 earlier step isn't shown" in shown[0]
    assert shortened(EN, ["old", *new[:13]], [], limit=None) == ["old", *new[:13]]


async def test_three_identical_trades_show_as_one_line_with_x3(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    for _ in range(400):
        row = await table.row()
        state = row.state
        seat = (await table.awaited())[0]
        person = await table.person_at(seat)
        trades = [m for m in GAME.legal_moves(state, seat) if m.kind == "trade"]
        if trades and can_repeat(state, seat, trades[0].notation, 3):
            break
        await play(table, person, GAME.bot_move(state, seat, "normal").notation)
    else:
        raise AssertionError("no seat could trade three times")
    give, get = trades[0].args
    post = table.boards()[-1]
    for _ in range(3):
        traded = await person.slash(table.thread, "moonriser trade", give=give, get=get)
        assert traded.response is None, "a step leaves no reply"
    content = table.boards()[-1].content
    assert table.boards()[-1].id == post.id
    line = next((line for line in content.splitlines() if line.endswith(" ×3")), None)
    assert line is not None, content
    assert content.count(line.removesuffix(" ×3")) == 1, "the three trades take one line"


def can_repeat(state: dict, seat: int, notation: str, times: int) -> bool:
    for _ in range(times):
        try:
            state, _ = GAME.apply(state, seat, notation)
        except IllegalMove:
            return False
    return True


async def test_a_four_player_game_never_posts_more_than_about_twelve_lines(simcord_env: Env) -> None:
    """The 4-player game that reached 29 lines: every post now shows its newest steps only."""
    table = await MoonTable.open(simcord_env, players=4, seed=2)
    trimmed = False
    for _ in range(300):
        row = await table.row()
        seat = (await table.awaited())[0]
        person = await table.person_at(seat)
        await play(table, person, GAME.bot_move(row.state, seat, "normal").notation)
        content = table.boards()[-1].content
        assert content.count("\n") + 1 <= MAX_LINES + 1, content  # + who is to act
        trimmed = trimmed or "earlier steps aren't shown here" in content
    assert trimmed, "some turn was long enough to be trimmed"
