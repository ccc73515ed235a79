"""RunArch's pictures: what the cog draws (``pictures``: the board and the details picture), from the
board of the simple game (``board``) and the complex and solo table (``table``, drawn from
``pieces``, ``players`` and ``public``); a player's hand (``hand``) and the stones (``stones``)."""
