
"""Shared test setup: make ``tests/`` importable and register hypothesis profiles.

Tests run with ``--import-mode=importlib`` and ``tests/`` is not a package; the test
helpers are the package ``tests/helpers``, imported as a top-level package
(``from helpers.strategies import count_vectors``). Inserting this directory into
``sys.path`` makes that work from any working directory.

Hypothesis profiles:

* ``dev`` (default): 100 examples, random seeds.
* ``ci``: 300 examples, derandomized so that CI runs are reproducible.

``HYPOTHESIS_PROFILE`` names the profile explicitly; otherwise ``ci`` is chosen when the
``CI`` environment variable is ``true`` and ``dev`` everywhere else.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

_TESTS_DIR = str(Path(__file__).resolve().parent)
if _TESTS_DIR not in sys.path:
    sys.path.insert(0, _TESTS_DIR)

settings.register_profile("dev", max_examples=100)
settings.register_profile("ci", max_examples=300, derandomize=True)


def _profile_name() -> str:
    explicit = os.environ.get("HYPOTHESIS_PROFILE")
    if explicit:
        return explicit
    return "ci" if os.environ.get("CI") == "true" else "dev"


settings.load_profile(_profile_name())
