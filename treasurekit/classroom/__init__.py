"""The live class: a teacher's projector and the students' own devices on one lesson.

``store.ClassStore`` keeps classes, students and answers in one SQLite file that every
kernel of the machine opens (see its docstring for who may do what).
"""

from .store import ClassError, ClassStore, Item, Mine, Now, Result, Started, Tally

__all__ = ["ClassError", "ClassStore", "Item", "Mine", "Now", "Result", "Started", "Tally"]
