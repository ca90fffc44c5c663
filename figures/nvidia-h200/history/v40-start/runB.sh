#!/bin/bash
# Version 40, run B (see history/v40-start/PREDICTION.txt): the batched walker with a probe that does not wait.
cd .device/s21
chmod +x bin/*
L=$OUT/v40-walk2.txt
{
echo "# Version 40 (session 21, 2026-11-30), run B on the H200: builds of build/scan.cu (v39 = the product; bw, bc3,"
echo "# bwbc3 from mkvariant8.py as of run B, history/v40-start) with drive.cu (history/v39-start); 'auto5' as in run A."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288" "2048 65536"; do
  for b in bw bwbc3; do
    echo "#   $b $s: $(timeout 30 bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Part auto5"
for rep in 1 2 3 4 5; do for b in v39 bw bc3 bwbc3; do timeout 30 bin/$b $b $rep auto5; done; done
} > $L 2>&1
grep -c ' in ' $L; grep 'check\|FAIL\|rror' $L | grep -v correct | head
echo "after side runs: $SECONDS s"
{ timeout 100 bin/bw x 0 cli check gpu-l4; echo "bw gpu-l4 rc $?"; } > $OUT/bw-check.txt 2>&1; tail -1 $OUT/bw-check.txt
echo "done: $SECONDS s"
