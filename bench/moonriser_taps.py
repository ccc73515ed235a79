"""``python -m bench.moonriser_taps``: taps per human turn of Moonriser played by buttons only.

A scripted 4-seat game through the real bot under SimCord, played by a *mixed* player
(``bench.mixed``): at each decision the bot's advice with probability 0.65, else a random legal
move (a random kind, then a random move of it), so 35 % of moves are not the advice (issue 34).
Each move is made the way a phone user makes it: the buttons under the board post, the private
pickers and the placement preview; a move with no button (selling tiles) is typed as its slash
command. Counted as a tap: a button click and each option chosen in a select. A *turn* is one
seat's turn of the main game, from planning to **End turn**; the setup (bases, the first keep)
and the others' last trades are counted apart.

Where the player's next moves are the ones a shortcut adds, the player takes it, and the moves
stored are those of the long way (asserted after every tap): the board's plan select ("Pay n
blue: draw 3n Basic": ``plan n``, then ``draw basic`` once per tile), its draw select and
**Draw N Basic** (one ``draw`` per tile), the keep select the last draw shows with the hand
picture, the picker a keep (or an upgrade, or Don't plan) opens when placing is next, "Place a
tile, no planning" (``plan 0`` and the picker), the board's upgrade selects (alone, "… and
produce", "… produce and end your turn", each also without planning in Phase I) and trade
selects (alone, "… and end your turn"), the Place picker's whole placements (previewed, or
placed at once and produced, or also ending the turn, by its second and third selects), **Confirm and
produce** / **Confirm, produce and end turn**, and **Convert all and end turn**. The bot trades
one at a time; a run of its identical trades is made as one trade of several when the picker
lists the amount.

Printed: ``median taps per turn: N`` (target from issue 34: <= 5) and where the taps go, by
kind of tap. ``--advised 1`` measures the advice route alone.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import re
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.mixed import ADVISED, Mixed
from bot.picker import paths
from cogs.moonriser.board_selects import SUGGESTED, suggested_trades
from cogs.moonriser.pickers import PICKERS
from cogs.moonriser.placing import ends_quietly
from cogs.moonriser.planner import plan_choices
from engine.moonriser.game import GAME
from engine.moonriser.suggest import best_on, ranked, ranked_discards, ranked_keeps
from engine.moonriser.trading import convert_allowed, excess

TARGET = 5
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
        return await person.slash(thread, "moonriser sell", tiles=" ".join(args[:-1]), get=args[-1])
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


# ----------------------------------------------------------------------------- the player
@dataclass
class Taps:
    """Taps per turn of the main game, and the setup and last trades apart."""

    turns: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    setup: int = 0
    final: int = 0
    ended: int = 0
    moves: int = 0
    by_tap: Counter[str] = field(default_factory=Counter)
    """The turns' taps by kind of tap (a button's label, a select's placeholder)."""
    detail: dict[tuple[int, int], list[str]] = field(default_factory=lambda: defaultdict(list))
    """Each turn's moves (joined when one tap made several) and their taps."""
    by_move: Counter[str] = field(default_factory=Counter)
    """The turns' taps by the kind of the move they made."""
    shortcuts: Counter[str] = field(default_factory=Counter)
    """How often one tap made several moves, by the moves (``plan+draw``, ``place+done``, …)."""

    def median(self) -> float:
        return statistics.median(self.turns.values())


def trade_run(
    state: dict[str, Any], seat: int, notation: str, grouped: bool = True
) -> tuple[list[str], dict[str, Any]]:
    """The moves a person makes for the bot's ``notation`` and, if it is a trade, the bot's
    trades that follow it (same seat, same phase, nothing else between), with the state after
    them all. The bot trades one at a time; a person makes each give → get pair's trades as one
    ``trade <give> <get> <times>`` in the Trade picker, in the order the pairs first come
    (``grouped``; only consecutive identical trades if not)."""
    after, _ = GAME.apply(copy.deepcopy(state), seat, notation)
    if notation.split()[0] != "trade":
        return [notation], after
    run = [notation]
    while after["phase"] == state["phase"] and GAME.to_act(after)[:1] == [seat]:
        following = GAME.bot_move(after, seat, "normal").notation
        if following.split()[0] != "trade":
            break
        after, _ = GAME.apply(after, seat, following)
        run.append(following)
    from itertools import groupby

    counts = list(Counter(run).items()) if grouped else [(n, len(list(same))) for n, same in groupby(run)]
    return [f"{n} {times}" if times > 1 else n for n, times in counts], after


def listed_trade(state: dict[str, Any], seat: int, notation: str) -> str:
    """``notation`` as the Trade picker offers it: a trade of more times than it lists is made
    as its largest listed amount (the rest is chosen again)."""
    kind, *args = notation.split()
    if kind != "trade" or len(args) < 3:
        return notation
    listed = set(paths(PICKERS, PICKERS.specs["trade"], state, seat).values())
    single = f"trade {args[0]} {args[1]}"
    times = max(n for n in range(1, int(args[2]) + 1) if n == 1 or f"{single} {n}" in listed)
    return f"{single} {times}" if times > 1 else single


