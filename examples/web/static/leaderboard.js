// The leaderboard service, proxied by the page's server under /lb/: a
// finished game's record is posted to POST /submit, and the board's
// verified ranking for that deal and variant is read back.

const base = "/lb";

/**
 * Posts a record (text) of a game under variant to the board named after
 * it, or to the service's default board when it has none of that name.
 * Resolves to {status, entry, duplicate} when the board accepted it (201)
 * or holds it already (200), or {status, error} with the service's
 * message otherwise.
 */
export async function submit(record, variant) {
  let res;
  try {
    const post = (query) => fetch(`${base}/submit${query}`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: record });
    res = await post(`?board=${encodeURIComponent(variant)}`);
    if (res.status === 404) res = await post(""); // no board of that name
  } catch (e) {
    return { status: 0, error: `the leaderboard does not answer (${e.message})` };
  }
  const body = await res.json().catch(() => ({}));
  if (res.status === 201 || res.status === 200) return { status: res.status, entry: body.entry, duplicate: !!body.duplicate };
  return { status: res.status, error: body.error?.message ?? `${res.status} ${res.statusText}` };
}

/** The first `limit` entries of the ranking of entry's board and key. */
export async function ranking(entry, limit = 10) {
  const q = new URLSearchParams({ key: entry.key, board: entry.board, limit: String(limit) });
  const res = await fetch(`${base}/ranking?${q}`);
  if (!res.ok) throw new Error(`ranking: ${res.status} ${res.statusText}`);
  return (await res.json()).entries;
}
