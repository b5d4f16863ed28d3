"""The HTTP edge: plumbing every route shares (deps.py), the routers and page heads wired in one place."""
