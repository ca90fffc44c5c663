#!/bin/bash
# Version 38, run B: the composers and holders of the ring, and the host's cost of a call (see PREDICTION.txt).
cd .device/s19
chmod +x bin/*
L=$OUT/v38-ring.txt
{
echo "# Version 38 (experiments), on the H200 (session 19, 2026-11-30), run B. Builds of build/scan.cu through mkvariant3.py"
echo "# and mkvariant4.py (figures/nvidia-h200/history/v38-start) with ringstart.cu: v38 = the product (the launcher's"
echo "# questions asked once a device); v38u = the same before that; c8 = eight composer warps, 512 elements each; u8 = the"
echo "# composer's loop unrolled 8; h4 = four holder groups. 'fit': ten back-to-back calls of l4_ring_launch (workspace"
echo "# allocated once) between one event pair, median of 15 samples; 'auto5': five scan_forward(SCAN_AUTO) calls an event"
echo "# pair, as the benchmark samples, median of 15; 'host': the host's time to issue one call with the GPU busy."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288" "1 1048576"; do
  for b in c8 u8 h4; do
    echo "#   $b $s: $(bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Host"
for rep in 1 2 3; do for b in v38u v38; do bin/$b $b $rep host 2>&1; done; done
echo "# Fixed cost and rate"
for rep in 1 2 3 4 5; do
  for b in v38 c8 u8 h4; do bin/$b $b $rep fit 2>&1; done
  for b in v38u v38; do bin/$b $b $rep auto5 2>&1; done
done
echo "# Stamps"
bin/stampsc8 stampsc8 0 stamps $OUT/stampsc8.bin 2>&1
} > $L 2>&1
timeout 200 bin/c8 x 0 cli check gpu-l4 gpu-determinism > $OUT/c8-check.txt 2>&1
echo "c8 check rc $?" >> $OUT/c8-check.txt
grep -v '^  ok' $OUT/c8-check.txt | tail -5
grep -c 'correct' $L; grep -v '^rep\|^#   [a-z0-9]* [0-9]' $L | tail -12
