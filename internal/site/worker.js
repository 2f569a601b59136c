// The Web Worker of xcover's static site: it runs the search engine, compiled to
// WebAssembly, off the page's thread, and answers the page's requests of the server's JSON
// API ({id, method, path, body}) with {id, status, headers, body}. Before it can, it says
// {ready: true}, or {fatal: message} if the engine cannot start.
"use strict";
let ready;
const started = new Promise((resolve) => { ready = resolve; });
self.xcoverReady = () => ready();
const queue = [];
self.onmessage = (e) => { queue.push(e.data); started.then(drain); };
function drain() {
  while (queue.length) {
    const m = queue.shift();
    self.xcoverRequest(m.method, m.path, m.body || "", (status, headers, body) => {
      self.postMessage({ id: m.id, status, headers: JSON.parse(headers), body });
    });
  }
}
(async () => {
  try {
    if (typeof WebAssembly !== "object") throw new Error("this browser runs no WebAssembly");
    importScripts("wasm_exec.js");
    const go = new Go();
    const res = await fetch("xcover.wasm");
    if (!res.ok) throw new Error("xcover.wasm: " + res.status + " " + res.statusText);
    const { instance } = await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject);
    go.run(instance).then(() => self.postMessage({ fatal: "the engine stopped" }));
    await started;
    self.postMessage({ ready: true });
  } catch (e) {
    self.postMessage({ fatal: String(e && e.message || e) });
  }
})();
