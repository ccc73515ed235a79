"""What each reader could read of the bot's messages, to catch hidden information leaking into
their machine-readable parts: a select option's value, a custom id, an embed field, a file name
or an image description never show in the Discord client, yet every client receives them.

``Watch`` keeps every version of every message the bot posts or edits (an edit can hide what an
earlier version leaked) with who may read it; ``secrets`` lists, per game, what a seat alone may
see (its hand) and what nobody may (the next cards of a deck, the random generator, the seed)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pytest
from simcord import Env

from tests.bot.marsbot_table import components

EVERYONE = None
"""The reader of a message posted in a thread or channel (not ephemeral)."""


def message_words(content: str | None, embeds: Any, parts: Any, attachments: Iterable[Any]) -> str:
    """Texts, embeds, components (custom ids, option values, labels, descriptions, placeholders)
    and pictures' file names and descriptions: everything a client receives but the picture."""
    files = [
        [a.get("filename"), a.get("description")] if isinstance(a, dict) else [a.filename, a.description]
        for a in attachments
    ]
    return "\n".join([content or "", json.dumps(embeds), json.dumps(parts), json.dumps(files)])


def public_words(thread: Any) -> str:
    """Everything ``thread`` shows everyone (its ephemeral messages left out), as it is now."""
    return "\n".join(
        message_words(m.content, [e.to_dict() for e in m.embeds], components(m), m.attachments)
        for m in thread.history()
    )


@dataclass(frozen=True)
class Seen:
    """One version of a message: its words, and who reads it (a user id, or ``EVERYONE``)."""

    words: str
    reader: int | None
    channel_id: int


class Watch:
    """Every message version the bot sends from now on (SimCord's backend, wrapped)."""

    def __init__(self, env: Env) -> None:
        self.backend = env.backend
        self.bot_id = env.bot.user.id  # type: ignore[union-attr]
        self.seen: list[Seen] = []
        create, edit = self.backend.create_message, self.backend.edit_message

        def created(*args: Any, **kwargs: Any) -> Any:
            return self._keep(create(*args, **kwargs))

        def edited(*args: Any, **kwargs: Any) -> Any:
            return self._keep(edit(*args, **kwargs))

        self.backend.create_message = created
        self.backend.edit_message = edited

    def pictures(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Also read what every board picture and its description are drawn from (the picture
        itself cannot be searched for a tile): a board post is seen by all who read the table."""
        import bot.board_post

        draw = bot.board_post.render_set

        async def drawn(fns: Any, view: Any, *args: Any, **kwargs: Any) -> Any:
            self.seen.append(Seen(json.dumps(view, default=str), EVERYONE, 0))
            return await draw(fns, view, *args, **kwargs)

        monkeypatch.setattr(bot.board_post, "render_set", drawn)

    def _keep(self, message: Any) -> Any:
        if message.author_id == self.bot_id:
            words = message_words(message.content, message.embeds, message.components, message.attachments)
            self.seen.append(Seen(words, self._reader(message), message.channel_id))
        return message

    def _reader(self, message: Any) -> int | None:
        if message.is_ephemeral:
            return int((message.interaction_metadata or {})["user"]["id"])
        channel = self.backend.get_channel(message.channel_id)
        readers = [r for r in channel.recipient_ids if r != self.bot_id]
        return readers[0] if readers else EVERYONE

    def take(self) -> list[Seen]:
        """The versions sent since the last ``take``."""
        taken, self.seen = self.seen, []
        return taken


def shown(item: str, words: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(item)}(?![A-Za-z0-9])", words) is not None


def secrets(game: str, state: dict[str, Any], seed: int) -> dict[int | None, set[str]]:
    """What only seat ``s`` may read (key ``s``) and what no reader may (key ``None``): hands and
    private choices; the next items of every face-down deck; the generator and the seed (either
    gives every future draw). A MarsBot person reads neither the bonus card shuffled into
    MarsBot's action deck nor the next bonus card."""
    hidden: dict[int | None, set[str]] = {None: {str(state["rng"])}}
    if seed >= 10**6:  # a test's seed of a digit or two is in every message
        hidden[None].add(str(seed))
    if game == "moonriser":
        for s, row in enumerate(state["seats"]):
            hidden[s] = {*row["hand"], *row["drawn"]}
        for pile in state["piles"].values():
            hidden[None] |= set(pile[-3:])  # drawn from the end
        for pile in state["discards"].values():
            hidden[None] |= set(pile)
    elif game == "manhattan":
        for s, row in enumerate(state["seats"]):
            hidden[s] = set(row["hand"])
        pending = state["pending"]
        if pending is not None and pending["kind"] == "draft" and pending["queue"]:
            hidden.setdefault(pending["queue"][0], set()).update(pending["cards"])
        hidden[None] |= set(state["deck"][:3]) | set(state["bomb_deck"][:3])
    elif game == "runarch":
        for s, hand in enumerate(state["hands"]):
            hidden[s] = set(hand)
            if state["variant"] == "complex":
                hidden[s] |= set(state["setup_hands"][s]) | set(state["setup_choice"][s] or ())
                if not state["over"] and state["secret"][s] is not None:
                    hidden[s].add(state["secret"][s])
        hidden[None] |= set(state["deck"][-3:]) | set(state.get("offer", ()))
    elif game == "marsbot":
        from engine.marsbot.setup import GOVERNMENT, corporation_card

        known = {"P", GOVERNMENT, corporation_card(state)}
        hidden[None] |= {c for c in state["action_deck"] if c not in known} | set(state["bonus_deck"][:2])
    return hidden


def on_show(game: str, state: dict[str, Any]) -> set[str]:
    """Ids face up now, read from the state rather than from the public view (a view that leaked
    would hide its own leak): a Moonriser tile type or a card on show is no leak."""
    if game == "moonriser":
        from engine.moonriser.relations import board_of

        fields = set(board_of(state).labels.values())  # field B10 is spelt as tile B10
        return fields | set(state["supply"]) | {t["tile"] for t in state["tiles"].values()}
    if game == "manhattan":
        built = {b["card"] for row in state["seats"] for b in (*row["buildings"], *row["bombs"])}
        return built | {c for c in (*state["market"], *state["offer"]) if c is not None}
    if game == "runarch":
        shown = {c for seat in state["scored"] for c in seat} | set(state.get("goals", ()))
        shown |= {c for seat in state.get("archives", ()) for pile in seat.values() for c in pile}
        return shown | (set(state.get("secret", ())) - {None} if state["over"] else set())
    return {str(c) for c in (*state["bonus_discard"], *state["removed"], *state["played"])}


def leaks(
    seen: Iterable[Seen], hidden: dict[int | None, set[str]], users: dict[int, int], public: set[str]
) -> list[str]:
    """``item in words (reader)`` for every hidden item a reader other than its seat's user read;
    ``users`` maps seats to user ids; items ``public`` (``on_show``: the same tile type on the
    board, a card face up when the move began) cannot be told from a leak and are left out."""
    found = []
    for version in seen:
        mine = [s for s in hidden if s is not None and users.get(s) == version.reader]
        own = {item for s in mine for item in hidden[s]}
        for seat, items in hidden.items():
            for item in sorted(items - own):  # a tile type in the reader's hand is theirs to read
                if item not in public and shown(item, version.words):
                    at = version.words.find(item)
                    context = version.words[max(0, at - 80) : at + 40]
                    found.append(f"{item} (seat {seat}) to {version.reader}: …{context}…")
    return found
