"""A kit that does not fit its paper says how it will: a value with which the WHOLE kit
(rule card included) builds on that paper, or that it cannot be built there and the smallest
paper on which it does.  Each hint is followed and the kit built."""

import re

import pytest

from printkit.errors import FitError
from printkit.kits import default_kits, find_kit
from printkit.layout.config import load_layout
from printkit.layout.paper import CUSTOM_RANGE

SMALLEST = f"{CUSTOM_RANGE[0]:g}x{CUSTOM_RANGE[0]:g}"
PAPERS = ("a5", "a4", "letter", SMALLEST, "60x60", "100x100")
SET = re.compile(
    r"the largest that fits is ([\d.]+) mm: with ((?:--set \w+\.\w+=[\d.]+ )+)the whole"
)
PAIR = re.compile(r"--set (\w+)\.(\w+)=([\d.]+)")
PAPER = re.compile(
    r"cannot be built on \S+ at any \S+ from [\d.]+ to [\d.]+: "
    r"the smallest paper it builds on is (\w+) \(--paper \1\)"
)


@pytest.mark.parametrize("kit", [k.name for k in default_kits()])
def test_every_kit_builds_or_its_hint_leads_to_a_build(kit):
    kit = find_kit(kit)
    for paper in PAPERS:
        layout = load_layout(overrides={"paper.size": paper})
        try:
            kit.build(layout)
            continue
        except FitError as e:
            message = e.message
        assert "\n" not in message
        if m := SET.search(message):
            # exactly what the message tells the user to set, and nothing else
            pairs = PAIR.findall(m.group(2))
            assert pairs[0][:2] == tuple(kit.fit.name.split("."))
            assert float(pairs[0][2]) == float(m.group(1))
            assert float(m.group(1)) < getattr(layout.section(kit.fit.settings), kit.fit.key)
            values: dict[str, dict[str, float]] = {}
            for section, key, value in pairs:
                values.setdefault(section, {})[key] = float(value)
            kit.build(layout.with_values(**values))
        else:
            m = PAPER.search(message)
            assert m, f"{kit.name} on {paper}: no hint in {message!r}"
            assert m.group(1) != paper
            kit.build(layout.with_values(paper={"size": m.group(1)}))


def test_the_suggested_value_is_close_to_the_largest_that_builds():
    """TriPakus on A5: the suggestion builds and 0.2 mm more does not."""
    kit, layout = find_kit("tripakus"), load_layout(overrides={"paper.size": "a5"})
    with pytest.raises(FitError, match="with --set tripakus.cell=") as info:
        kit.build(layout)
    value = float(SET.search(info.value.message).group(1))
    kit.build(layout.with_values(tripakus={"cell": value}))
    with pytest.raises(FitError):
        kit.build(layout.with_values(tripakus={"cell": round(value + 0.2, 1)}))


def test_a_kit_whose_rule_card_never_fits_names_a_paper_not_a_value():
    """Tripitz on A5: every token size fails on the rule card, so no size is suggested."""
    with pytest.raises(FitError, match=r"cannot be built on a5 .*--paper a4") as info:
        find_kit("tripitz").build(load_layout(overrides={"paper.size": "a5"}))
    assert "--set" not in info.value.message


def test_a_larger_cell_that_moves_the_full_board_to_larger_paper_says_so():
    # 17.6 mm: the full board no longer fits A3 (even at the print-shop margin); the section
    # print still fits A4.
    layout = load_layout(overrides={"tripakus.cell": 17.6})
    full = next(s for s in find_kit("tripakus").build(layout) if s.stem == "board-full")
    assert full.notice and "needs A2 paper, not A3" in full.notice
    assert full.notice in full.steps  # so the manifest and contents page show it
    default = next(s for s in find_kit("tripakus").build(load_layout()) if s.stem == "board-full")
    assert default.notice is None
