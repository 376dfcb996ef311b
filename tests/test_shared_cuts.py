"""Shared cut lines: components packed edge to edge need far less cutting than the same
components cut out one by one (issue: at least 40 % less for hex tokens and triominoes)."""

from __future__ import annotations

import math

import pytest
from conftest import layout_for

from printkit.draw.cutfile import cut_stats
from printkit.games.tripitz.kit import token_sheets
from printkit.games.tripitz.pids import JOKERS, PIDS


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flats", [16.0, 20.0])
def test_hex_tokens_sharing_cuts_save_at_least_40_percent(paper, flats):
    layout = layout_for(paper__size=paper, tripitz__token="hex", tripitz__token_size=flats)
    shared = sum(cut_stats(sheet.front).cut_length for sheet in token_sheets(layout))
    side = flats / math.sqrt(3)  # a regular hexagon's side from its width across the flats
    separated = (len(PIDS) + len(JOKERS)) * 6 * side  # each token cut round on its own
    assert shared <= 0.6 * separated, (shared, separated)
    # and never less than the interior edges shared by two tokens allow: half of it at best
    assert shared >= 0.5 * separated
