// The bundled page's entry: plays the game and posts what came of it (or the
// error) to the test's server at /result.
import { play } from "./game.mjs";

function post(body) {
  return fetch("/result", { method: "POST", body: JSON.stringify(body) });
}

play().then(post, (e) => post({ error: String(e && e.stack ? e.stack : e) }));
