#!/bin/bash
# Version 39, run D (see PREDICTION.txt): fits and stamps, pre against halves.
cd .device/s20
chmod +x bin/*
L=$OUT/v39-halves.txt
{
echo "# Version 39 (session 20, 2026-11-30), run D on the H200: the stamped build of the product (mkvariant7.py, history/v39-start)"
echo "# with drive2.cu. 'fit': ten back-to-back calls of the ring between one event pair, median of 15 samples, the three"
echo "# kinds interleaved sample by sample: stream; stamps-pre (a workspace allocated once: fills and waits); stamps-halves"
echo "# (a kept workspace in halves: starts from states filled by the call before); one row of 2^24..2^28; three rounds."
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader | sed 's/^/# GPU (idle, before the run): /'
echo "# Part fit"
for rep in 1 2 3; do bin/stamps stamps $rep fit; done
echo "# Stamps"
bin/stamps stamps 0 stamps $OUT/stamps-pre.bin $OUT/stamps-halves.bin
} > $L 2>&1
grep -c ' in ' $L; tail -2 $L
echo "done: $SECONDS s"
