"""``python -m bench.concurrent``: throughput and latency with moves truly in flight at once
(issue #28); see ``bench.concurrent.run``."""
