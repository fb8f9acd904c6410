"""Sphinx configuration of the mahjong_rules docs site (Sphinx, furo, MyST-Parser).

Build it offline from the project root (the ``docs`` extra installs the tools)::

    python -m pip install -e ".[docs]"
    python -m sphinx -b html -n -W docs docs/_build

The Markdown pages are the site as they are. Every page is picked up without a central
list: the toctrees of ``index.md`` take the top-level pages, ``reference/``, ``api/`` and
``rules/`` by glob, and ``_ext/mahjong_docs.py`` appends any page in another folder. The
pictures are drawn during the build by ``mahjong_rules.draw`` (a broken renderer fails
it), into ``_generated/`` (not in the repository).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))

project = "mahjong_rules"
author = "mahjong_rules developers"
copyright = "mahjong_rules developers"  # noqa: A001 - the name Sphinx reads
release = "0.1.0"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "mahjong_docs",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated", "_ext", "**/__pycache__", "conftest.py"]
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence"]
suppress_warnings = ["myst.header"]  # some pages step from a title to level 3 headings

html_theme = "furo"
html_title = "mahjong_rules"
html_static_path: list[str] = []
html_theme_options = {"sidebar_hide_name": False}
html_permalinks_icon = "#"

autodoc_typehints = "none"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "undoc-members": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r".*\._[A-Za-z]\w*"),  # private helpers named in signatures and bases
    # names outside the project (there is no network for intersphinx inventories)
    (r"py:.*", r"(typing|collections|enum|pathlib|numpy|np|attrs|abc|argparse|re|json)\..*"),
    (r"py:.*", r"(int|str|bool|float|bytes|object|dict|list|tuple|set|frozenset|None)"),
    (r"py:.*", r"(Path|Sequence|Mapping|Iterable|Iterator|Callable|Any|NDArray|ArrayLike)"),
    (r"py:.*", r"(ValueError|TypeError|KeyError|RuntimeError|OSError|Exception)"),
]
