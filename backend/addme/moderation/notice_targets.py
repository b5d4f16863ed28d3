"""What a notice's addresses name on AddMe: images (through the media domain, which knows its own
addresses and hashes), listings (a profile's address) and groups (a group's address), and the
stored copies of those images found by PDQ hash."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from addme.core.config import get_settings
from addme.groups import service as groups
from addme.groups.models import Group
from addme.listings import constants as lc
from addme.listings.models import Username
from addme.media import blocking as media
from addme.media.hashes import ImageRef
from addme.moderation.models import Notice
from addme.moderation.notice_schemas import NoticeTarget

_PROFILE = (re.compile(r"^/profile/(\d{1,12})/?$"), re.compile(r"^/username/[^/]{1,80}/(\d{1,12})/?$"))
_GROUP = re.compile(r"^/group/([A-Za-z0-9_-]{1,80})/?$")


@dataclass
class Found:
    images: list[ImageRef] = field(default_factory=list)
    usernames: list[Username] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)


def image_key(ref: ImageRef) -> str:
    """How a decision's `skip` names an image: its media row, or an ad image by its address."""
    return f"media:{ref.media_id}" if ref.media_id is not None else f"ad:{ref.url}"


def _own_path(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.netloc.lower() != urlsplit(get_settings().site_url).netloc.lower():
        return None
    return parts.path


def resolve(session: Session, *, urls: Sequence[str]) -> Found:
    """The live content the addresses name; an address that names nothing (gone already) adds nothing."""
    found = Found(images=list(media.images_at(session, urls=list(urls))))
    seen_usernames: set[int] = set()
    seen_groups: set[int] = set()
    for url in urls:
        path = _own_path(url)
        if path is None:
            continue
        for pattern in _PROFILE:
            m = pattern.match(path)
            if not m:
                continue
            username = session.get(Username, int(m.group(1)))
            if (
                username is not None
                and username.status != lc.Status.DELETED
                and username.id not in seen_usernames
            ):
                seen_usernames.add(username.id)
                found.usernames.append(username)
        g = _GROUP.match(path)
        if g:
            group = groups.by_slug(session, slug=g.group(1))
            if group is not None and group.id not in seen_groups:
                seen_groups.add(group.id)
                found.groups.append(group)
    # One image named twice (its file and its gallery) is one target.
    unique = {image_key(ref): ref for ref in found.images}
    found.images = list(unique.values())
    return found


def copies_of(session: Session, *, notice: Notice, images: Sequence[ImageRef]) -> list[ImageRef]:
    """Stored images within the match distance of these images or of the notice's own picture."""
    pdqs = [ref.pdq for ref in images if ref.pdq]
    if notice.picture_pdq:
        pdqs.append(notice.picture_pdq)
    if not pdqs:
        return []
    exclude = [ref.media_id for ref in images if ref.media_id is not None]
    named = {image_key(ref) for ref in images}
    copies = media.find_copies(session, pdqs=pdqs, exclude_media_ids=exclude)
    unique = {image_key(ref): ref for ref in copies if image_key(ref) not in named}
    return list(unique.values())


def image_target(ref: ImageRef) -> NoticeTarget:
    return NoticeTarget(
        key=image_key(ref),
        kind="image",
        label=f"{ref.kind} image" + (f" of listing #{ref.username_id}" if ref.username_id else ""),
        url=ref.url,
        distance=ref.distance,
        user_id=ref.user_id,
        username_id=ref.username_id,
    )


def _page_target(
    kind: Literal["username", "group"],
    id: int,
    *,
    label: str,
    path: str,
    user_id: int,
    username_id: int | None = None,
) -> NoticeTarget:
    """A listing or a group: named `<kind>:<id>`, at its page on this site."""
    url = get_settings().site_url.rstrip("/") + path
    return NoticeTarget(
        key=f"{kind}:{id}", kind=kind, label=label, url=url, user_id=user_id, username_id=username_id
    )


def username_target(username: Username) -> NoticeTarget:
    label = f"{username.username} ({username.app})"
    path = f"/profile/{username.id}"
    return _page_target(
        "username", username.id, label=label, path=path, user_id=username.user_id, username_id=username.id
    )


def group_target(group: Group) -> NoticeTarget:
    label = f"{group.name} ({group.app})"
    return _page_target("group", group.id, label=label, path=f"/group/{group.slug}", user_id=group.user_id)


def targets(found: Found) -> list[NoticeTarget]:
    """Every target, images first, in the shape the moderators' page reads."""
    return (
        [image_target(r) for r in found.images]
        + [username_target(u) for u in found.usernames]
        + [group_target(g) for g in found.groups]
    )
