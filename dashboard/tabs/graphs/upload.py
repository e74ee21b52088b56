"""The Games on graphs tab's upload: a file's edge list becomes the board, as if typed in the board box.

An edge list too long to type (or kept in a file) is uploaded with the
"Upload an edge list" button, or dropped on it.  Its size is checked in the
browser before anything is sent (:data:`MAX_UPLOAD_BYTES`): a larger file
never reaches the server, and the message comes from the server's check of
the size alone (:func:`read_upload`).  A file within the limit is read as
UTF-8 text; its lines are joined by commas (an edge list often has one edge
per line); and the text goes through the board box's own parsing
(:meth:`~.games.GraphPage.board`, the same length limit and messages).  A
board read becomes the board box's text, which draws it; the position is
kept when it fits the new board, else emptied.  Bad files are answered by
one line in the tab's message area, never an exception.
"""

from __future__ import annotations

import base64
import binascii

from dash import Input, Output, State, dcc, html, no_update
from dash.exceptions import PreventUpdate

from . import ids
from .games import MAX_BOARD_TEXT, find_game

__all__ = ["MAX_UPLOAD_BYTES", "UPLOAD_LABEL", "read_upload", "register", "upload_control"]

#: Largest file read, in bytes (64 KiB): room for the board's 20,000 characters
#: (:data:`~.games.MAX_BOARD_TEXT`) with line breaks and spaces; checked in the browser
#: before the file is sent, and again here.
MAX_UPLOAD_BYTES = 64 * 1024
#: The button's text, which is its accessible name.
UPLOAD_LABEL = "Upload an edge list"

#: Runs in the browser on the upload's ``contents`` (a ``data:`` address, base64): the file's name, its size
#: in bytes and, within the limit, its base64 text, for :func:`read_upload`.  A larger file is not sent.
_MEASURE_JS = """
function(contents, filename) {
    if (typeof contents !== "string") { return window.dash_clientside.no_update; }
    const comma = contents.indexOf(",");
    const data = comma < 0 ? "" : contents.slice(comma + 1);
    const pad = data.endsWith("==") ? 2 : (data.endsWith("=") ? 1 : 0);
    const bytes = Math.max(0, Math.floor(data.length * 3 / 4) - pad);
    return {filename: String(filename || "the file"), bytes: bytes, data: bytes > %d ? null : data, seq: Date.now()};
}
"""


def upload_control() -> html.Div:
    """The upload button (a ``dcc.Upload`` holding a button, so it is reached and named like one) and its hint.

    Returns
    -------
    dash.html.Div
        The control, with the :data:`ids.UPLOAD` upload and the
        :data:`ids.UPLOAD_FILE` store its measured file goes to.
    """
    return html.Div(
        [
            dcc.Upload(
                html.Button(UPLOAD_LABEL, id=ids.UPLOAD_BUTTON, className="button", type="button"),
                id=ids.UPLOAD,
                multiple=False,
                className="graphs-upload",
            ),
            html.Span(
                f" a text file (UTF-8) of at most {MAX_UPLOAD_BYTES // 1024} KiB, written as the board box "
                "takes it; a line break counts as a comma",
                className="hint",
            ),
            dcc.Store(id=ids.UPLOAD_FILE),
        ],
        className="control control-wide graphs-upload-control",
    )


def _lines_joined(text: str) -> str:
    """The file's non-blank lines, stripped, joined by commas (one line unchanged but for its ends)."""
    return ",".join(line.strip() for line in text.splitlines() if line.strip())


def read_upload(found: object, name: object, position: object) -> tuple:
    """An uploaded file: the board it holds, or why it is not one.

    Parameters
    ----------
    found : dict
        ``{"filename", "bytes", "data", "seq"}`` as the browser measured the
        file: its name, its size in bytes and its contents in base64 (None
        when larger than :data:`MAX_UPLOAD_BYTES`).
    name : str
        The game chosen (its board is read as the board box reads it).
    position : object
        The position box, kept when it fits the new board.

    Returns
    -------
    tuple
        ``(board, position, log, error)``: the board box's new text, the
        position box's, a line for the log and the message area's text (empty
        when the board was read); ``no_update`` for the boxes and the log
        when the file is refused.

    Raises
    ------
    PreventUpdate
        When ``found`` is not a measured file.
    """
    if not isinstance(found, dict) or not isinstance(found.get("bytes"), int):
        raise PreventUpdate
    filename = str(found.get("filename") or "the file")[:80]
    size = found["bytes"]
    skip = no_update
    data = found.get("data")
    if size > MAX_UPLOAD_BYTES or (isinstance(data, str) and len(data) > 4 * (MAX_UPLOAD_BYTES // 3 + 1)):
        return (
            skip,
            skip,
            skip,
            (
                f"{filename} is {max(size, 0):,} bytes: the page reads an edge list of at most {MAX_UPLOAD_BYTES:,} "
                f"bytes (a board of at most {MAX_BOARD_TEXT:,} characters); give a larger graph to the command line, "
                "python -m solver graph-game --graph @FILE"
            ),
        )
    if not isinstance(data, str):
        raise PreventUpdate
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        return skip, skip, skip, f"{filename} could not be read: upload it again"
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return (
            skip,
            skip,
            skip,
            (
                f"{filename} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start:,}): "
                "upload a plain text file such as 0>1,1>2"
            ),
        )
    board_text = _lines_joined(text)
    if not board_text:
        return skip, skip, skip, f"{filename} is empty: it should hold the board, e.g. 0>1,1>2"
    try:
        game = find_game(name)
        board = game.board(board_text)
    except ValueError as exc:
        return skip, skip, skip, f"{filename}: {exc}"
    try:
        game.analyse(board, position)
        kept = position
    except (TypeError, ValueError):  # tokens on vertices the new board lacks
        kept = ""
    return board_text, kept, f"Board read from {filename}.", ""


def register(app) -> None:
    """Wire the upload to ``app``: measured in the browser, read here."""
    app.clientside_callback(
        _MEASURE_JS % MAX_UPLOAD_BYTES,
        Output(ids.UPLOAD_FILE, "data"),
        Input(ids.UPLOAD, "contents"),
        State(ids.UPLOAD, "filename"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.BOARD, "value", allow_duplicate=True),
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.LOG, "children", allow_duplicate=True),
        Output(ids.ERROR, "children", allow_duplicate=True),
        Input(ids.UPLOAD_FILE, "data"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        prevent_initial_call=True,
    )(read_upload)
