"""Who is named as deciding is who the text gives the choice to (GM walkthrough 3,
`63-baton-who-starts.png`: "Choice · Bram decides — The players choose who starts with the
initiative"). Baton: "When combat begins, a PC who is not surprised, chosen by the players, starts
with the initiative." """

from __future__ import annotations

from vantage.gui.play.table_rolls import attach_table_rolls


def test_the_players_decide_who_starts(qtbot, sample_panels):
    window = sample_panels("06-baton-crossroads.json", centre=(8, 7), vantage_rolls=False)
    bar = attach_table_rolls(window.workspace).prompt
    window.tracker.start_combat()
    qtbot.waitUntil(bar.isVisible, timeout=2000)
    assert bar.title.text() == "Choice · the players decide"
    assert bar.sentence.text() == "The players choose who starts with the initiative"
    assert window.decision_panel.title.text() == "Choice · the players decide"
    assert list(window.document.log)[-1].sentence == (
        "Waiting for the players: The players choose who starts with the initiative.")
    bar.choose(1)  # Ysolde starts
    assert "The players: Ysolde starts." in [entry.sentence for entry in window.document.log]
    assert window.tracker.active == "ysolde"
