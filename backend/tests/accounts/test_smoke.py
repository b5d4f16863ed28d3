from tests.factories.accounts import PASSWORD, auth, make_user, token_for


def test_health_ok(client):
    r = client.get("/v1/health")
    assert r.status_code == 200
    assert r.json()["database"] == "ok"


def test_login_and_user(client, db):
    make_user(db, email="a@example.com")
    r = client.post("/v1/auth/login", json={"email": "a@example.com", "password": PASSWORD})
    assert r.status_code == 200, r.text
    token = r.json()["token"]
    me = client.get("/v1/auth/user", headers=auth(token))
    assert me.status_code == 200
    assert me.json()["email"] == "a@example.com"
    assert me.json()["max_usernames"] == 1


def test_token_factory(client, db):
    u = make_user(db)
    assert client.get("/v1/auth/user", headers=auth(token_for(db, u))).status_code == 200
