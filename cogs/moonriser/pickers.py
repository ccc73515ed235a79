"""Moonriser's private pickers, on the shared picker (``bot.picker``).

Fields are chosen in two steps, the row letter then the field, because a board has up to 60
fields and a select shows 25. A placement is chosen by its tile alone: the preview
(``cogs.moonriser.placing``) opens on that tile's best placement, drawn in place with its price
and the VP it earns, and turns or moves it in place before **Confirm**. The whole placements
listed first are also offered by a second select that places at once and produces, and a third
that also ends the turn (where it may end without a word): the usual placement in one tap. Select ids are
``mrp:<boot>:<table>:<action>:<nonce>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

from bot.i18n import Tr
from bot.picker import OPTIONS_MAX, Chosen, Pickers, PickSpec
from cogs.moonriser.labels import clip, colour_word, tile_label, tile_name, tokens_words
from cogs.moonriser.placing import ends_quietly, place_preview, suggest
from cogs.moonriser.quotes import field_costs, rotation_vps, trade_terms, upgrade_costs
from engine.core import Move, State
from engine.moonriser.content import TOKENS
from engine.moonriser.game import GAME
from engine.moonriser.notation import TRADE
from engine.moonriser.suggest import ranked_offer
from engine.moonriser.trading import ends_plainly, rates

PREFIX = "mrp"


def row_of(field: str) -> str:
    return field[0]


def base_steps(move: Move) -> Iterable[Chosen]:
    return ((row_of(move.args[0]), move.args[0]),)


def place_steps(move: Move) -> Iterable[Chosen]:
    """Tile, row, field, rotation; or the whole placement in one choice (``place_labels`` lists
    the best few whole placements first)."""
    tile, field, rotation, source = move.args
    return ((f"{tile}@{source}", row_of(field), field, rotation), (move.notation,))


def whole_field(move: Move) -> Iterable[Chosen]:
    return ((move.args[0],),)


def whole(move: Move) -> Iterable[Chosen]:
    return ((move.notation,),)


def _rows(tr: Tr, tokens: Sequence[str]) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=tr("moonriser.pick.row_label", row=r), value=r) for r in sorted(tokens)
    ]


def _field_key(field: str) -> tuple[str, int]:
    return (field[0], int(field[1:]))


def base_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    if not chosen:
        return _rows(tr, tokens)
    return [discord.SelectOption(label=f, value=f) for f in sorted(tokens, key=_field_key)]


def upgrade_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    """The seat's own tiles it can upgrade now, in one step (a colony has far fewer than 25)."""
    options = []
    costs = upgrade_costs(state, seat)
    for field in sorted(tokens, key=_field_key):
        placed = state["tiles"].get(field, {})
        cost = tokens_words(tr, costs.get(field, {}))
        label = tr(
            "moonriser.pick.upgrade_label",
            field=field,
            tile=tile_name(tr, state, placed.get("tile", "")),
            cost=cost,
        )
        options.append(discord.SelectOption(label=clip(label), value=field))
    return options


def place_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    """Tiles (hand first, then the supply), rows, fields with their cost, rotations with their VP."""
    if not chosen:
        tiles = sorted((t for t in tokens if "@" in t), key=lambda t: (t.split("@")[1] != "hand", t))
        return [
            *whole_places(tr, state, seat, OPTIONS_MAX - len(tiles)),
            *(
                discord.SelectOption(
                    label=clip(tile_label(tr, state, t.split("@")[0])),
                    description=clip(tr(f"moonriser.pick.from_{t.split('@')[1]}")),
                    value=t,
                )
                for t in tiles
            ),
        ]
    if len(chosen) == 1:
        return _rows(tr, tokens)
    tile, source = chosen[0].split("@")
    if len(chosen) == 2:
        options = []
        costs = field_costs(state, seat, tile, source)
        for field in sorted(tokens, key=_field_key):
            cost = tokens_words(tr, costs.get(field, {}))
            options.append(
                discord.SelectOption(
                    label=clip(tr("moonriser.pick.field_label", field=field, cost=cost)), value=field
                )
            )
        return options
    field = chosen[2]
    options = []
    vps = rotation_vps(state, seat, tile, field, source)
    for rotation in sorted(tokens):
        vp = vps.get(int(rotation), 0)
        options.append(
            discord.SelectOption(
                label=clip(tr("moonriser.pick.rotation_label", rotation=rotation, vp=vp)), value=rotation
            )
        )
    return options


def whole_places(tr: Tr, state: State, seat: int, room: int) -> list[discord.SelectOption]:
    """The ``room`` best whole placements, the bot's advice first (``ranked_offer``), each
    naming its tile, field, rotation, VP and price: one choice and Confirm place the usual tile."""
    if room <= 0:
        return []
    options = []
    for found in ranked_offer(state, seat, room):
        label = tr(
            "moonriser.pick.whole_place",
            tile=tile_name(tr, state, found.tile),
            field=found.field,
            rotation=found.rotation,
            vp=found.vp,
        )
        described = tr(
            "moonriser.pick.whole_place_cost",
            cost=tokens_words(tr, found.cost),
            source=tr(f"moonriser.pick.from_{found.source}"),
        )
        options.append(
            discord.SelectOption(label=clip(label), description=clip(described), value=found.notation)
        )
    return options


