"""The Shattered World ruleset (``shattered-world``): see docs/rules/shattered-world.md."""
