"""The players' devices in a real browser (issue 28, "Done when"): headless Chromium joins with the
code, sees the map, follows a GM move, moves an allowed token, answers a table roll and a reaction,
pings; and the screenshots of a phone-sized and a TV-sized page (docs/screenshots/)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from browser import chromium, in_browser, require_browser, wait_js
from PySide6.QtWidgets import QMainWindow
from skirmish_ruleset import registered
from skirmish_ruleset import sample_encounter as skirmish_sample

from vantage.engine.dice import SeededDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Move, PassInitiative, StartCombat
from vantage.engine.rules.asking import ask_attack_options, ask_pending
from vantage.engine.rules.decisions import with_default_table_dice
from vantage.gui.document import run_command
from vantage.gui.players_devices.sharing import DeviceSharing
from vantage.gui.workspace import GmWorkspace

#: ``VANTAGE_SCREENSHOTS=1`` writes the screenshots into docs/screenshots (as docs/players-devices.md
#: shows them); otherwise they go to the test's temporary folder, and the checkout stays as it was.
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
PHONE = (390, 844)
TV = (1920, 1080)

pytestmark = pytest.mark.slow


def _encounter() -> Encounter:
    """The Skirmish scene with a hidden enemy (the "Lurker") the devices must never hear of."""
    base = with_default_table_dice(skirmish_sample())
    wight = next(t for t in base.tokens if t.id == "wight")
    lurker = replace(wight, id="lurker-7", name="Lurker", position=(10, 1), hidden=True)
    return replace(base, tokens=(*base.tokens, lurker), name="Browser test")


@pytest.fixture
def shots(tmp_path) -> Path:
    return DOCS_SCREENSHOTS if os.environ.get("VANTAGE_SCREENSHOTS") == "1" else tmp_path


@pytest.fixture
def shared(qtbot):
    require_browser()
    with registered():
        host = QMainWindow()
        qtbot.addWidget(host)
        workspace = GmWorkspace(_encounter(), None, host)
        workspace.document.dice = SeededDice(3)
        host.setCentralWidget(workspace.view)
        sharing = DeviceSharing(workspace)
        said: list[str] = []
        workspace.message.connect(lambda text, _ms: said.append(text))
        sharing.said = said
        sharing.start("127.0.0.1", 0)
        yield sharing
        sharing.stop()


def _join(qtbot, driver, sharing, name="Alice", tv=False):
    url = sharing.url + f"#code={sharing.code}" + ("&tv=1" if tv else "")

    def open_and_join():
        driver.get(url)
        driver.find_element("id", "name").send_keys(name)
        if tv:
            assert driver.find_element("id", "tv").is_selected()
        driver.find_element("id", "join-button").click()

    in_browser(qtbot, open_and_join)
    wait_js(qtbot, driver, "vantage.state.map && vantage.state.view && vantage.state.you")


def _click_tile(qtbot, driver, tile):
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    def click():
        x, y = driver.execute_script(f"return vantage.tileCentre({tile[0]}, {tile[1]});")
        actions = ActionBuilder(driver)
        actions.pointer_action.move_to_location(int(x), int(y))
        actions.pointer_action.click()
        actions.perform()

    in_browser(qtbot, click)


def _click(qtbot, driver, css):
    in_browser(qtbot, lambda: driver.find_element("css selector", css).click())


def _type_faces(qtbot, driver, faces):
    def type_them():
        fields = driver.find_elements("css selector", "#prompt-dice input")
        for field, face in zip(fields, faces, strict=True):
            field.clear()
            field.send_keys(face)
        driver.find_element("id", "prompt-send").click()

    in_browser(qtbot, type_them)


def test_a_phone_joins_follows_the_gm_moves_rolls_reacts_and_pings(qtbot, shared, shots):
    """"join with the code, see the map, follow a GM move, answer a table roll and a reaction from
    the browser, move an allowed token, ping"."""
    sharing = shared
    document = sharing.workspace.document
    with chromium(*PHONE) as driver:
        # a wrong code first: refused with the reason, and the GM is told
        in_browser(qtbot, lambda: driver.get(sharing.url + "#code=0000"))
        _click(qtbot, driver, "#join-button")
        wait_js(qtbot, driver, "document.getElementById('join-error').textContent"
                               ".includes('wrong join code')")
        qtbot.waitUntil(lambda: any("wrong join code" in line for line in sharing.said), timeout=5000)

        _join(qtbot, driver, sharing)
        names = wait_js(qtbot, driver, "vantage.state.view.tokens.map(t => t.name).join(',')")
        assert names == "Bram,Ada,Ghoul,Wight"
        page = in_browser(qtbot, lambda: driver.execute_script("return JSON.stringify(vantage.state)"))
        assert "Lurker" not in page and "lurker-7" not in page
        assert wait_js(qtbot, driver, "vantage.state.map.width") == 12

        # the GM moves the Wight: the phone follows
        from vantage.engine.protocol.gm_commands import Place

        run_command(document, "Place Wight", Place(token="wight", tile=(2, 8)))
        wait_js(qtbot, driver, "vantage.state.view.tokens.find(t => t.id === 'wight').x === 2")

        # claim Bram; the GM approves
        _click(qtbot, driver, "button[data-claim='bram']")
        qtbot.waitUntil(lambda: any(d.asking == "bram" for d in sharing.hub.devices.values()), timeout=5000)
        (device,) = sharing.hub.devices.values()
        sharing.hub.approve(device.id, True)
        wait_js(qtbot, driver, "document.getElementById('me').textContent.includes('You play Bram')")

        # Bram's turn; the GM lets him move: the phone shows the reach and moves him
        run_command(document, "Start combat", StartCombat(options={"first": "party"}))
        sharing.hub.allow_move("bram", True)
        wait_js(qtbot, driver, "!document.getElementById('move-mode').hidden")
        _click(qtbot, driver, "#move-mode")
        wait_js(qtbot, driver, "vantage.state.mode === 'move' && vantage.state.reach.tiles.length > 0")
        _click_tile(qtbot, driver, (4, 5))
        qtbot.waitUntil(lambda: document.encounter.token("bram").position == (4, 5), timeout=5000)
        wait_js(qtbot, driver, "vantage.state.view.tokens.find(t => t.id === 'bram').y === 5")

        # Bram attacks: the d20 is asked on the phone; a wrong face is refused as the GM's prompt does
        (strike,) = ask_attack_options(document.encounter, "bram", "ghoul")
        run_command(document, strike.label, strike.command)
        wait_js(qtbot, driver, "!document.getElementById('prompt').hidden")
        title = wait_js(qtbot, driver, "document.getElementById('prompt-title').textContent")
        assert title == "Bram rolls 1d20 at the table"
        _type_faces(qtbot, driver, ["21"])
        wait_js(qtbot, driver, "vantage.state.status.includes('21 is not a face of a d20')")
        in_browser(qtbot, lambda: driver.save_screenshot(str(shots / "players_devices_phone_roll.png")))
        _type_faces(qtbot, driver, ["20"])
        wait_js(qtbot, driver, "document.getElementById('prompt-title').textContent.includes('1d6')")
        _type_faces(qtbot, driver, ["4"])
        wait_js(qtbot, driver, "document.getElementById('prompt').hidden")
        assert not ask_pending(document.encounter)
        log = [entry.sentence for entry in document.log]
        assert "From Alice (Bram): Dice at the table: 20" in log

        # the Ghoul's turn: it walks away from Bram, and Bram's reaction is asked on the phone
        run_command(document, "Pass", PassInitiative(token="bram", to="ghoul"))
        run_command(document, "Move Ghoul", Move(token="ghoul", path=((5, 5), (6, 5), (7, 5))))
        wait_js(qtbot, driver, "!document.getElementById('prompt').hidden && "
                               "document.querySelector('#prompt-choices button')")
        _click(qtbot, driver, "#prompt-choices button[data-choice='let-go']")
        wait_js(qtbot, driver, "document.getElementById('prompt').hidden")
        assert "From Alice (Bram): Answer: let-go" in [entry.sentence for entry in document.log]
        assert document.encounter.token("ghoul").position == (7, 5)

        # a ping: on the phone and on the GM's map
        _click(qtbot, driver, "#ping-mode")
        _click_tile(qtbot, driver, (6, 2))
        scene = sharing.workspace.scene
        qtbot.waitUntil(lambda: any(i.data(0) == "ping" for i in scene.items()), timeout=5000)
        wait_js(qtbot, driver, "vantage.state.pings.length === 1 && vantage.state.pings[0].x === 6")
        in_browser(qtbot, lambda: driver.save_screenshot(str(shots / "players_devices_phone.png")))

        # the phone's connection breaks (it slept): it joins again by itself and plays Bram again
        assert sharing.server is not None
        sharing.server.cut(device.id)
        wait_js(qtbot, driver, f"vantage.state.you.device !== {device.id} && "
                               "vantage.state.you.token === 'bram'", timeout=15)
        (device,) = sharing.hub.devices.values()
        assert device.token == "bram"

        # the GM disconnects the phone: it says so
        sharing.disconnect_device(device.id)
        wait_js(qtbot, driver, "vantage.state.status.includes('the GM disconnected this device')")


