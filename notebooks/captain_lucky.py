# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% tags=["nbval-ignore-output"]
from treasurekit.widgets.apps import app_for
from treasurekit.widgets.notebook import show_app

app = show_app(app_for('captain_lucky'))
