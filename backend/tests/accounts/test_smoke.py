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


def test_a_hash_made_with_older_parameters_is_redone_at_login(client, db):
    """A member whose password was hashed with argon2-cffi's defaults still signs in, and the
    stored hash moves to the current parameters, which meet security.md's floor."""
    from argon2 import PasswordHasher, extract_parameters

    user = make_user(db, email="older@example.com")
    user.password_hash = PasswordHasher(time_cost=3, memory_cost=64 * 1024, parallelism=4).hash(PASSWORD)
    db.commit()
    r = client.post("/v1/auth/login", json={"email": "older@example.com", "password": PASSWORD})
    assert r.status_code == 200, r.text
    db.refresh(user)
    now = extract_parameters(user.password_hash)
    assert (now.memory_cost, now.time_cost, now.parallelism) == (19 * 1024, 2, 1)
    assert now.type.name == "ID"
    again = client.post("/v1/auth/login", json={"email": "older@example.com", "password": PASSWORD})
    assert again.status_code == 200
