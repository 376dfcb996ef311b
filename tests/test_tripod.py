"""Tripod: the glued double board, its notation, and the engine against the seed's examples."""

from __future__ import annotations

import random
import re
from collections import deque
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.games.base import Game, IllegalMoveError, InvalidMoveError, Outcome
from printkit.games.tripod.board import (
    MAX_SIZE,
    MIN_SIZE,
    TripodBoard,
    TripodCell,
    cell_count,
    cell_name,
    parse_cell,
    text_diagram,
)
from printkit.games.tripod.notation import TripodMove, move_text, parse_move
from printkit.games.tripod.rules import (
    PLAYERS,
    Player,
    Stone,
    TripodGame,
    TripodOptions,
    check_position,
    new_game,
    position_from_halves,
    surrounded_corners,
)
from printkit.geometry.hexgrid import triangle_region

SIZES = range(MIN_SIZE, MAX_SIZE + 1)

# The seed's example boards (file 004), size 11, transcribed row by row from the apex.  In the
# seed each board is drawn as two halves side by side; the left drawing is half 0 here, the
# right drawing half 1.  Both drawings show the shared perimeter cells identically.
EXAMPLE_X_WINS = [  # "a game won by X": O surrounds each corner, but with three groups
    (".", "."),
    (". .", ". ."),
    ("o o .", "o . ."),
    (". . o o", ". o o o"),
    ("x . . . .", "x . . . ."),
    (". x . . . .", ". x x . . ."),
    (". . x . . x x", ". . . x x x x"),
    (". . . x x x . .", ". . . x . . . ."),
    ("o o . . x . . . o", "o . . x . . . . o"),
    (". . o . x . . . o .", ". o . . x . . . o ."),
    (". . o . x . . . . o .", ". . o . x . . . . o ."),
]
EXAMPLE_O_WINS = [  # "a win for O despite X forming a Y on the left half"
    (".", "."),
    (". .", ". ."),
    (". . .", ". . ."),
    (". . . .", ". . . ."),
    ("x . . . x", "x x x x x"),
    (". x . . x .", ". . . . . ."),
    (". . x x x . .", ". . . . . . ."),
    (". . . x . . . .", ". . o o o o . ."),
    (". . . . x . . . .", ". . o . . . o . ."),
    (". . . . x . . . . .", ". . o . . . . o . ."),
    ("o o o . . x . . o o o", "o o o . . x . . o o o"),
]
EXAMPLE_LOOPS = [  # loops round the apex of sizes 1, 4, 8, 12 and pairs round the bottom corners
    ("o", "o"),
    (". .", ". ."),
    ("o o o", "o o o"),
    (". . . .", ". . . ."),
    ("o o o o o", "o o o o o"),
    (". . . . . .", ". . . . . ."),
    ("o o o o o o o", "o o o o o o o"),
    (". . . . . . . .", ". . . . . . . ."),
    (". . . . . . . . .", ". . . . . . . . ."),
    ("o . . . . . . . . o", "o . . . . . . . . o"),
    (". o . . . . . . . o .", ". o . . . . . . . o ."),
]


def _position(example, n=11):
    return position_from_halves([a for a, _ in example], [b for _, b in example], n)


def _groups(board, stones, colour):
    """Connected groups of one colour, by plain breadth-first search (independent of the engine)."""
    left = {c for c, s in stones.items() if s == colour}
    out = []
    while left:
        seed = left.pop()
        group, queue = {seed}, deque([seed])
        while queue:
            for u in board.neighbours(queue.popleft()):
                if u in left:
                    left.discard(u)
                    group.add(u)
                    queue.append(u)
        out.append(frozenset(group))
    return out


def _has_won(board, stones, colour):
    return any(len(surrounded_corners(board, g)) == 3 for g in _groups(board, stones, colour))


# -- the board ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", SIZES)
def test_distinct_cells_are_two_triangles_less_the_shared_perimeter(n):
    board = TripodBoard(n)
    places = {(half, h) for c in board for half, h in board.positions(c)}
    assert len(places) == 2 * len(triangle_region(n)) == n * (n + 1)
    assert len(board) == cell_count(n) == n * (n + 1) - (3 * n - 3)
    shared = [c for c in board if len(board.positions(c)) == 2]
    assert len(shared) == 3 * n - 3


