#!/bin/bash
# Version 38, run C: holders that scan, and the start set up sooner (see PREDICTION.txt).
cd .device/s19
chmod +x bin/*
L=$OUT/v38-hold.txt
{
echo "# Version 38 (experiments), on the H200 (session 19, 2026-11-30), run C. Builds of build/scan.cu through mkvariant3.py,"
echo "# mkvariant4.py and mkvariant5.py (figures/nvidia-h200/history/v38-start) with ringstart.cu: v38 = the product; hs ="
echo "# the composers find only their part's total and write nothing back, and each holder warp scans its part in registers"
echo "# once it has freed the stage; st = the barriers set up before the workspace fill, and ring block k's first tile is"
echo "# tile k, the ticket starting past them; hsst = both. 'fit' and 'auto5' as in run B."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288" "1 1048576"; do
  for b in hs st hsst; do
    echo "#   $b $s: $(bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Fixed cost and rate"
for rep in 1 2 3 4 5; do
  for b in v38 hs st hsst; do bin/$b $b $rep fit 2>&1; done
  for b in v38 hsst; do bin/$b $b $rep auto5 2>&1; done
done
echo "# Stamps"
bin/stampshs stampshs 0 stamps $OUT/stampshs.bin 2>&1
} > $L 2>&1
timeout 200 bin/hsst x 0 cli check gpu-l4 gpu-determinism > $OUT/hsst-check.txt 2>&1
echo "hsst check rc $?" >> $OUT/hsst-check.txt
grep -v '^  ok' $OUT/hsst-check.txt | tail -5
grep -c 'correct' $L; grep -v '^rep\|^#   [a-z0-9]* [0-9]' $L | tail -3
