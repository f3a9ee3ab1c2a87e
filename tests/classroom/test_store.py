"""The live class's store (issue 25): a lesson's round trip, who may do what, hostile
input, the limit on guessing codes, writers from several processes, a restart, the
schema's versions and the upkeep. Plain pytest, each test on a temporary SQLite file and
again on a temporary PostgreSQL cluster (``conftest.py``: the ``where`` fixture)."""

from __future__ import annotations

import csv
import io
import multiprocessing
import sqlite3
from concurrent.futures import ThreadPoolExecutor

import pytest

import treasurekit as tk
from treasurekit.classroom import ClassError, ClassStore, Item, Mine
from treasurekit.classroom import store as store_module
from treasurekit.classroom.store import (
    CODE_ALPHABET,
    ITEM_MAX,
    JOIN_TRIES,
    NICKNAME_MAX,
    SCHEMA_VERSION,
    SHARE_KEEP_SECONDS,
    SHORT_ALPHABET,
    SHORT_LENGTH,
    check_code,
    short_id,
)
from treasurekit.core.share import MAX_CODE_CHARS

QUESTION = Item("practice:coralia:pearl_score:12", ("3", "4", "5"), "4")
#: a table shared from a rulebook example (its link's QR code is over version 10)
SHARED = tk.share_code(tk.core.teaching.examples_of("coralia")[-1].run())



def shared_rows(store: ClassStore) -> int:
    """How many share codes the store keeps."""
    with store.database.transaction(write=False) as db:
        count: int = db.execute("SELECT COUNT(*) FROM shared").fetchone()[0]
    return count


@pytest.fixture
def store(where: str) -> ClassStore:
    return ClassStore(where)


def refused(key: str, call: object, *args: object, **kwargs: object) -> ClassError:
    """``call(*args)`` raises the ClassError ``classroom.error.<key>``, told in Dutch."""
    with pytest.raises(ClassError) as caught:
        call(*args, **kwargs)  # type: ignore[operator]
    err = caught.value
    assert err.message.key == f"classroom.error.{key}", err.message.key
    assert err.text("nl") != err.text("en") and "{" not in err.text("nl")
    return err


def test_a_question_asked_answered_revealed_and_kept(store: ClassStore) -> None:
    started = store.start("coralia", now=0)
    assert len(started.code) == 6 and set(started.code) <= set(CODE_ALPHABET)
    ann = store.join(started.code.lower(), "Ann", now=1)       # typed in lower case
    bob = store.join(f"{started.code[:3]} {started.code[3:]}", "Bob", now=1)
    eve = store.join(started.code, "Eve", now=1)
    assert store.now(started.code).item_no == 0                 # nothing shown yet

    number = store.show(started.code, started.teacher, QUESTION, now=2)
    shown = store.now(started.code)
    assert (shown.item_no, shown.item, shown.choices) == (1, QUESTION.item, QUESTION.choices)
    assert shown.answers_open and not shown.revealed and shown.answer is None  # not yet
    store.answer(started.code, ann, number, "4", now=3)
    store.answer(started.code, bob, number, "3", now=3)
    store.answer(started.code, bob, number, "5", now=4)          # a second answer replaces
    tally = store.tally(started.code, started.teacher)
    assert (tally.students, tally.answered, tally.counts) == (3, 2, {"3": 0, "4": 1, "5": 1})
    assert store.who_answered(started.code, started.teacher) == {"Ann": "4", "Bob": "5"}
    assert store.mine(started.code, ann, number).right is None   # not revealed yet

    store.close(started.code, started.teacher, now=5)
    refused("late", store.answer, started.code, eve, number, "4")
    store.reveal(started.code, started.teacher, now=6)
    assert store.now(started.code).answer == "4"
    assert store.mine(started.code, ann, number) == Mine("4", True, "4")
    assert store.mine(started.code, bob, number) == Mine("5", False, "4")
    assert store.mine(started.code, eve, number) == Mine(None, None, "4")

    # the next item: a lesson step with nothing to answer; the results keep the question
    assert store.show(started.code, started.teacher, Item("lesson:coralia:2"), now=7) == 2
    assert not store.now(started.code).answers_open
    refused("late", store.answer, started.code, ann, 1, "4")       # an earlier question
    [row] = store.results(started.code, started.teacher)
    assert row["answered"] == 2 and row["right"] == 1 and row["share_right"] == 0.5
    assert row["answers"] == {"Ann": "4", "Bob": "5", "Eve": None}
    sheet = list(csv.reader(io.StringIO(store.results_csv(started.code, started.teacher))))
    assert sheet[0] == ["item_no", "item", "answer", "answered", "share_right",
                        "Ann", "Bob", "Eve"]
    assert sheet[1] == ["1", QUESTION.item, "4", "2", "0.500", "4", "5", ""]