@pytest.mark.parametrize("n", SIZES)
def test_neighbour_counts_are_those_of_the_seed(n):
    board = TripodBoard(n)
    corners = set(board.corners)
    beside = {u for c in corners for u in board.neighbours(c)}
    for cell in board:
        nbs = board.neighbours(cell)
        assert len(set(nbs)) == len(nbs)
        assert all(cell in board.neighbours(u) for u in nbs)  # symmetric
        if cell in corners:
            assert len(nbs) == 2
        elif cell in beside:
            assert len(nbs) == 5
        else:
            assert len(nbs) == 6
    assert len(beside) == 6


def test_corners_are_the_three_triangle_corners():
    board = TripodBoard(11)
    assert [cell_name(c) for c in board.corners] == ["a1", "a11", "k11"]
    for c in board.corners:
        assert board.is_shared(c)


@pytest.mark.parametrize("n", [4, 11, 19])
def test_every_name_parses_back_and_names_are_unique(n):
    board = TripodBoard(n)
    names = [cell_name(c) for c in board]
    assert len(set(names)) == len(board)
    assert [parse_cell(s, n) for s in names] == list(board.cells)
    # A shared cell has one name, whichever half it is printed on.
    for c in board:
        assert {board.cell_at(half, h) for half, h in board.positions(c)} == {c}
    assert sum(1 for s in names if s.endswith("'")) == len(board) - n * (n + 1) // 2


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_names_round_trip(data):
    n = data.draw(st.integers(MIN_SIZE, MAX_SIZE))
    board = TripodBoard(n)
    cell = data.draw(st.sampled_from(board.cells))
    assert parse_cell(cell_name(cell), n) == cell
    assert cell_name(parse_cell(cell_name(cell), n)) == cell_name(cell)


@pytest.mark.parametrize("text", ["", "a0", "a12", "c2", "b3x", "A1", "zz", "a1'", "k11'"])
def test_bad_names_are_refused_with_the_text_quoted(text):
    with pytest.raises(ValueError) as err:
        parse_cell(text, 11)
    assert repr(text) in str(err.value)


def test_prime_on_the_perimeter_is_explained():
    with pytest.raises(ValueError, match="perimeter"):
        parse_cell("a5'", 11)
    assert parse_cell("b5'", 11) == TripodCell(1, -3, 4)


def test_board_sizes_outside_the_range_are_refused():
    for n in (3, 20):
        with pytest.raises(ValueError, match=str(n)):
            TripodBoard(n)


def test_the_notation_diagram_in_the_docs_is_the_generated_one():
    doc = (Path(__file__).resolve().parents[1] / "docs" / "rules-tripod.md").read_text()
    assert text_diagram(5) in doc
    # The diagram places each name at its cell: half 1's apex and bottom row repeat half 0's.
    rows = text_diagram(5).splitlines()
    assert rows[0].split() == ["a1", "a1"]
    assert rows[-1].split() == "a5 b5 c5 d5 e5 a5 b5 c5 d5 e5".split()
    assert "b3'" in rows[2] and "b3'" not in rows[2].split("   ")[0]


# -- the seed's examples -----------------------------------------------------------------


def test_examples_show_the_perimeter_identically_on_both_halves():
    for example in (EXAMPLE_X_WINS, EXAMPLE_O_WINS, EXAMPLE_LOOPS):
        _position(example)  # raises if a shared cell disagrees
    bad = [list(r) for r in EXAMPLE_LOOPS]
    bad[0] = (".", "o")
    with pytest.raises(ValueError, match="a1"):
        _position(bad)


def test_example_won_by_x():
    board = TripodBoard(11)
    stones = _position(EXAMPLE_X_WINS)
    status = check_position(stones)
    assert status.winner == Stone.X
    # O surrounds each corner in isolation, each with a different group: not a win.
    o_groups = [g for g in _groups(board, stones, Stone.O) if surrounded_corners(board, g)]
    surrounded = [surrounded_corners(board, g) for g in o_groups]
    assert sorted(len(s) for s in surrounded) == [1, 1, 1]
    assert frozenset().union(*surrounded) == frozenset(board.corners)
    assert not _has_won(board, stones, Stone.O)
    # The seed's picture is an illustration, not a reachable game: the check says so.
    assert (status.x_stones, status.o_stones) == (19, 15)
    assert len(status.problems) == 1 and "alternate" in status.problems[0]


