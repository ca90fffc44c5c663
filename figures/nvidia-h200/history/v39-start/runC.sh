#!/bin/bash
# Version 39, run C (see PREDICTION.txt): a quieter walker.
cd .device/s20
chmod +x bin/*
L=$OUT/v39-polls.txt
{
echo "# Version 39 (session 20, 2026-11-30), run C on the H200: builds of build/scan.cu (v39 = the product; qk4, qk16 and"
echo "# l2 from mkvariant6.py, history/v39-start) with drive.cu; 'auto5' as in run A, builds alternating round by round."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288"; do
  for b in qk4 qk16 l2; do
    echo "#   $b $s: $(bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Part auto5"
for rep in 1 2 3 4 5 6; do for b in v39 qk4 qk16 l2; do bin/$b $b $rep auto5; done; done
} > $L 2>&1
grep -c ' in ' $L; grep -c correct $L; grep 'FAIL\|rror' $L | head -3
echo "after side runs: $SECONDS s"
for b in qk4 qk16; do { timeout 60 bin/$b x 0 cli check gpu-l4; echo "$b gpu-l4 rc $?"; } > $OUT/$b-check.txt 2>&1; tail -1 $OUT/$b-check.txt; done
echo "done: $SECONDS s"
