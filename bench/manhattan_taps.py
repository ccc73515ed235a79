"""``python -m bench.manhattan_taps``: taps per turn of The Manhattan Project played by buttons.

A scripted game of people only through the real bot under SimCord. Each move is chosen by the
mixed player (``bench.mixed``: the normal bot's advice 65 % of the time, else a random legal
move, seeded) and made the way a phone user makes it: the buttons under the board post and the
private pickers, never a typed command unless no button reaches the move (then it is typed and
counted as 1 tap plus 1 per option). Counted as a tap: a button click and each option chosen
in a select. In a picker the person takes the whole move when the first select offers it (one
tap), else goes step by step, taking an option that answers several steps at once where there
is one (a contractor beside the own worker); the steps the picker takes for them cost nothing.
A *turn* is one seat's turn of the main game, from its first move to **End turn** or
**Retrieve workers**; a *placing turn* is one that placed a worker. The start bonus, repairs out
of turn and draft picks are counted apart. The moves stored are exactly the chosen ones, one
each, in order (asserted). Target from issue 34: median taps per placing turn <= 5.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bench.acks import private_left
from bench.mixed import ADVISED, Mixed
from bot.i18n import Tr
from bot.picker_options import JOIN, WHOLE
from cogs.manhattan.pickers import PICKERS
from engine.core import Move
from engine.manhattan.game import GAME

BUTTON = {
    "place": "Main board",
    "work": "Use a building",
    "bomb": "Bombs",
    "test": "Bombs",
    "load": "Bombs",
    "attack": "Air strike",
    "raid": "Air strike",
    "repair": "Repair",
    "pick": "Pick a bomb",
    "done": "End turn",
    "retrieve": "Retrieve workers",
    "bonus E": "Take an engineer",
    "bonus S": "Take a scientist",
}
ACTION = {"place": "place", "work": "work", "bomb": "bombs", "test": "bombs", "load": "bombs"}
ACTION |= {"attack": "strike", "raid": "strike", "repair": "repair", "pick": "pick"}
PLACING = frozenset({"place", "work", "bomb"})
EN = Tr("en")


def _components(message: Any) -> list[dict[str, Any]]:
    from tests.bot.test_manhattan_discord import components

    return components(message)


def _select(message: Any) -> dict[str, Any]:
    """A message's first select."""
    return next((c for c in _components(message) if "options" in c), {"options": []})


def _step(spec: Any, select: dict[str, Any]) -> int:
    """Which step a picker select asks (its placeholder names it: ``PickSpec.placeholder``)."""
    shown = select.get("placeholder", "")
    return next(i for i in range(8) if spec.placeholder(EN, ("",) * i)[:150] == shown)


def _option(values: list[str], path: tuple[str, ...], at: int, notation: str) -> str | None:
    """The option that plays ``notation`` whole, else the one that goes furthest along ``path``
    from step ``at``; ``None`` when no option continues the move."""
    if WHOLE + notation in values:
        return WHOLE + notation
    going = [
        v
        for v in values
        if not v.startswith(WHOLE) and path[at:][: len(v.split(JOIN))] == tuple(v.split(JOIN))
    ]
    return max(going, key=lambda v: len(v.split(JOIN)), default=None)


async def _typed(table: Any, person: Any, notation: str) -> int:
    """A move no button reaches, by its slash command: 1 tap and 1 per option."""
    from cogs.manhattan.typed import slash_for

    command, options = slash_for(notation)
    await person.slash(table.thread, command, **options)
    return 1 + len(options)


def _left(result: Any, used: Counter[str] | None) -> None:
    """Counts the private messages the tap that made a move left (``"private"``)."""
    if used is not None:
        used["private"] += len(private_left(result))


async def tap_move(
    table: Any, person: Any, move: Move, whole: bool = True, used: Counter[str] | None = None
) -> int:
    """Make ``move`` by buttons as a phone user would; the taps it took. ``whole``: take the
    whole move when the picker offers it (else the long way, step by step); ``used`` counts the
    moves made by a whole-move option (``"whole"``) and the private messages left by the tap
    that made the move (``"private"``: an acknowledgement, which issue 34 forbids)."""
    board = table.boards()[-1]
    label = BUTTON.get(move.notation, BUTTON.get(move.kind))
    if move.kind in ("done", "retrieve", "bonus"):
        _left(await person.click(board, label=label), used)
        return 1
    stored = len(await table.bot.store.moves(table.table_id))
    opened = await person.click(board, label=label)
    message = opened.followups[-1] if opened.followups else opened.response
    spec = PICKERS.specs[ACTION[move.kind]]
    path = next(iter(spec.steps(move)))
    taps = 1
    for _ in range(len(path) + 1):
        select = _select(message)
        values = [o["value"] for o in select["options"]]
        found = _option(values, path, _step(spec, select), move.notation if whole else "")
        if found is None:  # the picker cannot reach it (more than a select holds): typed
            return taps + await _typed(table, person, move.notation)
        answer = await person.select(message.message if hasattr(message, "message") else message, [found])
        taps += 1
        if used is not None and found.startswith(WHOLE):
            used["whole"] += 1
        if len(await table.bot.store.moves(table.table_id)) > stored:
            _left(answer, used)
            return taps
        message = answer.response
    raise AssertionError(f"the picker never played {move.notation}")


