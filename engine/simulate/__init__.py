"""The encounter simulator: plays an encounter many times with one generic policy over the
platform's queries and seeded dice, and reports how it is likely to go (``docs/simulate.md``)."""
