"""Write the app notebooks from their cell sources (then run them to store outputs).

    python tools/build_notebooks.py && jupyter nbconvert --execute --inplace notebooks/*.ipynb
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1] / "notebooks"

INDEX = [
    new_code_cell("from treasurekit.widgets.landing import landing\n"
                  "from treasurekit.widgets.notebook import show_app\n\n"
                  "page = show_app(landing)"),
]

DIVING_BELL = [
    new_code_cell("from treasurekit.widgets.diving_bell import diving_bell_app\n"
                  "from treasurekit.widgets.notebook import prose, show_app\n\n"
                  "app = show_app(diving_bell_app)"),
    new_code_cell('_ = prose("notebooks.db.engine")'),
    new_code_cell("from treasurekit.games.diving_bell.examples import RUBIES\n"
                  "from treasurekit.games.diving_bell.scoring import breakdown\n\n"
                  "game = RUBIES.run()\n"
                  "for event in game.events:\n"
                  "    print(event)\n"
                  "print('scores:', dict(zip(game.players, game.scores())))\n"
                  "print('Ann:', breakdown(game.state_cards(0)))"),
    new_code_cell('_ = prose("notebooks.db.odds")'),
    new_code_cell("from fractions import Fraction\n\n"
                  "from treasurekit.games.diving_bell import odds\n"
                  "from treasurekit.games.diving_bell.cards import STANDARD_DECK, composition\n\n"
                  "deck = composition([c.id for c in STANDARD_DECK])\n"
                  "p = odds.burst_chance(deck, pressure=8, krakens=0, limit=10)\n"
                  "print('P(next card bursts at 8 of 10) =', Fraction(p).limit_denominator(80),"
                  " f'= {p:.3f}')\n"
                  "print('P(burst within 1..4 draws from 5 of 10):',\n"
                  "      [round(x, 3) for x in odds.burst_curve(deck, 5, 0, 10, 4)])\n\n"
                  "row = ['gold5/3', 'gold4/2', 'ruby3/1', 'ruby3/2', 'ruby3/1', 'diamond4/2',\n"
                  "       'map1/0', 'map1/1', 'map1/0', 'map1/2', 'compass2/1', 'compass2/2',\n"
                  "       'cursed-2/0', 'cursed-2/1', 'pearl2/1', 'gold1/0']\n"
                  "best = odds.best_division(row, [], [], burst=False)\n"
                  "print('splits examined:', best.examined)\n"
                  "print('pile A:', best.a)\n"
                  "print('pile B:', best.b)\n"
                  "print(\"chooser's net value:\", best.chooser_value)"),
    new_code_cell('_ = prose("notebooks.db.check")'),
    new_code_cell("assert game.scores()[0] == 12\n"
                  "assert breakdown(game.state_cards(0))[0].total == 12\n"
                  "assert Fraction(p).limit_denominator(80) == Fraction(sum(\n"
                  "    k for code, k in deck.items() if int(code.split('/')[1]) >= 2), 80)\n"
                  "print('all checks passed')"),
]

SEA_OR_SHORE = [
    new_code_cell("from treasurekit.widgets.notebook import prose, show_app\n"
                  "from treasurekit.widgets.sea_or_shore import sea_or_shore_app\n\n"
                  "app = show_app(sea_or_shore_app)"),
    new_code_cell('_ = prose("notebooks.sos.engine")'),
    new_code_cell("from treasurekit.games.sea_or_shore.examples import (\n"
                  "    BLUE_TEN, EXCEPTION, STEAL)\n\n"
                  "game = STEAL.run()\n"
                  "for event in game.events:\n"
                  "    print(event)\n"
                  "s = game.state\n"
                  "print('Eric pile:', s.piles[0], '| Stephanie pile:', s.piles[1],\n"
                  "      '| Niels addition cards:', s.additions[2])"),
    new_code_cell('_ = prose("notebooks.sos.views")'),
    new_code_cell("start = STEAL.start()\n"
                  "start.play('play:r8/sea')\n"
                  "print('Eric sees:  ', start.view(0)['played'][0])\n"
                  "print('Marlou sees:', start.view(3)['played'][0])"),
    new_code_cell('_ = prose("notebooks.sos.check")'),
    new_code_cell("assert s.piles[0] == ['r4'] and s.additions[2] == 3\n"
                  "assert sorted(s.decks[0].bottom + s.decks[1].bottom) == ['p2', 'r3']\n"
                  "three = EXCEPTION.run().state\n"
                  "assert three.piles[0] == ['r2'] and three.additions == [0, 2, 0]\n"
                  "values = [e.param('value') for e in BLUE_TEN.run().events\n"
                  "          if e.kind == 'reveal']\n"
                  "assert values == [10, 9, 12]\n"
                  "assert 'card' not in start.view(3)['played'][0]\n"
                  "print('all checks passed')"),
]


def write(name: str, cells: list) -> None:
    nb = new_notebook(cells=cells, metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}})
    nbformat.write(nb, ROOT / f"{name}.ipynb")


if __name__ == "__main__":
    write("index", INDEX)
    write("diving_bell", DIVING_BELL)
    write("sea_or_shore", SEA_OR_SHORE)
