#!/bin/bash
# Version 37: bench against version 35 (twice each, interleaved), then make check, make sanitize, make peers.
set -o pipefail
nvidia-smi --query-gpu=name,driver_version,clocks.current.sm,clocks.current.memory,power.draw,temperature.gpu --format=csv > $OUT/env.txt
make build/scan > $OUT/make.log 2>&1 || { tail $OUT/make.log; exit 1; }
chmod +x .device/s18c/scan-v35
for rep in 1 2; do
  .device/s18c/scan-v35 bench --out $OUT/bench-v35-$rep.json > $OUT/bench-v35-$rep.txt 2>&1
  build/scan bench --out $OUT/bench-v37-$rep.json > $OUT/bench-v37-$rep.txt 2>&1
done
grep -A12 'time per call' $OUT/bench-v37-2.txt | cut -c1-150
echo "after benches: $SECONDS s"
{ time make check; } > $OUT/check.log 2>&1
tail -3 $OUT/check.log
echo "after check: $SECONDS s"
{ time make sanitize; } > $OUT/sanitize.log 2>&1
tail -3 $OUT/sanitize.log
echo "after sanitize: $SECONDS s"
{ time timeout $((585 - SECONDS)) python3 build/peers.py --out $OUT/peers.json; } > $OUT/peers.log 2>&1
tail -3 $OUT/peers.log
echo "done: $SECONDS s"
