"""RunArch's stones: their five colours and five shapes (the shared kit only draws shapes by name)."""

from __future__ import annotations

from collections.abc import Mapping

from render import kit

STONE_COLOURS: Mapping[str, kit.RGB] = {
    # Chosen by simulating protanopia, deuteranopia and tritanopia (Machado 2009): every pair
    # stays >= 34 CIELAB units apart under each, >= 44 normally. They differ in lightness as
    # much as in hue (yellow and green light, blue and violet dark, red in between), and the
    # game always pairs a colour with a shape.
    "R": kit.hex_rgb("#C8201A"),
    "B": kit.hex_rgb("#1A47E6"),
    "G": kit.hex_rgb("#38CC88"),
    "Y": kit.hex_rgb("#F0C814"),
    "V": kit.hex_rgb("#93339F"),
}
"""The palette names and colours of the stones, by their code letter (a stone "5Y" is yellow)."""

SHAPES: Mapping[str, str] = {"0": "circle", "3": "triangle", "4": "square", "5": "star", "6": "hexagon"}
"""A stone's shape digit -> the kit's shape name (:func:`render.shapes.draw_shape`)."""
