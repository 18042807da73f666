"""The organiser's right (issue 22): renaming and merging players, records the whole club
shares, need it.

A club gets it from the organiser key (``scorekeeper serve`` prints it at start, and
``scorekeeper organiser-key`` any time; :mod:`scorekeeper.service.organiser`). The page
``/organiser`` exchanges the key (typed, or in a ``?key=`` link) for an HttpOnly signed cookie
holding a reference to the key, kept 400 days like the scorer cookie, so the organiser's phone
keeps the right; a new key (``--new``) ends every phone's right. The API takes the key as
``Authorization: Bearer <key>``.
"""

from __future__ import annotations

from flask import (
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from itsdangerous import BadSignature, URLSafeSerializer
from werkzeug.wrappers import Response

from ...service import organiser as organiser_service
from ...store.db import get_db
from ..forms import OrganiserForm, show_errors
from ..security import (
    HOST_PREFIX,
    RIGHTS_MAX_AGE,
    bearer_key,
    host_cookie,
    local_path,
    secure_cookies,
)


def cookie_name() -> str:
    """The organiser's rights cookie."""
    return host_cookie("organiser")


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt="scorekeeper.organiser")


def _secret() -> str:
    return str(current_app.config["SECRET_KEY"])


def is_organiser() -> bool:
    """Whether this request carries the organiser's right: the cookie (pages) or the key as a
    bearer token (the API)."""
    db = get_db()
    given = bearer_key()
    if given is not None:
        return organiser_service.check_key(db, _secret(), given)
    raw = request.cookies.get(cookie_name())
    if not raw:
        return False
    try:
        ref = _serializer().loads(raw)
    except BadSignature:
        return False
    return organiser_service.check_reference(db, _secret(), ref if isinstance(ref, str)
                                             else None)


def how_to_get() -> str:
    """The sentence telling a person without the right how to get it."""
    return _("Renaming and merging players needs the organiser's right: open the organiser "
             "page and enter the organiser key, which scorekeeper serve shows when it starts "
             "(or scorekeeper organiser-key on the server).")


def require_organiser() -> None:
    """403 with the sentence (a page, or the API's JSON error) without the organiser's right."""
    if not is_organiser():
        abort(403, description=how_to_get())


def _safe_next(target: str | None) -> str:
    """Only a path of this site (never another site's address) to go back to."""
    return local_path(target) or url_for("players.index")


def _grant(target: str) -> Response:
    response = redirect(_safe_next(target), 303)
    ref = organiser_service.reference(get_db(), _secret())
    response.set_cookie(cookie_name(), _serializer().dumps(ref), max_age=RIGHTS_MAX_AGE,
                        path="/", httponly=True, samesite="Lax", secure=secure_cookies())
    flash(_("This phone now has the organiser's right: it can rename and merge players, and "
            "undo those changes."), "info")
    return response


def page() -> ResponseReturnValue:
    """The organiser page: a ``?key=`` link gives the right at once; else the key's form."""
    key = request.args.get("key")
    target = request.args.get("next")
    if key is not None:
        if organiser_service.check_key(get_db(), _secret(), key):
            return _grant(target or url_for("players.index"))
        form = OrganiserForm(formdata=None, data={"next": target})
        show_errors(form.key, [_("That is not the organiser key (a new one may have been made).")])
        return render_template("organiser/page.html", form=form, has_right=False), 403
    form = OrganiserForm(formdata=None, data={"next": target})
    return render_template("organiser/page.html", form=form, has_right=is_organiser())


def enter_key() -> ResponseReturnValue:
    """The typed key: 303 back to where the organiser came from, or the form with why."""
    form = OrganiserForm()
    if not form.validate():
        return render_template("organiser/page.html", form=form, has_right=False), 422
    if not organiser_service.check_key(get_db(), _secret(), form.key.data):
        show_errors(form.key, [_("That is not the organiser key (a new one may have been made).")])
        return render_template("organiser/page.html", form=form, has_right=False), 403
    return _grant(form.next.data or "")


def forget() -> Response:
    """Give up the right on this phone (the key stays valid elsewhere)."""
    response = redirect(url_for("organiser.page"), 303)
    response.delete_cookie(cookie_name(), path="/", httponly=True, samesite="Lax",
                           secure=cookie_name().startswith(HOST_PREFIX))
    flash(_("This phone no longer has the organiser's right."), "info")
    return response
