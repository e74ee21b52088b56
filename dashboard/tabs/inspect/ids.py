"""Component ids of the Inspect tab, all starting with ``inspect-`` (the page-wide ones are in :mod:`dashboard.ids`)."""

#: The number input; other views link to it (they set its ``value``).
INSPECT_INPUT = "inspect-number"
INSPECT_BOUND = "inspect-bound"
INSPECT_ERROR = "inspect-error"
INSPECT_SUMMARY = "inspect-summary"
INSPECT_MOVES = "inspect-moves"
INSPECT_CHAIN = "inspect-chain"
INSPECT_CERTIFICATE = "inspect-certificate"
INSPECT_CERTIFICATE_NOTE = "inspect-certificate-note"
INSPECT_CERTIFICATE_BOX = "inspect-certificate-box"
#: The draw's proof in words, one claim per row (:func:`dashboard.tabs.inspect.figures.certificate_proof`).
INSPECT_PROOF = "inspect-proof"
#: Type of the pattern-matching ids of the proof's number buttons:
#: ``{"type": INSPECT_GOTO, "position": "<digits>", "at": k}``.
INSPECT_GOTO = "inspect-goto"
