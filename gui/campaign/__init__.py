"""Campaigns in the GM window (docs/campaigns.md, "In the GM window"): File ▸ New/Open/Recent
campaign, the Party panel (the roster, bringing the party onto the map and back), Let time pass…,
the Campaign panel (the encounters with thumbnails, the journal) and the Campaign menu.

The campaign open in a window is held by :class:`~.current.CampaignHolder`; which campaign is open
now (for Save as and the title) is asked of :mod:`.current` alone. Everything is attached by
:func:`~.attach.attach_campaign` over the workspace.
"""
