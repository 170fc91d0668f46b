"""What an undo step keeps of its log entries and commands: one compact record, unpacked when read.

A step of a long evening added a few log entries and sent one command answered by a handful of
events: kept as objects that was about 1.4 kB a step (strings, tuples, the entries and events
themselves), most of the memory a command cost (issue 32: "memory ≤ 2 kB per command"). Packed
— pickled, then compressed with a dictionary made of the first steps of the session, which holds
the class names and phrases every later step repeats — it is about 100 bytes.

:func:`pack` makes the record; :func:`unpack` gives back values equal to those packed (a few
recent ones are remembered, the newest as the very objects packed: the log panel reads the newest
steps again and again). A value that
cannot be pickled, or a very large one, is kept as it is. The records never leave the process.
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

#: a record that would be larger than this is kept as objects (it holds something unusual)
_MOST_BYTES = 1 << 16
#: how many first records make the compression dictionary, and its most bytes (zlib's window)
_DICTIONARY_RECORDS = 8
_DICTIONARY_BYTES = 32 * 1024
#: the tags of a record: a pickle as it is, or compressed with the dictionary
_PLAIN = b"p"
_SQUEEZED = b"z"


class _Dictionary:
    """The compression dictionary, made once a process from the first records packed (it never
    changes after: every record compressed with it can be read back)."""

    def __init__(self) -> None:
        self.samples: list[bytes] = []
        self.data: bytes | None = None

    def learn(self, pickled: bytes) -> None:
        self.samples.append(pickled)
        if len(self.samples) >= _DICTIONARY_RECORDS:
            self.data = b"".join(self.samples)[-_DICTIONARY_BYTES:]
            self.samples = []


_DICTIONARY = _Dictionary()


def pack(value: Any) -> bytes | Any:
    """``value`` as a compact record (or ``value`` itself when it cannot be one)."""
    import pickle  # with the first step: the first frame does without it (issue 32)

    try:
        pickled = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - anything unpicklable is simply kept as it is
        return value
    if len(pickled) > _MOST_BYTES:
        return value
    zdict = _DICTIONARY.data
    if zdict is None:
        _DICTIONARY.learn(pickled)
        record = _PLAIN + pickled
        _remember(record, value)
        return record
    squeezer = zlib.compressobj(6, zdict=zdict)
    record = _SQUEEZED + squeezer.compress(pickled) + squeezer.flush()
    _remember(record, value)  # the newest steps are read next (the log panel): no unpacking
    return record


def unpack(record: bytes | Any) -> Any:
    """The value :func:`pack` made ``record`` of."""
    if type(record) is not bytes:
        return record
    value = _RECENT.get(record, _ABSENT)
    if value is not _ABSENT:
        _RECENT.move_to_end(record)
        return value
    tag, body = record[:1], record[1:]
    if tag == _SQUEEZED:
        assert _DICTIONARY.data is not None  # a squeezed record exists only once it is made
        body = zlib.decompressobj(zdict=_DICTIONARY.data).decompress(body)
    import pickle

    value = pickle.loads(body)  # noqa: S301 - a record this process made itself
    _remember(record, value)
    return value


#: the values of the records packed or read last (the log panel reads the newest steps again)
_RECENT: OrderedDict[bytes, Any] = OrderedDict()
_RECENT_RECORDS = 256


def _remember(record: bytes, value: Any) -> None:
    _RECENT[record] = value
    _RECENT.move_to_end(record)
    if len(_RECENT) > _RECENT_RECORDS:
        _RECENT.popitem(last=False)


_ABSENT = object()


def share_unchanged(before: Mapping[str, Any], after: Mapping[str, Any]) -> None:
    """Make the combat data ``after`` (a command's answer) hold ``before``'s own objects wherever
    it holds the same JSON, type for type, under the same key (a creature's record the command
    changed still has its empty lists and mappings as they were): the step then keeps only what
    the command changed. Only a value is swapped, for an equal one of the same types: ``after``
    reads exactly as it did."""
    if after is before or type(after) is not dict:
        return
    from vantage.engine.rules.combat_work import same_json  # with the first command, as the rules

    for key, value in list(after.items()):
        old = before.get(key, _ABSENT)
        if value is old or old is _ABSENT or type(value) is not type(old):
            continue
        if type(value) is dict:
            if same_json(value, old):
                after[key] = old
            else:
                share_unchanged(old, value)
        elif type(value) is list and same_json(value, old):
            after[key] = old
