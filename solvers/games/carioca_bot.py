"""Carioca's players and hints (placeholder while the rules settle)."""
BOTS = {}
