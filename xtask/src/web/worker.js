// scorecheck's checker in a Web Worker: the page posts the compiled module once ({module}),
// then one message at a time:
// - {id, text, seconds}: one request; the worker answers {id, answer, ms} with the facade's
//   JSON text and the milliseconds the check took;
// - {id, catalog: true}: the module's catalog of protocols, scores, datasets and bundles, as
//   {id, catalog: <JSON text>}, or {id, catalog: null} for a module without one;
// - {id, table: <CSV text>, seconds, rows}: a table of papers in the batch schema, answered as
//   {id, opened: <JSON text: {"header", "rows"} or {"error"}>}, then {id, batch: <JSON text:
//   {"rows": [...], "done"}>} per `rows` rows, each row on its own budget of `seconds`;
// - {id, document: {name, text, format?}, seconds, rows}: a paper or README, its results
//   tables extracted into that CSV table first ({id, extracted: <JSON text: {"csv", "rows"}
//   or {"error"}>}), then answered as a table.
// A trap gives {id, failure}. The page never waits on it: Cancel terminates this worker and
// starts a new one.
// The module's interface (crates/wasm): scorecheck_alloc(len) -> ptr, scorecheck_free(ptr, len),
// scorecheck_check(ptr, len, time_limit_seconds) -> (result_ptr << 32) | result_len, and, where
// the module has them, scorecheck_catalog(), scorecheck_table_open(ptr, len) /
// scorecheck_table_next(max_rows, time_limit_seconds) and scorecheck_extract(ptr, len), packed
// the same way; the import
// env.scorecheck_now_ms is a monotonic clock in milliseconds.
"use strict";
let compiled = null;
let instance = null;

function instantiate() {
  instance = new WebAssembly.Instance(compiled, {env: {scorecheck_now_ms: () => performance.now()}});
}

// The JSON text a packed (ptr << 32) | len points at, freed after reading.
function unpack(packed) {
  const exports = instance.exports;
  const resultPtr = Number(BigInt.asUintN(64, packed) >> 32n);
  const resultLen = Number(BigInt.asUintN(64, packed) & 0xffffffffn);
  const text = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, resultPtr, resultLen));
  exports.scorecheck_free(resultPtr, resultLen);
  return text;
}

// Calls an export with this text in the module's memory (and the other arguments after its
// pointer and length); the answer's JSON text.
function call(name, text, ...rest) {
  if (instance === null) instantiate();
  const exports = instance.exports;
  // Text is sent as UTF-8; bytes (a dropped table) as they are.
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  const ptr = exports.scorecheck_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  let packed;
  try {
    packed = exports[name](ptr, bytes.length, ...rest);
  } catch (error) {
    // A trap leaves the module's memory in an unknown state: the next request gets a new one.
    instance = null;
    throw error;
  }
  exports.scorecheck_free(ptr, bytes.length);
  return unpack(packed);
}

// The facade's answer to this request text, as JSON text; seconds (≤ 0: none) is the time
// limit a request's own time_limit replaces.
function check(text, seconds) {
  return call("scorecheck_check", text, seconds);
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.module) {
    compiled = message.module;
    instance = null;
    return;
  }
  try {
    // The time of the check alone: instantiating the module (once per worker) is not in it.
    if (instance === null) instantiate();
    const exports = instance.exports;
    if (message.catalog) {
      const catalog = typeof exports.scorecheck_catalog === "function" ? unpack(exports.scorecheck_catalog()) : null;
      self.postMessage({id: message.id, catalog});
      return;
    }
    if (message.document !== undefined) {
      if (typeof exports.scorecheck_extract !== "function") {
        self.postMessage({id: message.id, failure: "this build of the checker reads no documents (scorecheck_extract)"});
        return;
      }
      const extracted = call("scorecheck_extract", JSON.stringify(message.document));
      self.postMessage({id: message.id, extracted});
      const parsed = JSON.parse(extracted);
      if (parsed.error) return;
      message.table = parsed.csv;
    }
    if (message.table !== undefined) {
      if (typeof exports.scorecheck_table_open !== "function") {
        self.postMessage({id: message.id, failure: "this build of the checker has no table of papers (scorecheck_table_open)"});
        return;
      }
      const opened = call("scorecheck_table_open", message.table);
      self.postMessage({id: message.id, opened});
      if (JSON.parse(opened).error) return;
      for (;;) {
        let batch;
        try {
          batch = unpack(exports.scorecheck_table_next(message.rows || 10, message.seconds));
        } catch (error) {
          instance = null;
          throw error;
        }
        self.postMessage({id: message.id, batch});
        if (JSON.parse(batch).done) return;
      }
    }
    const started = performance.now();
    const answer = check(message.text, message.seconds);
    self.postMessage({id: message.id, answer, ms: performance.now() - started});
  } catch (error) {
    self.postMessage({id: message.id, failure: String((error && error.message) || error)});
  }
};
