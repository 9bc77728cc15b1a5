"""The JSON API over the rules engine."""
