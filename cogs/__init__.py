"""One cog per game plus the shared table commands: thin adapters over ``bot.tables``."""
