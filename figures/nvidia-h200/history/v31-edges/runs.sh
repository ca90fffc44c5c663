# Session 15, version 31: fixed cost and steady rate of a call on one row (edges.cu, then scan run at 2^24..2^28).
D=.device/v31; P=$OUT/progress.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
echo "## Edges" >> $P
timeout 240 $D/edges >> $P 2>&1; echo "edges rc=$?" >> $OUT/rc.txt
side() { timeout 40 $D/scan-$2 run $4 1 $3 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $P; }
echo "## Lengths" >> $P
for rep in 1 2 3; do for p in 24 25 26 27 28; do n=$((1 << p))
  side rep$rep final $n auto final-auto; side rep$rep TWK1hs $n l4-held TWK1hs-held; done; done
cut -c1-100 $P | tail -100

# The first run's 'final' lines asked scan run for a kernel named 'auto', which it does not have; the run that followed
# at once (its builds carried again) timed final and TWK1hs as l4-held:
D=.device/v31; P=$OUT/progress.txt; side() { timeout 40 $D/scan-$2 run $4 1 $3 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $P; }; echo "## Lengths" >> $P; for rep in 1 2 3; do for p in 24 25 26 27 28; do n=$((1 << p)); side rep$rep final $n l4-held final-held; side rep$rep TWK1hs $n l4-held TWK1hs-held; done; done

# Session 15, version 31, second run: edges.cu again, then scan run at 2^24..2^28 for the held kernel, the ring, and
# both with every walk answered at once (nowalk, W3w3nwL: wrong answers, timed only).
D=.device/v31; P=$OUT/progress.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
echo "## Edges" >> $P
timeout 240 $D/edges >> $P 2>&1; echo "edges rc=$?" >> $OUT/rc.txt
side() { timeout 40 $D/scan-$2 run $4 1 $3 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $5 (\1):/" | cut -c1-200 >> $P; }
echo "## Lengths" >> $P
for rep in 1 2 3; do for p in 24 25 26 27 28; do n=$((1 << p))
  for b in final TWK1hs nowalk W3w3nwL; do side rep$rep $b $n l4-held $b-held; done; done; done
grep -c WRONG $P; grep "^## Lengths" -A200 $P | cut -c1-90 | head -70

# Third run: the host's time to issue a call.
D=.device/v31; timeout 120 $D/edges host > $OUT/host.txt 2>&1

# Builds: edges as in edges.cu's comment; nowalk: build/scan.cu with nowalk.patch (every walk answered at once);
# W3w3nwL from history/v29-timeline's ringT.cu: nvcc -O3 -std=c++17 -lineinfo -arch=sm_90 -Xcompiler -fopenmp,-Wall
# -lgomp -ldl -DRINGT -DRG_LOCAL=1 -DRG_HWALK=1 -DRG_TILE=4096 -DRG_STAGES=6 -DRG_PARTS=4 -DRG_HPARTS=4 -DRG_HOLD=3
# -DRG_WALKERS=3 -DRG_NOWALK=1 -DRG_LEAN=1 -o scan-W3w3nwL ringT.cu

# Session 15, version 31, fourth run: the warps' kernel (l4-rows) at 512 and 2,048 rows, 2^24 to 2^28 elements, beside
# the streaming kernel (edges.cu) at the same sizes.
D=.device/v31; P=$OUT/progress.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
echo "## Edges" >> $P
timeout 240 $D/edges >> $P 2>&1; echo "edges rc=$?" >> $OUT/rc.txt
side() { timeout 40 $D/scan-final run l4-rows $2 $3 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $4 (\1):/" | cut -c1-200 >> $P; }
echo "## Rows" >> $P
for rep in 1 2 3; do for p in 24 25 26 27 28; do n=$((1 << p))
  side rep$rep 512 $((n / 512)) final-rows512; side rep$rep 2048 $((n / 2048)) final-rows2048; done; done
grep -c WRONG $P; grep "^## Rows" -A40 $P | cut -c1-90

# Session 15, version 31, fifth run: the lean no-walk ring walking whole rows per block (W3w3nwLR) against the same ring
# claiming in one order (W3w3nwL) and the warps' kernel (final, l4-rows), at 528 x 253952, 2112 x 61440, 512 x 262144,
# 2048 x 65536. The no-walk rings give WRONG answers (timed only).
D=.device/v31; P=$OUT/progress.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
side() { timeout 40 $D/scan-$2 run $3 $4 $5 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $6 (\1):/" | cut -c1-200 >> $P; }
echo "## Rows walked by a ring" >> $P
for rep in 1 2 3; do for sh in "528 253952" "2112 61440" "512 262144" "2048 65536"; do
  side rep$rep final l4-rows $sh final-rows; side rep$rep W3w3nwL l4-held $sh W3w3nwL-held
  side rep$rep W3w3nwLR l4-held $sh W3w3nwLR-held; done; done
cut -c1-100 $P
# W3w3nwLR: the W3w3nwL build (above) with -DRG_ROWWALK=1, ringT.cu with ring-rows.patch.

# Session 15, version 31, sixth run: edges2 (stamped streaming kernel and stamped held kernel, ten calls each).
D=.device/v31
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
for rep in 1 2 3; do timeout 60 $D/edges2 | sed "s/\$/ (rep$rep)/" >> $OUT/progress.txt; done; cat $OUT/progress.txt

# Session 15, version 31, seventh run: 'edges held' (the streaming kernel and l4-held, single calls and ten back to back)
# in four builds: version 23 (edges), its no-walk form (edges-nowalk), the ring + chain block (edges-WK1hs) and the lean
# ring with no walks (edges-W3w3nwL).
D=.device/v31; P=$OUT/progress.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
for b in edges edges-nowalk edges-WK1hs edges-W3w3nwL; do echo "## $b" >> $P
  timeout 120 $D/$b held >> $P 2>&1; echo "$b rc=$?" >> $P; done
grep -v "^rep" $P
# Builds of the seventh run (flags as in edges.cu's comment, plus): edges-nowalk -DSCAN_SOURCE='"nowalk.cu"' (build/scan.cu
# with nowalk.patch); edges-WK1hs and edges-W3w3nwL -DSCAN_SOURCE='"ringT.cu"' with the flags of the log's header.

# Session 15, version 31, eighth run: 'edges held l4-rows R' at 512 and 2,048 rows (the warps' kernel, single calls and
# ten back to back, beside the streaming kernel).
D=.device/v31; P=$OUT/progress.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
for r in 512 2048; do echo "## edges l4-rows $r" >> $P; timeout 120 $D/edges held l4-rows $r >> $P 2>&1; echo "rc=$?" >> $P; done
grep -v "^rep" $P; grep "x10" $P | head -4
