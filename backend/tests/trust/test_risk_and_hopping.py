"""The risk check and account hopping around free Top-Up claims (spec section 4)."""

from __future__ import annotations

import httpx
import pytest

from addme.accounts.models import User
from addme.core import clock
from addme.screening import risk
from addme.trust import hopping, standing
from addme.wallet import ledger
from tests.factories.wallet import member

CAPTCHA = {"captcha_token": "local-captcha-ok"}

HOME = "81.2.69.142"  # a UK broadband provider
DIGITALOCEAN = "138.68.1.1"


@pytest.fixture
def caller_ip(monkeypatch):
    """The address the app sees for the caller (as a trusted proxy would tell it)."""
    where = {"ip": HOME}
    monkeypatch.setattr(hopping, "client_ip", lambda request: where["ip"])
    return where


@pytest.fixture
def tor_list(monkeypatch, tmp_path):
    from addme.core.config import get_settings

    monkeypatch.setattr(get_settings(), "private_dir", tmp_path)


def _claim(client, headers):
    return client.post("/v1/user/free-topup", headers=headers, json=CAPTCHA).json()


def test_hosting_networks_tor_and_blacklisted_ranges_are_high_risk(db, tor_list):
    assert risk.assess(db, ip=HOME).high_risk is False
    verdict = risk.assess(db, ip=DIGITALOCEAN)
    assert verdict.high_risk and verdict.reasons[0].startswith("hosting:DIGITALOCEAN")
    assert risk.assess(db, ip="3.5.140.1").high_risk  # Amazon
    assert risk.save_tor_exits("# exits\n185.220.101.1\nnot an ip\n185.220.101.2\n") == 2
    assert risk.assess(db, ip="185.220.101.1").reasons == ["tor"]
    assert risk.assess(db, ip="127.0.0.1").high_risk is False
    assert risk.assess(db, ip=None).high_risk is False


def test_proxycheck_adds_vpn_detection_at_the_http_boundary(db, monkeypatch):
    def answer(request: httpx.Request) -> httpx.Response:
        assert request.url.params["key"] == "k" and request.url.params["vpn"] == "1"
        ip = request.url.path.rsplit("/", 1)[1]
        return httpx.Response(200, json={"status": "ok", ip: {"proxy": "yes", "type": "VPN"}})

    vpn = risk.ProxyCheck("k", httpx.MockTransport(answer))
    assert vpn.reasons(HOME) == ["proxycheck:VPN"]
    down = risk.ProxyCheck("k", httpx.MockTransport(lambda r: httpx.Response(500)))
    assert down.reasons(HOME) == []  # unreachable: local checks only, nobody blocked by an outage


def test_a_free_claim_from_a_hosting_network_is_refused_and_marks_the_account(client, db, caller_ip):
    user, headers = member(db)
    caller_ip["ip"] = DIGITALOCEAN
    refused = _claim(client, headers)
    assert refused["code"] == "high_risk"
    assert refused["message"].startswith("Free Top-Ups are not available on a high-risk connection")
    db.expire_all()
    assert db.get(User, user.id).high_risk is True  # type: ignore[union-attr]
    assert db.get(User, user.id).top_ups_count == 0  # type: ignore[union-attr]


def test_a_second_account_from_the_same_device_is_restricted_until_a_purchase(client, db, caller_ip):
    first, first_headers = member(db)
    second, second_headers = member(db)
    assert _claim(client, first_headers)["success"] is True
    # Same browser (its device cookie), another address: still the same device.
    caller_ip["ip"] = "81.2.69.160"
    refused = _claim(client, second_headers)
    assert refused["code"] == "hopping_restricted"
    db.expire_all()
    for user in (first, second):
        until = db.get(User, user.id).hopping_restricted_until  # type: ignore[union-attr]
        assert until is not None and until > clock.now().replace(microsecond=0)
    # A purchase releases the account; only claims after it would count against it again.
    buyer = db.get(User, second.id)
    assert buyer is not None
    ledger.record_purchase(db, user=buyer)
    standing.lift_hopping(db, user=buyer)
    db.commit()
    assert _claim(client, second_headers)["success"] is True


def test_two_accounts_from_one_address_are_linked_too(client, db, caller_ip):
    _, first_headers = member(db)
    _, second_headers = member(db)
    assert _claim(client, first_headers)["success"] is True
    client.cookies.clear()  # another browser, same address
    assert _claim(client, second_headers)["code"] == "hopping_restricted"


def test_accounts_on_other_devices_and_addresses_are_not_linked(client, db, caller_ip):
    _, first_headers = member(db)
    _, second_headers = member(db)
    assert _claim(client, first_headers)["success"] is True
    client.cookies.clear()
    caller_ip["ip"] = "81.2.69.200"
    assert _claim(client, second_headers)["success"] is True


def test_full_admins_refresh_the_tor_exit_list(client, db, tor_list):
    from tests.factories.wallet import admin

    _, full = admin(db)
    _, moderator = admin(db, level="Moderator")
    body = {"addresses": "# from the Tor Project\n185.220.101.7\n185.220.101.8\n", "reason": "weekly refresh"}
    assert client.put("/v1/admin/risk/tor-exits", json=body, headers=moderator).status_code == 403
    saved = client.put("/v1/admin/risk/tor-exits", json=body, headers=full)
    assert saved.status_code == 200 and saved.json()["count"] == 2
    assert client.get("/v1/admin/risk/tor-exits", headers=full).json()["count"] == 2
    assert risk.assess(db, ip="185.220.101.7").reasons == ["tor"]
    empty = client.put(
        "/v1/admin/risk/tor-exits", json={"addresses": "nothing here", "reason": "oops"}, headers=full
    )
    assert empty.status_code == 422
    assert client.get("/v1/admin/risk/tor-exits", headers=full).json()["count"] == 2  # the list in use stays


def test_a_free_top_up_claim_without_a_valid_captcha_is_refused(client, db):
    user, headers = member(db)
    for body in (None, {}, {"captcha_token": ""}, {"captcha_token": "forged"}):
        r = client.post("/v1/user/free-topup", headers=headers, json=body)
        assert r.status_code == 422
        assert r.json()["message"] == "Please complete the captcha."
        assert r.json()["errors"] == {"captcha_token": ["Please complete the captcha."]}
    db.refresh(user)
    assert user.last_free_topup is None
    assert client.post("/v1/user/free-topup", headers=headers, json=CAPTCHA).json()["success"] is True


def test_a_long_tor_exit_list_fits_in_one_body(client, db, tor_list):
    from tests.factories.wallet import admin

    _, full = admin(db)
    # 10,000 addresses (~140 KB): past the 64 KB every JSON route takes, within the list's allowance.
    lines = "\n".join(f"10.{i // 65536}.{(i // 256) % 256}.{i % 256}" for i in range(10_000))
    saved = client.put(
        "/v1/admin/risk/tor-exits", json={"addresses": lines, "reason": "full refresh"}, headers=full
    )
    assert saved.status_code == 200, saved.json()
    assert saved.json()["count"] == 10_000
