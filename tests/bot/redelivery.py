"""Discord delivering one interaction twice, under SimCord: the same payload (same id, same
token) arrives again, as happens when Discord retries a delivery it thinks was lost."""

from __future__ import annotations

from typing import Any

from simcord import Env


class Deliveries:
    """Remembers every interaction the simulated Discord delivers, to deliver one again."""

    def __init__(self, env: Env) -> None:
        self.env = env
        self.payloads: list[dict[str, Any]] = []
        env.backend.subscribers.append(self._seen)

    def _seen(self, event: str, payload: Any) -> None:
        if event == "INTERACTION_CREATE":
            self.payloads.append(dict(payload))

    def last(self) -> dict[str, Any]:
        assert self.payloads, "no interaction was delivered"
        return self.payloads[-1]

    async def again(self, payload: dict[str, Any]) -> None:
        """Deliver ``payload`` once more and let the bot finish with it."""
        self.env.backend.emit("INTERACTION_CREATE", payload)
        await self.env.settle()
