"""Trex policies (placeholder while the rules settle)."""
BOTS = {}
