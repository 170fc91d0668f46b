"""The names of a campaign folder's parts, apart from the code that reads and writes them, so that
a window can tell an encounter of a campaign folder without loading campaigns (issue 32)."""

CAMPAIGN_FILE = "campaign.json"
ENCOUNTERS = "encounters"
PICTURES = "pictures"
