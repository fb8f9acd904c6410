"""Sphinx extension of the mahjong_rules docs: pictures drawn during the build, pages found.

Pages are picked up without a central list.

Directives (in MyST: a fenced block with the directive's name in braces):

- ``rules-view RULESET``: the rules view of a ruleset (:mod:`mahjong_rules.draw.rules_view`),
  its example hands drawn and scored now;
- ``mahjong-hand TILES``: a hand in mpsz, options ``:melds:`` (``pon 555z left; chi 3m24m``)
  and ``:drawn:``;
- ``mahjong-table LOG``: the table of a shared log at ``:step:`` for ``:seat:`` (a number
  or ``spectator``); ``mahjong-result LOG``: the result of hand ``:hand:``.

Each picture is written to ``_generated/`` beside ``conf.py`` and shown as an image, so
a renderer that raises fails the build. Any page outside the top level, ``reference/``,
``api/`` and ``rules/`` (whose toctrees are globs in ``index.md``) is appended to a last
toctree of ``index.md``, so a new folder of pages needs no edit of a central list.
"""

from __future__ import annotations

import fnmatch
import hashlib
import importlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from mahjong_rules.cli.view import distinct
from mahjong_rules.draw import hand_svg, result_svg, view_svg
from mahjong_rules.draw.rules_view import rules_view, write_into
from mahjong_rules.draw.viewer import log_frames

GLOBBED = ("*", "reference/*", "api/*", "rules/*")
"""The patterns of the toctrees in index.md."""
LOGS = Path(__file__).resolve().parents[3] / "shared" / "data" / "logs"


def _generated(env_srcdir: str) -> Path:
    folder = Path(env_srcdir) / "_generated"
    folder.mkdir(exist_ok=True)
    return folder


class _Picture(SphinxDirective):
    """A directive that draws one SVG picture and shows it as an image."""

    def show(self, svg: str, alt: str) -> list[nodes.Node]:
        name = hashlib.sha256(svg.encode()).hexdigest()[:16]
        path = _generated(self.env.srcdir) / f"{name}.svg"
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")
        self.env.note_dependency(__file__)
        return self.markdown(f"![{alt}](/_generated/{name}.svg)")

    def markdown(self, text: str) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(StringList(text.splitlines(), source=self.get_source_info()[0]),
                                self.content_offset, container)
        return list(container.children)


class HandDirective(_Picture):
    """``mahjong-hand TILES``: a hand in mpsz with optional melds and drawn tile."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"melds": directives.unchanged,
                                             "drawn": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """Draw the hand."""
        melds = [m.strip() for m in self.options.get("melds", "").split(";") if m.strip()]
        svg = hand_svg(self.arguments[0], melds=melds, drawn=self.options.get("drawn"))
        return self.show(svg, f"hand {self.arguments[0]}")


def _log_frames(log: str, seat: int | None) -> list[Any]:
    """The steps of a log as ``view --seat`` numbers them (the moments ``seat`` saw)."""
    frames, _, _ = log_frames(LOGS / log, seat=seat, every_seat=False)
    return distinct(frames)


def _seat(text: str | None) -> int | None:
    return None if text in (None, "spectator") else int(text)


class TableDirective(_Picture):
    """``mahjong-table LOG``: a shared log's table at ``:step:`` for ``:seat:``."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"step": int, "seat": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """Draw the table."""
        seat = _seat(self.options.get("seat"))
        frame = _log_frames(self.arguments[0], seat)[self.options.get("step", 0)]
        who = "the spectator" if seat is None else f"seat {seat}"
        return self.show(view_svg(frame[seat]), f"{self.arguments[0]} as {who} saw it")


