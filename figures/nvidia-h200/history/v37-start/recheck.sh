#!/bin/bash
# Version 37, recheck after the final run's logs did not come back: the GPU suites of level 4 and SCAN_AUTO, and the
# sanitizer on the ring, from the build/scan that the final run built.
echo "OUT=$OUT"; ls /root/out 2>/dev/null | head; ls build/*.log 2>/dev/null | head
for f in check.log sanitize.log peers.log peers.json env.txt; do [ -f /root/out/$f ] && [ "$OUT" != /root/out ] && cp /root/out/$f $OUT/; done
L=$OUT/v37-recheck.txt
{
echo "# Version 37 rechecked on the H200 (session 18, 2026-11-30), the final run's own build/scan (its make check and make sanitize"
echo "# logs did not come back: the device returns at most eight files): 'build/scan check gpu-l4 gpu-auto gpu-contract"
echo "# gpu-determinism gpu-streams', then compute-sanitizer memcheck and synccheck on the ring."
timeout 110 build/scan check gpu-l4 gpu-auto gpu-contract gpu-determinism gpu-streams 2>&1
for ts in "memcheck l4-ring 3 5001" "synccheck l4-ring 3 5001" "memcheck l4 2 409600"; do
  set -- $ts
  echo "$ts: $(timeout 12 compute-sanitizer --tool $1 --error-exitcode 9 build/scan run $2 $3 $4 --check-only 2>&1 | grep -E 'ERROR SUMMARY' | tail -1)"
done
} > $L 2>&1
tail -12 $L
