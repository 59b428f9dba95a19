// HTTP client for /api/v1: JSON in and out, problem+json answers become ApiError.

/** An error answered by the API (or a network failure, status 0). */
export class ApiError extends Error {
  constructor({ title, status, detail, field }) {
    super(detail || title || `request failed (${status})`);
    this.title = title || "Error";
    this.status = status;
    this.detail = detail || title || "";
    this.field = field;
  }
}

/** One JSON request; a problem+json answer (or a network failure) becomes an ApiError. */
export async function request(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json, application/problem+json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError({ title: "Network error", status: 0, detail: `cannot reach the server: ${err.message}` });
  }
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    if (data && typeof data === "object") {
      throw new ApiError({ status: response.status, ...data });
    }
    throw new ApiError({ title: response.statusText, status: response.status,
      detail: `${response.status} ${response.statusText}` });
  }
  return data;
}

/** Every game of the registry with its options schema and bots. */
export async function listGames() {
  // the listing may come bare or wrapped as {"games": [...]}
  const data = await request("GET", "/api/v1/games");
  return Array.isArray(data) ? data : (data && data.games) || [];
}

/** Start a match; answers {id, tokens: {seat: token}}. */
export function createSession({ game, seats, seed, options, clock, reactions }) {
  return request("POST", "/api/v1/sessions", { body: { game, seats, seed, options, clock, reactions } });
}

/** The session's version and clock: cheap, polled twice a second on a server clock. */
export function getVersion(id, token) {
  return request("GET", `/api/v1/sessions/${encodeURIComponent(id)}/version`, { token });
}

/** The session as the token's seat sees it. */
export function getSession(id, token) {
  return request("GET", `/api/v1/sessions/${encodeURIComponent(id)}`, { token });
}

/** Act at a version; answers the new session state once the bots have replied. */
export function postAction(id, token, action, version) {
  return request("POST", `/api/v1/sessions/${encodeURIComponent(id)}/actions`,
    { token, body: { action, version } });
}

/** A recommended action for the token's seat, with its reason. */
export function getHint(id, token) {
  return request("GET", `/api/v1/sessions/${encodeURIComponent(id)}/hint`, { token });
}
