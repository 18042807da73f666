"""Every view of the app says what it returns (issue 37, "views typed"): a response, a page's
text or Flask's ``ResponseReturnValue``, never ``Any`` nor nothing. mypy (tests/engine/
test_purity.py) then checks each view's body against it."""

from __future__ import annotations

import pytest

from scorekeeper import create_app

TYPED = {"ResponseReturnValue", "Response", "str", "werkzeug.wrappers.Response"}


def _returns(app) -> dict[str, object]:
    """Each endpoint's view (unwrapped from the rate limits' decorator) and its return type."""
    found: dict[str, object] = {}
    for endpoint, view in app.view_functions.items():
        while hasattr(view, "__wrapped__"):
            view = view.__wrapped__
        found[endpoint] = view.__annotations__.get("return")
    return found


@pytest.mark.parametrize("debug", [False, True])
def test_every_view_says_what_it_returns(tmp_path, debug):
    """In production (minified static files: the view is ours) and in debug (Flask's)."""
    app = create_app({"TESTING": True, "DEBUG": debug}, instance_path=tmp_path / "instance")
    returns = _returns(app)
    assert len(returns) > 70  # every blueprint is registered
    untyped = {e: r for e, r in returns.items()
               if r not in TYPED and not (e == "static" and debug)}  # Flask's own in debug
    assert untyped == {}


def test_a_view_returning_any_is_caught(tmp_path):
    app = create_app({"TESTING": True}, instance_path=tmp_path / "instance")

    def loose():  # the shape this test guards against
        return ""

    app.add_url_rule("/loose", view_func=loose)
    assert _returns(app)["loose"] is None
