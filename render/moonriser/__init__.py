"""Moonriser's pictures: the public board (``board``), the players' details (``details``) and a
player's tiles (``hand``), drawn from the look (``style``), the board's fields (``geometry``) and
one hex (``tiles``)."""
