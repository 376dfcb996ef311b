"""Tiny Claim's one sheet: the board."""

from __future__ import annotations

from printkit.draw.model import Affine
from printkit.layout.config import Layout
from printkit.layout.sheet import Sheet, content_box, new_page, page_size, place_centred
from tinyclaim.components import Settings, board_drawing


def sheets(layout: Layout) -> list[Sheet]:
    size = page_size(layout)
    page = new_page(size, layout.margin, "Tiny Claim · board")
    board = board_drawing(layout.section(Settings).cell)
    x0, y0, x1, y1 = board.bbox()
    board = board.transformed(Affine.translate(-x0, -y0))
    board.width, board.height = x1 - x0, y1 - y0
    page.place(board, place_centred(board, content_box(size, layout.margin), "the board"))
    return [Sheet("tinyclaim", "board", "Tiny Claim board", page)]


def inventory(layout: Layout) -> dict[str, int]:
    return {"board": 1}
