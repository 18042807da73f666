"""Compiled templates kept in the instance folder (Jinja's ``FileSystemBytecodeCache``,
``TEMPLATE_CACHE``): a second server process on the same instance renders its first page
without compiling a template; an edited template is compiled again; debug mode keeps none."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

from scorekeeper import create_app


def compiles(app, path: str) -> int:
    """How many templates ``app`` compiles to answer ``path``."""
    with mock.patch.object(app.jinja_env, "compile", wraps=app.jinja_env.compile) as compile_:
        assert app.test_client().get(path).status_code == 200
    return compile_.call_count


def test_a_second_process_reads_the_compiled_templates(tmp_path: Path) -> None:
    first = create_app({"TESTING": True}, instance_path=tmp_path)
    assert compiles(first, "/") > 0
    kept = list((tmp_path / "template-cache").iterdir())
    assert kept and all(p.stat().st_size > 0 for p in kept)
    second = create_app({"TESTING": True}, instance_path=tmp_path)  # another worker
    assert compiles(second, "/") == 0


def test_a_changed_template_is_compiled_again(tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "t.html").write_text("one", encoding="utf-8")
    first = create_app({"TESTING": True}, instance_path=tmp_path / "instance")
    first.jinja_loader.searchpath = [str(templates)]  # type: ignore[union-attr]
    with first.app_context():
        assert first.jinja_env.get_template("t.html").render() == "one"
    (templates / "t.html").write_text("two", encoding="utf-8")
    second = create_app({"TESTING": True}, instance_path=tmp_path / "instance")
    second.jinja_loader.searchpath = [str(templates)]  # type: ignore[union-attr]
    with second.app_context():
        assert second.jinja_env.get_template("t.html").render() == "two"


def test_debug_mode_and_the_setting_keep_no_compiled_templates(tmp_path: Path) -> None:
    off = create_app({"TESTING": True, "TEMPLATE_CACHE": False}, instance_path=tmp_path / "a")
    assert off.jinja_env.bytecode_cache is None
    debug = create_app({"TESTING": True, "DEBUG": True}, instance_path=tmp_path / "b")
    assert debug.jinja_env.bytecode_cache is None