def plan_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    options = []
    for notation in sorted(tokens, key=lambda n: int(n.split()[1])):
        paid = int(notation.split()[1])
        after, _ = GAME.apply(dict(state), seat, notation)
        me = GAME.view(after, seat)["seats"][seat]
        label = (
            tr("moonriser.pick.plan_none")
            if paid == 0
            else tr(
                "moonriser.pick.plan_label", paid=paid, draws=me.get("draws_left", 0), keep=me.get("keep", 0)
            )
        )
        options.append(discord.SelectOption(label=clip(label), value=notation))
    return options


def trade_labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    """Each trade with what it gives and gets; several identical trades at once say how many,
    next to the single trade of the same colours (the order of ``trade_multiples``' pairs)."""
    pairs: dict[tuple[str, ...], int] = {}
    for index, notation in enumerate(tokens):
        pairs.setdefault(tuple(notation.split()[:3]), index)
    options = []
    for notation in sorted(tokens, key=lambda n: (pairs[tuple(n.split()[:3])], _times(n))):
        paid, got, tiles = trade_terms(state, seat, notation)
        given = tr("moonriser.source_tiles", count=tiles) if tiles else tokens_words(tr, paid)
        label = tr("moonriser.pick.trade_label", paid=given, gained=tokens_words(tr, got))
        times = _times(notation)
        described = tr("moonriser.pick.trade_times", count=times) if times > 1 else None
        options.append(discord.SelectOption(label=clip(label), value=notation, description=described))
    return options


def _times(notation: str) -> int:
    kind, *args = notation.split()
    return int(args[2]) if kind == "trade" and len(args) > 2 else 1


