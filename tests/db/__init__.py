"""Tests of the SQLite store (db/)."""
