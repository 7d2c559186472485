// The leaderboard service, proxied by the page's server under /lb/: a
// finished game's record is posted to POST /submit, and the board's
// verified ranking for that deal and variant is read back.

const base = "/lb";

/**
 * Posts a record (text) of a game under variant to the board named after
 * it, or to the service's default board when it has none of that name.
 * Resolves to {status, entry, duplicate} when the board accepted it (201)
 * or holds it already (200), or {status, kind, error} with the service's
 * kind of refusal and its message otherwise.
 */
export async function submit(record, variant) {
  let res;
  try {
    const post = (query) => fetch(`${base}/submit${query}`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: record });
    res = await post(`?board=${encodeURIComponent(variant)}`);
    if (res.status === 404) res = await post(""); // no board of that name
  } catch (e) {
    return { status: 0, kind: "", error: `the leaderboard does not answer (${e.message})` };
  }
  const body = await res.json().catch(() => ({}));
  if (res.status === 201 || res.status === 200) return { status: res.status, entry: body.entry, duplicate: !!body.duplicate };
  return { status: res.status, kind: body.error?.kind ?? "", error: body.error?.message ?? `${res.status} ${res.statusText}` };
}

/**
 * A refusal ({status, kind}, as submit resolves it) as a player reads it:
 * why the game was not ranked, in a sentence. The service's own words
 * (the rules that differ, the action that came too fast) are the detail.
 */
export function refusalText({ status, kind }) {
  const why = {
    variant: "this leaderboard does not rank games under these rules.",
    deal: "this leaderboard does not rank this deal.",
    position: "this leaderboard does not rank games from this position.",
    times: "this leaderboard ranks only games that keep the time of every action, and this one does not.",
    "too-fast": "some actions came faster than a person plays, and this leaderboard ranks only games at a person's pace.",
    "too-many-actions": "the game has more actions than this leaderboard ranks.",
    "too-large": "the game's record is larger than this leaderboard takes.",
    claims: "the leaderboard's replay of the game does not agree with its score, moves or result.",
    illegal: "the leaderboard could not replay the game.",
    disputed: "the leaderboard's replay of the game does not agree with its score, moves or result.",
    malformed: "the leaderboard could not read the game's record.",
    name: "the leaderboard does not take this name: choose another in New game….",
    closed: "this leaderboard is closed.",
  }[kind];
  if (why) return `Not ranked: ${why}`;
  if (status === 0 || status === 502 || status === 503 || status === 504 || status === 429) return "Not ranked: the leaderboard does not answer now.";
  return "Not ranked: the leaderboard did not take the game.";
}

/** The first `limit` entries of the ranking of entry's board and key. */
export async function ranking(entry, limit = 10) {
  const q = new URLSearchParams({ key: entry.key, board: entry.board, limit: String(limit) });
  const res = await fetch(`${base}/ranking?${q}`);
  if (!res.ok) throw new Error(`ranking: ${res.status} ${res.statusText}`);
  return (await res.json()).entries;
}
