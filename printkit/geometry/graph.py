"""Graph walks over cells of any lattice, given a neighbour function."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

__all__ = ["component"]


def component(
    cells: Iterable[Hashable], start: Hashable, neighbours: Callable[[Hashable], Iterable[Hashable]]
) -> set:
    """The cells connected to ``start`` (itself among ``cells``) through ``neighbours``."""
    cells = set(cells)
    seen = {start}
    stack = [start]
    while stack:
        for nb in neighbours(stack.pop()):
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return seen
