"""Words for Moonriser things (tiles, tokens, costs, fields), in the reader's language.

Tiles are named by their printed name in the reader's language with their id (``He3 harvester
(B01)``), so a player can type the id in a command; a token colour is always a word, never
only a colour.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot import outgoing
from bot.declension import Name, join
from bot.i18n import Tr
from engine.moonriser.content import TileSet, tiles, tiles_of

COLOURS = ("blue", "red", "green")
GAINS = ("blue", "red", "green", "yellow")
CHOICES_MAX = 25
LABEL_MAX = 100
FIT_MAX = LABEL_MAX - 1
"""What ``fit`` fills: a text of exactly Discord's limit reads as one the bot had to cut."""


def clip(text: str) -> str:
    return outgoing.clip(text, LABEL_MAX)


def fit(
    parts: Sequence[str],
    more: Callable[[int], str],
    counts: Sequence[int] | None = None,
    sep: str = " + ",
    limit: int = FIT_MAX,
) -> tuple[str, int]:
    """``parts`` joined if they fit in ``limit``, else as many whole ones as fit and ``more(n)``
    for the ``n`` left out (each part counting ``counts[i]``, 1 by default): a label is never cut
    in the middle of a word. Returns the text and how many parts it shows."""
    weights = list(counts) if counts is not None else [1] * len(parts)
    shown = len(parts)
    text = sep.join(parts)
    while len(text) > limit and shown > 0:
        shown -= 1
        text = sep.join([*parts[:shown], more(sum(weights[shown:]))])
    return outgoing.clip(text, limit), shown


def _tiles(state: Mapping[str, Any] | None) -> TileSet:
    """The tiles of the table's content version (the newest for words without a table)."""
    return tiles_of(state) if state is not None and "content" in state else tiles()


def tile_name(tr: Tr, state: Mapping[str, Any] | None, tile_id: str) -> Name:
    """The tile's printed name in the reader's language (Czech or English), declinable:
    a sentence asks for its case (``pokládá {tile:acc}``)."""
    tile = _tiles(state).tiles.get(tile_id)
    if tile is None:
        return Name(tile_id)
    return tr.name(tile.name.get(tr.lang) or tile.name["en"])


def tile_label(tr: Tr, state: Mapping[str, Any], tile_id: str) -> str:
    """``He3 harvester (B01) · value 1 · costs 1 green``."""
    tile = _tiles(state).tiles.get(tile_id)
    if tile is None:
        return tile_id
    return tr(
        "moonriser.tile_label",
        name=tile_name(tr, state, tile_id),
        tile=tile_id,
        value=tile.value,
        price=tokens_words(tr, tile.price),
    )


def colour_word(tr: Tr, colour: str) -> str:
    return tr(f"moonriser.colour.{colour}")


def tokens_words(tr: Tr, tokens: Mapping[str, int]) -> str:
    """``1 green + 2 red`` (colours in a fixed order; ``nothing`` when all are zero)."""
    parts = [tr(f"moonriser.tokens.{c}", count=tokens[c]) for c in GAINS if tokens.get(c, 0) > 0]
    return " + ".join(parts) if parts else tr("moonriser.nothing")


def names_of(tr: Tr, state: Mapping[str, Any] | None, ids: Iterable[str]) -> Name:
    """Several tiles' names, declined together (``Necháváš si {tiles:acc}``)."""
    return join(tile_name(tr, state, t) for t in ids)


TILE_PARAMS = ("tile", "dropped", "added")
TILES_PARAMS = ("tiles",)
COLOUR_PARAMS = ("give", "get", "colour")
TOKEN_PARAMS = ("cost", "produced", "paid", "gain")


