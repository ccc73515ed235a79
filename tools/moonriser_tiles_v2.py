"""``python tools/moonriser_tiles_v2.py``: writes ``engine/moonriser/data/tiles.v2.json`` from v1.

Version 2 keeps every v1 design (ids, names, counts, values, prices, relationship symbols,
bonuses) and redraws only what made Productive neighbourhoods rare (issue #27): each tile shows
one theme colour in a run of adjacent corners (``RUN``), so two tiles side by side turned the
same way leave a point a third tile can complete. The advanced Fusion power plant gets the
Empty space the Czech book gives it („zabere více místa"). The design targets are in
``docs/rules/moonriser-tiles.md``; ``bench/moonriser_neighbourhoods.py`` measures them.
The JSON is the shipped artefact: run this once, commit both, never run it over a released file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "engine" / "moonriser" / "data"
SOURCE, TARGET = DATA / "tiles.v1.json", DATA / "tiles.v2.json"

THEME: dict[str, str] = {
    **dict.fromkeys(
        ("B01", "B02", "B03", "B06", "B07", "B08", "B09", "B10", "B11", "B12", "B19", "B20"), "green"
    ),
    **dict.fromkeys(("A01", "A03", "A04", "A07", "A08", "A09", "A10", "A15", "A18", "A20", "A23"), "green"),
    **dict.fromkeys(("B04", "B05", "B13", "B17", "A06", "A11", "A12", "A16", "A19"), "red"),
    **dict.fromkeys(
        ("B14", "B15", "B16", "B18", "B21", "A02", "A05", "A13", "A14", "A17", "A21", "A22"), "blue"
    ),
}
"""Each design's neighbourhood colour: green for mines, harvesters, plants, refineries, farms and
stores; red for habitats, robots, rovers, pads and ports; blue for science, probes and observation."""
RUN = 3
"""Coloured corners per tile, adjacent (corners ``START`` … ``START + RUN − 1``)."""
START = 0
FUSION_EMPTY = {"A01": [1]}
"""The advanced Fusion power plant „zabere více místa": one Empty space, on an edge without a symbol."""
ORDER = ("id", "kind", "count", "number", "name", "value", "price", "edges", "corners", "empty", "bonuses")
"""The fields of a tile in the order v1 writes them."""
NOTE = (
    "Version 2 of the project's reconstruction (issue #27): the v1 designs with their corners "
    "redrawn so Productive neighbourhoods form (each tile one theme colour in {run} adjacent "
    "corners) and an Empty space for the advanced Fusion power plant. Everything else as v1: "
    "the rulebooks' tile pictures are missing and no published list of the tiles was found "
    "(docs/rules/moonriser-tiles.md). Counts: 4 Main bases + 69 Basic + 48 Advanced = 121 tiles."
)


def redrawn(tile: dict) -> dict:
    """One design as v2 draws it."""
    out = dict(tile)
    if tile["kind"] == "base":
        return out
    colour = THEME[tile["id"]]
    out["corners"] = [{"corner": (START + n) % 6, "colour": colour} for n in range(RUN)]
    if tile["id"] in FUSION_EMPTY:
        out["empty"] = FUSION_EMPTY[tile["id"]]
    return {key: out[key] for key in ORDER if key in out}


def document() -> dict:
    source = json.loads(SOURCE.read_text(encoding="utf-8"))
    return {
        "version": 2,
        "reconstructed": True,
        "note": NOTE.format(run=RUN),
        "tiles": [redrawn(tile) for tile in source["tiles"]],
    }


def text(doc: dict) -> str:
    """The file as v1 is laid out: the head, then one tile per line."""
    head = {key: doc[key] for key in ("version", "reconstructed", "note")}
    lines = [json.dumps(tile, ensure_ascii=False) for tile in doc["tiles"]]
    body = ",\n  ".join(lines)
    top = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
    return f'{top},\n "tiles": [\n  {body}\n ]\n}}\n'


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else TARGET
    target.write_text(text(document()), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
