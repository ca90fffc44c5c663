#!/bin/bash
# Version 39, run F: the record of the halves as one index and one count; the product's suites that use the kept
# workspace, and the streams suite's handover case on two broken builds of the new form (mA: SCAN_AUTO's tile kernels
# run in half 0 whichever half is filled; mB: launchers without halves leave the record as it was).
cd .device/s20
chmod +x bin/*
L=$OUT/v39-record.txt
{ echo "# Part v39s"; timeout 120 bin/v39s x 0 cli check gpu-streams gpu-auto gpu-l4; echo "v39s rc $?"; } >> $L 2>&1
tail -1 $L
for b in mA mB; do
  { echo "# Part $b"; timeout 60 bin/$b x 0 cli check gpu-streams; echo "$b gpu-streams rc $?"; } >> $L 2>&1
  tail -1 $L
done
grep -v '^  ok' $L | head -30
echo "done: $SECONDS s"
