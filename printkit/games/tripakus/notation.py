"""tripakus moves and positions as text (moving here from rules)."""