def test_an_ended_class_takes_no_join_answer_or_item_and_keeps_its_results(
        store: ClassStore) -> None:
    started = store.start("coralia", now=0)
    ann = store.join(started.code, "Ann", now=1)
    number = store.show(started.code, started.teacher, QUESTION, now=2)
    store.answer(started.code, ann, number, "4", now=3)
    assert not store.now(started.code).ended
    refused("not_teacher", store.end, started.code, ann)          # a student cannot end it
    store.end(started.code, started.teacher, now=4)
    now = store.now(started.code)
    assert now.ended and not now.answers_open and now.item == QUESTION.item
    refused("ended", store.join, started.code, "Bob")
    refused("ended", store.answer, started.code, ann, number, "3")
    refused("ended", store.show, started.code, started.teacher, Item("lesson:coralia:2"))
    store.end(started.code, started.teacher, now=5)               # ending twice: no harm
    assert store.mine(started.code, ann, number).choice == "4"    # the student's own answer
    [row] = store.results(started.code, started.teacher)          # the results stay
    assert row["answers"] == {"Ann": "4"}
    assert store.tally(started.code, started.teacher).students == 1
    assert store.game_of(started.code) == "coralia"
    assert store.purge(older_than=10, now=16) == 1                # and go with the class


def test_only_the_teacher_moves_reveals_and_reads_names(store: ClassStore) -> None:
    started = store.start("diving_bell", now=0)
    other = store.start("diving_bell", now=0)
    ann = store.join(started.code, "Ann", now=1)
    store.show(started.code, started.teacher, QUESTION, now=2)
    for forged in (ann, other.teacher, started.teacher + "x", "", None, 7, "x" * 10_000):
        for call in (store.close, store.reveal, store.tally, store.who_answered,
                     store.results, store.results_csv, store.end):
            refused("not_teacher", call, started.code, forged)
        refused("not_teacher", store.show, started.code, forged, QUESTION)
    # a student's token is good in its own class only; a teacher's token answers nothing
    refused("not_student", store.answer, other.code, ann, 1, "4")
    refused("not_student", store.answer, started.code, started.teacher, 1, "4")
    refused("not_student", store.mine, started.code, "forged", 1)
    assert store.tally(started.code, started.teacher).answered == 0   # nothing stored


@pytest.mark.parametrize("nickname", [
    "", " ", "x" * (NICKNAME_MAX + 1), "<script>alert(1)</script>", "a\x00b", "a\x1b[31mb",
    "=HYPERLINK(\"x\")", "-1", b"Ann", 7, None, ["Ann"], "\u202eevil", "Ann\u200b",
])
def test_a_nickname_out_of_bounds_is_refused_and_nothing_stored(store: ClassStore,
                                                                nickname: object) -> None:
    started = store.start("coralia", now=0)
    refused("nickname", store.join, started.code, nickname, now=1)
    assert store.tally(started.code, started.teacher).students == 0


def test_nicknames_are_tidied_and_unique_in_a_class(store: ClassStore) -> None:
    started = store.start("coralia", now=0)
    store.join(started.code, "  Zoë   van Dijk ", now=1)
    refused("nickname_taken", store.join, started.code, "Zoë van Dijk", now=2)
    # capitals make no other name: the teacher's results could not tell them apart
    for same in ("zoë van dijk", "ZOË VAN DIJK", "Zoë Van dijk"):
        refused("nickname_taken", store.join, started.code, same, now=2)
    store.join(started.code, "O'Brien-2", now=2)
    store.join(started.code, "Zoe van Dijk", now=2)      # (another letter: another name)
    store.show(started.code, started.teacher, QUESTION, now=3)
    assert store.tally(started.code, started.teacher).students == 3


