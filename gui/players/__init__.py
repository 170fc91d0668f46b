"""The players' view: the projector window, its controller and dock, fog tools and calibration."""