class ResultDirective(_Picture):
    """``mahjong-result LOG``: the result of hand ``:hand:`` of a shared log."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"hand": int}

    def run(self) -> list[nodes.Node]:
        """Draw the result."""
        views = [f[None] for f in _log_frames(self.arguments[0], None)]
        ends = [v for i, v in enumerate(views) if v["phase"] in ("hand_over", "game_over")
                and (i == 0 or views[i - 1]["phase"] not in ("hand_over", "game_over"))]
        return self.show(result_svg(ends[self.options.get("hand", 0)]), "a hand's result")


class RulesViewDirective(SphinxDirective):
    """``rules-view RULESET``: the whole rules view of a ruleset."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        """Write the rules view."""
        folder = _generated(self.env.srcdir) / "rules"
        text = rules_view(self.arguments[0], write_into(folder, "/_generated/rules/"))
        self.env.note_dependency(__file__)
        container = nodes.container()
        self.state.nested_parse(StringList(text.splitlines(), source=self.get_source_info()[0]),
                                self.content_offset, container)
        return list(container.children)


def _others(app: Sphinx) -> list[str]:
    """Pages no glob of index.md takes."""
    return sorted(doc for doc in app.env.found_docs if doc != "index" and not any(
        fnmatch.fnmatch(doc, pattern) and (pattern != "*" or "/" not in doc)
        for pattern in GLOBBED))


def _append_others(app: Sphinx, docname: str, source: list[str]) -> None:
    if docname != "index":
        return
    others = _others(app)
    if others:
        entries = "\n".join(others)
        source[0] += f"\n\n```{{toctree}}\n:caption: More\n:hidden:\n\n{entries}\n```\n"


def _plain_attribute_docstring(self: GoogleDocstring) -> list[str]:
    """An attribute's docstring as written.

    Napoleon would read ``"The winning tile: ..."`` on its first line as a type named
    ``The winning tile``.
    """
    lines: list[str] = self._dedent(self._consume_to_end())
    return lines


def _resolve(app: Sphinx, env: BuildEnvironment, node: nodes.Element, contnode: nodes.Node
             ) -> nodes.Node | None:
    """Resolve a Python name the docstrings give short or by a package that re-exports it.

    ``:func:`view_svg``` or ``:data:`mahjong_rules.scoring.YAKU``` name an object that
    is documented in its own module (``mahjong_rules.draw.table.view_svg``,
    ``mahjong_rules.scoring.riichi_yaku.YAKU``): the one documented object whose name
    ends the same way, in the same package, is the target.
    """
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"]).lstrip("~.")
    objects = env.get_domain("py").objects
    last = target.rsplit(".", 1)[-1]
    if "." in target:
        package = target.rsplit(".", 1)[0]
        found = [n for n in objects if n.endswith("." + last) and n.startswith(package + ".")]
        if not found:
            found = [n for n in objects if n.endswith("." + target)]
    else:
        module = str(node.get("py:module") or "mahjong_rules")
        package = module.rsplit(".", 1)[0] if "." in module else module
        found = [n for n in objects if n.endswith("." + target) and n.startswith(package)]
        if len(found) > 1:
            found = [n for n in found if n.startswith(module + ".")] or found
    if len(found) != 1:
        # a name that exists but has no page of its own (a constant without a docstring,
        # a helper) is shown unlinked; a name that does not exist stays a warning
        return contnode if _exists(target, str(node.get("py:module") or ""),
                                   str(node.get("py:class") or "")) else None
    entry = objects[found[0]]
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode,
                        found[0])


def _exists(target: str, module: str, cls: str) -> bool:
    """Whether ``target`` names an object, as written in ``module`` (and ``cls``)."""
    candidates = [target]
    if module:
        candidates += [f"{module}.{cls}.{target}" if cls else "", f"{module}.{target}"]
    for name in filter(None, candidates):
        parts = name.split(".")
        for split in range(len(parts), 0, -1):  # a module, or a module's attribute
            try:
                value: object = importlib.import_module(".".join(parts[:split]))
            except ImportError:
                continue
            try:
                for attribute in parts[split:]:
                    value = getattr(value, attribute)
            except AttributeError:
                break
            return True
    return False


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the docstring and reference fixes, the other pages."""
    # attributes are documented in prose, never "type: text" (see the function's
    # docstring); no option of napoleon turns that reading off
    docstring: Any = GoogleDocstring
    docstring._parse_attribute_docstring = _plain_attribute_docstring  # noqa: SLF001
    app.connect("missing-reference", _resolve)
    app.add_directive("rules-view", RulesViewDirective)
    app.add_directive("mahjong-hand", HandDirective)
    app.add_directive("mahjong-table", TableDirective)
    app.add_directive("mahjong-result", ResultDirective)
    app.connect("source-read", _append_others)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
