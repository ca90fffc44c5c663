#!/bin/bash
# Version 36, run A: a walker's later looks load only what is missing; holders' sleeps; seven stages.
cd .device/s18b
B=bin
L=$OUT/v36-ring.txt
chmod +x $B/*
{
echo "# Version 36 (experiments), on the H200 (session 18, 2026-11-30): small changes to version 35's ring. 'scan run l4-ring ROWS"
echo "# LEN', median of 20 calls each, builds interleaved by shape, three rounds; rows x len = 2^27. Builds from build/scan.cu"
echo "# through mkvariant2.py (figures/nvidia-h200/history/v36-ring): base = version 35's ring; reload = a walker's looks after"
echo "# its first load only the words still empty (published words never change); hs64, hs32 = holders sleep 64 or 32 ns between"
echo "# looks at their post (128 in base); st7 = seven stages; reloadhs64 = reload and hs64."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Quick checks (--check-only):"
for s in "1 134217728" "1 8388608" "4 65536" "3 20480" "64 2097152" "5 409600"; do
  for b in base reload hs64 hs32 st7 reloadhs64; do
    echo "#   $b $s: $($B/scan-$b run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Suites, reload (gpu-l4 gpu-determinism gpu-streams):"
timeout 200 $B/scan-reload check gpu-l4 gpu-determinism gpu-streams 2>&1 | grep -v '^  ok' | sed 's/^/#   reload: /'
echo "# Small changes to the ring"
for rep in 1 2 3; do
  for s in "1 134217728" "8 16777216" "64 2097152" "512 262144"; do
    for b in base reload hs64 hs32 st7 reloadhs64; do
      echo "rep$rep $b $($B/scan-$b run l4-ring $s 2>&1 | tail -1)"
    done
  done
done
} > $L 2>&1
grep -c correct $L; grep -i 'fail\|wrong\|error:' $L | head
