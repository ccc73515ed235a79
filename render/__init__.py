"""Pictures of the games (PNG bytes from engine views); no Discord, no database."""
