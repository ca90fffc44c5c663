#!/bin/bash
# Version 39, run E: the streams suite's new handover case, on the product and on two broken builds (m1: SCAN_AUTO's
# tile kernels leave half 0 marked filled; m2: launchers without halves leave both marked filled).
cd .device/s20
chmod +x bin/*
for b in v39t m1 m2; do
  { echo "# Part $b"; timeout 60 bin/$b x 0 cli check gpu-streams; echo "$b gpu-streams rc $?"; } >> $OUT/v39-handover.txt 2>&1
  tail -1 $OUT/v39-handover.txt
done
grep -v '^  ok' $OUT/v39-handover.txt | head -20
echo "done: $SECONDS s"
