"""The Manhattan Project: worker placement and bombs for 2–5 players (being built: issue #15)."""
