"""A write whose COMMIT went unanswered and stays unknown is told as what the player did: their
move, their undo, their joining or leaving a lobby, the game's start; never "your move" for
all of them (issue 33), in English and in Czech.

The store's write raises ``OutcomeUnknown`` as the PostgreSQL backend does when the connection
drops during the COMMIT, and the database keeps not answering the bot's question whether it
was saved (``bot.outcome``), so the outcome stays unknown."""

from __future__ import annotations

from typing import Any

import pytest
from simcord import Env

from bot import outcome
from bot.i18n import t
from db.errors import OutcomeUnknown, StorageFault
from engine.runarch import GAME
from tests.bot.harness import Table

ACTIONS = ("move", "undo", "join", "leave", "start")


class Unanswered:
    """Once ``armed``, the store's ``method`` raises ``OutcomeUnknown``, and from then on the
    database does not answer whether an interaction took effect."""

    def __init__(self, store: Any, method: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.armed = False
        self.gone = False
        write = getattr(store, method)
        seen = store.interaction_seen

        async def unanswered(*args: Any, **kwargs: Any) -> Any:
            if self.armed:
                self.gone = True
                raise OutcomeUnknown("test", "connection lost during COMMIT")
            return await write(*args, **kwargs)

        async def asked(interaction_id: int) -> bool:
            if self.gone:
                raise StorageFault("test", "connection refused")
            return bool(await seen(interaction_id))

        monkeypatch.setattr(store, method, unanswered)
        monkeypatch.setattr(store, "interaction_seen", asked)
        monkeypatch.setattr(outcome, "RESOLVE_SECONDS", 0.3)


def said(result: Any) -> str:
    texts = [result.response.content if result.response is not None else ""]
    return "\n".join([*texts, *(m.content for m in result.followups)])


async def lobby(env: Env) -> tuple[Any, Any]:
    """Alice's RunArch lobby (two seats) in a new thread, and Bob on the server."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "runarch new")
    (thread,) = channel.threads
    return thread, bob


async def act(env: Env, action: str, user_locales: dict[int, str], lang: str, monkeypatch: Any) -> Any:
    """Do ``action`` with its write's outcome unknown; what the player was told."""
    store = env.bot.store  # type: ignore[attr-defined]
    if action in ("move", "undo"):
        table = await Table.open(env)
        mover = await table.to_act()
        user_locales[mover.id] = lang
        if action == "undo":
            await table.open_turn_with_a_swap()
            broken = Unanswered(store, "take_back", monkeypatch)
            broken.armed = True
            return await mover.slash(table.thread, "undo")
        broken = Unanswered(store, "commit_moves", monkeypatch)
        broken.armed = True
        state = await table.state()
        swap = next(m for m in GAME.legal_moves(state, GAME.to_act(state)[0]) if m.kind == "swap")
        return await mover.slash(table.thread, "runarch swap", a=swap.args[0], b=swap.args[1])
    thread, bob = await lobby(env)
    user_locales[bob.id] = lang
    if action == "leave":
        row = await store.open_table_in(thread.id)
        await store.join(row.id, bob.id, "bob")  # seated, and still a lobby
    broken = Unanswered(store, action, monkeypatch)
    broken.armed = True
    label = "Leave" if action == "leave" else "Join"  # the last seat taken starts the game
    return await bob.click(thread.history()[0], label=label)


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("action", ACTIONS)
async def test_an_unknown_outcome_names_what_the_player_did(
    simcord_env: Env, user_locales: dict[int, str], monkeypatch: pytest.MonkeyPatch, action: str, lang: str
) -> None:
    result = await act(simcord_env, action, user_locales, lang, monkeypatch)
    assert result.ephemeral, said(result)
    assert said(result) == t(lang, f"errors.storage_unknown.{action}")
    others = [t(lang, f"errors.storage_unknown.{a}") for a in ACTIONS if a != action]
    assert all(other not in said(result) for other in others)
    assert t(lang, "errors.storage") not in said(result)  # never "nothing was saved"


def test_each_action_has_its_own_sentence() -> None:
    for lang in ("en", "cs"):
        sentences = {t(lang, f"errors.storage_unknown.{a}") for a in (*ACTIONS, "change")}
        assert len(sentences) == len(ACTIONS) + 1
