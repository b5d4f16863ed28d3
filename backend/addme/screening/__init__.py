"""Screening: what may never be listed or trusted (the blacklist of words, patterns and IP ranges,
and handles removed for good), read by listings and accounts, edited by moderation."""
