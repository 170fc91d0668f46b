"""A token's picture: pick an image file, cropped round, stored with the encounter.

Issue 16, item 6: "a token picture (pick an image file, cropped round, stored with the
encounter)". The brief: "stored with the encounter so it survives moving the encounter file to
another machine … with limits (size, format) and a clear refusal for a bad file; undoable
(EditToken image)".
"""

from __future__ import annotations

import base64
import shutil

from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QFileDialog

from vantage.engine.fileformat.storage import load_encounter, save_encounter
from vantage.gui.canvas.token_item import TokenItem, centred_square, embedded_picture
from vantage.gui.play import token_picture
from vantage.gui.play.creature_library import attach_creature_tools
from vantage.gui.play.token_picture import DATA_PREFIX, PICTURE_PX, PictureRefused, picture_data


def _striped(path, width=300, height=100):
    """Red, green and blue thirds, left to right: the centred square is the green one."""
    image = QImage(width, height, QImage.Format.Format_RGB32)
    for x in range(width):
        colour = QColor("red") if x < width // 3 else QColor("lime") if x < 2 * width // 3 else QColor("blue")
        for y in range(height):
            image.setPixelColor(x, y, colour)
    image.save(str(path))
    return path


def _decoded(data: str) -> QImage:
    assert data.startswith(DATA_PREFIX)
    image = QImage()
    assert image.loadFromData(base64.b64decode(data[len(DATA_PREFIX):]))
    return image


def _pick(monkeypatch, path):
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), "")))


