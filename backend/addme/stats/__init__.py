"""Figures: daily rollups of what happened on the site, and first-party page views."""
