"""Game records and positions: the format (JSON and text), and the checker that replays them."""
