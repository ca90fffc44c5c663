#!/bin/bash
# Version 38's final run: build, bench, the ring-or-warps side run, make check, make sanitize, the peers.
set -o pipefail
{ nvidia-smi --query-gpu=name,driver_version,clocks.current.sm,clocks.current.memory,power.draw,temperature.gpu --format=csv
  make build/scan 2>&1 | tail -2; } > $OUT/bench.txt 2>&1 || { tail $OUT/bench.txt; exit 1; }
build/scan bench --out $OUT/bench.json >> $OUT/bench.txt 2>&1
grep -A12 'time per call' $OUT/bench.txt | cut -c1-150
echo "after bench: $SECONDS s"
chmod +x .device/s19/bin/choice
L=$OUT/v38-choice.txt
{
echo "# Version 38's final run on the H200 (session 19, 2026-11-30): the ring against the warps where both can run, five"
echo "# calls an event pair through run_variant (workspace from the pool each call) as the benchmark samples them, the"
echo "# ring, the warps and the streaming kernel interleaved sample by sample, median of 15 samples; three rounds. Built from"
echo "# build/scan.cu with ringstart.cu (figures/nvidia-h200/history/v38-start; its 'choice' mode)."
echo "# Ring or warps"
for rep in 1 2 3; do .device/s19/bin/choice x $rep choice 2>&1; done
} > $L
grep -c ' in ' $L
echo "after choice: $SECONDS s"
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
