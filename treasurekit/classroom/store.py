"""The live class's store: classes, students and their answers in one database.

Every kernel of one machine (the teacher's and each student's, under ``make serve`` or
``make serve-class``) opens the same SQLite file in the data directory the server sets,
and every operation is one short transaction on its own connection: WAL mode lets the
teacher's kernel read while students write, and a busy timeout lets writers from several
processes take turns (``tests/classroom/test_store.py`` checks that no answer is lost).
A school's class service (:mod:`.service`, a JupyterHub service) keeps the same store in
a SQLite file or in PostgreSQL (a connection URL): one schema and one set of queries,
the connection alone differs (:mod:`.database`).

Who may do what rests on two secrets handed out once and stored only as their SHA-256
hash: the **teacher token** (``start``) moves the class, closes and reveals its answers,
reads the names and ends the class (``end``: no join, answer or item after it); a
**student token** (``join``) answers the question now shown, once (a second answer
replaces the first while answers are open). The **class code** is six
characters of an alphabet without look-alikes (no I, L, O, 0 or 1): what students type
or scan; failed joins are counted per client, and beyond ``JOIN_TRIES`` a minute a client
is refused for the rest of that minute, so a code cannot be guessed by trying.

Everything a student sends is bounded and checked before anything is written (a clear
:class:`ClassError` and nothing stored). Text is stored as given and escaped where it is
shown (the widgets), and the CSV export quotes cells a spreadsheet would run as formulas.

>>> import tempfile, pathlib
>>> store = ClassStore(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite")
>>> started = store.start("diving_bell", now=0)
>>> len(started.code), all(ch in CODE_ALPHABET for ch in started.code)
(6, True)
>>> ann = store.join(started.code, "Ann", now=1)
>>> store.show(started.code, started.teacher, Item("lesson:diving_bell:3", ("a", "b"), "b"),
...            now=2)
1
>>> store.answer(started.code, ann, 1, "b", now=3)
>>> store.tally(started.code, started.teacher).counts
{'a': 0, 'b': 1}
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import secrets
import time
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, TypedDict

from ..core.errors import InvalidSave, TreasureKitError
from ..core.share import MAX_CODE_CHARS, load_share_code
from .database import Connection, open_database

#: the class code's alphabet: capitals and digits a reader cannot mistake for another
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
NICKNAME_MAX = 20
#: a choice id, an item id (e.g. ``practice:coralia:pearl_score:12``)
CHOICE_MAX = 60
ITEM_MAX = 1000                 # a shared table's code included
MAX_CHOICES = 6
#: item numbers stay below this (a 32-bit INTEGER column on PostgreSQL)
ITEM_NO_MAX = 2**31 - 1
#: students in one class, classes started by one store a day: bounds on what is kept
CLASS_MAX = 200
#: failed joins a client may make in a minute before it is refused for the rest of it
JOIN_TRIES = 10
#: how long a class is kept after its last change (``purge``), by default
KEEP_SECONDS = 7 * 24 * 3600
#: a shared table's short id: this many characters of the lower-case base32 (RFC 4648:
#: letters and the digits 2-7, none a reader can take for another) of the code's SHA-256
SHORT_LENGTH = 10
SHORT_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"
#: how long a shared code is kept after it was last shared (``purge``)
SHARE_KEEP_SECONDS = 365 * 24 * 3600
#: a share code as a link carries it (what the engine writes: no spaces around it)
_SHARE_CODE = re.compile(r"tk[12]\.[A-Za-z0-9_-]+")
#: a nickname: letters (any script), digits, spaces and . - _ ' (no markup, no control)
_NICKNAME = re.compile(r"[^\W_]([\w .'\-]*[\w.'])?", re.UNICODE)

#: the schema, one step per version (the version reached is kept by the database: see
#: :meth:`.database.Database.version`). One SQL for SQLite and PostgreSQL: times are
#: DOUBLE PRECISION (SQLite's REAL; PostgreSQL's REAL would keep 24 bits), booleans 0/1.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE classes (
        code TEXT PRIMARY KEY,
        teacher TEXT NOT NULL,          -- SHA-256 of the teacher token
        game TEXT NOT NULL,
        started DOUBLE PRECISION NOT NULL,
        touched DOUBLE PRECISION NOT NULL,
        item_no INTEGER NOT NULL DEFAULT 0,
        answers_open INTEGER NOT NULL DEFAULT 0,
        revealed INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE items (
        code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
        item_no INTEGER NOT NULL,
        item TEXT NOT NULL,             -- what is shown: lesson/example/practice/table id
        choices TEXT NOT NULL,          -- JSON list of choice ids (empty: no question)
        answer TEXT,                    -- the right choice (None: no right answer)
        PRIMARY KEY (code, item_no)
    );
    CREATE TABLE students (
        code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
        student TEXT NOT NULL,          -- SHA-256 of the student token
        nickname TEXT NOT NULL,
        joined DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, student),
        UNIQUE (code, nickname)
    );
    CREATE TABLE answers (
        code TEXT NOT NULL,
        item_no INTEGER NOT NULL,
        student TEXT NOT NULL,
        choice TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, item_no, student),
        FOREIGN KEY (code, student) REFERENCES students(code, student) ON DELETE CASCADE
    );
    CREATE TABLE join_failures (
        client TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX join_failures_client ON join_failures (client, at);
    """,
    # 2: share codes kept under a short id (``?s=``, a QR code of a low version)
    """
    CREATE TABLE shared (
        short TEXT PRIMARY KEY,         -- SHORT_LENGTH characters of base32(SHA-256(code))
        code TEXT NOT NULL,             -- the share code (tk2.…), as given
        kept DOUBLE PRECISION NOT NULL  -- when it was last shared
    );
    CREATE INDEX shared_kept ON shared (kept);
    """,
    # 3: a class the teacher ended (``end``): no joins, answers or items after it
    """
    ALTER TABLE classes ADD COLUMN ended INTEGER NOT NULL DEFAULT 0;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class ClassError(TreasureKitError, ValueError):
    """A live-class request refused: an unknown class code, a token that does not hold
    the right, a nickname or answer out of bounds, answers closed, too many tries. The
    message is a catalog message (``classroom.error.*``), in every language; nothing is
    stored."""


@dataclass(frozen=True)
class Started:
    """A class just started: its code (for the students) and the teacher's secret."""

    code: str
    teacher: str


