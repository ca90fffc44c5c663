#!/bin/bash
# Version 35's final run, part A: make check, the ring with fewer blocks than it used to need, make sanitize.
nvidia-smi --query-gpu=name,driver_version,clocks.current.sm,clocks.current.memory,power.draw,temperature.gpu --format=csv > $OUT/env.txt
{ time make check; } > $OUT/check.log 2>&1
tail -4 $OUT/check.log
G=$OUT/v35-grid.txt
{
echo "# Version 35 (session 18, 2026-11-30): the ring's progress with few blocks. build/scan.cu with the cooperative launch's grid"
echo "# forced by RING_FORCE_GRID (figures/nvidia-h200/history/v35-look/grid.patch): the chain block and 1 to 4 ring blocks,"
echo "# where versions 33 and 34 (no look) needed 5; 'scan run l4-ring ROWS LEN --check-only' under a 120 s timeout each."
chmod +x .device/s18/bin/scan-grid
for g in 2 3 4 5; do
  for s in "1 2097152" "3 700416" "64 65536"; do
    out=$(RING_FORCE_GRID=$g timeout 120 .device/s18/bin/scan-grid run l4-ring $s --check-only 2>&1 | tail -1); rc=$?
    echo "grid $g ($((g-1)) ring blocks), $s: rc $rc: $out"
  done
done
} > $G 2>&1
cat $G | cut -c1-200
{ time make sanitize; } > $OUT/sanitize.log 2>&1
tail -5 $OUT/sanitize.log
