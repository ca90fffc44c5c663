#!/bin/bash
# Version 40's final run: build, bench, make check, make sanitize, the peers.
set -o pipefail
{ nvidia-smi --query-gpu=name,driver_version,clocks.current.sm,clocks.current.memory,power.draw,temperature.gpu --format=csv
  make build/scan 2>&1 | tail -2; } > $OUT/bench.txt 2>&1 || { tail $OUT/bench.txt; exit 1; }
build/scan bench --out $OUT/bench.json >> $OUT/bench.txt 2>&1
grep -A12 'time per call' $OUT/bench.txt | cut -c1-150
echo "after bench: $SECONDS s"
{ time make check; } > $OUT/check.log 2>&1
tail -3 $OUT/check.log
tar czf $OUT/check-suites.tgz build/check-*.log 2>/dev/null
echo "after check: $SECONDS s"
{ time make sanitize; } > $OUT/sanitize.log 2>&1
tail -3 $OUT/sanitize.log
echo "after sanitize: $SECONDS s"
{ time timeout $((590 - SECONDS)) python3 build/peers.py --out $OUT/peers.json; } > $OUT/peers.log 2>&1
tail -3 $OUT/peers.log
echo "done: $SECONDS s"
