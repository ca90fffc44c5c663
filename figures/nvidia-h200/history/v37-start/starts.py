#!/usr/bin/env python3
"""Write the side-run log of version 37's final run from its four benches
(bench-v35-1, bench-v37-1, bench-v35-2, bench-v37-2, run in that order):
one line a build, kernel and shape, in the form the book's results.py reads."""
import json, sys

out = sys.stdout
out.write("# Version 37's final run on the H200 (session 18, 2026-11-30): 'scan bench' four times, alternating version 35's\n"
          "# build (v35: build/scan.cu of commit 13e9589 through v36-ring/mkvariant2.py with no flags, built here and carried) and version 37's (v37, built there by make),\n"
          "# v35 first. Each time is that bench's median of 15 interleaved samples of back-to-back calls. Written by starts.py\n"
          "# (figures/nvidia-h200/history/v37-start) from the benches' JSON, kept beside it; the last v37 bench is the final\n"
          "# bench.json.\n# The start of a call\n")
for rep in (1, 2):
    for build in ("v35", "v37"):
        d = json.load(open(f"bench-{build}-{rep}.json"))
        for s in d["shapes"]:
            for r in s["results"]:
                if r["kernel"] in ("auto", "l4-ring", "stream") and r.get("median_ms"):
                    out.write(f"rep{rep} {build}-{r['kernel']} {r['kernel']}: {s['rows']} x {s['len']} "
                              f"in {r['median_ms']:.4f} ms\n")
