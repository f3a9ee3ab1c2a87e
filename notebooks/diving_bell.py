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
from treasurekit.widgets.diving_bell import diving_bell_app
from treasurekit.widgets.notebook import show_app

app = show_app(diving_bell_app)
