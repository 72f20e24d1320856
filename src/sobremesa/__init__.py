"""Sobremesa: accessible Spanish table games for blind and low-vision players."""

__version__ = "0.1.0"
