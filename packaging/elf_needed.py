"""The libraries a Linux shared object names directly (its ELF ``DT_NEEDED`` entries).

``ldd`` lists the whole transitive closure, which cannot tell which libraries are still needed
once some are dropped; this reads only the direct references, like ``objdump -p | grep NEEDED``.
"""

from __future__ import annotations

import struct
from pathlib import Path

SHT_DYNAMIC = 6
DT_NULL = 0
DT_NEEDED = 1


def is_elf(path: str | Path) -> bool:
    """Whether the file at ``path`` is an ELF object (a Linux program or shared library)."""
    with Path(path).open("rb") as handle:
        return handle.read(4) == b"\x7fELF"


def needed_libraries(path: str | Path) -> list[str]:
    """The ``DT_NEEDED`` names of the ELF file at ``path``; [] if it is not ELF or has none."""
    data = Path(path).read_bytes()
    if data[:4] != b"\x7fELF" or len(data) < 64:
        return []
    wide = data[4] == 2  # ELFCLASS64
    order = "<" if data[5] == 1 else ">"  # ELFDATA2LSB
    if wide:
        (shoff,) = struct.unpack_from(order + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x3A)
        section = order + "IIQQQQIIQQ"
        entry_format = order + "qQ"
    else:
        (shoff,) = struct.unpack_from(order + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x2E)
        section = order + "IIIIIIIIII"
        entry_format = order + "iI"
    sections = [struct.unpack_from(section, data, shoff + index * shentsize) for index in range(shnum)]
    names: list[str] = []
    for _name, kind, _flags, _addr, offset, size, link, _info, _align, _entsize in sections:
        if kind != SHT_DYNAMIC or link >= len(sections):
            continue
        strings_offset = sections[link][4]
        step = struct.calcsize(entry_format)
        for position in range(offset, offset + size, step):
            tag, value = struct.unpack_from(entry_format, data, position)
            if tag == DT_NULL:
                break
            if tag == DT_NEEDED:
                end = data.index(b"\0", strings_offset + value)
                names.append(data[strings_offset + value : end].decode("utf-8", "replace"))
    return names
