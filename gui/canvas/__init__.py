"""The map canvas shared by the GM and player windows: scene, view, layers and token items."""
