"""The tag catalogue an admin keeps (/admin/tags): counts, create, rename, merge, hide.

Tags are rows of `tags` linked to usernames by `username_tags`; each username also carries its tags
as text (`tags_text`, read by cards and the text search), so a rename or a merge rewrites that text
for every username carrying the tag. The callers audit and commit.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from addme.core import clock
from addme.core.db import get_or_404
from addme.core.errors import Conflict, FieldError, NotFound
from addme.core.schemas import PageMeta
from addme.listings import facets, validation
from addme.listings.cards import LISTED
from addme.listings.changes import mark_changed
from addme.listings.codes import ListingCode
from addme.listings.models import Tag, Username, username_tags

TAG_NOT_FOUND = "Tag not found."
TAG_EXISTS = "A tag with this name already exists: merge into it instead."
TAG_INVALID = "A tag uses 2 to 30 letters or digits."
MERGE_ITSELF = "A tag cannot be merged into itself."
# Rewriting usernames' tag text in batches keeps one statement's parameters bounded.
_BATCH = 500


def _uses() -> Any:
    return (
        select(func.count())
        .select_from(username_tags)
        .where(username_tags.c.tag_id == Tag.id)
        .correlate(Tag)
        .scalar_subquery()
    )


def _listed_uses() -> Any:
    return (
        select(func.count())
        .select_from(username_tags.join(Username, Username.id == username_tags.c.username_id))
        .where(username_tags.c.tag_id == Tag.id, LISTED)
        .correlate(Tag)
        .scalar_subquery()
    )


def table(
    session: Session, *, q: str | None, hidden: bool | None, page: int, per_page: int
) -> tuple[list[dict[str, Any]], PageMeta]:
    """Tags with how many usernames carry them (and how many of those are listed), most used first."""
    where = []
    if q and q.strip():
        where.append(Tag.name.like(f"%{validation.normalize_tag(q)}%"))
    if hidden is not None:
        where.append(Tag.hidden.is_(hidden))
    total = int(session.scalar(select(func.count()).select_from(Tag).where(*where)) or 0)
    uses, listed = _uses().label("uses"), _listed_uses().label("listed")
    rows = session.execute(
        select(Tag, uses, listed)
        .where(*where)
        .order_by(uses.desc(), Tag.name)
        .offset((page - 1) * per_page)
        .limit(per_page)
    ).all()
    data = [
        {
            "id": t.id,
            "name": t.name,
            "hidden": t.hidden,
            "usernames": int(u),
            "listed": int(n),
            "created_at": t.created_at,
        }
        for t, u, n in rows
    ]
    return data, PageMeta.exact(total, page=page, per_page=per_page)


def row(session: Session, *, tag_id: int) -> dict[str, Any]:
    """One tag as the table shows it."""
    tag = get(session, tag_id=tag_id)
    uses = session.scalar(select(_uses()).select_from(Tag).where(Tag.id == tag.id))
    listed = session.scalar(select(_listed_uses()).select_from(Tag).where(Tag.id == tag.id))
    return {
        "id": tag.id,
        "name": tag.name,
        "hidden": tag.hidden,
        "usernames": int(uses or 0),
        "listed": int(listed or 0),
        "created_at": tag.created_at,
    }


def get(session: Session, *, tag_id: int) -> Tag:
    return get_or_404(session, Tag, tag_id, TAG_NOT_FOUND, code=ListingCode.TAG_NOT_FOUND)


def by_name(session: Session, *, name: str) -> Tag:
    tag = session.scalar(select(Tag).where(Tag.name == validation.normalize_tag(name)))
    if tag is None:
        raise NotFound(TAG_NOT_FOUND, code=ListingCode.TAG_NOT_FOUND)
    return tag


def clean_name(raw: str) -> str:
    """The tag's one spelling (lower case, words joined by '-'), or a 422 on `name`."""
    names, problem = validation.clean_tags([raw])
    if problem or not names:
        raise FieldError("name", TAG_INVALID)
    return names[0]


def _taken(session: Session, name: str, *, other_than: int | None = None) -> None:
    stmt = select(Tag.id).where(Tag.name == name)
    if other_than is not None:
        stmt = stmt.where(Tag.id != other_than)
    if session.scalar(stmt) is not None:
        raise Conflict(TAG_EXISTS, code=ListingCode.TAG_EXISTS)


def create(session: Session, *, name: str) -> Tag:
    """A new tag nobody carries yet (members' own spellings are created as they tag)."""
    clean = clean_name(name)
    _taken(session, clean)
    tag = Tag(name=clean, hidden=False, created_at=clock.now())
    session.add(tag)
    session.flush()
    return tag


def _carriers(session: Session, tag_id: int) -> list[int]:
    return list(session.scalars(select(username_tags.c.username_id).where(username_tags.c.tag_id == tag_id)))


def _rewrite_text(session: Session, username_ids: list[int]) -> None:
    """Write each username's tags_text again from its tag rows, in the member's order."""
    for start in range(0, len(username_ids), _BATCH):
        ids = username_ids[start : start + _BATCH]
        names: dict[int, list[str]] = defaultdict(list)
        for uid, name in session.execute(
            select(username_tags.c.username_id, Tag.name)
            .join(Tag, Tag.id == username_tags.c.tag_id)
            .where(username_tags.c.username_id.in_(ids))
            .order_by(username_tags.c.username_id, username_tags.c.position, Tag.name)
        ):
            names[uid].append(name)
        session.execute(
            update(Username).execution_options(synchronize_session=False),
            [{"id": uid, "tags_text": " ".join(names.get(uid, []))} for uid in ids],
        )


def _recount(session: Session) -> None:
    # The /tags counts and the filters' choices read the facet table: recount now, not in a minute.
    facets.refresh_facets(session.connection(), now=clock.now())
    mark_changed(session)


def rename(session: Session, *, tag: Tag, name: str) -> list[int]:
    """Give the tag a new spelling everywhere it is used; returns the usernames rewritten."""
    clean = clean_name(name)
    if clean == tag.name:
        return []
    _taken(session, clean, other_than=tag.id)
    tag.name = clean
    session.flush()
    carriers = _carriers(session, tag.id)
    _rewrite_text(session, carriers)
    _recount(session)
    return carriers


def merge(session: Session, *, source: Tag, target: Tag) -> list[int]:
    """Move every username from `source` to `target` and remove `source`; returns the usernames moved."""
    if source.id == target.id:
        raise FieldError("into", MERGE_ITSELF)
    carriers = _carriers(session, source.id)
    has_target = select(username_tags.c.username_id).where(username_tags.c.tag_id == target.id)
    # Usernames already carrying the target just lose the source; the others take the target in
    # the source's place (their order of tags is kept).
    session.execute(
        update(username_tags)
        .where(username_tags.c.tag_id == source.id, username_tags.c.username_id.not_in(has_target))
        .values(tag_id=target.id)
    )
    session.execute(delete(username_tags).where(username_tags.c.tag_id == source.id))
    session.delete(source)
    session.flush()
    _rewrite_text(session, carriers)
    _recount(session)
    return carriers


def set_hidden(session: Session, *, tag: Tag, hidden: bool) -> None:
    """Hide a tag from /tags and the filters' choices, or show it again."""
    tag.hidden = hidden
    session.flush()
    _recount(session)
