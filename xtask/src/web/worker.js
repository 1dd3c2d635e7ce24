// scorecheck's checker in a Web Worker: the page posts the compiled module once ({module}),
// then one request at a time ({id, text, seconds}); the worker answers {id, answer, ms} with the
// facade's JSON text and the milliseconds the check took, or {id, failure} when the module
// trapped. The page never waits on it: Cancel terminates this worker and starts a new one.
// The module's interface (crates/wasm): scorecheck_alloc(len) -> ptr, scorecheck_free(ptr, len),
// scorecheck_check(ptr, len, time_limit_seconds) -> (result_ptr << 32) | result_len, and the
// import env.scorecheck_now_ms, a monotonic clock in milliseconds.
"use strict";
let compiled = null;
let instance = null;

function instantiate() {
  instance = new WebAssembly.Instance(compiled, {env: {scorecheck_now_ms: () => performance.now()}});
}

// The facade's answer to this request text, as JSON text; seconds (≤ 0: none) is the time
// limit a request's own time_limit replaces.
function check(text, seconds) {
  if (instance === null) instantiate();
  const exports = instance.exports;
  const bytes = new TextEncoder().encode(text);
  const ptr = exports.scorecheck_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  let packed;
  try {
    packed = exports.scorecheck_check(ptr, bytes.length, seconds);
  } catch (error) {
    // A trap leaves the module's memory in an unknown state: the next request gets a new one.
    instance = null;
    throw error;
  }
  exports.scorecheck_free(ptr, bytes.length);
  const resultPtr = Number(BigInt.asUintN(64, packed) >> 32n);
  const resultLen = Number(BigInt.asUintN(64, packed) & 0xffffffffn);
  const answer = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, resultPtr, resultLen));
  exports.scorecheck_free(resultPtr, resultLen);
  return answer;
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
    const started = performance.now();
    const answer = check(message.text, message.seconds);
    self.postMessage({id: message.id, answer, ms: performance.now() - started});
  } catch (error) {
    self.postMessage({id: message.id, failure: String((error && error.message) || error)});
  }
};
