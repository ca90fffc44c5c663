#!/bin/bash
# Version 40, run D (see history/v40-start/PREDICTION.txt): five and seven stages, a launch that is not cooperative.
cd .device/s21
chmod +x bin/*
L=$OUT/v40-walk4.txt
{
echo "# Version 40 (session 21, 2026-11-30), run D on the H200: builds of build/scan.cu (v39 = the product; st5, st7,"
echo "# nc, h32 from mkvariant8.py, history/v40-start) with drive.cu (history/v39-start); 'auto5' as in run A."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288" "2048 65536"; do
  for b in st5 st7 nc; do
    echo "#   $b $s: $(timeout 30 bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Part auto5"
for rep in 1 2 3 4 5; do for b in v39 st5 st7 nc h32; do timeout 30 bin/$b $b $rep auto5; done; done
} > $L 2>&1
grep -c ' in ' $L; grep 'check\|FAIL\|rror' $L | grep -v correct | head
echo "after side runs: $SECONDS s"
{ timeout 100 bin/st5 x 0 cli check gpu-l4; echo "st5 gpu-l4 rc $?"; } > $OUT/st5-check.txt 2>&1; tail -1 $OUT/st5-check.txt
echo "done: $SECONDS s"
