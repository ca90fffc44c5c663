# Session 15, version 32: the warps' kernel with cp.async.bulk.prefetch.L2 of the group's next stride (pf1) or the
# one after (pf2), against version 23 (final). Checks first, then three interleaved rounds.
D=.device/v32; P=$OUT/progress.txt
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader > $OUT/gpu.txt
for b in pf1 pf2; do for sh in "512 262144" "2048 65536" "65536 2048" "7 12288" "3 100003 --offsets 1,2,3" "100 30001 --offsets 1,2,3"; do
  echo "$b $sh: $(timeout 20 $D/scan-$b run l4-rows $sh --check-only 2>&1 | tail -1 | cut -c1-110)" >> $P; done; done
side() { timeout 30 $D/scan-$2 run l4-rows $3 $4 2>&1 | tail -1 | sed -E "s/^(\S+):/$1 $2 (\1):/" | cut -c1-200 >> $P; }
echo "## Bulk prefetch" >> $P
for rep in 1 2 3; do for sh in "65536 2048" "8192 16384" "4096 32768" "2048 65536" "512 262144"; do
  for b in final pf1 pf2; do side rep$rep $b $sh; done; done; done
cut -c1-100 $P
