"""The README's examples run as written, and what their comments say a `print` shows is
what it shows: a comment that starts like a value (a number, a list, a string, `True`,
`Counts(...`) must begin with the printed text (or its repr), or, where it ends in `...`,
be a prefix of it. Comments in words (`# the tiling, ...`) are not checked."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"

VALUE = re.compile(r"""^([\[\(\{"'0-9-]|True\b|False\b|None\b|[A-Z][A-Za-z]*\()""")
PRINT = re.compile(r"^print\((.*)\)\s*#\s?(.*)$")
CALL = re.compile(r"^print\((.*)\)\s*$")


def blocks() -> List[Tuple[int, str]]:
    """The README's python blocks, with the line each starts on."""
    out, lines, start, inside = [], [], 0, False
    for number, line in enumerate(README.read_text(encoding="utf-8").splitlines(), 1):
        if not inside and line.strip() == "```python":
            inside, lines, start = True, [], number + 1
        elif inside and line.strip() == "```":
            inside = False
            out.append((start, "\n".join(lines)))
        elif inside:
            lines.append(line)
    return out


def checked(source: str) -> Tuple[str, int]:
    """The block with each `print(...)  # VALUE` (or a `print(...)` followed by a line
    `# VALUE`) turned into a call of `__check(line, VALUE, ...)`, and how many there are."""
    lines = source.split("\n")
    out, count = [], 0
    for k, line in enumerate(lines):
        comment = None
        m = PRINT.match(line)
        if m:
            args, comment = m.group(1), m.group(2)
        else:
            m = CALL.match(line)
            following = lines[k + 1].strip() if k + 1 < len(lines) else ""
            if m and following.startswith("#"):
                args, comment = m.group(1), following[1:].strip()
        if comment is not None and VALUE.match(comment):
            out.append(f"__check({k + 1}, {comment!r}, {args})")
            count += 1
        else:
            out.append(line)
    return "\n".join(out), count


def shows(comment: str, printed: str, value: object) -> bool:
    """Whether the comment gives the printed value (as printed, its repr, or a string in
    double quotes): its start, or a prefix ending in `...`."""
    texts = [printed, repr(value)]
    if isinstance(value, str):
        texts.append(json.dumps(value))
    for text in texts:
        if "..." in comment:
            if text.startswith(comment.split("...")[0]):
                return True
        elif comment == text or (
            comment.startswith(text) and comment[len(text)] in ",: "
        ):
            return True
    return False


def test_the_readme_examples_show_what_they_print():
    pytest.importorskip("numpy")
    namespace: Dict[str, object] = {}
    failures: List[str] = []
    total = 0

    for start, source in blocks():

        def check(line: int, comment: str, *values: object, start: int = start) -> None:
            printed = " ".join(str(v) for v in values)
            value = values[0] if len(values) == 1 else printed
            if not shows(comment, printed, value):
                failures.append(
                    f"README line {start + line - 1}: prints {printed!r}, the comment says "
                    f"{comment!r}"
                )

        code, count = checked(source)
        total += count
        namespace["__check"] = check
        exec(compile(code, f"README.md, block at line {start}", "exec"), namespace)
    assert not failures, "\n".join(failures)
    # The checks themselves ran: the README shows values in a dozen places.
    assert total >= 12, total
