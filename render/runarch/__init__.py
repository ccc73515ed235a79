"""RunArch's pictures: the board of the simple game (``board``), the complex and solo table
(``table``, drawn from ``pieces``, ``players`` and ``public``), a player's hand (``hand``) and the
stones (``stones``)."""
