"""How a phone user makes one Moonriser move by buttons (``bench.moonriser_taps``'s route).

The buttons under the board post, the private pickers and the placement preview; a slash
command only where no select reaches the move (a payment of over 8 blue, a keep beyond the 25th
tile, a sale in the others' last trades); each tap is counted by kind (a button's label, a
select's placeholder). Where the next moves are the ones a shortcut adds, the shortcut is taken
(the board's plan, draw, upgrade, trade and sell selects, the Place picker's whole placements,
**Confirm and produce** and the like); ``bench.moonriser_taps`` describes them and asserts that
the moves stored are the long way's.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.moonriser.game import GAME
from engine.moonriser.suggest import best_on, ranked, ranked_discards, ranked_keeps, ranked_sells
from engine.moonriser.trading import excess

BUTTON = {
    "base": "Place base",
    "keep": "Keep tiles",
    "plan": "Plan",
    "plan 0": "Don't plan",
    "place": "Place a tile",
    "upgrade": "Upgrade",
    "done": "Done: produce",
    "trade": "Trade",
    "swap": "Trade",
    "discard": "Discard",
    "end": "End turn",
    "convert": "Convert all to VP",
}
CONFIRM = {(): "Confirm", ("done",): "Confirm and produce", ("done", "end"): "Confirm, produce and end turn"}
"""The placement preview's Confirm buttons, by the moves they add."""
NO_PLANNING = {"place": "Place a tile, no planning", "upgrade": "Upgrade, no planning"}
DRAW = {"basic": "Draw Basic", "advanced": "Draw Advanced"}
DRAW_ALL = {"basic": "Draw {n} Basic", "advanced": "Draw {n} Advanced"}
SHOWN = re.compile(r"on \*\*(\w+)\*\*, rotation (\d)")
TURN_PHASES = frozenset({"plan", "draw", "keep", "develop", "trade"})

Board = Callable[[], Any]
"""The current board post (the message carrying the buttons)."""


# ----------------------------------------------------------------------------- counting taps
class Tapper:
    """A person whose every tap is counted by its kind (a button's label, a select's
    placeholder, numbers written N): where a turn's taps go."""

    def __init__(self, person: Any, tally: Counter[str]) -> None:
        self.person, self.tally = person, tally

    async def click(self, message: Any, *, label: str) -> Any:
        self.tally["button " + re.sub(r"\d+", "N", label)] += 1
        return await self.person.click(message, label=label)

    async def select(self, message: Any, values: list[str], *, custom_id: str | None = None) -> Any:
        self.tally[f"select {_placeholder(message, custom_id)}"] += len(values)
        return await self.person.select(message, values, custom_id=custom_id)

    async def slash(self, thread: Any, name: str, **options: Any) -> Any:
        self.tally[f"/{name}"] += 1 + len(options)
        return await self.person.slash(thread, name, **options)


def _components(message: Any) -> list[dict[str, Any]]:
    from tests.bot.marsbot_table import components

    return components(message)


def _placeholder(message: Any, custom_id: str | None) -> str:
    selects = [c for c in _components(message) if "options" in c]
    chosen = next((c for c in selects if c["custom_id"] == custom_id), selects[0] if selects else {})
    return re.sub(r"\d+", "N", chosen.get("placeholder", "?"))


def _shown(content: str) -> tuple[str, int]:
    found = SHOWN.search(content)
    assert found, content
    return found[1], int(found[2])


def _picker(opened: Any) -> Any:
    """The picker a board button opened: its answer, or after a move it played first (a Phase I
    "…, no planning" button) the private follow-up."""
    return opened.followups[-1] if opened.followups else opened.response


def _select_ids(message: Any) -> list[str]:
    """The custom ids of a message's selects, top to bottom."""
    return [c["custom_id"] for c in _components(message) if "options" in c]


def _values(message: Any, index: int = 0) -> list[str]:
    return [o["value"] for o in [c for c in _components(message) if "options" in c][index]["options"]]


def _labels(message: Any) -> list[str]:
    """The labels of a message's buttons (``tests.bot.marsbot_table.labels``)."""
    from tests.bot.marsbot_table import labels

    return labels(message)


UPGRADE_SELECT = {
    (False, ()): "upgrade",
    (False, ("done",)): "upgradethen",
    (False, ("done", "end")): "upgradeend",
    (True, ()): "planupgradealone",
    (True, ("done",)): "planupgrade",
    (True, ("done", "end")): "planupgradeend",
}
"""The board's upgrade select for an upgrade (without planning first?) and the moves after it."""


def _on_board(board: Any, action: str, value: str) -> str | None:
    """The custom id of the board's select of ``action`` when it offers ``value``."""
    for c in _components(board):
        if "options" in c and c["custom_id"].split(":")[-1] == action:
            return c["custom_id"] if value in [o["value"] for o in c["options"]] else None
    return None


