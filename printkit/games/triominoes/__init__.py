"""Triominoes: the 56 triangular number tiles, two rule presets, and the printed kit."""
