#!/bin/bash
# Version 40, run A (see history/v40-start/PREDICTION.txt): the batched walker and the batched first claim.
cd .device/s21
chmod +x bin/*
L=$OUT/v40-walk.txt
{
echo "# Version 40 (session 21, 2026-11-30), run A on the H200: builds of build/scan.cu (v39 = the product; bw, bc6,"
echo "# bc3, bwbc6 from mkvariant8.py, history/v40-start) with drive.cu (history/v39-start); 'auto5': SCAN_AUTO through"
echo "# scan_forward (auto), the same kernel on a workspace allocated once (pre) and the streaming kernel, interleaved"
echo "# sample by sample, five calls an event pair, median of 15; builds alternate round by round."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288" "2048 65536"; do
  for b in bw bc6 bc3 bwbc6; do
    echo "#   $b $s: $(timeout 30 bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Part auto5"
for rep in 1 2 3 4 5; do for b in v39 bw bc6 bc3 bwbc6; do timeout 30 bin/$b $b $rep auto5; done; done
} > $L 2>&1
grep -c ' in ' $L; grep 'check\|FAIL\|rror' $L | grep -v correct | head
echo "after side runs: $SECONDS s"
for b in bw bwbc6; do { timeout 100 bin/$b x 0 cli check gpu-l4; echo "$b gpu-l4 rc $?"; } > $OUT/$b-check.txt 2>&1; tail -1 $OUT/$b-check.txt; done
{ timeout $((560 - SECONDS)) bin/bw x 0 cli check gpu-determinism; echo "bw det rc $?"; } >> $OUT/bw-check.txt 2>&1
tail -2 $OUT/bw-check.txt
echo "done: $SECONDS s"
