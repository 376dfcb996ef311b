"""Tripitz Domino: the pids (pids.py), the cavity board (board.py) and the rules (rules.py)."""
