#!/bin/bash
# Version 36, run B: version 35's ring against version 34's at five lengths of one row, for a fixed cost and a rate.
cd .device/s18b
chmod +x bin/*
L=$OUT/v36-edges.txt
{
echo "# Version 36 (diagnostic), on the H200 (session 18, 2026-11-30): the ring's fixed cost and steady rate, version 35 (the"
echo "# walker's look; v35 = the product's build/scan.cu) against version 34 (v34 = its build/scan.cu, commit 15fb489). 'scan run"
echo "# l4-ring 1 N', median of 20 isolated calls each, N = 2^24 to 2^28, builds interleaved, three rounds. fit.py (history/v36-ring)"
echo "# fits time = fixed + N x per-element through the medians of the rounds; 'steady_rate_pct' is v34's per-element time over the"
echo "# build's; 'fit_worst' the largest residual."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Fixed cost and rate"
for rep in 1 2 3; do
  for n in 16777216 33554432 67108864 134217728 268435456; do
    for b in v34 v35; do
      echo "rep$rep $b $(bin/scan-$b run l4-ring 1 $n 2>&1 | tail -1)"
    done
  done
done
} > $L 2>&1
grep -c correct $L
