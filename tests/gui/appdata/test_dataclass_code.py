"""The dataclass code cache (gui/appdata/dataclass_code.py, issue 32 "window complete"): "semantics
are identical (same text → same code object, ``exec``'d with the same globals/locals)". A dataclass
made with the cache — compiling, then from the file a later run reads — is the dataclass made
without it; a damaged file is ignored and written afresh; nothing about the cache can raise."""

from __future__ import annotations

import dataclasses
import marshal
import sys
from dataclasses import FrozenInstanceError, InitVar, dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import pytest

from vantage.gui.appdata import dataclass_code
from vantage.gui.appdata.dataclass_code import DataclassCodeCache, compiles_with_exec, read_entries

pytestmark = pytest.mark.skipif(not compiles_with_exec(),
                                reason="only Python 3.11 and 3.12 compile dataclasses with exec")


def make_classes() -> dict[str, type]:
    """Dataclasses with every option whose methods ``dataclasses`` writes as text."""

    @dataclass(frozen=True)
    class Point:
        x: int
        y: int = 0
        tags: tuple[str, ...] = ()

    @dataclass(frozen=True, slots=True)
    class Slotted:
        name: str
        size: float = 1.5

    @dataclass(order=True)
    class Ordered:
        rank: int
        label: str = field(default="", compare=False)
        notes: list[str] = field(default_factory=list, repr=False)
        count: ClassVar[int] = 0

    @dataclass(unsafe_hash=True, kw_only=True)
    class KeywordOnly:
        a: int
        b: str = "b"

    @dataclass(eq=False, match_args=False)
    class WithPostInit:
        seed: InitVar[int]
        value: int = field(init=False)

        def __post_init__(self, seed: int) -> None:
            self.value = seed * 2

    return {cls.__name__: cls for cls in (Point, Slotted, Ordered, KeywordOnly, WithPostInit)}


def behaviour(classes: dict[str, type]) -> dict[str, Any]:
    """Everything a dataclass's generated methods decide, as plain values."""
    point = classes["Point"](1, tags=("a",))
    slotted = classes["Slotted"]("s")
    ordered = [classes["Ordered"](2, "x", ["n"]), classes["Ordered"](1, "y")]
    keyword = classes["KeywordOnly"](a=1)
    post = classes["WithPostInit"](21)
    frozen: list[str] = []
    for instance, name in ((point, "x"), (slotted, "size")):
        try:
            setattr(instance, name, 9)
        except FrozenInstanceError as exc:
            frozen.append(f"{type(exc).__name__}: {exc}")
    try:
        classes["KeywordOnly"](1)  # type: ignore[misc]
    except TypeError as exc:
        keyword_error = str(exc)
    return {
        "fields": {name: [(f.name, str(f.type), repr(f.default), f.default_factory is dataclasses.MISSING,
                           f.init, f.repr, f.compare, f.hash, f.kw_only) for f in dataclasses.fields(cls)]
                   for name, cls in classes.items()},
        "repr": [repr(point), repr(slotted), repr(ordered), repr(keyword), repr(post)],
        "eq": [point == classes["Point"](1, 0, ("a",)), point == classes["Point"](2),
               slotted == classes["Slotted"]("s", 1.5), post == classes["WithPostInit"](21)],
        "hash": [hash(point) == hash(classes["Point"](1, 0, ("a",))), hash(keyword) == hash((1, "b")),
                 classes["Ordered"].__hash__ is None],
        "order": [o.rank for o in sorted(ordered)],
        "frozen": frozen,
        "keyword_error": keyword_error,
        "match_args": {name: getattr(cls, "__match_args__", None) for name, cls in classes.items()},
        "slots": classes["Slotted"].__slots__,
        "post_init": post.value,
        "defaults": [classes["Ordered"](0).notes is not classes["Ordered"](0).notes, point.y],
        "init_annotations": {name: {key: str(value) for key, value in cls.__init__.__annotations__.items()}
                             for name, cls in classes.items()},
        "docs": {name: cls.__doc__ for name, cls in classes.items()},
    }


def code_of(classes: dict[str, type]) -> dict[str, Any]:
    """The code objects of every generated method (code objects compare by what they do)."""
    return {f"{name}.{method}": vars(cls)[method].__code__ for name, cls in classes.items()
            for method in ("__init__", "__repr__", "__eq__", "__setattr__", "__lt__", "__hash__")
            if callable(vars(cls).get(method)) and hasattr(vars(cls)[method], "__code__")}


def made_with(cache: DataclassCodeCache, monkeypatch: pytest.MonkeyPatch) -> dict[str, type]:
    with monkeypatch.context() as patch:
        patch.setattr(dataclasses, "exec", cache.exec, raising=False)
        return make_classes()


def test_a_dataclass_made_with_the_cache_is_the_one_made_without(tmp_path, monkeypatch):
    """Issue 32: "a dataclass made with the cache equals one made without: fields, eq, hash, repr,
    frozen errors, defaults, ``__match_args__``, slots" — compiled on a first run, and taken from
    the file on the next."""
    path = tmp_path / "cache.marshal"
    plain = make_classes()
    first = DataclassCodeCache(path)
    compiled = made_with(first, monkeypatch)
    assert first.compiled > 10 and first.save()
    second = DataclassCodeCache(path)
    cached = made_with(second, monkeypatch)
    assert second.compiled == 0 and not second.changed and not second.save()
    expected = behaviour(plain)
    assert behaviour(compiled) == expected
    assert behaviour(cached) == expected
    assert code_of(cached) == code_of(plain) and len(code_of(plain)) >= 10
    assert "exec" not in vars(dataclasses)  # the patch is gone with the test


