"""``vantage serve ENC --port N``: share an encounter with the players' devices, without the GM window.

Serves the web client and the filtered view of ENC (the same filter as the projector) on
``--host`` (default 127.0.0.1: this computer only; give the LAN address to let devices in) and
prints the address and the join code. Devices see the map, the turn strip and each other's pings;
a device claims a party token only with ``--approve-claims`` (the GM approves every claim in
advance) and moves it only with ``--let-move``. Rolls and decisions the engine waits for go to the
device that plays the token. ``--out FILE`` saves the encounter when the server stops (Ctrl+C).
Needs Qt's core libraries (the undo history) but no screen.
"""

from __future__ import annotations

import argparse
import queue
import sys
from pathlib import Path

USAGE_CODE = 2


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="vantage serve", description=__doc__.splitlines()[0])
    parser.add_argument("encounter", type=Path, help="the encounter file to share")
    parser.add_argument("--port", type=int, default=8765, help="the port to listen on (0: any free one)")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    parser.add_argument("--code", help="the join code (default: four random digits)")
    parser.add_argument("--approve-claims", action="store_true", help="approve every claimed party token")
    parser.add_argument("--let-move", action="store_true",
                        help="let every claimed token be moved by its device")
    parser.add_argument("--out", type=Path, help="save the encounter here when the server stops")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds (for scripts and tests)")
    return parser.parse_args(argv)


def run(argv: list[str]) -> int:
    import time

    from vantage.engine.fileformat import EncounterFileError, load_encounter, save_encounter
    from vantage.gui.document import EncounterDocument
    from vantage.gui.players_devices.addresses import join_url
    from vantage.gui.players_devices.background import DevicePicture
    from vantage.gui.players_devices.hub import DeviceHub, HubNotes
    from vantage.gui.players_devices.server import DeviceServer, Received, ServerEvent
    from vantage.gui.players_devices.sharing import new_join_code
    from vantage.gui.players_devices.table import DocumentTable

    args = _parse(argv)
    try:
        encounter = load_encounter(args.encounter)
    except (EncounterFileError, OSError) as wrong:
        print(f"vantage serve: {args.encounter}: {wrong}", file=sys.stderr)
        return 1
    document = EncounterDocument(encounter, args.encounter)
    events: queue.Queue[ServerEvent] = queue.Queue()
    code = args.code or new_join_code()
    server = DeviceServer(args.host, args.port, code, events.put)
    pictures = DevicePicture(server, lambda: args.encounter.parent, lambda text: print(text, flush=True))
    hub = DeviceHub(DocumentTable(document, background=pictures.for_view), server,
                    HubNotes(say=lambda text: print(text, flush=True),
                             ping=lambda tile, who: print(f"{who} pings {tile}", flush=True)))
    try:
        port = server.start()
    except OSError as error:
        reason = error.strerror or error
        print(f"vantage serve: cannot listen on {args.host}:{args.port}: {reason}", file=sys.stderr)
        return 1
    print(f"Sharing {args.encounter} at {join_url(args.host, port)} — join code {code}", flush=True)
    deadline = None if args.seconds is None else time.monotonic() + args.seconds
    try:
        while deadline is None or time.monotonic() < deadline:
            try:
                event = events.get(timeout=0.2)
            except queue.Empty:
                continue
            before = document.encounter
            hub.handle(event)
            if args.approve_claims and isinstance(event, Received):
                for device in list(hub.devices.values()):
                    if device.asking is not None:
                        hub.approve(device.id, True)
                        if args.let_move and device.token is not None:
                            hub.allow_move(device.token, True)
            if document.encounter is not before:
                hub.update()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop("the server was stopped")
    if args.out is not None:
        save_encounter(document.encounter, args.out)
        print(f"Saved {args.out}")
    return 0
