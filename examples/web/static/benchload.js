// The start of the web game as it happens: load() as app.js calls it (the
// .wasm fetched and compiled at once, WebAssembly.instantiateStreaming),
// then the first deal, from before the fetch to the first deal's state.
// The figure goes to window.figures (loadMs); examples/web/browsertest/
// figures -page benchload.html takes medians over fresh browsers.
import { load } from "/spider/index.js";

const t0 = performance.now();
const spider = await load();
spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" }).state();
window.figures = { loadMs: performance.now() - t0 };
document.getElementById("out").textContent = JSON.stringify(window.figures, null, 1) + "\n" + navigator.userAgent;
