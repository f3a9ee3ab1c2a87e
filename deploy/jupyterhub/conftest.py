"""The browser tests' Chromium fixtures, for the hub smoke test."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.conftest import browser, playwright_api  # noqa: E402, F401
