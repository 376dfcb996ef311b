"""What the games played with the 22 polyiamonds share: the pieces, the boards (triangle and
hexagon), moves and their text, and the rules engine.  Each game's folder under
``printkit/games/`` gives its options, presets and printed names on top of these."""