def _special(tr: Tr, code: str, out: dict[str, Any]) -> None:
    """Parameters some sentences need in words of their own: token amounts whose colour word
    agrees with the number in Czech ("2 modré", "5 modrých"), the source of a tile."""
    if code in ("moonriser.traded", "moonriser.swapped") and isinstance(out.get("give"), str):
        give, amount = out["give"], int(out.get("amount", 0))
        out["paid"] = (
            tr("moonriser.source_tiles", count=amount)
            if give == "tiles"
            else tokens_words(tr, {give: amount})
        )
    if code in ("moonriser.traded", "moonriser.swapped", "moonriser.sold") and isinstance(
        out.get("get"), str
    ):
        out["gained"] = tokens_words(tr, {out["get"]: int(out.get("times", 1))})
    if code == "moonriser.converted" and isinstance(out.get("paid"), Mapping):
        parts = [tokens_words(tr, out["paid"])] if any(out["paid"].values()) else []
        if int(out.get("count", 0)):
            parts.append(tr("moonriser.source_tiles", count=int(out["count"])))
        out["paid"] = " + ".join(parts)
        out["gained"] = tokens_words(tr, {"yellow": int(out.get("yellow", 0))})
    if code == "moonriser.planned" and isinstance(out.get("paid"), int):
        out["paid"] = tokens_words(tr, {"blue": out["paid"]})
    if code == "moonriser.not_enough_blue":
        out["have"] = tokens_words(tr, {"blue": int(out.get("blue", 0))})
        out["paid"] = tokens_words(tr, {"blue": int(out.get("paid", 0))})
    if code == "moonriser.trade_short" and isinstance(out.get("colour"), str):
        out["need"] = tokens_words(tr, {out["colour"]: int(out.get("amount", 0))})
    if code in ("moonriser.produced", "moonriser.cannot_afford"):
        amounts = {c: int(out.get(c, 0)) for c in GAINS if isinstance(out.get(c), int)}
        out["made" if code == "moonriser.produced" else "cost"] = tokens_words(tr, amounts)
    if out.get("source") in ("hand", "supply"):
        out["source"] = tr(f"moonriser.source_{out['source']}")
    if code == "moonriser.game_ending" and isinstance(out.get("reason"), str):
        out["reason"] = tr(f"moonriser.ending_reason.{out['reason']}")
    for key in ("dropped", "added"):
        if key in out and out[key] is None:
            out[key] = tr("moonriser.none")


LOSS_SYMBOLS: Mapping[str, Mapping[str, int]] = {"green_minus": {"green": 1}}
"""Board symbols that take a token: told with a "loses" sentence, never "gets −1"."""


def _sentence(code: str, params: Mapping[str, Any]) -> str:
    """The sentence an event needs for its values: a plan that pays nothing says so ("nic
    neplatí", not "platí nic"), and a symbol that takes a token is a loss."""
    if code == "moonriser.planned" and params.get("paid") == 0:
        return "moonriser.planned_nothing"
    if code == "moonriser.symbol" and params.get("symbol") in LOSS_SYMBOLS:
        return "moonriser.symbol_lost"
    return code


def event_words(tr: Tr, code: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """An event's or refusal's codes in words: tile ids as names, token counts and colours as words."""
    out = dict(params)
    code = _sentence(code, params)
    _special(tr, code, out)
    for key in TILE_PARAMS:
        if isinstance(out.get(key), str):
            out[key] = tile_name(tr, None, out[key])
    for key in TILES_PARAMS:
        if isinstance(out.get(key), list | tuple):
            out[key] = names_of(tr, None, out[key])
    for key in COLOUR_PARAMS:
        if isinstance(out.get(key), str) and out[key] in GAINS:
            out[key] = colour_word(tr, out[key])
    for key in TOKEN_PARAMS:
        if isinstance(out.get(key), Mapping):
            out[key] = tokens_words(tr, out[key])
    if isinstance(out.get("pile"), str):
        words = "moonriser.pile_from" if code == "moonriser.drew_public" else "moonriser.pile"
        out["pile"] = tr(f"{words}.{out['pile']}")
    if code == "moonriser.symbol_lost":
        out["symbol"] = tokens_words(tr, LOSS_SYMBOLS[out["symbol"]])
    elif isinstance(out.get("symbol"), str):
        out["symbol"] = tr(f"moonriser.symbol.{out['symbol']}")
    return code, out
