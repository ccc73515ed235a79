"""The Manhattan Project's pictures: the public board (``board``, its spaces in ``spaces``), the
players' boards (``details``), bomb cards in hand or on offer (``hand``) and the legend
(``legend``), drawn from the look (``style``), the icons (``icons``) and the cards (``cards``)."""
