"""Which leaderboards a game has, how a player names one, and how a page becomes a picture.

A game has one rated board for all its variants, one per variant (when its ``GameInfo``
names a variant option), and, with a solo automa, one solo board per variant and level.
A board is named by a short value used in commands and button ids: ``""`` (all variants),
``"complex"``, or ``"solo:simple:hard"``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.errors import UserError
from bot.i18n import Tr, catalog, has, placeholders
from db.boards import BestGame, BoardEntry, BoardKey, BoardPage
from engine.core import Game
from render.leaderboard import BoardPicture, BoardRow

SOLO = "solo"


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a game (not yet a scope or a page)."""

    game: str
    variant: str = ""
    level: str | None = None

    @classmethod
    def from_value(cls, game: str, value: str) -> Board:
        """The board named by :attr:`value` (as stored in a button's id)."""
        solo, _, rest = value.partition(":")
        if solo == SOLO and rest:
            variant, _, level = rest.partition(":")
            return cls(game, variant, level)
        return cls(game, value)

    @property
    def value(self) -> str:
        return f"{SOLO}:{self.variant}:{self.level}" if self.level is not None else self.variant

    def key(self, guild_id: int | None) -> BoardKey:
        return BoardKey(self.game, self.variant, self.level, guild_id)

    def label(self, tr: Tr) -> str:
        """The board's name in a sentence or a menu: "complex", "solo · simple · hard"."""
        if self.level is not None:
            level = _option_label(tr, self.game, self.level)
            if not self.variant:  # a game without variants (MarsBot): "solo · hard"
                return tr("boards.solo_level_label", level=level)
            return tr("boards.solo_label", variant=_option_label(tr, self.game, self.variant), level=level)
        if not self.variant:
            return tr("boards.all_variants")
        return _option_label(tr, self.game, self.variant)


def _option_label(tr: Tr, game: str, value: str) -> str:
    return tr(f"options.{game}.values.{value}") if value else ""


def boards_of(engine: Game) -> list[Board]:
    """Every board of a game, the default (all variants, rated) first."""
    info = engine.info
    variants = list(info.options[info.variant_option].choices) if info.variant_option else [""]
    found = [Board(info.name)]
    if info.variant_option:
        found += [Board(info.name, v) for v in variants]
    if info.solo_automa and info.level_option:
        levels = info.options[info.level_option].choices
        found += [Board(info.name, v, level) for v in variants for level in levels]
    return found


def find_board(engine: Game, typed: str | None, tr: Tr) -> Board:
    """The board a player chose (its value, or its label as shown in either menu language)."""
    text = (typed or "").strip().casefold()
    for board in boards_of(engine):
        if text in {board.value.casefold(), board.label(tr).casefold(), board.label(Tr("en")).casefold()}:
            return board
    names = ", ".join(b.label(tr) for b in boards_of(engine))
    raise UserError("boards.unknown_variant", typed=typed, boards=names)


def find_game(games: dict[str, Game], titles: dict[str, str], typed: str) -> Game:
    """A game by its id or its title, any case; a refusal naming the games otherwise."""
    text = typed.strip().casefold()
    for name, engine in games.items():
        if text in {name.casefold(), titles[name].casefold()}:
            return engine
    raise UserError("boards.unknown_game", typed=typed, games=", ".join(titles[n] for n in games))


def picture_of(
    page: BoardPage,
    tr: Tr,
    *,
    title: str,
    caller_id: int | None,
    name_of: Callable[[BoardEntry], str],
) -> BoardPicture:
    """The render data of a page: the caller's row is highlighted, or added below if off the page."""
    solo = page.key.solo

    def row(entry: BoardEntry) -> BoardRow:
        value = round(entry.value)
        detail = best_game_words(page.key.game, entry.best_game, value, tr) if solo else None
        return BoardRow(
            entry.place,
            name_of(entry),
            str(value),
            entry.games,
            entry.wins,
            you=entry.user_id == caller_id,
            detail=detail,
        )

    rows = [row(e) for e in page.entries]
    on_page = any(r.you for r in rows)
    caller = row(page.caller) if page.caller is not None and not on_page else None
    note = None
    if page.caller_hidden:
        note = tr("boards.you_hidden")
    elif page.caller is None and caller_id is not None:
        note = tr("boards.you_absent_solo" if solo else "boards.you_absent")
    scope = tr("boards.scope_global") if page.key.guild_id is None else tr("boards.scope_server")
    return BoardPicture(
        title=title,
        scope=scope,
        kind="solo" if solo else "rated",
        rows=rows,
        page=page.page + 1,
        pages=page.pages,
        caller=caller,
        note=note,
    )


def best_game_words(game: str, best: BestGame | None, score: int, tr: Tr) -> str | None:
    """A solo player's best game in a few words: "won 78–65 in generation 14".

    A game whose results keep figures (``Outcome.figures``) words them in its own sentence,
    ``<game>.best_game.won|lost``; without that sentence, or for a game stored before its
    figures were, the shared one gives the scores alone."""
    if best is None or best.automa is None:
        return None
    outcome = "won" if best.won else "lost"
    params: dict[str, int] = {"score": score, "automa": best.automa, **best.figures}
    own = f"{game}.best_game.{outcome}"
    if best.figures and has(own) and placeholders(catalog("en")[own]) <= params.keys():
        return tr(own, **params)
    return tr(f"boards.best_game.{outcome}", score=score, automa=best.automa)


def alt_text(picture: BoardPicture, tr: Tr) -> str:
    """The picture in words (Discord's image description, read by screen readers)."""
    lines = [
        f"{picture.title} · {picture.scope} · {tr('boards.page', page=picture.page, pages=picture.pages)}"
    ]
    rows = list(picture.rows) + ([picture.caller] if picture.caller else [])
    lines += [
        tr("boards.alt_row_detail", place=r.place, name=r.name, value=r.value, games=r.games, detail=r.detail)
        if r.detail
        else tr("boards.alt_row", place=r.place, name=r.name, value=r.value, games=r.games)
        for r in rows
    ]
    if not picture.rows:
        lines.append(tr("boards.alt_empty"))
    if picture.note:
        lines.append(picture.note)
    text = "\n".join(lines)
    return text if len(text) <= 1000 else text[:999] + "…"
