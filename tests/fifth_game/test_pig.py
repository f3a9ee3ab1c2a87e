"""Issue 22: a fifth game joins the kit in one place. Pig (``pig.py``, ``pig_teaching.py``,
``pig_drawing.py`` and its catalogs here) is registered from outside the package by a
pytest plugin, and the whole generic suite, the apps' widget tests and Pig's own app
checks run on it in a pytest of their own (so that the other tests' registry keeps the
package's four games), one per part, so that the suite's workers share them. No line of
treasurekit/ names Pig."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: each part, with the fewest of its tests that must run on Pig (105, 57 and 1 today)
SUITES = {"tests/generic": 90, "tests/widgets": 40, "tests/fifth_game/suite_app.py": 1}


@pytest.mark.parametrize("suite", sorted(SUITES))
def test_the_generic_suite_and_the_app_tests_pass_on_pig(suite: str) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "tests.fifth_game.plugin",
         "-p", "no:cacheprovider", "-k", "pig", suite],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", summary).group(1))  # type: ignore[union-attr]
    assert passed >= SUITES[suite], summary


def test_no_line_of_the_package_names_pig() -> None:
    named = [str(p.relative_to(ROOT)) for p in (ROOT / "treasurekit").rglob("*")
             if p.suffix in (".py", ".json") and re.search(r"\bpig\b", p.read_text("utf-8"))]
    assert not named, named
