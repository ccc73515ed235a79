"""``python -m bench.moonriser_taps``: taps per human turn of Moonriser played by buttons.

A scripted 4-seat game through the real bot under SimCord: four people play, each move chosen
by the engine's normal bot player and made the way a phone user makes it, with the buttons under
the board post, the private pickers and the placement preview. Counted as a tap: a button click
and each option chosen in a select (keeping 3 tiles in the multi-select is 3 taps). A move with
no button (selling tiles) is typed as its slash command: 1 tap plus 1 per option. The bot trades
one at a time; a run of its identical trades is made as a person would, as one trade of several
(Trade, then "Give 12 green, get 3 VP": 2 taps), and the game stays the bot's. A *turn* is
one seat's turn of the main game, from planning to **End turn**; the setup (bases, the first
keep) and the others' last trades are counted apart. Where the bot's next move is the one a
shortcut adds, the person takes it: "Place a tile, no planning" / "Upgrade, no planning" in
Phase I (``plan 0`` and the picker), the Upgrade picker's "Or upgrade a tile and produce"
(upgrade, then ``done``), **Confirm and produce** (placement, then ``done``),
**Confirm, produce and end turn** (placement, ``done``, ``end``, where the preview offers it), the
Trade picker's "Or choose a trade and end your turn" (trade, then ``end``) and **Convert all and
end turn** (``convert``, then ``end``); the moves stored are the same (asserted). A run of trades
of one pair is made in one choice when the picker lists its amount (it lists every amount of the
surplus-into-shortage pair, ``cogs.moonriser.pickers.surplus_pair``). Target from issue 27:
median <= 6.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import re
import statistics
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path
from typing import Any

from bot.picker import paths
from cogs.moonriser.pickers import PICKERS
from cogs.moonriser.placing import ends_quietly
from engine.moonriser.game import GAME
from engine.moonriser.suggest import best_on, ranked
from engine.moonriser.trading import convert_allowed

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
SHOWN = re.compile(r"on \*\*(\w+)\*\*, rotation (\d)")
TURN_PHASES = frozenset({"plan", "draw", "keep", "develop", "trade"})

Board = Callable[[], Any]
"""The current board post (the message carrying the buttons)."""


def _shown(content: str) -> tuple[str, int]:
    found = SHOWN.search(content)
    assert found, content
    return found[1], int(found[2])


async def _place(
    person: Any,
    board: Any,
    state: dict[str, Any],
    seat: int,
    args: list[str],
    then: tuple[str, ...] = (),
    no_planning: bool = False,
) -> int:
    """Place → tile → (the preview's select and ↺/↻ until it shows the move) → Confirm, or
    **Confirm and produce** / **Confirm, produce and end turn** for the moves that follow (``then``)."""
    tile, target, rotation, source = args[0], args[1], int(args[2]), args[3]
    opened = await person.click(board, label=NO_PLANNING["place"] if no_planning else BUTTON["place"])
    preview = (await person.select(_picker(opened), [f"{tile}@{source}"])).response
    taps = 2
    ranking = ranked(state, seat, tile, source)
    where, turned = _shown(preview.content)
    if where != target:
        best = best_on(ranking, target)
        assert best is not None
        preview = (await person.select(preview, [best.notation])).response
        taps += 1
        where, turned = _shown(preview.content)
    legal = sorted(p.rotation for p in ranking if p.field == target)
    ahead = (legal.index(rotation) - legal.index(turned)) % len(legal)
    label, steps = ("↻", ahead) if ahead <= len(legal) - ahead else ("↺", len(legal) - ahead)
    for _ in range(steps):
        preview = (await person.click(preview, label=label)).response
        taps += 1
    assert _shown(preview.content) == (target, rotation), preview.content
    await person.click(preview, label=CONFIRM[then])
    return taps + 1


def _picker(opened: Any) -> Any:
    """The picker a board button opened: its answer, or after a move it played first (a Phase I
    "…, no planning" button) the private follow-up."""
    return opened.followups[-1] if opened.followups else opened.response


def _select_ids(message: Any) -> list[str]:
    """The custom ids of a message's selects, top to bottom."""
    from tests.bot.test_manhattan_discord import components

    return [c["custom_id"] for c in components(message) if "options" in c]


def _labels(message: Any) -> list[str]:
    """The labels of a message's buttons (``tests.bot.marsbot_table.labels``)."""
    from tests.bot.marsbot_table import labels

    return labels(message)


async def tap_move(
    person: Any,
    thread: Any,
    board: Board,
    state: dict[str, Any],
    seat: int,
    notation: str,
    then: tuple[str, ...] = (),
    no_planning: bool = False,
) -> int:
    """Make ``notation`` as a phone user would; the taps it took. ``then``: the seat's next moves,
    made in the same tap by a shortcut (the Upgrade picker's "Or upgrade a tile and produce" and
    a placement's "Confirm and produce", ``done``, or
    "Confirm, produce and end turn", ``done end``; the Trade picker's "Or choose a trade and end
    your turn" and **Convert all and end turn**, ``end``). ``no_planning``: in Phase I, the
    "…, no planning" button plays ``plan 0`` and opens the place or upgrade picker (``state`` is
    the state after ``plan 0``)."""
    kind, *args = notation.split()
    if kind == "draw":
        for _ in range(int(args[1]) if len(args) > 1 else 1):
            await person.click(board(), label=DRAW[args[0]])
        return int(args[1]) if len(args) > 1 else 1
    if kind == "convert" and then:
        await person.click(board(), label="Convert all and end turn")
        return 1
    if kind in ("done", "convert") or notation == "plan 0":
        await person.click(board(), label=BUTTON.get(notation, BUTTON[kind]))
        return 1
    if kind == "end":  # End warns once when VP would be left unconverted: Confirm ends anyway
        answer = (await person.click(board(), label=BUTTON[kind])).response
        if answer is not None and answer.ephemeral and "Confirm" in _labels(answer):
            await person.click(answer, label="Confirm")
            return 2
        return 1
    if kind == "discard":  # over the hand limit the board offers one multi-select of the excess
        label = next(b for b in _labels(board()) if b.startswith("Discard"))
        opened = (await person.click(board(), label=label)).response
        hand = list(GAME.view(state, seat)["hand"])
        chosen: list[str] = []
        for tile in args:
            chosen.append(str(next(i for i, t in enumerate(hand) if t == tile and str(i) not in chosen)))
        await person.select(opened, chosen)
        return 1 + len(args)
    if kind == "sell":
        await person.slash(thread, "moonriser sell", tiles=" ".join(args[:-1]), get=args[-1])
        return 3
    if kind == "upgrade":  # its picker's second select also produces ("Or upgrade a tile and produce")
        label = NO_PLANNING["upgrade"] if no_planning else BUTTON["upgrade"]
        opened = _picker(await person.click(board(), label=label))
        await person.select(opened, [args[0]], custom_id=_select_ids(opened)[1 if then else 0])
        return 2
    if kind == "place":
        return await _place(person, board(), state, seat, args, then, no_planning)
    opened = (await person.click(board(), label=BUTTON[kind])).response
    if kind == "keep":
        drawn = list(GAME.view(state, seat)["drawn"])
        picked: list[str] = []
        for tile in args:
            picked.append(str(next(i for i, t in enumerate(drawn) if t == tile and str(i) not in picked)))
        await person.select(opened, picked)
        return 1 + len(picked)
    if kind == "base":
        row = (await person.select(opened, [args[0][0]])).response
        await person.select(row, [args[0]])
        return 3
    ids = _select_ids(opened)
    await person.select(opened, [notation], custom_id=ids[1] if then == ("end",) else ids[0])
    return 2


@dataclass
class Taps:
    """Taps per turn of the main game, and the setup and last trades apart."""

    turns: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    trading: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    """Of each turn's taps, those spent on trades (Phase III, 4:1 and swaps)."""
    setup: int = 0
    final: int = 0
    ended: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    shortcuts: Counter[str] = field(default_factory=Counter)
    """How often a shortcut made moves in one tap, by the moves (``place+done``, ``trade+end``, …)."""
    before: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    """The same turns under the flow before issue 27 (a placement 6 taps: Place, tile, row,
    field, rotation, Confirm; an upgrade 3: row, field; no planning 2: Plan, then "pay nothing")."""

    def median(self) -> float:
        return statistics.median(self.turns.values())


def trade_run(
    state: dict[str, Any], seat: int, notation: str, grouped: bool = True
) -> tuple[list[str], dict[str, Any]]:
    """The moves a person makes for the bot's ``notation`` and, if it is a trade, the bot's
    trades that follow it (same seat, same phase, nothing else between), with the state after
    them all. The bot trades one at a time; a person makes each give → get pair's trades as one
    ``trade <give> <get> <times>`` in the Trade picker, in the order the pairs first come
    (``grouped``; only consecutive identical trades if not). Trades only move tokens of the
    seat, so the state after them is the bot's whatever the order (``play_by_buttons`` checks)."""
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
    if grouped:
        counts = list(Counter(run).items())
    else:
        counts = [(n, len(list(same))) for n, same in groupby(run)]
    return [f"{n} {times}" if times > 1 else n for n, times in counts], after


def offered(state: dict[str, Any], seat: int, notation: str) -> tuple[str, str | None]:
    """``notation`` as the Trade picker offers it now: a trade of more times than it lists is
    its largest listed amount, then the rest (``None``: nothing left)."""
    kind, *args = notation.split()
    if kind != "trade" or len(args) < 3:
        return notation, None
    listed = set(paths(PICKERS, PICKERS.specs["trade"], state, seat).values())
    single = f"trade {args[0]} {args[1]}"
    times = max(n for n in range(1, int(args[2]) + 1) if n == 1 or f"{single} {n}" in listed)
    rest = int(args[2]) - times
    made = f"{single} {times}" if times > 1 else single
    return made, (f"{single} {rest}" if rest > 1 else single) if rest else None


def _next(state: dict[str, Any], seat: int) -> str | None:
    """The bot's next move for ``seat``, if it is the one to act."""
    if GAME.outcome(state) is not None or seat not in GAME.to_act(state):
        return None
    return GAME.bot_move(state, seat, "normal").notation


def shortcut(
    state: dict[str, Any], seat: int, notation: str, planned: list[str], expected: dict[str, Any]
) -> tuple[str, ...]:
    """The seat's next moves when a person makes them in the same tap as ``notation``: after an
    upgrade the bot's ``done`` (the Upgrade picker's "Or upgrade a tile and produce"); after a
    placement its ``done`` ("Confirm and produce") and its ``end`` when the preview offers
    it ("Confirm, produce and end turn", ``ends_quietly``); ``end`` after ``convert`` ("Convert
    all and end turn") or after the last trade of the turn's Phase III (the Trade picker's "…
    and end your turn", not offered at the end of the game, where End first warns what is left
    to convert). ``expected``: the state after ``notation`` and the trades still ``planned``
    (``trade_run``)."""
    kind = notation.split()[0]
    if kind == "upgrade":
        return ("done",) if _next(expected, seat) == "done" else ()
    if kind == "place":
        if _next(expected, seat) != "done":
            return ()
        produced, _ = GAME.apply(copy.deepcopy(expected), seat, "done")
        ends = _next(produced, seat) == "end" and ends_quietly(state, seat, notation)
        return ("done", "end") if ends else ("done",)
    if kind == "convert":
        return ("end",) if _next(expected, seat) == "end" else ()
    if kind != "trade" or planned or state["phase"] != "trade" or convert_allowed(state, seat):
        return ()
    return ("end",) if _next(expected, seat) == "end" else ()


def _develops(after_plan: dict[str, Any], seat: int) -> bool:
    """Whether the bot's move after not planning is one a Phase I button opens (place, upgrade)."""
    return GAME.bot_move(after_plan, seat, "normal").kind in ("place", "upgrade")


def bot_game(state: dict[str, Any]) -> dict[str, Any]:
    """The bot player's own game from ``state``, move by move in the engine: its end."""
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        state, _ = GAME.apply(state, seat, GAME.bot_move(state, seat, "normal"))
    return state


async def play_by_buttons(
    table: Any, turns_max: int | None = None, grouped: bool = True, shortcuts: bool = True
) -> Taps:
    """Play ``table`` (a ``tests.bot.moonriser_table.MoonTable`` of people only) to its end, or
    until ``turns_max`` turns of the main game have ended. A run of trades is made as one trade
    of several per pair of colours (``trade_run``); the game is the bot player's own all the
    same (asserted after each run and, for a whole game, at its end). With ``shortcuts`` a
    person takes the one-tap shortcuts where the bot's next move is the one they add
    (``shortcut``); the moves stored are the same."""
    taps = Taps()
    start = copy.deepcopy((await table.row()).state)
    planned: list[str] = []
    expected: dict[str, Any] = {}
    while True:
        row = await table.row()
        if row.status != "active" or (turns_max is not None and taps.ended >= turns_max):
            break
        state = row.state
        if not planned:
            seat = GAME.to_act(state)[0]
            planned, expected = trade_run(state, seat, GAME.bot_move(state, seat, "normal").notation, grouped)
        notation, rest = offered(state, seat, planned.pop(0))
        if rest is not None:
            planned.insert(0, rest)
        person = await table.person_at(seat)
        phase = state["phase"]
        skipped = shortcuts and notation == "plan 0" and _develops(expected, seat)
        if skipped:  # "Place a tile, no planning": plan 0 and the next move's picker in one tap
            state, notation = expected, GAME.bot_move(expected, seat, "normal").notation
            expected, _ = GAME.apply(copy.deepcopy(expected), seat, notation)
        then = shortcut(state, seat, notation, planned, expected) if shortcuts else ()
        board = lambda: table.boards()[-1]  # noqa: E731
        spent = await tap_move(person, table.thread, board, state, seat, notation, then, skipped)
        kind, *args = notation.split()
        taps.kinds[kind] += spent
        if then:
            taps.shortcuts["+".join((kind, *then))] += 1
        if skipped:
            taps.shortcuts["plan 0+" + kind] += 1
        if (notation == "end" or "end" in then) and phase == "trade":
            taps.ended += 1
        if phase in TURN_PHASES:
            taps.turns[(state["round"], seat)] += spent
            times = int(args[2]) if kind == "trade" and len(args) > 2 else 1
            old = {"place": 6, "upgrade": 3, "trade": 2 * times}.get(kind, spent)
            old = (2 if notation == "plan 0" else old) + len(then) + 2 * skipped
            taps.before[(state["round"], seat)] += old
            if kind in ("trade", "swap", "sell"):
                taps.trading[(state["round"], seat)] += spent
        elif phase == "final":
            taps.final += spent
        else:
            taps.setup += spent
        stored = await table.bot.store.moves(table.table_id)
        if then or skipped:  # the same engine moves as a tap for each would store
            made = ["plan 0"] * skipped + [notation, *then]
            assert [m.notation for m in stored[-len(made) :]] == made, (made, phase)
            for following in then:
                expected, _ = GAME.apply(copy.deepcopy(expected), seat, following)
        elif not notation.startswith("draw"):  # a draw of several is several taps of Draw
            assert stored[-1].notation == notation, (notation, stored[-1].notation, phase)
        if not planned:
            assert (await table.row()).state == expected, (notation, phase)
    if turns_max is None:
        assert (await table.row()).state == bot_game(start), "the game by buttons is not the bot's"
    return taps


async def _measure(
    seed: int, folder: Path, players: int, turns_max: int | None, grouped: bool, shortcuts: bool = True
) -> Taps:
    from bench.simcord_moves import simcord_bot
    from tests.bot.moonriser_table import MoonTable

    async with simcord_bot(folder) as (env, _bot):
        table = await MoonTable.open(env, players=players, seed=seed)
        return await play_by_buttons(table, turns_max, grouped, shortcuts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.moonriser_taps", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--quick", action="store_true", help="2 seats, 6 turns: checks the command works")
    parser.add_argument(
        "--identical", action="store_true", help="merge only consecutive identical trades, not each pair's"
    )
    parser.add_argument(
        "--no-shortcuts",
        action="store_true",
        help="without the shortcuts that make several moves in one tap (a tap per move)",
    )
    args = parser.parse_args(argv)
    players, turns_max = (2, 6) if args.quick else (4, None)
    with tempfile.TemporaryDirectory() as folder:
        taps = asyncio.run(
            _measure(args.seed, Path(folder), players, turns_max, not args.identical, not args.no_shortcuts)
        )
    counts = sorted(taps.turns.values())
    median = taps.median()
    verdict = "ok" if median <= 6 else "FAIL"
    print(f"Moonriser taps by buttons — a {players}-seat game, seed {args.seed}: {len(counts)} turns")
    print(
        f"taps per turn: median {median:g}  target <= 6  {verdict}; mean {statistics.mean(counts):.1f}, "
        f"max {counts[-1]}"
    )
    print(f"the same moves by the flow before issue 27: median {statistics.median(taps.before.values()):g}")
    apart = statistics.median(n - taps.trading.get(turn, 0) for turn, n in taps.turns.items())
    traded = sum(1 for turn in taps.turns if taps.trading.get(turn))
    print(f"trades: in {traded} of {len(counts)} turns; median taps per turn without them {apart:g}")
    print(f"histogram (taps: turns): {dict(sorted(Counter(counts).items()))}")
    print(f"shortcuts taken (the moves made in one tap: times): {dict(taps.shortcuts)}")
    print(f"setup {taps.setup} taps, last trades {taps.final} taps; by move kind: {dict(taps.kinds)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
