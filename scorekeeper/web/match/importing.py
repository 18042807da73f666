"""The home page's import: a match file, a file of a game's JSON notation (EGN), or a file
of a text notation (PBN: a file named for one, or one that is not JSON)."""

from __future__ import annotations

from flask import render_template
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from ... import service
from ...engine.games import file_notation
from ...engine.limits import NAME_MAX
from ...engine.problems import Problem
from ...formats import safejson
from ...store.db import get_db
from ..errors import refuse_if_storage_full
from ..forms import ImportForm, ImportNamesForm, decoded, text_endings
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
        if service.unnamed_seats(decoded(raw), name):
            return _ask_names(ImportNamesForm(formdata=None, data={
                "text": decoded(raw), "filename": name}))
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
        if data is None and service.unnamed_seats(decoded(raw), name):
            return _ask_names(ImportNamesForm(formdata=None, data={
                "text": decoded(raw), "filename": name}))
        outcome = service.create_match(get_db(), data) if data is not None else \
            service.import_text(get_db(), decoded(raw), name)
    if not outcome.ok:
        problems = [board.problem_text(p) for p in outcome.problems]
        return _home(import_form=form, import_problems=problems, status=422)
    return _created(outcome)


def _ask_names(form: ImportNamesForm, problems: list[str] | None = None,
               status: int = 200) -> ResponseReturnValue:
    """The page asking who sat in the seats the file names no one for (nothing stored yet):
    seat names would become players called North and South."""
    seats = service.unnamed_seats(form.text.data or "", form.filename.data or "")
    return render_template("table/import_names.html", form=form, seats=seats,
                           problems=problems or [], name_max=NAME_MAX), status


def import_named() -> ResponseReturnValue:
    """The file again with the names the page asked for: each seat the file leaves out needs
    one (else the page asks again, saying so), then it is imported as any file is."""
    form = ImportNamesForm()
    if not form.validate():
        if form.text.errors or form.filename.errors:  # not the page's own form: start again
            return _home(import_problems=[_("That file could not be read again: choose it "
                                            "once more.")], status=422)
        return _ask_names(form, status=422)
    text, name = form.text.data or "", form.filename.data or ""
    seats = service.unnamed_seats(text, name)
    blank = [seat for seat in seats if not (form[seat].data or "").strip()]
    for seat in blank:
        form[seat].errors = [*form[seat].errors, _("Write this player's name.")]
    if blank:
        return _ask_names(form, status=422)
    refuse_if_storage_full(get_db())
    outcome = service.import_text(get_db(), text, name,
                                  {seat: form[seat].data or "" for seat in seats})
    if not outcome.ok:
        return _ask_names(form, [board.problem_text(p) for p in outcome.problems], 422)
    return _created(outcome)
