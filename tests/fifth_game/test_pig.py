"""Issue 22: a fifth game joins the kit in one place. Pig (``pig.py``, ``pig_teaching.py``,
``pig_drawing.py`` and its catalogs here) is registered from outside the package by a
pytest plugin, and the whole generic suite, the apps' widget tests and Pig's own app
checks run on it in a pytest of their own (so that the other tests' registry keeps the
package's four games). No line of treasurekit/ names Pig."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SUITES = ["tests/generic", "tests/widgets", "tests/fifth_game/suite_app.py"]


def test_the_generic_suite_and_the_app_tests_pass_on_pig() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "tests.fifth_game.plugin",
         "-p", "no:cacheprovider", "-k", "pig", *SUITES],
        cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", summary).group(1))  # type: ignore[union-attr]
    assert passed >= 60, summary          # the generic suite, the app tests, Pig's own


def test_no_line_of_the_package_names_pig() -> None:
    named = [str(p.relative_to(ROOT)) for p in (ROOT / "treasurekit").rglob("*")
             if p.suffix in (".py", ".json") and re.search(r"\bpig\b", p.read_text("utf-8"))]
    assert not named, named
