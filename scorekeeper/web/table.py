"""The table pages.  (placeholder until the pages work lands: "pages" owns this module)"""

from flask import Blueprint

bp = Blueprint("table", __name__)


@bp.get("/")
def index():
    """Placeholder home page."""
    return "Scorekeeper"
