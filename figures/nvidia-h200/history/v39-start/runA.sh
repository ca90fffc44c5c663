#!/bin/bash
# Version 39, run A (see PREDICTION.txt): suites, the broken build, the bench, auto5 and choice side runs.
cd .device/s20
chmod +x bin/*
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
{ timeout 150 bin/v39 x 0 cli check gpu-auto gpu-l4 gpu-streams; echo "v39 suites rc $?"; } > $OUT/v39-check.txt 2>&1
grep -v '^  ok' $OUT/v39-check.txt | tail -6
echo "after v39 suites: $SECONDS s"
{ timeout 60 bin/nofill x 0 cli check gpu-auto; echo "nofill gpu-auto rc $?";
  timeout 40 bin/nofill x 0 cli check gpu-l4; echo "nofill gpu-l4 rc $?"; } > $OUT/nofill-check.txt 2>&1
grep -v '^  ok' $OUT/nofill-check.txt | grep -i 'fail\|rc\|passed' | tail -6
echo "after nofill: $SECONDS s"
bin/v39 x 0 cli bench --out $OUT/bench.json > $OUT/bench.txt 2>&1
grep -A12 'time per call' $OUT/bench.txt | cut -c1-150
echo "after bench: $SECONDS s"
L=$OUT/v39-start.txt
{
echo "# Version 39 (session 20, 2026-11-30), run A on the H200: builds of build/scan.cu (v39 = the product, the kept"
echo "# workspace in halves; fb = mkvariant6.py fb, first tile by block) with drive.cu (history/v39-start). 'auto5':"
echo "# SCAN_AUTO through scan_forward (auto), the same kernel on a workspace allocated once (pre: fills its states and"
echo "# waits for the grid) and the streaming kernel, interleaved sample by sample, five calls an event pair, median of"
echo "# 15; builds alternate round by round. 'choice': l4-ring and l4-rows (kept workspace) and streaming, likewise."
sed 's/^/# GPU (idle, before the run): /' $OUT/gpu.txt
echo "# Part auto5"
for rep in 1 2 3 4 5; do bin/v39 v39 $rep auto5; bin/fb fb $rep auto5; done
echo "# Part choice"
for rep in 1 2 3; do bin/v39 v39 $rep choice; done
} > $L 2>&1
grep -c ' in ' $L
echo "after side runs: $SECONDS s"
{ timeout 120 bin/fb x 0 cli check gpu-l4; echo "fb gpu-l4 rc $?"; } > $OUT/fb-check.txt 2>&1
tail -2 $OUT/fb-check.txt
{ timeout $((560 - SECONDS)) bin/v39 x 0 cli check gpu-determinism; echo "v39 det rc $?"; } >> $OUT/v39-check.txt 2>&1
tail -2 $OUT/v39-check.txt
echo "done: $SECONDS s"
