"""Tiny Claim's rule card has no diagram."""

DIAGRAMS: dict = {}
