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
CAPTAIN_LUCKY = [
    new_code_cell("from treasurekit.widgets.captain_lucky import captain_lucky_app\n"
                  "from treasurekit.widgets.notebook import prose, show_app\n\n"
                  "app = show_app(captain_lucky_app)"),
    new_code_cell('_ = prose("captain_lucky.notebook.engine")'),
    new_code_cell("from treasurekit.games.captain_lucky.examples import NICK\n\n"
                  "nick = NICK.run()\n"
                  "for event in nick.events:\n"
                  "    print(event)\n"
                  "print('dice after each roll:', nick.state.rolls)\n"
                  "print('treasure:', dict(zip(nick.players, nick.view(0)['collections'])))\n"
                  "print('captain bonus used:', dict(zip(nick.players, nick.state.bonus_used)))"),
    new_code_cell('_ = prose("captain_lucky.notebook.odds")'),
    new_code_cell("import numpy as np\n\n"
                  "from treasurekit.games.captain_lucky import odds\n\n"
                  "table = odds.win_table(pirate_faces=3)\n"
                  "print('P(win) in %, captain bonus unused; rows: set of k cards, '\n"
                  "      'columns: m = 0..5 matching hand cards')\n"
                  "for k in range(1, 6):\n"
                  "    print(k, ' '.join(f'{100 * p:5.1f}' for p in table[k, :, 1]))\n"
                  "print('no help at all (one roll):', [round(0.5 ** k, 4) for k in range(1, 6)])\n"
                  "for k, m, bonus in [(1, 0, False), (3, 0, True), (3, 2, True), (5, 5, True)]:\n"
                  "    exact = float(table[k, m, int(bonus)])\n"
                  "    sim = odds.simulate(k, m, bonus, attempts=100_000, seed=k * 10 + m)\n"
                  "    sigma = np.sqrt(exact * (1 - exact) / 100_000)\n"
                  "    print(f'k={k} m={m} bonus={bonus}: exact {exact:.4f}, sim {sim:.4f},'\n"
                  "          f' {abs(sim - exact) / sigma:.1f} sigma apart')\n"
                  "print('after 4 blanks on a 4-card set, 4 cards in hand, bonus used:',\n"
                  "      odds.best_action(4, 4, False, size=4, card_value=0.5))"),
    new_code_cell('_ = prose("captain_lucky.notebook.check")'),
    new_code_cell("from treasurekit.games.captain_lucky.examples import BECKY, GOLD_BAR, RUBIES\n\n"
                  "assert RUBIES.run().view(0)['collections'][0] == {'ruby': 7}\n"
                  "assert GOLD_BAR.run().view(0)['collections'][0] == {'gold': 1}\n"
                  "assert nick.view(0)['collections'] == [{'ruby': 3}, {}]\n"
                  "becky = BECKY.run()\n"
                  "assert becky.scores() == [13, 13] and becky.winners() == [0]\n"
                  "assert abs(table[3, 0, 1] - (1 - 0.5 ** 2) ** 3) < 1e-12\n"
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
    write("captain_lucky", CAPTAIN_LUCKY)
