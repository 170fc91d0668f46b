"""Edit mode: the map editor tool and its panel."""