def test_the_picture_is_the_centred_square_scaled_and_embedded_as_png(tmp_path):
    image = _decoded(picture_data(_striped(tmp_path / "wide.png")))
    assert (image.width(), image.height()) == (PICTURE_PX, PICTURE_PX)
    for x in (3, PICTURE_PX // 2, PICTURE_PX - 4):  # green edge to edge: the red and blue are cut off
        assert image.pixelColor(x, PICTURE_PX // 2).green() > 200
        assert image.pixelColor(x, PICTURE_PX // 2).red() < 50


def test_the_token_panel_sets_the_picture_as_one_undo_step_and_undo_takes_it_back(qtbot, demo_panels,
                                                                                   tmp_path, monkeypatch):
    _pick(monkeypatch, _striped(tmp_path / "ghoul.png"))
    demo_panels.workspace.selection.select_token("ghoul-1")
    steps = demo_panels.document.undo_stack.count()
    demo_panels.token_panel.picture_button.click()
    token = demo_panels.document.encounter.token("ghoul-1")
    assert token.image is not None and token.image.startswith(DATA_PREFIX)
    assert demo_panels.document.undo_stack.count() == steps + 1
    assert demo_panels.document.undo_stack.undoText() == "Picture for Ghoul 1"
    item = demo_panels.scene.token_items["ghoul-1"]
    assert item._image is not None and item._image.width() == PICTURE_PX
    assert demo_panels.token_panel.remove_picture_button.isEnabled()
    demo_panels.document.undo_stack.undo()
    assert demo_panels.document.encounter.token("ghoul-1").image is None
    assert demo_panels.scene.token_items["ghoul-1"]._image is None


def test_remove_picture_from_the_menu_shows_the_initials_again(qtbot, demo_panels, tmp_path, monkeypatch):
    _pick(monkeypatch, _striped(tmp_path / "ghoul.png"))
    attach_creature_tools(demo_panels.workspace, demo_panels.edit_settings)  # the menu's Picture… entries
    menu = demo_panels.attack_menu.build(None, "ghoul-2", demo_panels.view)
    assert "Remove picture" not in [a.text() for a in menu.actions()]  # nothing to remove yet
    (entry,) = [a for a in menu.actions() if a.text() == "Picture…"]
    entry.trigger()
    assert demo_panels.document.encounter.token("ghoul-2").image
    menu = demo_panels.attack_menu.build(None, "ghoul-2", demo_panels.view)
    (remove,) = [a for a in menu.actions() if a.text() == "Remove picture"]
    remove.trigger()
    assert demo_panels.document.encounter.token("ghoul-2").image is None
    assert demo_panels.document.undo_stack.undoText() == "Remove Ghoul 2's picture"


def test_a_bad_file_is_refused_with_its_name_and_nothing_changes(qtbot, demo_panels, tmp_path, monkeypatch):
    bad = tmp_path / "notes.png"
    bad.write_text("this is not a picture", encoding="utf-8")
    _pick(monkeypatch, bad)
    demo_panels.workspace.selection.select_token("bram")
    steps = demo_panels.document.undo_stack.count()
    demo_panels.token_panel.picture_button.click()
    message = demo_panels.status()
    assert message.startswith("Picture for Bram refused: notes.png is not a picture Vantage can read")
    assert demo_panels.document.encounter.token("bram").image is None
    assert demo_panels.document.undo_stack.count() == steps


def test_the_limits_refuse_a_huge_file_a_huge_picture_a_folder_and_another_format(tmp_path, monkeypatch):
    picture = _striped(tmp_path / "wide.png")
    monkeypatch.setattr(token_picture, "MAX_SOURCE_SIDE", 200)
    try:
        picture_data(picture)
    except PictureRefused as refused:
        assert str(refused) == "wide.png is 300×100 pixels; a token picture may be at most 200 pixels a side"
    else:
        raise AssertionError("a picture wider than the limit was taken")
    monkeypatch.setattr(token_picture, "MAX_SOURCE_SIDE", 8192)
    monkeypatch.setattr(token_picture, "MAX_SOURCE_BYTES", 10)
    try:
        picture_data(picture)
    except PictureRefused as refused:
        assert str(refused).startswith("wide.png is")
        assert str(refused).endswith("a token picture may be at most 0 MiB")
    else:
        raise AssertionError("a file larger than the limit was taken")
    try:
        picture_data(tmp_path)  # a folder
    except PictureRefused as refused:
        assert str(refused) == f"{tmp_path.name} is not a picture file"
    else:
        raise AssertionError("a folder was taken")
    monkeypatch.setattr(token_picture, "MAX_SOURCE_BYTES", 20 * 2**20)
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    image.save(str(tmp_path / "x.ppm"), "PPM")
    try:
        picture_data(tmp_path / "x.ppm")
    except PictureRefused as refused:
        assert str(refused) == "x.ppm is a PPM picture; use a PNG, JPEG, WebP, BMP or GIF"
    else:
        raise AssertionError("a PPM was taken")


def test_the_picture_travels_inside_the_encounter_file_to_another_folder(qtbot, demo_panels, tmp_path,
                                                                          monkeypatch):
    """"stored with the encounter so it survives moving the encounter file to another machine"."""
    (tmp_path / "art").mkdir()
    _pick(monkeypatch, _striped(tmp_path / "art" / "ghoul.png"))
    demo_panels.workspace.selection.select_token("ghoul-1")
    demo_panels.token_panel.picture_button.click()
    here = tmp_path / "here"
    here.mkdir()
    save_encounter(demo_panels.document.encounter, here / "fight.json", keep_backup=False)
    there = tmp_path / "there"
    there.mkdir()
    shutil.move(str(here / "fight.json"), there / "fight.json")
    shutil.rmtree(tmp_path / "art")  # the original picture is gone too
    moved = load_encounter(there / "fight.json").token("ghoul-1")
    assert moved.image == demo_panels.document.encounter.token("ghoul-1").image
    item = TokenItem(moved, demo_panels.scene.grid, base_dir=there)
    assert item._image is not None and not item._image.isNull()


def test_the_disc_crops_a_picture_that_is_not_square_instead_of_squashing_it(tmp_path):
    assert embedded_picture("data:image/png;base64,!!!").isNull()  # not base64: no picture, no error
    pixmap = embedded_picture(picture_data(_striped(tmp_path / "w.png")))
    assert centred_square(pixmap).width() == PICTURE_PX
    from PySide6.QtGui import QPixmap

    wide = QPixmap(300, 100)
    square = centred_square(wide)
    assert (square.x(), square.y(), square.width(), square.height()) == (100, 0, 100, 100)


def test_the_log_says_a_picture_was_removed_not_that_a_new_one_came():
    from vantage.engine.demo_encounter import demo_encounter
    from vantage.engine.dice import NoDice
    from vantage.engine.protocol.gm_commands import EditToken
    from vantage.engine.session import apply

    encounter, events = apply(demo_encounter(), EditToken(token="bram", image="data:image/png;base64,AA=="),
                              NoDice())
    assert events[0].sentence == "The GM edits Bram: a new image."
    encounter, events = apply(encounter, EditToken(token="bram", image=""), NoDice())
    assert encounter.token("bram").image is None
    assert events[0].sentence == "The GM edits Bram: no image (its initials again)."


def test_the_players_window_draws_the_picture_too(qtbot, demo_panels, tmp_path, monkeypatch):
    from vantage.gui.appdata.player_settings import PlayerSettings, save_settings
    from vantage.gui.players.attach import attach_player_view

    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    save_settings(PlayerSettings(fullscreen=False, labels=False))
    player = attach_player_view(demo_panels.workspace).controller.open_player_view()
    qtbot.addWidget(player)
    _pick(monkeypatch, _striped(tmp_path / "bram.png"))
    demo_panels.workspace.selection.select_token("bram")
    demo_panels.token_panel.picture_button.click()
    qtbot.waitUntil(lambda: player.scene.token_items["bram"]._image is not None)
    assert player.scene.token_items["bram"]._image.width() == PICTURE_PX


def _drop_file(window, path, tile):
    from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    from vantage.gui.canvas.map_grid import TILE_PX

    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    at = QPointF(window.view.mapFromScene(QPointF((tile[0] + 0.5) * TILE_PX, (tile[1] + 0.5) * TILE_PX)))
    args = (Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(window.view.viewport(), QDragEnterEvent(at.toPoint(), *args))
    QApplication.sendEvent(window.view.viewport(), QDropEvent(at, *args))


def test_an_image_file_dropped_on_a_token_becomes_its_picture(qtbot, demo_play, tmp_path):
    """What a GM used to Foundry or Owlbear Rodeo tries first: drag the picture onto the token."""
    from vantage.gui.edit.tool import EditSettings

    attach_creature_tools(demo_play.workspace, EditSettings())
    picture = _striped(tmp_path / "ogre.png")
    _drop_file(demo_play, picture, (20, 9))  # the Ogre is large: (19, 8) to (20, 9)
    assert demo_play.document.encounter.token("ogre").image.startswith(DATA_PREFIX)
    assert demo_play.document.undo_stack.undoText() == "Picture for Ogre"
    steps = demo_play.document.undo_stack.count()
    _drop_file(demo_play, picture, (10, 2))  # no token there: nothing changes, it says why
    assert demo_play.document.undo_stack.count() == steps
    assert demo_play.status() == "Drop ogre.png on a token to give it that picture"
    notes = tmp_path / "notes.txt"
    notes.write_text("x", encoding="utf-8")
    before = demo_play.document.encounter.token("ogre").image
    _drop_file(demo_play, notes, (20, 9))  # not a picture file: the drop is not taken as one
    assert demo_play.document.undo_stack.count() == steps
    assert demo_play.document.encounter.token("ogre").image == before
