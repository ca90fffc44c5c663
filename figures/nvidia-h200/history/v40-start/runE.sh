#!/bin/bash
# Version 40, run E (see history/v40-start/PREDICTION.txt): seven stages again, smaller tiles in more stages, and the
# ring against the warps with seven stages.
cd .device/s21
chmod +x bin/*
L=$OUT/v40-stages.txt
{
echo "# Version 40 (session 21, 2026-11-30), run E on the H200: builds of build/scan.cu (v39 = the product; st7,"
echo "# t3584s8, t3072s9 from mkvariant8.py, history/v40-start) with drive.cu (history/v39-start); 'auto5' as in run A;"
echo "# 'choice': l4-ring and l4-rows (kept workspace) and streaming, interleaved likewise, at 1,024 to 8,192 rows."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288" "2048 65536"; do
  for b in st7 t3584s8 t3072s9; do
    echo "#   $b $s: $(timeout 30 bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Part auto5"
for rep in 1 2 3 4 5; do for b in v39 st7 t3584s8 t3072s9; do timeout 30 bin/$b $b $rep auto5; done; done
echo "# Part choice"
for rep in 1 2 3; do for b in v39 st7; do timeout 30 bin/$b $b $rep choice; done; done
} > $L 2>&1
grep -c ' in ' $L; grep 'check\|FAIL\|rror' $L | grep -v correct | head
echo "after side runs: $SECONDS s"
for b in st7 t3584s8; do { timeout 100 bin/$b x 0 cli check gpu-l4; echo "$b gpu-l4 rc $?"; } > $OUT/$b-check.txt 2>&1; tail -1 $OUT/$b-check.txt; done
echo "done: $SECONDS s"
