"""The public nudes pages: listed usernames with gallery images, and one gallery.

The blur rule depends on the visitor (country and account), so these answers are never shared
between visitors: no anonymous cache here, unlike the username lists.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from addme.core import clock, options
from addme.core.errors import NotFound, Unauthorized
from addme.core.schemas import PageMeta, from_row
from addme.listings import constants as lc
from addme.listings.cards import LISTED
from addme.listings.models import Username
from addme.listings.search import sql
from addme.media import constants as c
from addme.media.codes import MediaCode
from addme.media.models import Media
from addme.media.schemas import Gallery, GalleryImage, NudesCard, NudesPage, NudesParams
from addme.media.storage import Storage, get_storage, preview_key

U = Username.__table__.c
M = Media.__table__.c
# What a card and a gallery page both show of the username.
_FACE = (U.id, U.username, U.app, U.age, U.gender, U.orientation, U.country_code)


def slug_of(handle: str, username_id: int) -> str:
    """The gallery's address: "{username}-{id}"."""
    return f"{handle}-{username_id}"


def id_from_slug(slug: str) -> int:
    """The id after the last dash; handles may contain dashes themselves."""
    tail = slug.rsplit("-", 1)[-1]
    if not tail.isdigit() or len(tail) > 12:
        raise NotFound(c.NOT_FOUND)
    return int(tail)


def _thumb(storage: Storage, thumb_key: str | None, blurred: bool) -> str | None:
    if thumb_key is None:
        return None
    return storage.url(preview_key(thumb_key) if blurred else thumb_key)


def nudes_page(session: Session, *, params: NudesParams, signed_in: bool, blurred: bool) -> NudesPage:
    """GET /v1/nudes: listed usernames with at least one gallery image, latest first."""
    if params.type == "Dirty" and not signed_in:
        raise Unauthorized(lc.DIRTY_NEEDS_LOGIN, code=MediaCode.LOGIN_REQUIRED)
    galleries = (
        select(M.username_id, func.count().label("media_count"), func.max(M.id).label("cover_id"))
        .where(M.kind == c.Kind.GALLERY)
        .group_by(M.username_id)
        .subquery()
    )
    where = sql.filter_terms(
        app=params.app,
        type=params.type,
        gender=params.gender,
        orientation=params.orientation,
        vip=params.vip,
        now=clock.now(),
    )
    # The same sub-paths as the username lists: /vip and /hottest (popular: 7-day views + clicks).
    order = sql.ordering(params.order)
    base = select(U.id).join(galleries, galleries.c.username_id == U.id).where(*where)
    total = int(session.scalar(select(func.count()).select_from(base.subquery())) or 0)
    rows = session.execute(
        select(
            *_FACE,
            galleries.c.media_count,
            galleries.c.cover_id,
        )
        .join(galleries, galleries.c.username_id == U.id)
        .where(*where)
        .order_by(*order)
        .limit(params.per_page)
        .offset((params.page - 1) * params.per_page)
    ).all()
    covers: dict[int, str] = {}
    if rows:
        ids = [r.cover_id for r in rows]
        covers = {m.id: m.thumb_key for m in session.execute(select(M.id, M.thumb_key).where(M.id.in_(ids)))}
    storage = get_storage()
    data = [
        from_row(
            NudesCard,
            r,
            cover_thumb_url=_thumb(storage, covers.get(r.cover_id), blurred),
            slug=slug_of(r.username, r.id),
            blurred=blurred,
        )
        for r in rows
    ]
    meta = PageMeta.exact(total, page=params.page, per_page=params.per_page)
    return NudesPage(data=data, meta=meta)


def gallery(session: Session, *, slug: str, signed_in: bool, blurred: bool) -> Gallery:
    """GET /v1/nudes/{slug}: one listed username's gallery; 404 when it has none."""
    username_id = id_from_slug(slug)
    row: Any = session.execute(
        select(
            *_FACE,
            U.type,
            U.profile_picture,
        ).where(U.id == username_id, LISTED)
    ).first()
    if row is None:
        raise NotFound(c.NOT_FOUND)
    if row.type == options.UsernameType.DIRTY and not signed_in:
        raise Unauthorized(lc.DIRTY_NEEDS_LOGIN, code=MediaCode.LOGIN_REQUIRED)
    media = session.execute(
        select(M.id, M.storage_key, M.thumb_key, M.width, M.height)
        .where(M.username_id == username_id, M.kind == c.Kind.GALLERY)
        .order_by(M.id.desc())
    ).all()
    if not media:
        raise NotFound(c.NOT_FOUND)
    storage = get_storage()
    images = [
        GalleryImage(
            id=m.id,
            # Where verification is required the full image is not sent at all, only a blurred preview.
            url=None if blurred else storage.url(m.storage_key),
            thumb_url=storage.url(preview_key(m.thumb_key) if blurred else m.thumb_key),
            width=m.width,
            height=m.height,
            blurred=blurred,
        )
        for m in media
    ]
    return from_row(Gallery, row, slug=slug_of(row.username, row.id), blurred=blurred, data=images)