def test_a_tv_follows_the_table_without_controls(qtbot, shared, shots):
    """"A 'TV' mode follows the projector's framing": no controls, the whole map (no projector
    window is open here), the turn strip."""
    sharing = shared
    run_command(sharing.workspace.document, "Start combat", StartCombat(options={"first": "party"}))
    with chromium(*TV) as driver:
        _join(qtbot, driver, sharing, name="Living-room TV", tv=True)
        assert wait_js(qtbot, driver, "document.body.classList.contains('tv')")
        hidden = in_browser(qtbot, lambda: driver.execute_script(
            "return getComputedStyle(document.getElementById('toolbar')).display"))
        assert hidden == "none"
        strip = wait_js(qtbot, driver, "document.getElementById('strip').textContent")
        assert "Bram" in strip and "Lurker" not in strip
        in_browser(qtbot, lambda: driver.save_screenshot(str(shots / "players_devices_tv.png")))


def test_pinch_zoom_and_pan_on_a_phone(qtbot, shared):
    """"With its own pinch-zoom and pan": two fingers spread twice as far zoom in two times about
    their middle; one finger drags the map."""
    sharing = shared
    with chromium(*PHONE) as driver:
        _join(qtbot, driver, sharing)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 2})

        def touch(kind, points):
            driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]})

        def pinch():
            before = driver.execute_script("return [vantage.state.scale, vantage.state.ox, vantage.state.oy]")
            touch("touchStart", [(145, 420), (245, 420)])
            for step in range(1, 11):
                spread = 50 + 5 * step
                touch("touchMove", [(195 - spread, 420), (195 + spread, 420)])
            touch("touchEnd", [])
            after = driver.execute_script("return [vantage.state.scale, vantage.state.ox, vantage.state.oy]")
            touch("touchStart", [(100, 300)])
            for step in range(1, 11):
                touch("touchMove", [(100 + 6 * step, 300 + 3 * step)])
            touch("touchEnd", [])
            panned = driver.execute_script("return [vantage.state.scale, vantage.state.ox, vantage.state.oy]")
            return before, after, panned

        before, after, panned = in_browser(qtbot, pinch)
        assert after[0] == pytest.approx(2 * before[0], rel=0.05)
        # the middle of the fingers (195, 420 in the page) stays over the same point of the map
        assert (195 - after[1]) / after[0] == pytest.approx((195 - before[1]) / before[0], abs=0.05)
        assert panned[0] == after[0]
        assert panned[1] - after[1] == pytest.approx(60, abs=2)
        assert panned[2] - after[2] == pytest.approx(30, abs=2)


