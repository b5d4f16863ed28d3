"""A list request (GET /v1/usernames, with or without `q`), in one direction through its steps.

    totals    the totals remembered per filter set (below all: every listing change forgets
              them, and changes.py stands below the cards every step reads)
    indexes   the search objects (FTS5 tables, tsvector, suffix index) and their DDL
    parse     ListParams -> a frozen Query: `q` as bound values, the filters' shape and values
    sql       the filters, orders and text-search tests every statement is built from
    tag_sizes a tag's size (rare: its list reads the tag's rows first)
    plan      which way to read: a list's shape; a search's probe, walk or index, first reading
    read      the page's statements, and a short walk read again from the index
    count     the capped total, and the statements that count with the page
    pipeline  read_page: the one entry (public.py), each step called once in this order

A module imports only those above it in this list (tests/listings/test_search_layers.py reads
the imports; the `search-one-way` contract in backend/.importlinter follows them through other
modules too). This file names the search objects for the migrations, which import
`addme.listings.search` as the module it replaced (they may not change), and imports nothing
else: changes.py reaches totals.py through it, from below the cards the pipeline reads.
"""

from __future__ import annotations

from addme.listings.search.indexes import (
    HANDLE_FTS_TABLE,
    PG_DOCUMENT,
    install_search,
    is_search_object,
    uninstall_search,
)

__all__ = ["HANDLE_FTS_TABLE", "PG_DOCUMENT", "install_search", "is_search_object", "uninstall_search"]
