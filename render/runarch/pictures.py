"""RunArch's pictures as the cog draws them: the board, simple (:mod:`render.runarch.board`) or
complex and solo (:mod:`render.runarch.table`), and the details picture of the latter two. It sits
above both modules so that neither has to import the other's caller."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import kit
from render.inputs import drawn_from
from render.runarch import table
from render.runarch.board import Tr, is_extended, simple_image


def render_board(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> bytes:
    """The public board of ``view`` (``GAME.view(state, None)``) as PNG bytes: the 720×966
    picture (:data:`render.runarch.board.SIZE_PX`) of every variant. The complex game and the
    solo mode show the rest of the table in a second picture, :func:`render_details`."""
    return kit.encode_png(board_image(view, names, tr))


def _details_inputs(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> Any:
    """The simple game for two has no details picture: then nothing else matters."""
    return (view, names, tr.lang) if is_extended(view) else None


@drawn_from(_details_inputs)
def render_details(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> bytes | None:
    """The second picture of a complex or solo ``view`` (player boards, public goals and tokens,
    the automa) as PNG bytes; ``None`` for the simple game for two, which has none."""
    if not is_extended(view):
        return None
    return kit.encode_png(table.details_image(view, names, tr))


def board_image(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> Image.Image:
    """The picture :func:`render_board` encodes, as a palette image: an animation (a replay)
    encodes many of them together instead of one PNG each."""
    if is_extended(view):
        return table.board_image(view, names, tr)
    return simple_image(view, names, tr)