@pytest.mark.parametrize("choice", ["", "6", "4 ", 4, None, b"4", "x" * 100_000, ["4"]])
def test_an_answer_that_is_no_choice_is_refused(store: ClassStore, choice: object) -> None:
    started = store.start("coralia", now=0)
    ann = store.join(started.code, "Ann", now=1)
    number = store.show(started.code, started.teacher, QUESTION, now=2)
    refused("choice", store.answer, started.code, ann, number, choice)
    refused("late", store.answer, started.code, ann, "1", "4")       # item_no not an int
    assert store.tally(started.code, started.teacher).answered == 0


@pytest.mark.parametrize("code", ["", "ABC", "ABCDEFG", "ABCDE0", "ABCDEI", None, 123456,
                                  "A" * 1000, "ÄBCDEF"])
def test_a_malformed_class_code_is_refused(code: object) -> None:
    refused("code", check_code, code)


def test_what_the_teacher_shows_is_bounded(store: ClassStore) -> None:
    started = store.start("coralia", now=0)
    for item in (Item("x" * (ITEM_MAX + 1)), Item("q", tuple("abcdefg")),
                 Item("q", ("a", "b"), "c"), Item("q", ("a", "x" * 61))):
        refused("field", store.show, started.code, started.teacher, item)


def test_guessing_class_codes_is_slowed_down(store: ClassStore) -> None:
    started = store.start("coralia", now=0)
    wrong = next(c * 6 for c in CODE_ALPHABET if c * 6 != started.code)
    for n in range(JOIN_TRIES):
        refused("no_class", store.join, wrong, f"Guess {n}", client="10.0.0.9", now=10 + n)
    # the right code too is refused to this client for the rest of the minute ...
    refused("slow_down", store.join, started.code, "Guesser", client="10.0.0.9", now=30)
    store.join(started.code, "Ann", client="10.0.0.7", now=30)       # ... not to others
    store.join(started.code, "Guesser", client="10.0.0.9", now=75)   # a minute later


def test_the_game_of_a_class_code_is_found_and_guessing_it_is_slowed_down_too(
        store: ClassStore) -> None:
    started = store.start("coralia", now=0)
    assert store.game_of(started.code.lower(), client="10.0.0.9", now=1) == "coralia"
    wrong = next(c * 6 for c in CODE_ALPHABET if c * 6 != started.code)
    for n in range(JOIN_TRIES):
        refused("no_class", store.game_of, wrong, client="10.0.0.9", now=10 + n)
    refused("slow_down", store.game_of, started.code, client="10.0.0.9", now=30)
    refused("slow_down", store.join, started.code, "Ann", client="10.0.0.9", now=30)
    refused("code", store.game_of, "<script>", client="10.0.0.8", now=30)
    assert store.game_of(started.code, client="10.0.0.9", now=75) == "coralia"


def _answer_many(path: str, code: str, tokens: list[str], number: int) -> None:
    """A process of its own answering for ``tokens`` (the kernels of several students)."""
    store = ClassStore(path)
    for n, token in enumerate(tokens):
        store.answer(code, token, number, QUESTION.choices[n % 3])


def test_answers_from_several_processes_at_once_are_all_kept(store: ClassStore) -> None:
    started = store.start("coralia", now=0)
    tokens = [store.join(started.code, f"Student {n}", now=1) for n in range(60)]
    number = store.show(started.code, started.teacher, QUESTION, now=2)
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_answer_many,
                               args=(str(store.where), started.code, tokens[k::4], number))
               for k in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    tally = store.tally(started.code, started.teacher)
    assert tally.answered == 60 and sum(tally.counts.values()) == 60
    if store.path is not None:
        with sqlite3.connect(store.path) as db:
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_joins_racing_for_the_same_nicknames_get_each_name_once(store: ClassStore) -> None:
    """Four kernels (threads here, each with its own store and connection) join under the
    same 40 nicknames at once: each name is taken once, the other joins are told so."""
    started = store.start("coralia", now=0)
    names = [f"Student {n}" for n in range(40)]
    given: list[tuple[str, object]] = []

    def join_all() -> None:
        mine = ClassStore(store.where)
        for name in names:
            try:
                given.append((name, bool(mine.join(started.code, name))))
            except ClassError as err:
                given.append((name, err.message.key))

    with ThreadPoolExecutor(4) as pool:
        for done in [pool.submit(join_all) for _ in range(4)]:
            done.result()                        # no other error than a ClassError
    for name in names:
        assert sorted(map(str, (g for n, g in given if n == name))) == [
            "True", *["classroom.error.nickname_taken"] * 3]
    assert store.tally(started.code, started.teacher).students == len(names)


