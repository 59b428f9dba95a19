"""A plain HTML page of the API, generated from the OpenAPI document (no scripts, no CDN)."""

from __future__ import annotations

import json
from html import escape

from api.problems import PROBLEM_TYPES

_METHODS = ("get", "post", "put", "patch", "delete")

_STYLE = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222}
code,pre{font-family:ui-monospace,monospace;font-size:.9em}
pre{background:#f5f5f3;padding:.6rem;overflow:auto;border-radius:4px}
.op{border-top:1px solid #ddd;padding-top:.5rem;margin-top:1.5rem}
.method{display:inline-block;min-width:4em;font-weight:bold;text-transform:uppercase}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}
"""


def render_docs(document: dict) -> str:
    """The HTML documentation of an OpenAPI document."""
    info = document.get("info", {})
    parts = [
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">",
        f"<title>{escape(info.get('title', 'API'))}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{escape(info.get('title', 'API'))} <small>v{escape(str(info.get('version', '')))}</small></h1>",
        f"<p>{_text(info.get('description', ''))}</p>",
        "<p>Machine-readable: <a href=\"/api/v1/openapi.json\">openapi.json</a>.</p>",
        "<h2>Endpoints</h2><ul>",
    ]
    operations = [(path, method, item[method]) for path, item in document.get("paths", {}).items()
                  for method in _METHODS if method in item]
    for path, method, op in operations:
        parts.append(f"<li><a href=\"#{_anchor(method, path)}\"><code>{method.upper()} {escape(path)}</code></a>"
                     f" — {escape(op.get('summary', ''))}</li>")
    parts.append("</ul>")
    for path, method, op in operations:
        parts.append(_operation(path, method, op))
    parts.append(_problem_types())
    parts.append(_schemas(document.get("components", {}).get("schemas", {})))
    parts.append("</body></html>")
    return "\n".join(parts)


def _operation(path: str, method: str, op: dict) -> str:
    out = [f"<section class=\"op\" id=\"{_anchor(method, path)}\">",
           f"<h3><span class=\"method\">{method.upper()}</span> <code>{escape(path)}</code></h3>",
           f"<p><strong>{escape(op.get('summary', ''))}</strong></p>",
           f"<p>{_text(op.get('description', ''))}</p>"]
    if op.get("security"):
        out.append("<p>Needs a seat token: <code>Authorization: Bearer &lt;token&gt;</code> "
                   "(never in the address, which access logs keep).</p>")
    params = op.get("parameters", [])
    if params:
        out.append("<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th>"
                   "<th>type</th><th>description</th></tr>")
        for p in params:
            out.append(f"<tr><td><code>{escape(p['name'])}</code></td><td>{escape(p['in'])}</td>"
                       f"<td>{'yes' if p.get('required') else 'no'}</td>"
                       f"<td>{escape(_type_name(p.get('schema', {})))}</td>"
                       f"<td>{_text(p.get('description', ''))}</td></tr>")
        out.append("</table>")
    body = op.get("requestBody")
    if body:
        for media, content in body.get("content", {}).items():
            out.append(f"<h4>Request body <small>({escape(media)}, "
                       f"{escape(_type_name(content.get('schema', {})))})</small></h4>")
            if "example" in content:
                out.append(_example(content["example"]))
    out.append("<h4>Responses</h4><ul>")
    examples = []
    for status, response in op.get("responses", {}).items():
        kinds = ", ".join(f"{m}: {_type_name(c.get('schema', {}))}" for m, c in response.get("content", {}).items())
        out.append(f"<li><code>{escape(status)}</code> {escape(response.get('description', ''))}"
                   + (f" <small>({escape(kinds)})</small>" if kinds else "") + "</li>")
        for content in response.get("content", {}).values():
            if "example" in content:
                examples.append((status, content["example"]))
    out.append("</ul>")
    for status, example in examples:
        out.append(f"<p>Example <code>{escape(status)}</code> body:</p>{_example(example)}")
    out.append("</section>")
    return "\n".join(out)


def _problem_types() -> str:
    out = ["<h2 id=\"problems\">Problem types</h2>",
           "<p>Every error is <code>application/problem+json</code> with <code>type</code>, <code>title</code>, "
           "<code>status</code>, <code>detail</code> and, when known, <code>field</code>.</p><ul>"]
    for slug, title in PROBLEM_TYPES.items():
        out.append(f"<li id=\"problem-{escape(slug)}\"><code>{escape(slug)}</code>: {escape(title)}</li>")
    out.append("</ul>")
    return "\n".join(out)


def _schemas(schemas: dict) -> str:
    out = ["<h2 id=\"schemas\">Schemas</h2>"]
    for name, schema in schemas.items():
        out.append(f"<h3 id=\"schema-{escape(name)}\">{escape(name)}</h3>")
        if schema.get("description"):
            out.append(f"<p>{_text(schema['description'])}</p>")
        out.append(_example(schema))
    return "\n".join(out)


def _type_name(schema: dict) -> str:
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "oneOf" in schema:
        return " or ".join(_type_name(s) for s in schema["oneOf"])
    if schema.get("type") == "array" and "items" in schema:
        return f"array of {_type_name(schema['items'])}"
    return str(schema.get("type", "any"))


def _text(text: str) -> str:
    # the descriptions use `code` spans; render them and escape the rest
    pieces = escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(pieces))


def _example(value) -> str:
    return f"<pre>{escape(json.dumps(value, indent=2, ensure_ascii=False))}</pre>"


def _anchor(method: str, path: str) -> str:
    slug = "".join(c if c.isalnum() else "-" for c in path.strip("/"))
    return f"op-{method}-{slug}"