def test_a_tv_follows_the_projectors_framing_ruler_and_templates(qtbot):
    """"A 'TV' mode follows the projector's framing, so a smart TV or a small computer on the
    projector can replace the HDMI cable"; "the ruler and templates the GM shows"."""
    require_browser()
    from vantage.engine.protocol.template_commands import PlaceTemplate
    from vantage.gui.players.attach import attach_player_view

    with registered():
        host = QMainWindow()
        qtbot.addWidget(host)
        workspace = GmWorkspace(_encounter(), None, host)
        host.setCentralWidget(workspace.view)
        workspace.scene.follow(workspace.document)  # as the GM window has it
        player_view = attach_player_view(workspace)
        sharing = DeviceSharing(workspace, player_view.controller)
        sharing.start("127.0.0.1", 0)
        player = player_view.controller.open_player_view()
        qtbot.waitUntil(player.isVisible, timeout=3000)
        try:
            with chromium(*TV) as driver:
                _join(qtbot, driver, sharing, name="TV", tv=True)
                whole = wait_js(qtbot, driver, "vantage.state.view.framing && vantage.state.scale")
                # the GM zooms the projector in on the middle of the map: the TV follows
                from PySide6.QtGui import QTransform

                player.view.setTransform(QTransform.fromScale(4, 4))
                player.view.centerOn(workspace.scene.grid.tile_centre((6, 5)))
                zoomed = wait_js(qtbot, driver, f"vantage.state.scale > {whole} * 2 && vantage.state.scale")
                framing = in_browser(qtbot, lambda: driver.execute_script(
                    "return vantage.state.view.framing"))
                x0, y0, x1, y1 = framing
                assert x0 < 6.5 < x1 and y0 < 5.5 < y1 and x1 - x0 < 12
                assert zoomed > whole * 2
                # the GM shows a ruler and a template
                sharing.set_ruler((1, 1), (4, 1), "3 tiles · 15 ft")
                place = PlaceTemplate(id="burst", shape="circle", origin=(6.5, 5.5), size_feet=5.0,
                                      shown=True)
                run_command(workspace.document, "Template", place)
                wait_js(qtbot, driver, "vantage.state.view.ruler && vantage.state.view.ruler.label === "
                                       "'3 tiles · 15 ft' && vantage.state.view.templates.length === 1")
        finally:
            player.close()
            sharing.stop()
