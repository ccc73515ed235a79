"""Every Moonriser picture has a description (alt text), private ones too: the hand, the placement
preview, the supply and a looked-up tile, in the reader's language; the final board's names the
winner."""

from __future__ import annotations

from simcord import Env

from bot.i18n import Tr
from cogs.moonriser.labels import tile_name
from engine.moonriser.game import GAME
from tests.bot.moonriser_table import MoonTable
from tests.bot.test_moonriser_discord import to_development


def described(result: object) -> str:
    (picture,) = result.response.attachments  # type: ignore[attr-defined]
    text = picture.description or ""
    assert 0 < len(text) <= 1024, picture.filename
    return text


async def test_private_pictures_are_described_in_the_readers_language(
    simcord_env: Env, user_locales: dict[int, str]
) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    seat, me = await to_development(table)
    state = await table.state()
    hand = GAME.view(state, seat)["hand"]
    move = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place")
    tile, field, rotation, source = move.args
    for lang in ("en", "cs"):
        user_locales[me.id] = lang
        tr = Tr(lang)
        shown = described(await me.slash(table.thread, "moonriser hand"))
        assert str(tile_name(tr, state, hand[0])) in shown
        preview = await me.slash(
            table.thread, "moonriser place", tile=f"{tile}@{source}", field=field, rotation=int(rotation)
        )
        alt = described(preview)
        assert str(tile_name(tr, state, tile)) in alt and field in alt
        await me.click(preview.response, label="Cancel" if lang == "en" else "Zrušit")
        supply = described(await me.click(table.boards()[-1], label="Supply"))
        assert all(str(tile_name(tr, state, t)) in supply for t in state["supply"])
        looked = described(await me.slash(table.thread, "moonriser tile", tile=state["supply"][0]))
        assert str(tile_name(tr, state, state["supply"][0])) in looked
    assert await table.state() == state


async def test_the_final_description_names_the_winner(simcord_env: Env) -> None:
    table = await MoonTable.open(simcord_env, players=2, seed=3)
    _, me = await to_development(table)
    asked = await me.slash(table.thread, "moonriser resign")
    await me.click(asked.response, label="Confirm")
    winner = next(p for p in table.people if p is not me)
    board = table.boards()[-1].attachments[0].description or ""
    assert "Game over" in board and f"{winner.name} wins" in board, board
    assert f"Out of the game: {me.name} (resigned)" in board


async def test_the_final_description_of_a_game_ended_by_its_scores_names_the_winner(
    simcord_env: Env,
) -> None:
    """No resignation: the last player's last trades end the game, and the board's description
    names whoever the scores place first (the table's language: English, then Czech)."""
    from tests.bot.test_moonriser_endgame import last_trades

    for lang, over, wins in (("en", "Game over", "{name} wins"), ("cs", "Konec hry", "Vítězí {name}")):
        table, me, _ = await last_trades(simcord_env, {"green": 13, "red": 5}, [])
        await table.bot.store.set_locale(table.table_id, lang)
        warned = await me.click(table.boards()[-1], label="End turn")  # the last trades: VP first
        await me.click(warned.response, label="Convert all and end turn")
        row = await table.bot.store.table(table.table_id)
        assert row.status == "finished", row.status
        outcome = GAME.outcome(row.state)
        assert outcome is not None
        (first,) = [s for s, place in enumerate(outcome.places) if place == 1]
        winner = next(p for p in table.people if row.seat_of(p.id) == first)
        board = table.boards()[-1].attachments[0].description or ""
        assert over in board and wins.format(name=winner.name) in board, board


def _board(owned: int, phase: str | None = None) -> dict:
    """The public view of a fresh two-player game, with ``owned`` supply tiles placed by alice."""
    view = GAME.view(GAME.new(2, {}, 3), None)
    view["tiles"] = {f"F{n}": {"tile": tile, "owner": 0} for n, tile in enumerate(view["supply"][:owned])}
    if phase:
        view["phase"] = phase
    return view


def test_the_built_tiles_are_counted_in_each_languages_plural() -> None:
    from cogs.moonriser.alt_text import board_words

    english = {n: board_words(_board(n), ["alice", "bob"], Tr("en")) for n in (1, 2)}
    assert "alice: 0 VP" in english[1] and "1 tile built." in english[1], english[1]
    assert "2 tiles built." in english[2] and "bob: 0 VP" in english[2] and "0 tiles built." in english[2]
    czech = {n: board_words(_board(n), ["alice", "bob"], Tr("cs")) for n in (1, 2, 4)}
    assert "1 postavený dílek." in czech[1], czech[1]
    assert "2 postavené dílky." in czech[2] and "0 postavených dílků." in czech[2], czech[2]
    assert "4 postavené dílky." in czech[4], czech[4]


def test_the_board_description_is_sentences_not_run_together_parts() -> None:
    """A screen reader pauses between sentences: the round, the phase and each player's line
    each end with a full stop (they ran together: "Round 1 Game over bob wins.")."""
    from cogs.moonriser.alt_text import board_words

    over = _board(0, "over")
    for lang, expected in (("en", "Round 1. Game over. "), ("cs", "Kolo 1. Konec hry. ")):
        words = board_words(over, ["alice", "bob"], Tr(lang))
        assert words.startswith(expected), words
        assert ". alice: 0 V" in words, words
    english = board_words(_board(0), ["alice", "bob"], Tr("en"))
    assert english.startswith("Round 1. alice places a Main base. alice: 0 VP"), english
    czech = board_words(_board(0), ["alice", "bob"], Tr("cs"))
    assert czech.startswith("Kolo 1. alice pokládá Základnu. alice: 0 VB"), czech
