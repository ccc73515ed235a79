"""Benchmarks: commands that print figures against baselines measured in the same run."""