def test_the_cached_code_is_the_code_exec_compiles(tmp_path):
    """"same text → same code object": what the cache runs equals what ``exec(text)`` compiles
    in ``dataclasses`` (no ``from __future__`` flag of this module leaks in: the return annotation
    stays an object, not a string)."""
    cache = DataclassCodeCache(tmp_path / "cache.marshal")
    text = "def __create_fn__(_return_type):\n def f(self)->_return_type:\n  return 1\n return f"
    namespace: dict[str, Any] = {}
    cache.exec(text, {}, namespace)
    made = namespace["__create_fn__"](_return_type=None)
    assert made.__annotations__ == {"return": None}
    assert cache.code_for(text) == compile(text, "<string>", "exec", dont_inherit=True)
    assert cache.code_for(text) is cache.code_for(text)


@pytest.mark.parametrize("content", [b"", b"not marshal at all \x00\xff", marshal.dumps([1, 2]),
                                     marshal.dumps((b"\x00\x00\r\n", {})),
                                     marshal.dumps((dataclass_code.MAGIC_NUMBER, {"text": 3}))],
                         ids=["empty", "garbage", "not-a-pair", "other-python", "not-code"])
def test_a_damaged_cache_file_is_ignored_and_written_afresh(tmp_path, monkeypatch, content):
    """"a corrupt cache file is ignored and rewritten": nothing is taken from it, the dataclasses
    come out right, and the file is written again, readable."""
    path = tmp_path / "cache.marshal"
    path.write_bytes(content)
    assert read_entries(path) is None
    cache = DataclassCodeCache(path)
    assert cache.entries == {} and cache.changed
    assert behaviour(made_with(cache, monkeypatch)) == behaviour(make_classes())
    assert cache.save()
    entries = read_entries(path)
    assert entries is not None and len(entries) == cache.compiled > 10


def test_a_cache_file_too_large_is_not_read(tmp_path, monkeypatch):
    """A file larger than any cache Vantage writes is left unread (and written afresh)."""
    path = tmp_path / "cache.marshal"
    dataclass_code.write_entries(path, {"x = 1": compile("x = 1", "<string>", "exec")})
    assert read_entries(path) is not None
    monkeypatch.setattr(dataclass_code, "MAX_FILE_BYTES", path.stat().st_size - 1)
    assert read_entries(path) is None and DataclassCodeCache(path).changed


def test_a_cache_that_cannot_be_written_stops_nothing(tmp_path, monkeypatch):
    """A cache folder that cannot be made (here, a file is in its way): no error, the dataclasses
    come out right, and no file is left half-written."""
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a folder", encoding="utf-8")
    cache = DataclassCodeCache(blocker / "cache.marshal")
    assert behaviour(made_with(cache, monkeypatch)) == behaviour(make_classes())
    assert cache.save() is False
    assert blocker.read_text(encoding="utf-8") == "a file, not a folder"


def test_an_old_program_texts_are_dropped_when_the_cache_grows_too_large(tmp_path, monkeypatch):
    """Texts of another version of the program pile up: past MAX_ENTRIES only this run's are kept."""
    path = tmp_path / "cache.marshal"
    old = {f"x = {number}": compile(f"x = {number}", "<string>", "exec") for number in range(30)}
    dataclass_code.write_entries(path, old)
    monkeypatch.setattr(dataclass_code, "MAX_ENTRIES", 20)
    cache = DataclassCodeCache(path)
    made_with(cache, monkeypatch)
    assert cache.save()
    entries = read_entries(path)
    assert entries is not None and set(entries) == cache.used and not set(old) & set(entries)


def test_only_the_exec_dataclasses_of_python_3_11_and_3_12_are_given_the_cache(monkeypatch):
    """"only when ``dataclasses._create_fn`` has the 3.11/3.12 signature … do nothing elsewhere"."""
    assert compiles_with_exec() is (sys.version_info[:2] in ((3, 11), (3, 12)))

    def _create_fn(name, args, body, *, namespace=None):  # another signature: left alone
        return None

    monkeypatch.setattr(dataclasses, "_create_fn", _create_fn)
    assert compiles_with_exec() is False
    monkeypatch.setattr(dataclass_code, "_installed", None)
    assert dataclass_code.install(Path("unused")) is None
    assert "exec" not in vars(dataclasses)


def test_install_puts_the_cache_in_dataclasses_once(tmp_path, monkeypatch):
    """``install`` gives ``dataclasses`` the cache's ``exec`` and reads the file once; a second call
    keeps the first cache."""
    monkeypatch.setattr(dataclass_code, "_installed", None)
    monkeypatch.setattr(dataclass_code.atexit, "register", lambda function: function)
    monkeypatch.delattr(dataclasses, "exec", raising=False)
    cache = dataclass_code.install(tmp_path / "cache.marshal")
    try:
        assert cache is not None and vars(dataclasses)["exec"] == cache.exec
        assert dataclass_code.install(tmp_path / "other.marshal") is cache
        assert behaviour(make_classes()) == behaviour(make_classes()) and cache.compiled > 10
    finally:
        monkeypatch.delattr(dataclasses, "exec", raising=False)


def test_the_cache_folder_follows_its_variable(tmp_path, monkeypatch):
    """``VANTAGE_CACHE_DIR`` names the folder; one file per interpreter version."""
    monkeypatch.setenv(dataclass_code.CACHE_DIR_VARIABLE, str(tmp_path))
    assert dataclass_code.cache_path() == tmp_path / f"dataclass-code.{sys.implementation.cache_tag}.marshal"
