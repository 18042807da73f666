"""The home page's import: a match file, a file of a game's JSON notation (EGN), or a file
of a text notation (PBN: a file named for one, or one that is not JSON)."""

from __future__ import annotations

from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ... import service
from ...engine.games import file_notation
from ...engine.problems import Problem
from ...formats import safejson
from ...store.db import get_db
from ..errors import refuse_if_storage_full
from ..forms import ImportForm, decoded, text_endings
from . import board
from .page import _created, _home


def import_match() -> ResponseReturnValue:
    """Create a match from an uploaded match file or a file of a game's notation (EGN, or a
    text notation such as PBN: a file named for one, or one that is not JSON)."""
    form = ImportForm()
    if not form.validate():
        return _home(import_form=form, status=422)
    refuse_if_storage_full(get_db())
    raw = form.file.data.read(safejson.MAX_BYTES + 1)
    name = form.file.data.filename or ""
    if len(raw) > safejson.MAX_BYTES:
        text = board.problem_text(Problem("file.too_large", params={"max": safejson.MAX_BYTES}))
        return _home(import_form=form, import_problems=[text], status=422)
    if name.lower().endswith(text_endings()):
        outcome = service.import_text(get_db(), decoded(raw), name)
    else:
        try:
            data = safejson.loads(raw)
        except safejson.Refused as refused:
            problem = refused.problem
            if problem.code == "file.not_json" and file_notation(decoded(raw), name, text=True):
                data = None
            else:
                text = _("This file is not a match file.") if problem.code == "file.not_json" \
                    else board.problem_text(problem)
                return _home(import_form=form, import_problems=[text], status=422)
        outcome = service.create_match(get_db(), data) if data is not None else \
            service.import_text(get_db(), decoded(raw), name)
    if not outcome.ok:
        problems = [board.problem_text(p) for p in outcome.problems]
        return _home(import_form=form, import_problems=problems, status=422)
    return _created(outcome)