def test_example_won_by_o_despite_a_y_for_x():
    board = TripodBoard(11)
    stones = _position(EXAMPLE_O_WINS)
    # X's stones on the left half touch all three sides of that half: a Y.
    left_x = {
        h for c, s in stones.items() if s == Stone.X for half, h in board.positions(c) if half == 0
    }
    n = 11
    assert any(h.q == -h.r for h in left_x) and any(h.q == 0 for h in left_x)
    assert any(h.r == n - 1 for h in left_x)
    x_group = max(_groups(board, stones, Stone.X), key=len)
    assert {
        h for half, h in (p for c in x_group for p in board.positions(c)) if half == 0
    } == left_x
    assert len(surrounded_corners(board, x_group)) == 1
    status = check_position(stones)
    assert status.winner == Stone.O
    assert status.valid


def test_example_loops_round_the_apex():
    board = TripodBoard(11)
    stones = _position(EXAMPLE_LOOPS)
    apex, left, right = board.corners
    groups = _groups(board, stones, Stone.O)
    loops = sorted((g for g in groups if surrounded_corners(board, g) == {apex}), key=len)
    # The seed's loop sizes: 1, 4, 8, 12 distinct cells.
    assert [len(g) for g in loops] == [1, 4, 8, 12]
    pairs = [g for g in groups if len(g) == 2]
    assert {surrounded_corners(board, g) for g in pairs} == {frozenset({left}), frozenset({right})}

    def gap(a, b):
        """Empty cells on a shortest path between two groups."""
        dist = {c: 0 for c in a}
        queue = deque(a)
        while queue:
            v = queue.popleft()
            for u in board.neighbours(v):
                if u not in dist:
                    dist[u] = dist[v] + 1
                    queue.append(u)
        return min(dist[c] for c in b) - 1

    # The seed's distances: 8, 6, 4, 2 to each bottom-corner pair.
    for loop, expected in zip(loops, (8, 6, 4, 2), strict=True):
        assert [gap(loop, p) for p in pairs] == [expected, expected]
    # Every corner surrounded, but by different groups: nobody has won.
    assert check_position(stones, swapped=False).winner is None


def _x_can_force_enclosure(board, corner, x_stones, region):
    """Whether X, with O to move and both playing in ``region`` only, can surround ``corner``."""

    def encloses(xs):
        return any(
            corner in surrounded_corners(board, g)
            for g in _groups(board, {c: Stone.X for c in xs}, Stone.X)
        )

    def o_to_move(xs, os):
        empty = [c for c in region if c not in xs and c not in os]
        return bool(empty) and all(x_to_move(xs, os | {c}) for c in empty)

    def x_to_move(xs, os):
        empty = [c for c in region if c not in xs and c not in os]
        return any(encloses(xs | {c}) or o_to_move(xs | {c}, os) for c in empty)

    return o_to_move(frozenset(x_stones), frozenset())


def test_two_stones_virtually_enclose_a_corner():
    # The seed's last diagram (size 6): O on the apex, X on b5 and b5'.
    board = TripodBoard(6)
    apex, left, _ = board.corners
    assert surrounded_corners(board, [apex]) == {apex}
    pair = {parse_cell("b5", 6), parse_cell("b5'", 6)}
    assert not surrounded_corners(board, pair)
    # The cells the fight is about: those next to the corner or to both X stones.
    region = [parse_cell(s, 6) for s in ("a4", "a5", "a6", "b6", "c6")]
    assert _x_can_force_enclosure(board, left, pair, region)
    # One of the two stones alone does not do it.
    for stone in pair:
        assert not _x_can_force_enclosure(board, left, {stone}, region)


# -- the rules ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [4, 7, 11])
def test_a_corner_stone_alone_surrounds_its_corner(n):
    board = TripodBoard(n)
    for corner in board.corners:
        assert surrounded_corners(board, [corner]) == {corner}
        game = TripodGame(TripodOptions(size=n))
        game.play(TripodMove(corner))
        assert not game.is_over()


def test_a_group_holding_two_corners_wins():
    board = TripodBoard(5)
    edge = [parse_cell(f"a{r}", 5) for r in range(1, 6)]  # the left edge, apex to corner
    assert surrounded_corners(board, edge) == set(board.corners)


def _random_fill(n, rng):
    board = TripodBoard(n)
    return board, {c: rng.choice((Stone.X, Stone.O)) for c in board}


@settings(max_examples=60, deadline=None)
@given(st.integers(MIN_SIZE, 9), st.randoms(use_true_random=False))
def test_a_full_board_has_exactly_one_winner(n, rng):
    board, stones = _random_fill(n, rng)
    assert _has_won(board, stones, Stone.X) != _has_won(board, stones, Stone.O)


