#!/bin/bash
# Version 39, run B (see PREDICTION.txt): two walkers (w2), and two walkers with holders that scan (w2hs).
cd .device/s20
chmod +x bin/*
L=$OUT/v39-walkers.txt
{
echo "# Version 39 (session 20, 2026-11-30), run B on the H200: builds of build/scan.cu (v39 = the product; w2 and w2hs"
echo "# from mkvariant6.py, history/v39-start) with drive.cu; 'auto5' as in run A, builds alternating round by round."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288" "2048 65536"; do
  for b in w2 w2hs; do
    echo "#   $b $s: $(bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Part auto5"
for rep in 1 2 3 4 5 6 7; do bin/v39 v39 $rep auto5; bin/w2 w2 $rep auto5; bin/w2hs w2hs $rep auto5; done
} > $L 2>&1
grep -c ' in ' $L; grep 'check\|FAIL\|rror' $L | head
echo "after side runs: $SECONDS s"
for b in w2 w2hs; do { timeout 100 bin/$b x 0 cli check gpu-l4; echo "$b gpu-l4 rc $?"; } > $OUT/$b-check.txt 2>&1; tail -1 $OUT/$b-check.txt; done
{ timeout 150 bin/w2hs x 0 cli check gpu-determinism gpu-auto; echo "w2hs det auto rc $?"; } >> $OUT/w2hs-check.txt 2>&1
tail -1 $OUT/w2hs-check.txt
echo "done: $SECONDS s"
