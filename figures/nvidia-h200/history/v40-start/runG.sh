#!/bin/bash
# Version 40, run G: the suites after the code review's fixes (host code and tests), and a broken build (mheld: the
# held kernel run in the filled half, the record kept) that the handover case must catch (a hang or a failure).
chmod +x build/scan .device/s21/bin/*
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
{ timeout 300 build/scan check gpu-streams gpu-auto gpu-l4 gpu-contract; echo "product suites rc $?"; } > $OUT/v40-review.txt 2>&1
grep -v '^  ok' $OUT/v40-review.txt | tail -8
echo "after product: $SECONDS s"
{ timeout 40 .device/s21/bin/mheld check gpu-streams; echo "mheld gpu-streams rc $? (124: timed out, a hang)"; } > $OUT/mheld.txt 2>&1
tail -4 $OUT/mheld.txt
echo "done: $SECONDS s"