@settings(max_examples=40, deadline=None)
@given(st.integers(MIN_SIZE, 8), st.randoms(use_true_random=False))
def test_engine_win_detection_matches_the_definition_after_every_move(n, rng):
    game = TripodGame(TripodOptions(size=n))
    board = game.board
    order = list(board.cells)
    rng.shuffle(order)
    for cell in order:
        mover = game.stone_to_move
        assert game.turn == game.name_of(mover) in game.players
        game.play(TripodMove(cell))
        stones = game.position()
        assert game.is_over() == _has_won(board, stones, mover)
        assert not _has_won(board, stones, mover.other)
        if game.is_over():
            assert game.winner == mover
            assert check_position(stones, n).winner == mover
            assert check_position(stones, n).valid
            break
    else:
        pytest.fail("a full board must have a winner")


def test_swap_exchanges_colours_and_keeps_the_stone():
    game = TripodGame()
    first = game.play("f6")
    assert TripodMove.swap() in game.legal_moves()
    game.play("swap")
    assert game.swapped and game.stone_to_move == Stone.O
    assert game.turn == "first"  # the first player now plays O
    assert game.position() == {first.cell: Stone.X}
    assert game.player_of(Stone.X) == Player.SECOND
    assert game.player_of(Stone.O) == Player.FIRST
    game.play("a1")
    assert game.stone_at(parse_cell("a1")) == Stone.O
    assert TripodMove.swap() not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="second move"):
        game.play("swap")


def test_swap_can_be_switched_off_and_is_never_first():
    with pytest.raises(IllegalMoveError, match="second move"):
        TripodGame().play("swap")
    game = TripodGame(TripodOptions(swap=False))
    game.play("c3")
    assert TripodMove.swap() not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="switched off"):
        game.play("swap")


def test_illegal_moves_are_explained():
    game = TripodGame(TripodOptions(size=5))
    game.play("a5")
    with pytest.raises(IllegalMoveError, match="move 2: a5 is already taken by X"):
        game.play("a5")
    with pytest.raises(InvalidMoveError, match="'z9'"):
        game.play("z9")
    with pytest.raises(IllegalMoveError, match="move 2: 'f6' is not a cell of the size-5 board"):
        game.play("f6")


def test_no_move_after_the_win():
    game = TripodGame(TripodOptions(size=4))
    for text in ["a1", "b3'", "a4", "d4", "a2", "c4"]:
        game.play(text)
    assert not game.is_over()
    game.play("a3")  # X's left edge now joins the corners a1 and a4
    assert game.is_over() and game.winner == Stone.X
    assert game.winning_player == Player.FIRST
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("b4")


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_moves_round_trip_through_text(data):
    n = data.draw(st.integers(MIN_SIZE, MAX_SIZE))
    cell = data.draw(st.sampled_from(TripodBoard(n).cells + (None,)))
    move = TripodMove(cell)
    assert TripodMove.parse(move.text(), n) == move
    assert parse_move(move_text(move), n) == move
    assert str(move) == move.text()
    assert repr(move) == f"TripodMove.parse({move.text()!r})"


def test_copy_is_independent():
    game = TripodGame()
    game.play("a1")
    twin = game.copy()
    twin.play("b2")
    assert len(game.moves) == 1 and len(twin.moves) == 2
    assert game.stone_at(parse_cell("b2")) is None
    rng = random.Random(5)
    cells = list(game.board.cells[1:])
    rng.shuffle(cells)
    for a in (game, twin):
        for c in cells:
            if not a.is_over() and a.stone_at(c) is None:
                a.push(TripodMove(c))
        assert a.is_over()


def test_static_check_finds_bad_counts_and_play_after_the_end():
    board = TripodBoard(4)
    left = [parse_cell(s, 4) for s in ("a1", "a2", "a3", "a4")]
    stones = {c: Stone.X for c in left}
    status = check_position(stones, n=4)
    assert status.winner == Stone.X
    assert any("alternate" in p for p in status.problems)
    o_cells = [c for c in board if c not in left][:4]
    stones.update({c: Stone.O for c in o_cells})
    status = check_position(stones, n=4)
    assert status.winner == Stone.X
    assert status.problems == ("X has won, yet O has played since: the game should have ended",)
    assert re.search("swap", check_position({}, n=4, swapped=True).problems[0])


# -- the Game interface -----------------------------------------------------------------


