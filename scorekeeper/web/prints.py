"""Printable score sheets and match PDFs.  (placeholder until the printing work lands)"""

from flask import Blueprint

bp = Blueprint("prints", __name__)
