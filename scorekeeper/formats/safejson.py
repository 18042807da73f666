"""JSON from strangers, parsed within limits: the one parser of every entry point (the API,
the form import and ``scorekeeper check``).

A body or file is refused, with a problem (never an exception), when it is larger than
:data:`MAX_BYTES`, nests lists and objects deeper than :data:`MAX_DEPTH` (a match file needs
5), holds more than :data:`MAX_NODES` values, holds a lone surrogate (``"\\ud800"``: not
Unicode, it could be neither stored nor printed), or a number that is not finite (``1e309``
reads as infinity) or longer than a score could be.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..engine.problems import Problem

MAX_BYTES = 1024 * 1024  # the web's MAX_CONTENT_LENGTH too
MAX_DEPTH = 20
MAX_NODES = 200_000  # 300 hands with full card records are about 40,000 values
MAX_INT = 10**9  # larger whole numbers are no score, count or index of anything

_SURROGATE = re.compile("[\ud800-\udfff]")


class Refused(ValueError):
    """Parsed JSON that is refused; ``problem`` says why."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in JSON")


def loads(text: str | bytes) -> Any:
    """Parse JSON text within the limits; :class:`Refused` (a ValueError) if it is refused.

    A text that is not JSON raises ``Refused`` with ``file.not_json``.
    """
    if len(text) > MAX_BYTES:
        raise Refused(Problem("file.too_large", params={"max": MAX_BYTES}))
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise Refused(Problem("file.not_json", params={"error": str(exc)[:200]})) from None
    if _too_deep_text(text):
        raise Refused(Problem("file.too_deep", params={"max": MAX_DEPTH}))
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise Refused(Problem("file.too_deep", params={"max": MAX_DEPTH})) from None
    except ValueError as exc:  # JSONDecodeError, and ints longer than Python reads
        raise Refused(Problem("file.not_json", params={"error": str(exc)[:200]})) from None
    problem = inspect(data)
    if problem is not None:
        raise Refused(problem)
    return data


def _too_deep_text(text: str) -> bool:
    """Whether the brackets alone nest deeper than the limit (before ``json`` recurses).

    Brackets inside strings count too, so this only rules out texts that are certainly too
    deep when they have no strings; :func:`inspect` decides on the parsed value.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def inspect(data: Any) -> Problem | None:
    """The first reason to refuse already-parsed JSON, or None (walks it without recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            return Problem("file.too_large", params={"max": MAX_BYTES})
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return Problem("file.bad_text")
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INT:
                return Problem("file.bad_number")
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > MAX_INT:
                return Problem("file.bad_number")
        elif isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return Problem("file.too_deep", params={"max": MAX_DEPTH})
            if isinstance(value, dict):
                for key, item in value.items():
                    if not isinstance(key, str) or _SURROGATE.search(key):
                        return Problem("file.bad_text")
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)
        else:
            return Problem("file.not_json", params={"error": type(value).__name__})
    return None