def _random_games(n, seeds, swap=True):
    """Positions along random games: the start, some middles and the end."""
    for seed in seeds:
        rng = random.Random(seed)
        game = TripodGame(TripodOptions(size=n, swap=swap), ("Ana", "Ben"))
        yield game.copy()
        while not game.is_over():
            game.push(rng.choice(game.legal_moves()))
            if rng.random() < 0.1:
                yield game.copy()
        yield game


def test_the_engine_implements_the_game_interface():
    game = TripodGame()
    assert isinstance(game, Game)
    assert isinstance(new_game(), Game)
    assert game.players == PLAYERS == ("first", "second")
    assert game.turn == "first" and game.outcome() is None
    assert game.scores() == {"first": 0, "second": 0}
    assert new_game("no-swap", size=5).options == TripodOptions(size=5, swap=False)
    with pytest.raises(ValueError, match="'fast'"):
        new_game("fast")
    with pytest.raises(ValueError, match="2 players"):
        TripodGame(players=("Ana", "Ana"))


@pytest.mark.parametrize("n", [4, 5, 11])
def test_every_legal_move_round_trips_through_its_text(n):
    for game in _random_games(n, range(3)):
        moves = game.legal_moves()
        assert all(game.parse_move(game.move_text(m)) == m for m in moves)
        assert all(game.is_legal(m) for m in moves)
        assert [str(m) for m in moves] == [game.move_text(m) for m in moves]


@pytest.mark.parametrize("n", [4, 6, 11])
def test_turn_scores_and_outcome_name_the_players(n):
    for game in _random_games(n, range(4)):
        assert set(game.scores()) == set(game.players) == {"Ana", "Ben"}
        if game.is_over():
            assert game.turn is None
            winner = game.players[game.winning_player]
            assert game.outcome() == Outcome(
                (winner,), f"{game.winner.name} surrounds the three corners"
            )
            assert game.scores() == {p: int(p == winner) for p in game.players}
        else:
            assert game.turn in game.players
            assert game.turn == game.players[game.player_of(game.stone_to_move)]
            assert game.outcome() is None and sum(game.scores().values()) == 0


def test_a_swap_hands_the_first_stone_to_the_second_player():
    game = TripodGame(TripodOptions(size=5), players=("Ana", "Ben"))
    game.play("c3")
    assert game.turn == "Ben"
    game.play("swap")
    assert game.turn == "Ana"  # Ben now owns X's stone, Ana plays O
    for text in ("a1", "d4", "a2", "b3'", "a3", "c4'", "a4", "b4'"):
        game.play(text)
    assert not game.is_over() and game.turn == "Ana"
    game.play("a5")  # O's left edge joins the corners a1 and a5
    assert game.winner == Stone.O and game.outcome().winners == ("Ana",)
    assert game.scores() == {"Ana": 1, "Ben": 0} and game.turn is None


@pytest.mark.parametrize("n", [4, 7, 11])
def test_positions_round_trip_through_position_cells(n):
    for game in _random_games(n, range(3)):
        cells = game.position_cells()
        assert cells == {cell_name(c): s.name for c, s in game.position().items()}
        again = TripodGame.from_position_cells(cells, TripodOptions(size=n))
        assert again.position_cells() == cells
        assert again.position() == game.position()
        assert again.winner == game.winner
        assert again.stone_to_move == game.stone_to_move
        assert again.winner == check_position(game.position(), n).winner


def test_position_cells_are_read_like_a_record_and_bad_ones_quoted():
    game = TripodGame.from_position_cells({"a1": "black", "b2": "o", "c3": " X "})
    assert game.position_cells() == {"a1": "X", "b2": "O", "c3": "X"}
    with pytest.raises(InvalidMoveError, match="'Z'"):
        TripodGame.from_position_cells({"a1": "Z"})
    with pytest.raises(InvalidMoveError, match="'a12'"):
        TripodGame.from_position_cells({"a12": "X"})


def test_an_off_board_cell_is_a_move_the_rules_refuse():
    game = TripodGame(TripodOptions(size=5))
    move = game.parse_move("f6")
    assert move == TripodMove(TripodCell(0, 0, 5)) and game.move_text(move) == "f6"
    assert not game.is_legal(move)
    assert game.why_illegal(move) == "move 1: 'f6' is not a cell of the size-5 board"
    assert game.parse_move("b7'").cell == TripodCell(1, -5, 6)
    for text in ("z9", "c2", "a20", "swap!", "", "a5'"):
        with pytest.raises(InvalidMoveError, match=re.escape(repr(text))):
            game.parse_move(text)
