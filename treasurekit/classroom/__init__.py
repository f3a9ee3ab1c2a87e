"""The live class: a teacher's projector and the students' own devices on one lesson.

``store.ClassStore`` keeps classes, students and answers in one SQLite file that every
kernel of the machine opens (see its docstring for who may do what), or in a school's
class service (``service``, a JupyterHub service on SQLite or PostgreSQL) that kernels
reach with ``remote.RemoteClassStore``; both are an ``api.ClassAPI``, chosen by
``config.class_store``.
"""

from .api import ClassAPI
from .store import ClassError, ClassStore, Item, Mine, Now, Result, Started, Tally

__all__ = ["ClassAPI", "ClassError", "ClassStore", "Item", "Mine", "Now", "Result",
           "Started", "Tally"]