@dataclass(frozen=True)
class Item:
    """What the class is shown: an id the apps understand (``lesson:<game>:<step>``,
    ``example:<game>:<name>:<step>``, ``practice:<game>:<kind>:<seed>``,
    ``table:<game>:<share code>``), the choices students may answer with (none: nothing to
    answer) and the right one."""

    item: str
    choices: tuple[str, ...] = ()
    answer: str | None = None


@dataclass(frozen=True)
class Now:
    """What a student's device follows: the item shown, its number, whether answers are
    open and whether the answer is revealed (then ``answer`` is set), and whether the
    teacher has ended the class."""

    item_no: int
    item: str
    choices: tuple[str, ...]
    answers_open: bool
    revealed: bool
    answer: str | None
    ended: bool = False


@dataclass(frozen=True)
class Tally:
    """The answers to the item shown (teacher only): how many students are in the class,
    how many answered, and the count per choice."""

    item_no: int
    students: int
    answered: int
    counts: dict[str, int]


class Result(TypedDict):
    """One question of a class's results (``ClassStore.results``): its number and id,
    the right answer, how many answered and how many of them right (None: no right
    answer), and each student's answer (every student of the class, None: no answer)."""

    item_no: int
    item: str
    answer: str | None
    answered: int
    right: int | None
    share_right: float | None
    answers: dict[str, str | None]