@dataclass
class Taps:
    """Taps per turn of the main game, which turns placed, and the rest apart."""

    turns: dict[int, int] = field(default_factory=Counter)
    placing: set[int] = field(default_factory=set)
    setup: int = 0
    reactions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    moves: Counter[str] = field(default_factory=Counter)
    whole: int = 0
    """Placements and building uses made by one whole-move option."""
    own: int = 0
    chosen: int = 0
    private: int = 0
    """Private messages left by the taps that made moves (acknowledgements)."""

    def placing_turns(self) -> list[int]:
        return sorted(self.turns[k] for k in self.placing)


async def play_by_buttons(
    table: Any, seed: int, turns_max: int | None = None, advised: float = ADVISED
) -> Taps:
    """Play ``table`` (a ``tests.bot.manhattan_table.ManhattanTable`` of people only) by buttons
    until it ends or ``turns_max`` turns have ended."""
    taps = Taps()
    player: Mixed[Move] = Mixed(seed, advised)
    turn = 0
    while True:
        row = await table.row()
        if row.status != "active" or (turns_max is not None and turn >= turns_max):
            break
        state = row.state
        seat = GAME.to_act(state)[0]
        advice = GAME.bot_move(state, seat, "normal")
        move = player.choose(advice, list(GAME.legal_moves(state, seat)))
        person = await table.person_at(seat)
        before = len(await table.bot.store.moves(table.table_id))
        used: Counter[str] = Counter()
        spent = await tap_move(table, person, move, used=used)
        made = await table.bot.store.moves(table.table_id)
        mine = [m for m in made[before:] if m.user_id is not None]
        assert [m.notation for m in mine] == [move.notation], (move.notation, [m.notation for m in mine])
        taps.kinds[move.kind] += spent
        taps.moves[move.kind] += 1
        if move.kind in ("place", "work"):
            taps.whole += used["whole"]
        taps.private += used["private"]
        if state["phase"] == "bonus":
            taps.setup += spent
        elif seat != state["active"]:
            taps.reactions += spent
        else:
            taps.turns[turn] += spent
            if move.kind in PLACING:
                taps.placing.add(turn)
            if move.kind in ("done", "retrieve"):
                turn += 1
    taps.own, taps.chosen = player.own, player.taken
    return taps


async def _measure(seed: int, folder: Path, players: int, turns_max: int | None, advised: float) -> Taps:
    from bench.simcord_moves import simcord_bot
    from tests.bot.manhattan_table import ManhattanTable

    async with simcord_bot(folder) as (env, _bot):
        table = await ManhattanTable.open(env, players=players, seed=seed)
        return await play_by_buttons(table, seed, turns_max, advised)


def steps_only() -> None:
    """The pickers without whole moves and defaults (``PickSpec.whole``, ``PickSpec.default``),
    for the figure before issue 34 (the bot registers these very specs)."""
    specs = PICKERS.specs
    assert isinstance(specs, dict)
    for action, spec in list(specs.items()):
        specs[action] = replace(spec, whole=None, default=None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.manhattan_taps", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--turns", type=int, default=0, help="turns of the main game to play (0: to the end)")
    parser.add_argument(
        "--advised", type=float, default=ADVISED, help="the share of moves that follow the bot"
    )
    parser.add_argument("--quick", action="store_true", help="2 seats, 8 turns: checks the command works")
    parser.add_argument(
        "--steps-only",
        action="store_true",
        help="the pickers as before issue 34: no whole moves, no default for gained workers",
    )
    args = parser.parse_args(argv)
    if args.steps_only:
        steps_only()
    players, turns_max = (2, 8) if args.quick else (args.players, args.turns or None)
    with tempfile.TemporaryDirectory() as folder:
        taps = asyncio.run(_measure(args.seed, Path(folder), players, turns_max, args.advised))
    placing = taps.placing_turns()
    every = sorted(taps.turns.values())
    median = statistics.median(placing)
    verdict = "ok" if median <= 5 else "FAIL"
    print(
        f"Manhattan taps by buttons — a {players}-seat game, seed {args.seed}, {len(every)} turns "
        f"({len(placing)} placing); mixed player: {taps.own} of {taps.chosen} moves not the bot's advice"
    )
    print(f"median taps per turn: {median:g}  (placing turns; target <= 5  {verdict})")
    print(f"  placing turns: mean {statistics.mean(placing):.1f}, max {placing[-1]}")
    print(f"  histogram (taps: turns): {dict(sorted(Counter(placing).items()))}")
    print(f"  every turn, retrieving ones too: median {statistics.median(every):g}")
    whole = taps.moves["place"] + taps.moves["work"]
    print(f"  placements and building uses in one whole-move tap: {taps.whole} of {whole}")
    print(
        "  by move kind (taps / moves): "
        + ", ".join(f"{k} {taps.kinds[k]}/{n}" for k, n in taps.moves.items())
    )
    print(f"  private acknowledgements left by a move: {taps.private}  target 0")
    print(f"  start bonus {taps.setup} taps, repairs and draft picks out of turn {taps.reactions} taps")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
