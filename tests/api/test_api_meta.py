"""Health, the OpenAPI document, the docs page, static files and generic HTTP errors."""

from __future__ import annotations

import re

from tests.api.helpers import PROBLEM, assert_problem


def test_health(client):
    response = client.get("/api/v1/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_openapi_describes_every_api_route(app, client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/v1"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        assert path in doc["paths"], path
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            op = doc["paths"][path][method.lower()]
            assert op["summary"] and op["description"] and op["responses"]
            for param in re.findall(r"{(\w+)}", path):
                assert any(p["name"] == param and p["in"] == "path" for p in op.get("parameters", []))


def test_openapi_references_resolve(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    text = str(doc)
    refs = set(re.findall(r"#/components/schemas/(\w+)", text))
    assert refs and refs <= set(schemas)
    assert "Problem" in schemas


def test_openapi_merges_blueprint_modules():
    from types import SimpleNamespace

    from api.openapi import build_document
    extra = SimpleNamespace(OPENAPI_PATHS={"/api/v1/extra": {"get": {"summary": "x"}}},
                            OPENAPI_SCHEMAS={"Extra": {"type": "object"}})
    doc = build_document([extra])
    assert "/api/v1/extra" in doc["paths"] and "Extra" in doc["components"]["schemas"]


def test_docs_page_lists_every_endpoint_without_external_assets(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    response = client.get("/api/v1/docs")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    for path, item in doc["paths"].items():
        assert path in html
        for op in item.values():
            assert op["summary"] in html
    assert "budget_ms" in html and "&quot;seats&quot;" in html   # parameters and example bodies
    assert "<script" not in html and "http://" not in html and "https://" not in html
    assert 'id="problem-stale-version"' in html


def test_index_and_static_files(make_app, tmp_path):
    web = tmp_path / "web"
    (web / "js").mkdir(parents=True)
    (web / "index.html").write_text("<!doctype html><title>ui</title>")
    (web / "js" / "app.js").write_text("export const x = 1;\n")
    client = make_app(WEB_DIR=str(web)).test_client()
    index = client.get("/")
    assert index.status_code == 200 and b"<title>ui</title>" in index.data
    script = client.get("/web/js/app.js")
    assert script.status_code == 200 and script.mimetype == "text/javascript"
    assert_problem(client.get("/web/js/missing.js"), 404)
    assert_problem(client.get("/web/../secret.txt"), 404)


def test_every_page_gets_the_one_main_menu_with_itself_marked(client):
    from api.web_bp import DEFAULT_WEB_DIR
    menu = (DEFAULT_WEB_DIR / "menu.html").read_text()
    links = re.findall(r'<a href="([^"]+)">', menu)
    assert "/" in links and "/api/v1/docs" in links
    pages = sorted(p.name for p in DEFAULT_WEB_DIR.glob("*.html") if p.name != "menu.html")
    assert pages and all("<!-- menu -->" in (DEFAULT_WEB_DIR / p).read_text() for p in pages)
    for page in pages:
        url = "/" if page == "index.html" else f"/web/{page}"
        html = client.get(url).get_data(as_text=True)
        assert "<!-- menu -->" not in html and html.count('<nav aria-label="Main">') == 1
        assert re.findall(r'<a href="([^"]+)"[^>]*>', html.split("<nav", 1)[1].split("</nav>")[0]) == links
        assert re.findall(r'<a href="([^"]+)" aria-current="page">', html) == [url], page


def test_a_page_without_the_menu_file_is_served_as_written(make_app, tmp_path):
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<header><!-- menu --></header>")
    (web / "other.html").write_text("<p>other</p>")
    client = make_app(WEB_DIR=str(web)).test_client()
    assert client.get("/").get_data(as_text=True) == "<header></header>"
    (web / "menu.html").write_text('<!-- note --><nav><a href="/">Play</a> <a href="/web/other.html">Other</a></nav>')
    assert client.get("/").get_data(as_text=True) == (
        '<header><nav><a href="/" aria-current="page">Play</a> <a href="/web/other.html">Other</a></nav></header>')
    assert client.get("/web/other.html").get_data(as_text=True) == "<p>other</p>"
    assert_problem(client.get("/web/missing.html"), 404)
    assert_problem(client.get("/web/../index.html"), 404)


def test_index_without_web_ui_points_to_docs(make_app, tmp_path):
    client = make_app(WEB_DIR=str(tmp_path / "absent")).test_client()
    response = client.get("/")
    assert response.status_code == 200 and b"/api/v1/docs" in response.data


def test_unknown_route_is_problem_404(client):
    body = assert_problem(client.get("/api/v1/nothing-here"), 404)
    assert "/api/v1/nothing-here" in body["detail"]


def test_wrong_method_is_problem_405(client):
    response = client.delete("/api/v1/games")
    assert_problem(response, 405)
    assert "GET" in response.headers["Allow"]
    assert_problem(client.get("/api/v1/sessions"), 405)


def test_oversized_body_is_problem_413(client):
    response = client.post("/api/v1/sessions", data=b"x" * (1024 * 1024 + 1), content_type="application/json")
    assert_problem(response, 413)


def test_unexpected_error_is_problem_500(app, client, monkeypatch):
    from tests.api.helpers import create

    session_id, tokens = create(client)
    service = app.extensions["cardsage.sessions"]
    monkeypatch.setattr(service, "current", lambda match: 1 / 0)
    response = client.get(f"/api/v1/sessions/{session_id}", headers={"Authorization": f"Bearer {tokens['0']}"})
    body = assert_problem(response, 500)
    assert "ZeroDivision" not in body["detail"]
    assert response.mimetype == PROBLEM
