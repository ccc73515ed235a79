"""Events and refusals in words: card ids as names, worker lists and amounts spelled out.

The engine's parameters are codes (``E+cS``, ``{"money": 3}``, ``R02``); each sentence takes
them in the reader's language, so no code reaches a player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.declension import Name, join
from bot.i18n import Tr
from cogs.manhattan.labels import (
    AMOUNT_ORDER,
    amounts_words,
    bomb_name,
    building_name,
    space_name,
    workers_words,
)

AMOUNT_PARAMS = ("gained", "paid", "cost", "gain", "others", "yield", "got")
BUILDING_PARAMS = ("card", "building")
LIST_PARAMS = ("cards", "buildings")


def _card(tr: Tr, card: str) -> Name:
    return bomb_name(tr, None, card) if card.startswith("B") else building_name(tr, None, card)


YIELD_CODES = ("manhattan.gained", "manhattan.others_gained")
"""Events whose yield comes as flat amounts beside the seat (``{"seat": 0, "ore": 3}``)."""
PAYING_CODES = ("manhattan.placed", "manhattan.worked")
"""Events that say what the placement cost and gave (``paid``, ``got``): one sentence each way."""


def _paying(tr: Tr, code: str, out: dict[str, Any]) -> str:
    """``manhattan.placed`` -> ``manhattan.placed_paid_got`` as the amounts are there."""
    paid, got = out.get("paid") or {}, out.get("got") or {}
    if got and out.get("contractors"):
        out["got"] = tr("manhattan.with_contractors", got=amounts_words(tr, got), count=out["contractors"])
    return code + ("_paid" if paid else "") + ("_got" if got else "")


def event_words(tr: Tr, code: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """An event's or refusal's codes in words."""
    out = dict(params)
    if code in PAYING_CODES:
        code = _paying(tr, code, out)
    if code in YIELD_CODES:
        out["gain"] = amounts_words(tr, {k: v for k, v in params.items() if k in AMOUNT_ORDER})
    if code == "manhattan.wrong_workers_building" and isinstance(out.get("count"), int):
        out["need"] = tr(f"manhattan.need.{out.get('kind', 'any')}", count=out["count"])
    if code == "manhattan.wrong_workers_bomb":
        out["engineers"] = tr("manhattan.worker.E", count=int(params.get("E", 0)))
        out["scientists"] = tr("manhattan.worker.S", count=int(params.get("S", 0)))
    if code == "manhattan.no_fuel" and isinstance(out.get("amount"), int):
        track = "eu" if out.get("fuel") == "uranium" else "pu"
        out["need"] = amounts_words(tr, {track: out["amount"]})
    for key in AMOUNT_PARAMS:
        if isinstance(out.get(key), Mapping):
            out[key] = amounts_words(tr, out[key])
    if isinstance(out.get("workers"), list | tuple | str):
        out["workers"] = workers_words(tr, out["workers"])
    for key in (*BUILDING_PARAMS, "bomb"):
        if isinstance(out.get(key), str) and out[key][:1].isalpha() and out[key][1:].isdigit():
            out[key] = _card(tr, out[key])
    for key in LIST_PARAMS:
        if isinstance(out.get(key), list | tuple):
            names = [_card(tr, str(c)) for c in out[key]]
            out[key] = join(names) if names else tr.name(tr("manhattan.nothing"))
    if isinstance(out.get("space"), str):
        out["space"] = space_name(tr, out["space"])
    for key in ("kind", "plane"):
        if out.get(key) in ("fighter", "bomber", "E", "S"):
            out[key] = tr(f"manhattan.kind.{out[key]}")
    return code, out
