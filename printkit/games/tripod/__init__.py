"""Tripod: the double triangular board of hexagons (board.py) and its rules engine (rules.py)."""
