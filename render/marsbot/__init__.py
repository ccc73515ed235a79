"""MarsBot's pictures: the board (``board``: the Tharsis ``map`` and the ``tracks``) and the legend
(``legend``), drawn from the look (``style``) and the icons (``icons``)."""
