"""MarsBot: the Terraforming Mars automa as a solo companion; ``GAME`` is what the registry loads."""
