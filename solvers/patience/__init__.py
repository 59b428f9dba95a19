"""Patience (Klondike, Forty Thieves): deals, rules engine, exact solver, hints and
batch verification."""
