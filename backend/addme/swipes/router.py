"""Check-in, clear location and local swipes routes."""

from __future__ import annotations

from addme.api.deps import CurrentUser, DbSession
from addme.core.params import IdPath, IdQuery
from addme.core.routes import api_router
from addme.swipes import service
from addme.swipes.schemas import CheckInIn, CheckInResult, Deck, Favorites, SwipeIn, SwipeResult

router = api_router(tags=["local swipes"], errors=(400, 401, 403, 404, 422, 429))


@router.post("/user/usernames/{username_id}/check-in", response_model=CheckInResult)
def check_in(username_id: IdPath, body: CheckInIn, user: CurrentUser, db: DbSession) -> CheckInResult:
    return service.check_in(db, user=user, username_id=username_id, lat=body.lat, lng=body.lng)


@router.post("/user/usernames/{username_id}/clear-location", response_model=CheckInResult)
def clear_location(username_id: IdPath, user: CurrentUser, db: DbSession) -> CheckInResult:
    return service.clear_location(db, user=user, username_id=username_id)


@router.get("/user/swipes/deck", response_model=Deck)
def deck(username_id: IdQuery, user: CurrentUser, db: DbSession) -> Deck:
    return service.deck(db, user=user, username_id=username_id)


@router.post("/user/swipes", response_model=SwipeResult)
def swipe(body: SwipeIn, user: CurrentUser, db: DbSession) -> SwipeResult:
    return service.swipe(
        db, user=user, from_id=body.from_username_id, to_id=body.to_username_id, action=body.action
    )


@router.get("/user/swipes/favorites", response_model=Favorites)
def favorites(user: CurrentUser, db: DbSession, username_id: IdQuery | None = None) -> Favorites:
    return service.favorites(db, user=user, username_id=username_id)