def discard_run(state: dict[str, Any], seat: int, over: int) -> str:
    """The bot's discards down to the hand limit as the one discard the board's select makes."""
    tiles: list[str] = []
    after = copy.deepcopy(state)
    while len(tiles) < over:
        move = GAME.bot_move(after, seat, "normal")
        assert move.kind == "discard", move.notation
        tiles.extend(move.args)
        after, _ = GAME.apply(after, seat, move.notation)
    return " ".join(["discard", *sorted(tiles[:over])])


class Player:
    """The mixed player's decisions, one engine move at a time, with its trades of one pair made
    together when they are the advice."""

    def __init__(self, mixed: Mixed[str]) -> None:
        self.mixed = mixed

    def choose(self, state: dict[str, Any], seat: int) -> str:
        advice = GAME.bot_move(state, seat, "normal").notation
        over = excess(state, seat) if state["phase"] == "trade" else 0
        if state["phase"] in ("keep", "setup_keep"):  # a big plan has thousands of keeps: one at random
            row = state["seats"][seat]
            count = min(int(row["keep"]), len(row["drawn"]))
            picked = self.mixed.rng.sample(list(row["drawn"]), count)
            return self.mixed.choose(advice, [" ".join(["keep", *sorted(picked)])])
        legal = [
            m.notation
            for m in GAME.legal_moves(state, seat)
            if m.kind != "discard" or not over or len(m.args) == over  # the select takes the excess
        ]
        chosen = self.mixed.choose(advice, legal)
        if chosen.split()[0] == "discard" and over and len(chosen.split()) - 1 != over:
            chosen = discard_run(state, seat, over)
        if chosen == advice and chosen.split()[0] == "trade" and state["phase"] == "trade":
            if len(suggested_trades(state, seat)) > 1:  # the trade select's "Suggested: …"
                return SUGGESTED
        if chosen == advice and chosen.split()[0] == "trade":
            chosen = listed_trade(state, seat, trade_run(state, seat, chosen, grouped=False)[0][0])
        return chosen

    def next_of(self, state: dict[str, Any], seat: int, notation: str) -> tuple[dict[str, Any], str | None]:
        """The state after ``notation`` and the seat's following choice, if it is still to act."""
        after, _ = GAME.apply(copy.deepcopy(state), seat, notation)
        if GAME.outcome(after) is not None or GAME.to_act(after)[:1] != [seat]:
            return after, None
        return after, self.choose(after, seat)


def _then_after(
    player: Player, state: dict[str, Any], seat: int, notation: str
) -> tuple[tuple[str, ...], str | None]:
    """The moves a shortcut adds after ``notation`` (placement, upgrade, trade, convert) when
    they are the player's own next choices; and the choice that follows them (made next)."""
    kind = notation.split()[0]
    after, following = player.next_of(state, seat, notation)
    if following is None:
        return (), None
    if kind == "upgrade" and following == "done":
        _, nxt = player.next_of(after, seat, "done")
        if nxt == "end" and ends_quietly(state, seat, notation):
            return ("done", "end"), None
        return ("done",), nxt
    if kind == "place" and following == "done":
        _, nxt = player.next_of(after, seat, "done")
        if nxt == "end" and ends_quietly(state, seat, notation):
            return ("done", "end"), None
        return ("done",), nxt
    if kind == "convert" and following == "end":
        return ("end",), None
    trading = kind == "trade" and state["phase"] == "trade"
    if trading and following == "end" and not convert_allowed(state, seat) and not excess(state, seat):
        return ("end",), None
    return (), following


