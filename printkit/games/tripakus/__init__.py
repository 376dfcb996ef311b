"""TriPakus: the three-player polyiamond placement game (pieces, rules, printed kit)."""
