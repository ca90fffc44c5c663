#!/bin/bash
# Version 38, run A: the ring's start and end (see PREDICTION.txt).
cd .device/s19
chmod +x bin/*
L=$OUT/v38-start.txt
{
echo "# Version 38 (diagnostic and experiments), on the H200 (session 19, 2026-11-30): the ring's start and end. Builds of"
echo "# build/scan.cu through mkvariant3.py (figures/nvidia-h200/history/v38-start) with ringstart.cu: v38 = the product's ring"
echo "# (the host tells the kernel whether blocks share the chain's SM); early = each ring block copies its first six tiles,"
echo "# fixed by block (tile u x R + k), before the workspace fill and the grid-wide wait, the ticket then starting past them;"
echo "# plain = launched without the cooperative attribute (measurement only). 'fit': ten back-to-back calls of"
echo "# l4_ring_launch (workspace allocated once) between one event pair, median of 15 samples, builds interleaved, five rounds."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Checks (--check-only)"
for s in "1 134217728" "1 8388608" "64 2097152" "512 262144" "3 20480" "2 270336" "7 12288"; do
  for b in v38 early plain; do
    echo "#   $b $s: $(bin/$b x 0 cli run l4-ring $s --check-only 2>&1 | tail -1 | cut -c1-200)"
  done
done
echo "# Fixed cost and rate"
for rep in 1 2 3 4 5; do
  for b in v38 early plain; do bin/$b $b $rep fit 2>&1; done
done
echo "# Stamps"
bin/stamps stamps 0 stamps $OUT/stamps.bin 2>&1
bin/stampse stampse 0 stamps $OUT/stampse.bin 2>&1
} > $L 2>&1
timeout 240 bin/early x 0 cli check gpu-l4 gpu-determinism > $OUT/early-check.txt 2>&1
echo "early check rc $?" >> $OUT/early-check.txt
grep -v '^  ok' $OUT/early-check.txt | tail -8
grep -c 'correct' $L; grep 'stamps' $L