async def play_mixed(
    table: Any, player: Player, turns_max: int | None = None, progress: bool = False
) -> Taps:
    """Play ``table`` (a ``tests.bot.moonriser_table.MoonTable`` of people only) by buttons to
    its end, or until ``turns_max`` turns of the main game have ended; after every tap the
    moves stored are those of the long way (one engine move per decision, in order)."""
    taps = Taps()
    queued: dict[int, str] = {}
    opened: dict[int, tuple[str, Any]] = {}
    while True:
        row = await table.row()
        if row.status != "active" or (turns_max is not None and taps.ended >= turns_max):
            break
        state = row.state
        seat = GAME.to_act(state)[0]
        notation = queued.pop(seat, None) or player.choose(state, seat)
        if progress:
            print(f"round {state['round']} seat {seat} {state['phase']}: {notation}", file=sys.stderr)
        phase, kind = state["phase"], notation.split()[0]
        made = [notation]
        if notation == SUGGESTED:  # the bot's trades in one choice (and End when the player ends)
            run = suggested_trades(state, seat)
            after = copy.deepcopy(state)
            for trade in run:
                after, _ = GAME.apply(after, seat, trade)
            following = player.choose(after, seat) if GAME.to_act(after)[:1] == [seat] else None
            ends = not convert_allowed(state, seat) and not excess(state, seat)
            made = [*run, "end"] if following == "end" and ends else run
            if following is not None and made[-1] != "end":
                queued[seat] = following
            custom_id = _on_board(
                table.boards()[-1], "tradethen" if made[-1] == "end" else "trade", SUGGESTED
            )
            assert custom_id is not None, "the board offers the bot's trades"
        then: tuple[str, ...] = ()
        no_planning = False
        if notation == "plan 0":
            after, following = player.next_of(state, seat, notation)
            if following is not None and following.split()[0] in NO_PLANNING:
                no_planning, state, notation, made = True, after, following, ["plan 0", following]
                kind = following.split()[0]
            elif following is not None:
                queued[seat] = following
        if kind == "plan" and notation != "plan 0":
            after, following = player.next_of(state, seat, notation)
            left = int(after["seats"][seat].get("draws_left", 0))
            drawn = following.split() if following is not None else []
            offered = [c[:2] for c in plan_choices(state, seat)]
            whole = drawn[:1] == ["draw"] and (int(notation.split()[1]), drawn[1]) in offered
            if whole and (int(drawn[2]) if len(drawn) > 2 else 1) == left:
                then = (f"draw {drawn[1]}",) * left
                made = [notation, *then]
            elif following is not None:
                queued[seat] = following
        if kind in ("place", "upgrade", "convert", "trade"):
            then, following = _then_after(player, state, seat, notation)
            made = [*made, *then]
            if following is not None:
                queued[seat] = following
        shown = opened.pop(seat, None)
        use = shown[1] if shown is not None and shown[0] == {"keep": "keep"}.get(kind, kind) else None
        logged = len(await table.bot.store.moves(table.table_id))
        tally: Counter[str] = Counter()
        person = Tapper(await table.person_at(seat), tally)
        board = lambda: table.boards()[-1]  # noqa: E731
        if notation == SUGGESTED:
            result = await person.select(table.boards()[-1], [SUGGESTED], custom_id=custom_id)
        else:
            result = await make(person, table.thread, board, state, seat, notation, then, no_planning, use)
        found = private_picker(result)
        if found is not None:
            opened[seat] = found
        stored = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
        if kind == "draw" and stored and stored != made:  # a draw of k tiles is k draws of one
            pile = notation.split()[1]
            made = [f"draw {pile}"] * len(stored)
        assert stored == made, (made, stored, phase)
        spent = sum(tally.values())
        taps.moves += len(made)
        if len(made) > 1:
            taps.shortcuts["+".join(m.split()[0] for m in made)] += 1
        if "end" in made and phase in TURN_PHASES:
            taps.ended += 1
        if phase in TURN_PHASES:
            taps.turns[(state["round"], seat)] += spent
            taps.detail[(state["round"], seat)].append(f"{'+'.join(m.split()[0] for m in made)}:{spent}")
            taps.by_tap.update(tally)
            taps.by_move[made[0].split()[0] if made[0] != "plan 0" else "plan 0"] += spent
        elif phase == "final":
            taps.final += spent
        else:
            taps.setup += spent
    return taps


async def _measure(
    seed: int, folder: Path, players: int, turns_max: int | None, advised: float, progress: bool = False
) -> Taps:
    from bench.simcord_moves import simcord_bot
    from tests.bot.moonriser_table import MoonTable

    async with simcord_bot(folder) as (env, _bot):
        table = await MoonTable.open(env, players=players, seed=seed)
        return await play_mixed(table, Player(Mixed(seed, advised=advised)), turns_max, progress)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.moonriser_taps", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--quick", action="store_true", help="2 seats, 6 turns: checks the command works")
    parser.add_argument(
        "--advised", type=float, default=ADVISED, help="the share of moves that are the bot's advice"
    )
    parser.add_argument("--progress", action="store_true", help="each move on standard error")
    args = parser.parse_args(argv)
    players, turns_max = (2, 6) if args.quick else (4, None)
    with tempfile.TemporaryDirectory() as folder:
        taps = asyncio.run(_measure(args.seed, Path(folder), players, turns_max, args.advised, args.progress))
    counts = sorted(taps.turns.values())
    median = taps.median()
    verdict = "ok" if median <= TARGET else "FAIL"
    print(
        f"Moonriser taps by buttons — a {players}-seat game, seed {args.seed}, "
        f"{args.advised:.0%} of moves the bot's advice: {len(counts)} turns, {taps.moves} moves"
    )
    print(f"median taps per turn: {median:g}")
    print(f"target <= {TARGET}: {verdict}; mean {statistics.mean(counts):.1f}, max {counts[-1]}")
    print(f"histogram (taps: turns): {dict(sorted(Counter(counts).items()))}")
    total = sum(taps.by_tap.values())
    print(f"the turns' {total} taps by kind of tap:")
    for what, n in taps.by_tap.most_common():
        print(f"  {n:5d}  {n / len(counts):5.2f}/turn  {what}")
    print(f"by move: {dict(taps.by_move.most_common())}")
    print(f"shortcuts taken (the moves made in one tap: times): {dict(taps.shortcuts)}")
    print(f"setup {taps.setup} taps, last trades {taps.final} taps")
    if args.progress:
        for turn, n in sorted(taps.turns.items(), key=lambda t: t[1]):
            print(f"turn {turn}: {n} taps: {' '.join(taps.detail[turn])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
