"""The Games on graphs tab's upload of an edge list (dashboard.tabs.graphs.upload), as plain functions.

The browser measures the file and sends its name, size and base64 text;
:func:`read_upload` answers with the board box's new text or one message.
The board read is compared with what the board box itself reads from the
same text (the solver's parse of the graph), not with the upload's own code.
"""

from __future__ import annotations

import base64

import pytest
from dash import no_update
from dash.exceptions import PreventUpdate

from dashboard.tabs.graphs import TAB, ids
from dashboard.tabs.graphs.games import MAX_BOARD_TEXT, find_game
from dashboard.tabs.graphs.layout import graphs_layout
from dashboard.tabs.graphs.upload import MAX_UPLOAD_BYTES, UPLOAD_LABEL, read_upload
from solver import parse_graph


def measured(raw: bytes, filename: str = "edges.txt") -> dict:
    """The file as the page's browser side sends it (its size, and its base64 text within the limit)."""
    data = base64.b64encode(raw).decode()
    return {"filename": filename, "bytes": len(raw), "data": None if len(raw) > MAX_UPLOAD_BYTES else data, "seq": 1}


def test_an_edge_list_becomes_the_board():
    board, position, log, error = read_upload(measured(b"0>1,1>2,2>0,1>3\n"), "tokens", "0,0,2")
    assert (board, position, error) == ("0>1,1>2,2>0,1>3", "0,0,2", "")
    assert "edges.txt" in log
    read = find_game("tokens").board(board)
    assert read.graph == parse_graph("0>1,1>2,2>0,1>3", directed=True)


def test_one_edge_per_line_reads_as_commas():
    raw = "\ufeff0-1\r\n1-2\r\n\r\n2-3\r\n".encode()  # a byte order mark, Windows line breaks, a blank line
    board, _position, _log, error = read_upload(measured(raw), "monochrome", "")
    assert error == ""
    assert find_game("monochrome").board(board).graph == parse_graph("0-1,1-2,2-3")


def test_a_position_that_does_not_fit_the_new_board_is_emptied():
    board, position, _log, error = read_upload(measured(b"0>1"), "tokens", "0,5")
    assert (board, position, error) == ("0>1", "", "")
    _board, kept, _log, _error = read_upload(measured(b"cycle-9"), "eraserhead", "0,2,4")
    assert kept == "0,2,4"


def test_a_file_over_the_limit_is_refused_before_it_is_read():
    big = measured(b"0>1," * (MAX_UPLOAD_BYTES // 4 + 1), "big.txt")
    assert big["data"] is None and big["bytes"] > MAX_UPLOAD_BYTES
    board, position, log, error = read_upload(big, "tokens", "0")
    assert (board, position, log) == (no_update,) * 3
    assert error.startswith(f"big.txt is {big['bytes']:,} bytes") and "at most 65,536 bytes" in error
    assert "--graph @FILE" in error
    # The browser's word is not trusted: base64 text longer than the limit is refused whatever size it gives.
    lying = {"filename": "small.txt", "bytes": 10, "data": "A" * (2 * MAX_UPLOAD_BYTES), "seq": 2}
    assert "at most 65,536 bytes" in read_upload(lying, "tokens", "0")[3]


def test_a_board_longer_than_the_box_takes_is_refused_as_typed():
    text = ",".join(f"{v}>{v + 1}" for v in range(3000))
    assert MAX_BOARD_TEXT < len(text) < MAX_UPLOAD_BYTES
    error = read_upload(measured(text.encode()), "tokens", "0")[3]
    with pytest.raises(ValueError) as typed:
        find_game("tokens").board(text)
    assert error == f"edges.txt: {typed.value}"


@pytest.mark.parametrize(
    "raw, words",
    [
        (b"0>1,1>\xff\xfe", "is not UTF-8 text (byte 0xff at offset 6)"),
        (b"\n \n", "is empty"),
        (b"0>1,1>x", "edges.txt: '1>x' is not an arc"),
        (b"0-1", "this graph is directed"),
    ],
)
def test_bad_files_get_one_message(raw, words):
    board, position, log, error = read_upload(measured(raw), "tokens", "0")
    assert (board, position, log) == (no_update,) * 3
    assert words in error and "\n" not in error


def test_bad_base64_and_junk_from_the_browser():
    assert "could not be read" in read_upload({"filename": "x", "bytes": 3, "data": "%%%"}, "tokens", "")[3]
    for junk in (None, "text", {}, {"bytes": "3"}, {"bytes": 3, "data": None}):
        with pytest.raises(PreventUpdate):
            read_upload(junk, "tokens", "")
    assert "choose a game" in read_upload(measured(b"0>1"), "chess", "")[3]


def test_the_upload_is_in_the_layout_with_its_name():
    layout = graphs_layout()
    found = {}

    def walk(node):
        node_id = getattr(node, "id", None)
        if node_id in (ids.UPLOAD, ids.UPLOAD_BUTTON, ids.UPLOAD_FILE):
            found[node_id] = node
        children = getattr(node, "children", None)
        for child in children if isinstance(children, list) else [children]:
            if child is not None and not isinstance(child, str):
                walk(child)

    walk(layout)
    assert set(found) == {ids.UPLOAD, ids.UPLOAD_BUTTON, ids.UPLOAD_FILE}
    assert found[ids.UPLOAD_BUTTON].children == UPLOAD_LABEL == "Upload an edge list"
    assert TAB.register is not None
