"""Benchmarks that print figures (speed and strength are measured here, never asserted in tests)."""
