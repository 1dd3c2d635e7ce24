#!/usr/bin/env python3
"""Times `scorecheck check` on every request of a JSON Lines file (each with its id), one process per
request with a 10 s limit: the verdicts counted, the slowest six, and how many took over 1 s.
Usage: time_cases.py BINARY FILE"""
import json, subprocess, sys, time, tempfile, os
binary, path = sys.argv[1], sys.argv[2]
rows = []
for line in open(path):
    req = json.loads(line); rid = req.pop("id")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(req, f); name = f.name
    t = time.perf_counter()
    out = subprocess.run([binary, "check", name, "--format", "json", "--time-limit", "10"], capture_output=True, text=True)
    dt = time.perf_counter() - t
    os.unlink(name)
    try:
        verdict = json.loads(out.stdout).get("verdict")
    except Exception:
        verdict = "error:" + out.stderr[:80]
    rows.append((dt, rid, verdict))
rows.sort(reverse=True)
from collections import Counter
print(Counter(v for _, _, v in rows))
print("slowest:", [(round(d, 3), r, v) for d, r, v in rows[:6]])
print("over 1 s:", sum(1 for d, _, _ in rows if d > 1.0), "of", len(rows))
