"""Root test setup: leave out the doctests of optional components that are not installed.

The environments (``mahjong_rules/rl/aec.py``, ``mahjong_rules/rl/single_agent.py``) and
their guide (``docs/rl.md``) need the ``rl`` extra (gymnasium, pettingzoo). Without it
their doctests are not collected, and the run's header says so; CI installs the extra.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_ROOT = Path(__file__).resolve().parent
_RL_MISSING = [name for name in ("gymnasium", "pettingzoo")
               if importlib.util.find_spec(name) is None]
_NEEDS_RL = {_ROOT / "mahjong_rules" / "rl" / "aec.py",
             _ROOT / "mahjong_rules" / "rl" / "single_agent.py", _ROOT / "docs" / "rl.md"}


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Skip collecting the files that need a missing optional component."""
    del config
    if _RL_MISSING and collection_path.resolve() in _NEEDS_RL:
        return True
    return None


def pytest_report_header(config: pytest.Config) -> str | None:
    """Say which doctests were left out, and why."""
    del config
    if _RL_MISSING:
        return (f"the rl extra is missing ({', '.join(_RL_MISSING)}): the environments' "
                'doctests are skipped (pip install -e ".[rl]")')
    return None