@dataclass(frozen=True)
class Mine:
    """A student's own answer to an item: the choice and, once revealed, whether it is
    right (None before the reveal or when the item has no right answer)."""

    choice: str | None
    right: bool | None
    answer: str | None


class _Class(NamedTuple):
    """A class's row."""

    code: str
    teacher: str
    game: str
    item_no: int
    answers_open: bool
    revealed: bool
    ended: bool


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _text(value: object, limit: int, what: str) -> str:
    """``value`` as a checked text of at most ``limit`` characters, or a ClassError."""
    if type(value) is not str or not value or len(value) > limit:
        raise ClassError("classroom.error.field", what=what, limit=limit)
    if any(unicodedata.category(ch)[0] == "C" for ch in value):
        raise ClassError("classroom.error.field", what=what, limit=limit)
    return value


def check_code(code: object) -> str:
    """A class code as typed (case and spaces forgiven), or a ClassError."""
    if type(code) is not str or len(code) > 3 * CODE_LENGTH:
        raise ClassError("classroom.error.code", length=CODE_LENGTH)
    cleaned = code.replace(" ", "").replace("-", "").upper()
    if len(cleaned) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in cleaned):
        raise ClassError("classroom.error.code", length=CODE_LENGTH)
    return cleaned


def check_nickname(nickname: object) -> str:
    """A nickname (1 to ``NICKNAME_MAX`` characters: letters, digits, spaces, . - _ '),
    its spaces tidied, or a ClassError."""
    if type(nickname) is not str or len(nickname) > 4 * NICKNAME_MAX:
        raise ClassError("classroom.error.nickname", limit=NICKNAME_MAX)
    tidy = " ".join(unicodedata.normalize("NFC", nickname).split())
    if not 0 < len(tidy) <= NICKNAME_MAX or not _NICKNAME.fullmatch(tidy):
        raise ClassError("classroom.error.nickname", limit=NICKNAME_MAX)
    return tidy


def short_id(code: str) -> str:
    """The short id a share code is kept under (the same code, the same id)."""
    digest = hashlib.sha256(code.encode("utf-8", "surrogatepass")).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:SHORT_LENGTH]


def check_short(short: object) -> str:
    """A short id as given (case and spaces around it forgiven), or a ClassError."""
    if type(short) is not str or len(short) > 2 * SHORT_LENGTH:
        raise ClassError("classroom.error.short", length=SHORT_LENGTH)
    cleaned = short.strip().lower()
    if len(cleaned) != SHORT_LENGTH or any(ch not in SHORT_ALPHABET for ch in cleaned):
        raise ClassError("classroom.error.short", length=SHORT_LENGTH)
    return cleaned


def check_share_code(code: object) -> str:
    """A share code the engine loads, at most ``MAX_CODE_CHARS`` characters, or a
    ClassError (the code is replayed: a code of impossible steps is refused too)."""
    if (type(code) is not str or len(code) > MAX_CODE_CHARS
            or not _SHARE_CODE.fullmatch(code)):
        raise ClassError("classroom.error.share_code", limit=MAX_CODE_CHARS)
    try:
        load_share_code(code)
    except InvalidSave:
        raise ClassError("classroom.error.share_code", limit=MAX_CODE_CHARS) from None
    return code


def sheet_cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text (a leading = + - @ would make it a formula)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