def trade_multiples(state: State, seat: int, legal: list[Move]) -> list[Move]:
    """Several identical trades at once (``trade green yellow 3``), which the engine accepts but
    does not list: one option per amount the seat can afford, so a run of trades is one choice.
    Within Discord's 25 options the single trades and swaps come first; then 2 of each pair,
    every amount of the surplus-into-shortage pair (``surplus_pair``: the trade a turn most
    often wants, whatever amount it needs), the largest amount into VP (a surplus turned into
    points), 3 of each pair (a surplus traded into what a turn needs is small), the other
    largest amounts, and the amounts from 4 up."""
    tokens = state["seats"][seat]["tokens"]
    price = rates(dict(state), seat)
    most = {(m.args[0], m.args[1]): tokens[m.args[0]] // price[m.args[0]] for m in legal if m.kind == TRADE}
    into_vp = [pair for pair in most if pair[1] == "yellow"]
    others = [pair for pair in most if pair[1] != "yellow"]
    wanted = [(pair, 2) for pair in most if most[pair] >= 2]
    all_in = [(pair, most[pair]) for pair in into_vp if most[pair] > 2]
    top = surplus_pair(tokens, most)
    if top is not None:  # as many of its amounts as leave room for everything into VP
        room = OPTIONS_MAX - len(legal) - len(wanted) - len(all_in)
        wanted += [(top, n) for n in range(3, most[top] + 1)][: max(room, 0)]
    wanted += all_in
    wanted += [(pair, 3) for pair in most if most[pair] > 3 or (most[pair] == 3 and pair in others)]
    wanted += [(pair, most[pair]) for pair in others if most[pair] > 3]
    wanted += [(pair, n) for n in range(4, max(most.values(), default=0)) for pair in most if n < most[pair]]
    listed = list(dict.fromkeys(wanted))
    return [Move(TRADE, (*pair, str(n))) for pair, n in listed[: max(OPTIONS_MAX - len(legal), 0)]]


def surplus_pair(tokens: Mapping[str, int], most: Mapping[tuple[str, str], int]) -> tuple[str, str] | None:
    """The trade from the colour the seat can trade most often into the colour it holds least of
    (green into red when red runs short), if one colour stands out; ``None`` when all are even."""
    pairs = [pair for pair in most if pair[1] != "yellow"]
    if not pairs:
        return None
    give = max(TOKENS, key=lambda c: max((most[p] for p in pairs if p[0] == c), default=-1))
    gets = [p for p in pairs if p[0] == give]
    if not gets:
        return None
    pair = min(gets, key=lambda p: tokens[p[1]])
    return pair if tokens[pair[1]] < tokens[give] and most[pair] > 3 else None


def final_basis(state: State, seat: int) -> object:
    """The others' last trades happen at once and each uses only the seat's own tokens and
    tiles: a trade chosen then stands on the seat's own row, not on the board's version."""
    return (state["phase"], state["seats"][seat]) if state["phase"] == "final" else None


def chosen_words(tr: Tr, state: State, chosen: Chosen) -> str:
    """What a picker has chosen so far, in words ("So far: He3 harvester (B01) from the common
    supply, field C10."): a tile by its name and where it comes from, a field by name (its row
    only until a field is chosen), a rotation by number; nothing before the first choice."""
    parts = []
    for index, token in enumerate(chosen):
        if "@" in token:
            tile, source = token.split("@")
            label = f"{tile_name(tr, state, tile)} ({tile})"
            where = tr(f"moonriser.pick.from_{source}")
            parts.append(tr("moonriser.pick.chosen_tile", tile=label, source=where))
        elif token.isalpha():
            if index == len(chosen) - 1:
                parts.append(tr("moonriser.pick.row_label", row=token))
        elif token.isdigit():
            parts.append(tr("moonriser.pick.chosen_rotation", rotation=token))
        else:
            parts.append(tr("moonriser.pick.chosen_field", field=token))
    return tr("moonriser.pick.chosen", choice=", ".join(parts)) if parts else ""


def trade_and_end(tr: Tr, state: State, seat: int) -> tuple[str, tuple[str, ...]] | None:
    """The Trade picker's second select, "Trade and end turn" (the turn's last trade and End in
    one tap), in a turn's Phase III; not at the end of the game, where End first warns about
    what is left to convert (``cogs.moonriser.finish``), nor over the hand limit, where the turn
    cannot end before a discard."""
    if not ends_plainly(state, seat):
        return None
    return tr("moonriser.pick.trade_and_end"), ("end",)


def upgrade_and_produce(tr: Tr, state: State, seat: int) -> tuple[str, tuple[str, ...]] | None:
    """The Upgrade picker's second select, "Or upgrade and produce" (the turn's last upgrade and
    Done in one tap), in Phase II, where Done is always legal after an upgrade."""
    if state["phase"] != "develop":
        return None
    return tr("moonriser.pick.upgrade_and_produce"), ("done",)


def place_and_produce(tr: Tr, state: State, seat: int) -> tuple[str, tuple[str, ...]] | None:
    """The Place picker's second select, "Or place at once and produce": the whole placements
    its first select lists, each played without the preview and followed by Done (Phase II),
    one tap for the usual placement; the first select still previews them."""
    if state["phase"] != "develop":
        return None
    return tr("moonriser.pick.place_and_produce"), ("done",)


def place_produce_end(tr: Tr, state: State, seat: int, notation: str) -> tuple[str, tuple[str, ...]] | None:
    """The Place picker's third select, "Or place at once, produce and end your turn": the
    whole placements after which the turn may end without a word (``ends_quietly``)."""
    if state["phase"] != "develop" or not ends_quietly(state, seat, notation):
        return None
    return tr("moonriser.pick.place_produce_end"), ("done", "end")


def prompt_key(key: str, state: State) -> str:
    """The picker's prompt; the others' last trades are no Phase III and buy VP only."""
    return "trade_final_prompt" if key == "trade" and state["phase"] == "final" else f"{key}_prompt"


def _spec(kinds: set[str], labels: Any, key: str, steps: Any, **extra: Any) -> PickSpec:
    return PickSpec(
        kinds=frozenset(kinds),
        labels=labels,
        placeholder=lambda tr, chosen: tr(f"moonriser.pick.{key}_placeholder.{len(chosen)}"),
        prompt=lambda tr, state, seat, chosen: tr(
            f"moonriser.pick.{prompt_key(key, state)}", chosen=chosen_words(tr, state, chosen)
        ),
        unavailable=f"moonriser.pick.no_{key}",
        steps=steps,
        **extra,
    )


PICKERS = Pickers(
    prefix=PREFIX,
    game=GAME,
    specs={
        "base": _spec({"base"}, base_labels, "base", base_steps),
        "plan": _spec({"plan"}, plan_labels, "plan", whole),
        "place": _spec(
            {"place"},
            place_labels,
            "place",
            place_steps,
            confirm=place_preview,
            suggest=suggest,
            and_then=place_and_produce,
            and_end=place_produce_end,
        ),
        "upgrade": _spec({"upgrade"}, upgrade_labels, "upgrade", whole_field, and_then=upgrade_and_produce),
        "trade": _spec(
            {"trade", "swap"},
            trade_labels,
            "trade",
            whole,
            basis=final_basis,
            more=trade_multiples,
            and_then=trade_and_end,
        ),
    },
)
"""Board actions that open a picker; ``keep`` and ``discard`` have their own multi-selects
(``cogs.moonriser.keep``, ``cogs.moonriser.finish``)."""


def colour_choices(tr: Tr, colours: Iterable[str]) -> Mapping[str, str]:
    return {c: colour_word(tr, c) for c in colours}
