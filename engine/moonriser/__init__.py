"""Moonriser: hex tile placement on the Moon for 2-4 players (rules being built)."""