class ClassStore:
    """Live classes in the database at ``where``: a SQLite file's path, or a PostgreSQL
    connection URL (``postgresql://user@host/db``, the class service of a school, see
    :mod:`.database`); made, or migrated to the current schema, on first use. Every
    method is one transaction; ``now`` (seconds, for the tests) defaults to the clock."""

    def __init__(self, where: str | Path) -> None:
        self.where = where
        self.database = open_database(where)
        #: the SQLite file (None on PostgreSQL)
        self.path = self.database.path
        with self._db() as db:
            self._migrate(db)

    # ---- the database --------------------------------------------------------------
    def _db(self, write: bool = True) -> AbstractContextManager[Connection]:
        """A connection in one transaction, committed at the end, rolled back on an
        error; writers take turns (see :class:`.database.Database`)."""
        return self.database.transaction(write)

    def _migrate(self, db: Connection) -> None:
        version = self.database.version(db)
        if version > SCHEMA_VERSION:
            raise ClassError("classroom.error.schema", found=version, known=SCHEMA_VERSION)
        for step in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[step].split(";"):
                if statement.strip():
                    db.execute(statement)
            self.database.set_version(db, step + 1)

    @staticmethod
    def _clock(now: float | None) -> float:
        return time.time() if now is None else now

    @staticmethod
    def _class(db: Connection, code: object) -> _Class:
        row = db.execute("SELECT code, teacher, game, item_no, answers_open, revealed, "
                         "ended FROM classes WHERE code = ?", (check_code(code),)).fetchone()
        if row is None:
            raise ClassError("classroom.error.no_class")
        return _Class(row[0], row[1], row[2], row[3], bool(row[4]), bool(row[5]),
                      bool(row[6]))

    def _teacher(self, db: Connection, code: object, teacher: object) -> _Class:
        found = self._class(db, code)
        if (type(teacher) is not str or len(teacher) > 100
                or not secrets.compare_digest(_hash(teacher), found.teacher)):
            raise ClassError("classroom.error.not_teacher")
        return found

    # ---- the teacher -----------------------------------------------------------------
    def start(self, game: str, now: float | None = None) -> Started:
        """A new class of ``game``: its code and the teacher's token (shown once)."""
        game = _text(game, 40, "game")
        at = self._clock(now)
        teacher = secrets.token_urlsafe(24)
        with self._db() as db:
            for _ in range(20):
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone():
                    continue
                db.execute("INSERT INTO classes (code, teacher, game, started, touched) "
                           "VALUES (?, ?, ?, ?, ?)", (code, _hash(teacher), game, at, at))
                return Started(code, teacher)
        raise ClassError("classroom.error.full")      # pragma: no cover (31**6 codes)

    def show(self, code: str, teacher: str, item: Item, now: float | None = None) -> int:
        """Show ``item`` to the class (answers open when it has choices): its number."""
        text = _text(item.item, ITEM_MAX, "item")
        if len(item.choices) > MAX_CHOICES:
            raise ClassError("classroom.error.field", what="choices", limit=MAX_CHOICES)
        choices = [_text(c, CHOICE_MAX, "choice") for c in item.choices]
        if item.answer is not None and item.answer not in choices:
            raise ClassError("classroom.error.field", what="answer", limit=CHOICE_MAX)
        with self._db() as db:
            found = self._teacher(db, code, teacher)
            if found.ended:
                raise ClassError("classroom.error.ended")
            number = found.item_no + 1
            db.execute("INSERT INTO items (code, item_no, item, choices, answer) "
                       "VALUES (?, ?, ?, ?, ?)",
                       (found.code, number, text, json.dumps(choices), item.answer))
            db.execute("UPDATE classes SET item_no = ?, answers_open = ?, revealed = 0, "
                       "touched = ? WHERE code = ?",
                       (number, int(bool(choices)), self._clock(now), found.code))
        return number

    def close(self, code: str, teacher: str, now: float | None = None) -> None:
        """Close the answers to the item shown (later answers are refused)."""
        with self._db() as db:
            found = self._teacher(db, code, teacher)
            db.execute("UPDATE classes SET answers_open = 0, touched = ? WHERE code = ?",
                       (self._clock(now), found.code))

    def reveal(self, code: str, teacher: str, now: float | None = None) -> None:
        """Close the answers and show the right one to every student."""
        with self._db() as db:
            found = self._teacher(db, code, teacher)
            db.execute("UPDATE classes SET answers_open = 0, revealed = 1, touched = ? "
                       "WHERE code = ?", (self._clock(now), found.code))

    def end(self, code: str, teacher: str, now: float | None = None) -> None:
        """End the class: answers close, and no student may join or answer any more,
        nor the teacher show another item; the results stay (until ``purge``)."""
        with self._db() as db:
            found = self._teacher(db, code, teacher)
            db.execute("UPDATE classes SET answers_open = 0, ended = 1, touched = ? "
                       "WHERE code = ?", (self._clock(now), found.code))

    def tally(self, code: str, teacher: str) -> Tally:
        """How the class answered the item shown (the teacher's projector)."""
        with self._db(write=False) as db:
            found = self._teacher(db, code, teacher)
            number = found.item_no
            row = db.execute("SELECT choices FROM items WHERE code = ? AND item_no = ?",
                             (found.code, number)).fetchone()
            counts = dict.fromkeys(json.loads(row[0]) if row else [], 0)
            for choice, n in db.execute(
                    "SELECT choice, COUNT(*) FROM answers WHERE code = ? AND item_no = ? "
                    "GROUP BY choice", (found.code, number)):
                counts[choice] = n
            students = db.execute("SELECT COUNT(*) FROM students WHERE code = ?",
                                  (found.code,)).fetchone()[0]
        return Tally(number, students, sum(counts.values()), counts)

    def who_answered(self, code: str, teacher: str) -> dict[str, str]:
        """Nickname -> choice for the item shown (the teacher only)."""
        with self._db(write=False) as db:
            found = self._teacher(db, code, teacher)
            return self._given(db, found.code, found.item_no)

    @staticmethod
    def _given(db: Connection, code: str, item_no: int) -> dict[str, str]:
        """Nickname -> choice of the answers to one item, by nickname."""
        return dict(db.execute(
            "SELECT s.nickname, a.choice FROM answers a JOIN students s "
            "ON s.code = a.code AND s.student = a.student "
            "WHERE a.code = ? AND a.item_no = ? ORDER BY s.nickname",
            (code, item_no)).fetchall())

    def results(self, code: str, teacher: str) -> list[Result]:
        """Every item with choices shown in the class: its id, the right answer, the
        share of right answers, and each student's answer (the teacher only)."""
        with self._db(write=False) as db:
            found = self._teacher(db, code, teacher)
            names = [n for (n,) in db.execute(
                "SELECT nickname FROM students WHERE code = ? ORDER BY joined, nickname",
                (found.code,))]
            rows: list[Result] = []
            for number, item, choices, answer in db.execute(
                    "SELECT item_no, item, choices, answer FROM items WHERE code = ? "
                    "ORDER BY item_no", (found.code,)).fetchall():
                if not json.loads(choices):
                    continue
                given = self._given(db, found.code, number)
                right = sum(1 for c in given.values() if c == answer)
                rows.append({"item_no": number, "item": item, "answer": answer,
                             "answered": len(given),
                             "right": right if answer is not None else None,
                             "share_right": (right / len(given)
                                             if given and answer is not None else None),
                             "answers": {n: given.get(n) for n in names}})
        return rows

    def results_csv(self, code: str, teacher: str) -> str:
        """``results`` as a CSV sheet: a row per question, a column per student."""
        rows = self.results(code, teacher)
        names = list(rows[0]["answers"]) if rows else []     # every row names every student
        out = io.StringIO()
        sheet = csv.writer(out)
        sheet.writerow(["item_no", "item", "answer", "answered", "share_right",
                        *(sheet_cell(n) for n in names)])
        for row in rows:
            answers, share = row["answers"], row["share_right"]
            sheet.writerow([row["item_no"], sheet_cell(row["item"]), row["answer"] or "",
                            row["answered"], "" if share is None else f"{share:.3f}",
                            *(sheet_cell(answers.get(n) or "") for n in names)])
        return out.getvalue()

    # ---- the students ----------------------------------------------------------------
    def join(self, code: object, nickname: object, client: str = "",
             now: float | None = None) -> str:
        """Join the class ``code`` as ``nickname`` (unique in the class, whatever its
        capitals): the student's token. ``client`` names who asks (the server's view of
        the device) for the limit on failed joins."""
        at = self._clock(now)
        with self._guessing(client, at):
            name = check_nickname(nickname)
            with self._db() as db:
                found = self._class(db, code)
                if found.ended:
                    raise ClassError("classroom.error.ended")
                names = [n for (n,) in db.execute(
                    "SELECT nickname FROM students WHERE code = ?", (found.code,))]
                if len(names) >= CLASS_MAX:
                    raise ClassError("classroom.error.class_full", limit=CLASS_MAX)
                # ("Kiki" and "kiki" are one name to the class, in every alphabet)
                if name.casefold() in {n.casefold() for n in names}:
                    raise ClassError("classroom.error.nickname_taken")
                token = secrets.token_urlsafe(18)
                db.execute("INSERT INTO students (code, student, nickname, joined) "
                           "VALUES (?, ?, ?, ?)", (found.code, _hash(token), name, at))
                db.execute("UPDATE classes SET touched = ? WHERE code = ?", (at, found.code))
                return token

    def game_of(self, code: object, client: str = "", now: float | None = None) -> str:
        """The game of the class ``code`` (the landing page's "Join a class" opens its
        app); an unknown code counts as a failed join of ``client``."""
        with self._guessing(client, self._clock(now)), self._db(write=False) as db:
            return self._class(db, code).game

    @contextmanager
    def _guessing(self, client: str, at: float) -> Iterator[None]:
        """A request naming a class code: refused while ``client`` has made
        ``JOIN_TRIES`` failed ones in the last minute; an unknown code is a failure."""
        client = client[:100]
        with self._db() as db:
            db.execute("DELETE FROM join_failures WHERE at < ?", (at - 60,))
            tries = db.execute("SELECT COUNT(*) FROM join_failures WHERE client = ?",
                               (client,)).fetchone()[0]
            if tries >= JOIN_TRIES:
                raise ClassError("classroom.error.slow_down")
        try:
            yield
        except ClassError as err:
            if err.message.key == "classroom.error.no_class":
                with self._db() as db:
                    db.execute("INSERT INTO join_failures (client, at) VALUES (?, ?)",
                               (client, at))
            raise

    def _student(self, db: Connection, code: object,
                 student: object) -> tuple[_Class, str]:
        found = self._class(db, code)
        if type(student) is not str or len(student) > 100:
            raise ClassError("classroom.error.not_student")
        hashed = _hash(student)
        if not db.execute("SELECT 1 FROM students WHERE code = ? AND student = ?",
                          (found.code, hashed)).fetchone():
            raise ClassError("classroom.error.not_student")
        return found, hashed

    def now(self, code: str) -> Now:
        """What the class is shown now (anyone holding the code may follow it)."""
        with self._db(write=False) as db:
            found = self._class(db, code)
            number = found.item_no
            row = db.execute("SELECT item, choices, answer FROM items WHERE code = ? "
                             "AND item_no = ?", (found.code, number)).fetchone()
        if row is None:
            return Now(0, "", (), False, False, None, found.ended)
        revealed = found.revealed
        return Now(number, row[0], tuple(json.loads(row[1])), found.answers_open, revealed,
                   row[2] if revealed else None, found.ended)

    def answer(self, code: str, student: str, item_no: object, choice: object,
               now: float | None = None) -> None:
        """The student's answer to item ``item_no`` (the one shown, answers open): a
        second answer replaces the first."""
        if type(item_no) is not int:
            raise ClassError("classroom.error.late")
        with self._db() as db:
            found, hashed = self._student(db, code, student)
            if found.ended:
                raise ClassError("classroom.error.ended")
            if item_no != found.item_no or not found.answers_open:
                raise ClassError("classroom.error.late")
            choices = json.loads(db.execute(
                "SELECT choices FROM items WHERE code = ? AND item_no = ?",
                (found.code, item_no)).fetchone()[0])
            if type(choice) is not str or choice not in choices:
                raise ClassError("classroom.error.choice")
            db.execute("INSERT INTO answers (code, item_no, student, choice, at) "
                       "VALUES (?, ?, ?, ?, ?) ON CONFLICT (code, item_no, student) "
                       "DO UPDATE SET choice = excluded.choice, at = excluded.at",
                       (found.code, item_no, hashed, choice, self._clock(now)))

    def mine(self, code: str, student: str, item_no: int) -> Mine:
        """The student's own answer to ``item_no``, and once revealed whether it is right."""
        if type(item_no) is not int or not 0 <= item_no < ITEM_NO_MAX:
            raise ClassError("classroom.error.field", what="item_no", limit=ITEM_NO_MAX)
        with self._db(write=False) as db:
            found, hashed = self._student(db, code, student)
            row = db.execute("SELECT choice FROM answers WHERE code = ? AND item_no = ? "
                             "AND student = ?", (found.code, item_no, hashed)).fetchone()
            item = db.execute("SELECT answer FROM items WHERE code = ? AND item_no = ?",
                              (found.code, item_no)).fetchone()
        choice = row[0] if row else None
        shown = item_no != found.item_no or found.revealed       # an earlier item, or revealed
        answer = item[0] if item and shown else None
        right = None if answer is None or choice is None else choice == answer
        return Mine(choice, right, answer)

    # ---- shared tables ---------------------------------------------------------------
    def share(self, code: object, now: float | None = None) -> str:
        """Keep a share code (a table shared by a teacher, checked by the engine) and
        give its short id (``?s=<id>``): content-addressed, so the same code gives the
        same id and is kept once (sharing it again keeps it longer)."""
        code = check_share_code(code)
        short = short_id(code)
        with self._db() as db:
            db.execute("INSERT INTO shared (short, code, kept) VALUES (?, ?, ?) "
                       "ON CONFLICT (short) DO UPDATE SET kept = excluded.kept",
                       (short, code, self._clock(now)))
            kept = db.execute("SELECT code FROM shared WHERE short = ?", (short,)).fetchone()
            if kept[0] != code:          # two codes, one id (about 1 in 2**50): refuse
                raise ClassError("classroom.error.share_clash")
        return short

    def shared(self, short: object) -> str:
        """The share code kept under ``short`` (anyone holding the id may read it)."""
        found = check_short(short)
        with self._db(write=False) as db:
            row = db.execute("SELECT code FROM shared WHERE short = ?", (found,)).fetchone()
        if row is None:
            raise ClassError("classroom.error.no_shared")
        return str(row[0])

    # ---- upkeep ------------------------------------------------------------------------
    def purge(self, older_than: float = KEEP_SECONDS, now: float | None = None) -> int:
        """Delete the classes (and their students and answers) untouched for
        ``older_than`` seconds, and the shared codes not shared again for
        ``SHARE_KEEP_SECONDS``; how many classes were deleted."""
        at = self._clock(now)
        cut = at - older_than
        with self._db() as db:
            old = [c for (c,) in db.execute("SELECT code FROM classes WHERE touched < ?",
                                            (cut,))]
            for code in old:                       # students, items, answers: cascade
                db.execute("DELETE FROM classes WHERE code = ?", (code,))
            db.execute("DELETE FROM shared WHERE kept < ?", (at - SHARE_KEEP_SECONDS,))
        return len(old)

    def codes(self) -> Sequence[str]:
        """The codes of the classes kept (for upkeep and tests)."""
        with self._db(write=False) as db:
            return [c for (c,) in db.execute("SELECT code FROM classes ORDER BY started")]
