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
from treasurekit.widgets.coralia import coralia_app
from treasurekit.widgets.notebook import show_app

app = show_app(coralia_app)
