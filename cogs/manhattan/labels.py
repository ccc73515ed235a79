"""Words for Manhattan Project things (spaces, buildings, bombs, workers, yields), in the
reader's language.

A building or a bomb is named by its printed name with its id (``Calutron (E01)``), so a player
can type the id in a command; a worker list is spelled out ("2 engineers + 1 contractor
scientist") and never left as a code.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot import outgoing
from bot.declension import Name
from bot.i18n import DEFAULT_LANG, Tr, catalog
from engine.manhattan.content import (
    WORKER_KINDS,
    Bomb,
    Building,
    bombs,
    bombs_of,
    buildings,
    buildings_of,
)

CHOICES_MAX = 25
LABEL_MAX = 100
AMOUNT_ORDER: tuple[str, ...] = ("money", "ore", "eu", "pu", "fighters", "bombers", "L", "E", "S")


def clip(text: str) -> str:
    return outgoing.clip(text, LABEL_MAX)


def _buildings(state: Mapping[str, Any] | None) -> Mapping[str, Building]:
    return buildings_of(state) if state is not None and "content" in state else buildings()


def _bombs(state: Mapping[str, Any] | None) -> Mapping[str, Bomb]:
    return bombs_of(state) if state is not None and "content" in state else bombs()


def amounts_words(tr: Tr, amounts: Mapping[str, int]) -> str:
    """``$3 + 2 ore + 1 engineer`` in a fixed order; ``nothing`` when all are zero."""
    parts = [
        tr(f"manhattan.amount.{key}", count=int(amounts[key]))
        for key in AMOUNT_ORDER
        if int(amounts.get(key, 0) or 0) > 0
    ]
    return " + ".join(parts) if parts else tr("manhattan.nothing")


def worker_token_counts(workers: str | Iterable[str]) -> dict[str, int]:
    """``"E+cS"`` or ``["E", "cS"]`` -> ``{"E": 1, "cS": 1}``."""
    tokens = workers.split("+") if isinstance(workers, str) else list(workers)
    counts: dict[str, int] = {}
    for token in tokens:
        if token:
            counts[token] = counts.get(token, 0) + 1
    return counts


def workers_words(tr: Tr, workers: str | Iterable[str]) -> str:
    """``"L+L+cE"`` -> ``2 laborers + 1 contractor engineer``."""
    counts = worker_token_counts(workers)
    parts = []
    for kind in WORKER_KINDS:
        for token, key in ((kind, f"manhattan.worker.{kind}"), (f"c{kind}", f"manhattan.worker.c{kind}")):
            if counts.get(token):
                parts.append(tr(key, count=counts[token]))
    return " + ".join(parts) if parts else tr("manhattan.nothing")


def space_name(tr: Tr, space: str) -> str:
    """A space's name; what a player typed that names no space, as typed (never a key)."""
    key = f"manhattan.space.{space}"
    return tr(key) if key in catalog(DEFAULT_LANG) else space


def card_name(tr: Tr, printed: Mapping[str, str], card: str) -> Name:
    """``Calutron (E01)``, declinable: ``kupuje {card:acc}`` -> ``kupuje Dílnu (E01)``."""
    name = tr.name(printed.get(tr.lang) or printed["en"])
    return name.map(lambda form: tr("manhattan.card_name", name=form, card=card))


def building_name(tr: Tr, state: Mapping[str, Any] | None, card: str) -> Name:
    found = _buildings(state).get(card)
    if found is None:
        return Name(card)
    return card_name(tr, found.name, card)


def need_words(tr: Tr, building: Building) -> str:
    return tr(f"manhattan.need.{building.need.kind}", count=building.need.count)


def outputs_words(tr: Tr, building: Building) -> str:
    return tr("manhattan.or").join(amounts_words(tr, output) for output in building.outputs)


def building_label(tr: Tr, state: Mapping[str, Any] | None, card: str) -> Name:
    """``Calutron (E01) · 1 scientist · pays $3 + 2 ore · makes 1 enriched uranium``, declined by
    its name (``Bombardovat {building:acc}``)."""
    found = _buildings(state).get(card)
    if found is None:
        return Name(card)
    cost = {k: v for k, v in found.cost.items() if v}
    key = "manhattan.building_label_cost" if cost else "manhattan.building_label"
    need, paid, output = need_words(tr, found), amounts_words(tr, cost), outputs_words(tr, found)
    if found.eu_instead:  # "2 ore or 1 enriched uranium", as the card shows it
        paid = tr("manhattan.or").join((paid, amounts_words(tr, {**cost, "ore": 0, "eu": 1})))
    return building_name(tr, state, card).map(
        lambda name: tr(key, name=name, need=need, cost=paid, output=output)
    )


def bomb_name(tr: Tr, state: Mapping[str, Any] | None, card: str) -> Name:
    found = _bombs(state).get(card)
    if found is None:
        return Name(card)
    return card_name(tr, found.name, card)


def bomb_label(tr: Tr, state: Mapping[str, Any] | None, card: str) -> str:
    """``Caramba (B04) · uranium 5 · 2 engineers + 2 scientists · 24 points · loading $3``."""
    found = _bombs(state).get(card)
    if found is None:
        return card
    engineers, scientists = found.workers["E"], found.workers["S"]
    # a bomb built by scientists alone (published B01-B03) names no "0 E"
    key = "manhattan.bomb_workers" if engineers else "manhattan.bomb_workers_scientists"
    workers = tr(key, engineers=engineers, scientists=scientists)
    if found.fuel == "plutonium":
        return tr(
            "manhattan.bomb_label_plutonium",
            name=bomb_name(tr, state, card),
            amount=found.amount,
            workers=workers,
            value=found.value,
            tested=found.tested,
            load=found.load,
        )
    return tr(
        "manhattan.bomb_label_uranium",
        name=bomb_name(tr, state, card),
        amount=found.amount,
        workers=workers,
        value=found.value,
        load=found.load,
    )
