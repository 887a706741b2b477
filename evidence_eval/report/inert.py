"""Making text from corpora, traces and annotations inert in each output format.

- terminal: control characters (C0 but newline, DEL, C1) and the bidirectional controls that
  reorder what a reader sees ("Trojan Source") are shown as escapes (``\\x1b``, ``\\u202e``),
  so ESC/OSC sequences never reach the terminal and NUL is visible;
- Markdown (GitHub-flavoured): one line per value, ``|`` and the other inline markers
  backslash-escaped, ``<``, ``>``, ``&`` as entities, so a value cannot open a tag, a link,
  a heading or a new table row;
- CSV: a cell that starts with ``=``, ``+``, ``-``, ``@``, tab or carriage return gets a leading
  ``'`` (OWASP, "CSV Injection"), so a spreadsheet does not read it as a formula, and so does
  every line inside a cell (a reader that ends lines at a bare CR would start a row there);
  a cell holding any line break (CR alone too) is quoted;
- XML 1.0: the characters its ``Char`` production forbids are removed.
"""

from __future__ import annotations

import re

from ..lang.compiled import PatternCodes

_RE = PatternCodes("inert")  # the patterns below, built from the codes a former run kept
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_TERMINAL_UNSAFE = _RE.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{_BIDI}]")
_LINE_BREAKS = _RE.compile("\r\n|[\n\r\u2028\u2029\x85\x0b\x0c]")
# `_` only where it could open or close emphasis: doc_id stays as it is
_MARKDOWN_MARKERS = _RE.compile(r"([\\`*\[\]|~]|(?<![0-9A-Za-z])_|_(?![0-9A-Za-z]))")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_FORMULA_AFTER_BREAK = _RE.compile("(\r\n|[\n\r\u2028\u2029\x85\x0b\x0c])(?=[=+\\-@\t\r])")
_CSV_QUOTED = _RE.compile('[,"\n\r\u2028\u2029\x85\x0b\x0c]')
# XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
_XML_FORBIDDEN = _RE.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _escape_char(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_text(text: object) -> str:
    """A text for a terminal: newlines kept, every other control character escaped."""
    return _TERMINAL_UNSAFE.sub(_escape_char, str(text))


def terminal_cell(text: object) -> str:
    """A value on one line of a terminal table: newlines escaped too."""
    return terminal_text(_LINE_BREAKS.sub("\\\\n", str(text)))


def markdown_cell(text: object) -> str:
    """A value inside a GFM table cell, a list item or a heading: one line, no markup."""
    flat = _LINE_BREAKS.sub(" ", str(text))
    escaped = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return terminal_text(_MARKDOWN_MARKERS.sub(r"\\\1", escaped))


def markdown_code(text: object) -> str:
    """A value shown as inline code: backticks cannot close it early, no control characters."""
    flat = terminal_text(_LINE_BREAKS.sub(" ", str(text)))
    longest = max((len(run) for run in re.findall("`+", flat)), default=0)
    fence = "`" * (longest + 1)
    padding = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{padding}{flat}{padding}{fence}"


def csv_cell(value: object) -> str:
    """A CSV cell that a spreadsheet does not evaluate (None is empty, booleans lower case)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if isinstance(value, (int, float)):
        return text  # a number of ours, never a formula
    text = _FORMULA_AFTER_BREAK.sub("\\1'", text)
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_line(cells: list[str]) -> str:
    """One CSV row ending in a newline (RFC 4180 quoting): a cell holding a delimiter, a quote
    or any line break is quoted; `csv.writer` leaves a bare CR unquoted."""
    return ",".join('"' + c.replace('"', '""') + '"' if _CSV_QUOTED.search(c) else c for c in cells) + "\n"


def xml_text(text: object) -> str:
    """A text that XML 1.0 can carry: forbidden characters removed (escaping is the writer's)."""
    return _XML_FORBIDDEN.sub("", str(text))


_RE.save()  # the codes of patterns new to this machine (or Python) kept for the next run