def private_picker(result: Any) -> tuple[str, Any] | None:
    """The private picker a tap's answer left open for the next decision (the keep select
    with the hand picture, the picker a keep opens): its action and message."""
    for message in reversed(result.followups if result is not None else []):
        ids = _select_ids(message) if message.ephemeral else []
        if ids and ids[0].startswith("mrp:"):
            return ids[0].split(":")[3], message
    return None


# ----------------------------------------------------------------------------- one move
async def _place(
    person: Any,
    opened: Any,
    state: dict[str, Any],
    seat: int,
    notation: str,
    then: tuple[str, ...] = (),
) -> Any:
    """In the Place picker ``opened``: the whole placement when it is offered (one choice), else
    its tile, then the preview's field select and ↺/↻ until it shows the move; then Confirm, or
    **Confirm and produce** / **Confirm, produce and end turn** for ``then``."""
    tile, target, rotation, source = notation.split()[1:]
    rotation_n = int(rotation)
    ids = _select_ids(opened)
    at_once = {("done",): 1, ("done", "end"): 2}.get(then)  # the picker's second and third selects
    if at_once is not None and len(ids) > at_once and notation in _values(opened, at_once):
        return await person.select(opened, [notation], custom_id=ids[at_once])
    if notation in _values(opened):
        preview = (await person.select(opened, [notation], custom_id=ids[0])).response
    else:
        preview = (await person.select(opened, [f"{tile}@{source}"], custom_id=ids[0])).response
        ranking = ranked(state, seat, tile, source)
        where, turned = _shown(preview.content)
        if where != target:
            best = best_on(ranking, target)
            assert best is not None
            preview = (await person.select(preview, [best.notation])).response
            where, turned = _shown(preview.content)
        legal = sorted(p.rotation for p in ranking if p.field == target)
        ahead = (legal.index(rotation_n) - legal.index(turned)) % len(legal)
        label, steps = ("↻", ahead) if ahead <= len(legal) - ahead else ("↺", len(legal) - ahead)
        for _ in range(steps):
            preview = (await person.click(preview, label=label)).response
    assert _shown(preview.content) == (target, rotation_n), preview.content
    return await person.click(preview, label=CONFIRM[then])


def listed_sell(state: dict[str, Any], seat: int, notation: str) -> bool:
    """Whether the sell picker lists ``notation``'s tiles as one choice (the ways to sell, the
    tiles needed least first), so its "… and end your turn" select can make it."""
    return tuple(notation.split()[1:-1]) in ranked_sells(state, seat, 25)


async def _sell(
    person: Any,
    thread: Any,
    board: Board,
    state: dict[str, Any],
    seat: int,
    args: list[str],
    then: tuple[str, ...],
) -> Any:
    """The board's sell select (what the sale buys), then in its private picker the listed way to
    sell these tiles (its second select also ends the turn), else the 4 tiles in the hand's
    multi-select; typed where the board has no sell select (the others' last trades)."""
    tiles, get = tuple(args[:-1]), args[-1]
    custom_id = _on_board(board(), "sell", get)
    hand = list(GAME.view(state, seat)["hand"])
    picked: list[str] = []
    for tile in tiles:
        picked.append(str(next(i for i, t in enumerate(hand) if t == tile and str(i) not in picked)))
    ways = ranked_sells(state, seat, 25)
    if custom_id is None or (tiles not in ways and max(int(i) for i in picked) >= 25):
        assert not then
        return await person.slash(thread, "moonriser sell", tiles=" ".join(tiles), get=get)
    opened = (await person.select(board(), [get], custom_id=custom_id)).response
    ids = _select_ids(opened)
    if tiles in ways:
        return await person.select(opened, [str(ways.index(tiles))], custom_id=ids[1 if then else 0])
    assert not then, "the hand's multi-select does not end the turn"
    return await person.select(opened, picked, custom_id=ids[-1])


async def tap_move(
    person: Any,
    thread: Any,
    board: Board,
    state: dict[str, Any],
    seat: int,
    notation: str,
    then: tuple[str, ...] = (),
    no_planning: bool = False,
    opened: Any = None,
) -> int:
    """Make ``notation`` (and ``then``, the seat's next moves a shortcut adds) as a phone user
    would; the taps it took. ``opened``: the private picker already showing for it (the keep
    select after a draw, the picker after a keep). ``no_planning``: in Phase I, the "…, no
    planning" button plays ``plan 0`` and opens the place or upgrade picker (``state`` is the
    state after ``plan 0``)."""
    tally: Counter[str] = Counter()
    await make(Tapper(person, tally), thread, board, state, seat, notation, then, no_planning, opened)
    return sum(tally.values())


