"""Thin adapters from slash commands and components to ``bot.tables``: every package here is one
game's cog (``cogs/<game>/``, with its own ``locales``), every module a shared cog; the bot finds
both by scanning this package (``bot.discovery``)."""