def test_a_class_outlives_a_restart_and_old_classes_are_purged(where: str) -> None:
    store = ClassStore(where)
    old = store.start("coralia", now=0)
    started = store.start("coralia", now=1000)
    ann = store.join(started.code, "Ann", now=1000)
    number = store.show(started.code, started.teacher, QUESTION, now=1000)
    store.answer(started.code, ann, number, "4", now=1001)
    again = ClassStore(where)                                  # the server restarted
    assert again.tally(started.code, started.teacher).counts["4"] == 1
    assert again.purge(older_than=500, now=1200) == 1
    assert list(again.codes()) == [started.code]
    refused("no_class", again.now, old.code)


def test_the_schema_is_versioned_and_a_newer_one_refused(where: str) -> None:
    store = ClassStore(where)
    with store.database.transaction(write=True) as db:
        assert store.database.version(db) == SCHEMA_VERSION
        store.database.set_version(db, SCHEMA_VERSION + 1)
    refused("schema", ClassStore, where)
    if store.path is not None:                   # SQLite keeps it in the file's header
        with sqlite3.connect(store.path) as db:
            assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_a_shared_code_is_kept_once_under_its_short_id(store: ClassStore) -> None:
    short = store.share(SHARED, now=0)
    assert len(short) == SHORT_LENGTH and set(short) <= set(SHORT_ALPHABET)
    assert short == short_id(SHARED) and store.share(SHARED, now=1) == short  # same code
    assert store.shared(short) == SHARED
    assert store.shared(f" {short.upper()} ") == SHARED           # case and spaces forgiven
    other = tk.share_code(tk.new_game("coralia", players=3, seed=1))
    assert store.share(other, now=2) != short
    assert shared_rows(store) == 2
    assert ClassStore(store.where).shared(short) == SHARED        # after a restart


@pytest.mark.parametrize("short", ["", "abc", "a" * (SHORT_LENGTH + 1), "abcdefgh01",
                                   "abcdefgh8b", "abcdéfghij", None, 12345678901,
                                   ["abcdefghij"], "x" * 100_000, "abcde\x00fghi"])
def test_a_malformed_short_id_is_refused(store: ClassStore, short: object) -> None:
    refused("short", store.shared, short)


def test_an_unknown_short_id_is_refused(store: ClassStore) -> None:
    store.share(SHARED)
    unknown = next(c * SHORT_LENGTH for c in SHORT_ALPHABET if c * SHORT_LENGTH
                   != short_id(SHARED))
    refused("no_shared", store.shared, unknown)


@pytest.mark.parametrize("code", [
    "", "hello", "tk2.!!", "tk2.broken", " " + SHARED, SHARED + "\n", SHARED[:-3],
    "tk2." + "A" * MAX_CODE_CHARS, SHARED + "A" * MAX_CODE_CHARS, None, 7, [SHARED],
    SHARED.encode(), "\ufeff" + SHARED,
])
def test_what_is_no_share_code_is_refused_and_nothing_stored(store: ClassStore,
                                                              code: object) -> None:
    refused("share_code", store.share, code)
    assert shared_rows(store) == 0


def test_old_shared_codes_are_purged(store: ClassStore) -> None:
    short = store.share(SHARED, now=0)
    other = store.share(tk.share_code(tk.new_game("coralia", players=2, seed=2)),
                        now=SHARE_KEEP_SECONDS / 2)
    store.share(SHARED, now=SHARE_KEEP_SECONDS / 2)               # shared again: kept longer
    store.purge(now=SHARE_KEEP_SECONDS + 1)
    assert store.shared(short) == SHARED and shared_rows(store) == 2
    store.purge(now=2 * SHARE_KEEP_SECONDS)
    refused("no_shared", store.shared, other)
    assert shared_rows(store) == 0


def test_a_store_of_the_first_schema_is_migrated_and_keeps_its_classes(
        where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as first:
        first.setattr(store_module, "MIGRATIONS", store_module.MIGRATIONS[:1])
        first.setattr(store_module, "SCHEMA_VERSION", 1)
        old = ClassStore(where)
        started = old.start("coralia", now=0)
    store = ClassStore(where)
    with store.database.transaction(write=True) as db:
        assert store.database.version(db) == SCHEMA_VERSION == 3
    assert store.now(started.code).item_no == 0
    assert not store.now(started.code).ended                  # (3: the column of ended)
    assert store.shared(store.share(SHARED)) == SHARED