async def make(
    person: Tapper,
    thread: Any,
    board: Board,
    state: dict[str, Any],
    seat: int,
    notation: str,
    then: tuple[str, ...] = (),
    no_planning: bool = False,
    opened: Any = None,
) -> Any:
    """``tap_move``'s taps; the result of the last one (its private follow-ups show what comes
    next)."""
    kind, *args = notation.split()
    if kind == "plan" and args[0] != "0":  # the board's plan select: the payment and its draws
        draws = [m.split()[1] for m in then]
        value = f"{args[0]}:{draws[0] if draws else ''}"
        if _on_board(board(), "plan", value):
            return await person.select(board(), [value], custom_id=_on_board(board(), "plan", value))
        assert not then, "a payment of over 8 blue draws tile by tile"
        return await person.slash(thread, "moonriser plan", tokens=int(args[0]))
    if kind == "draw":  # Draw N Basic (the rest from one pile), else the board's draw select
        count = int(args[1]) if len(args) > 1 else 1
        left = int(state["seats"][seat]["draws_left"])
        if count == left and count > 1:
            return await person.click(board(), label=DRAW_ALL[args[0]].format(n=count))
        if count == left:
            return await person.click(board(), label=DRAW[args[0]])
        value = f"{args[0]} {count}"
        if _on_board(board(), "draw", value):
            return await person.select(board(), [value], custom_id=_on_board(board(), "draw", value))
        return await person.slash(thread, "moonriser draw", pile=args[0], count=count)
    if kind == "convert" and then:
        return await person.click(board(), label="Convert all and end turn")
    if kind in ("done", "convert") or notation == "plan 0":
        return await person.click(board(), label=BUTTON.get(notation, BUTTON[kind]))
    if kind == "end":  # End warns once when VP would be left unconverted: Confirm ends anyway
        result = await person.click(board(), label=BUTTON[kind])
        answer = result.response
        if answer is not None and answer.ephemeral and "Confirm" in _labels(answer):
            return await person.click(answer, label="Confirm")
        return result
    if kind == "discard":  # over the hand limit the board offers one multi-select of the excess
        label = next(b for b in _labels(board()) if b.startswith("Discard"))
        shown = (await person.click(board(), label=label)).response
        ways = ranked_discards(state, seat, 25) if excess(state, seat) > 1 else []
        if tuple(sorted(args)) in ways:  # the suggested discards, above the tiles
            way = str(ways.index(tuple(sorted(args))))
            return await person.select(shown, [way], custom_id=_select_ids(shown)[0])
        hand = list(GAME.view(state, seat)["hand"])
        chosen: list[str] = []
        for tile in args:
            chosen.append(str(next(i for i, t in enumerate(hand) if t == tile and str(i) not in chosen)))
        return await person.select(shown, chosen, custom_id=_select_ids(shown)[-1])
    if kind == "sell":
        return await _sell(person, thread, board, state, seat, args, then)
    upgrading = UPGRADE_SELECT.get((no_planning, then))
    private = opened is not None and len(then) < 2  # the picker's selects do not end the turn
    if kind == "upgrade" and not private and upgrading and _on_board(board(), upgrading, args[0]):
        return await person.select(board(), [args[0]], custom_id=_on_board(board(), upgrading, args[0]))
    trading = "tradethen" if then else "trade"
    if kind in ("trade", "swap") and _on_board(board(), trading, notation):
        return await person.select(board(), [notation], custom_id=_on_board(board(), trading, notation))
    if kind == "upgrade":  # its picker's second select also produces ("Or upgrade a tile and produce")
        if opened is None:
            label = NO_PLANNING["upgrade"] if no_planning else BUTTON["upgrade"]
            opened = _picker(await person.click(board(), label=label))
        return await person.select(opened, [args[0]], custom_id=_select_ids(opened)[1 if then else 0])
    if kind == "place":
        if opened is None:
            label = NO_PLANNING["place"] if no_planning else BUTTON["place"]
            opened = _picker(await person.click(board(), label=label))
        return await _place(person, opened, state, seat, notation, then)
    if kind == "keep":
        if opened is None:
            opened = (await person.click(board(), label=BUTTON[kind])).response
        keeps = ranked_keeps(state, seat, 25)
        ids = _select_ids(opened)
        if tuple(sorted(args)) in keeps:
            return await person.select(opened, [str(keeps.index(tuple(sorted(args))))], custom_id=ids[0])
        drawn = list(GAME.view(state, seat)["drawn"])
        picked: list[str] = []
        for tile in args:
            picked.append(str(next(i for i, t in enumerate(drawn) if t == tile and str(i) not in picked)))
        if max(int(i) for i in picked) >= 25 or len(ids) < 2:  # a select shows 25 tiles: the rest by command
            return await person.slash(thread, "moonriser keep", tiles=" ".join(args))
        return await person.select(opened, picked, custom_id=ids[-1])
    shown = (await person.click(board(), label=BUTTON[kind])).response
    if kind == "base":
        row = (await person.select(shown, [args[0][0]])).response
        return await person.select(row, [args[0]])
    ids = _select_ids(shown)
    return await person.select(shown, [notation], custom_id=ids[1] if then == ("end",) else ids[0])
