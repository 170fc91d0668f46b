"""The players' own devices: a local server the GM starts, a web client, rolls and moves from phones."""
