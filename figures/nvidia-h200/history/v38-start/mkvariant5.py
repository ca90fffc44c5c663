#!/usr/bin/env python3
"""Version 38's third set of experiment builds, from mkvariant4.py's output: RING_HS (the composers only find their
part's total, with the same warp scans, and write nothing back; each holder warp scans its part in registers, after it
has freed the stage) and RING_ST (every block sets up its barriers before the workspace fill, and ring block k takes
tile k first, without the ticket, which then starts past the first R). Both default to 0."""
import sys
src = open(sys.argv[1]).read()

def sub(old, new, count=1):
    global src
    assert src.count(old) == count, (old[:70], src.count(old))
    src = src.replace(old, new)

sub('#define RING_TILE 4096 ', '''#ifndef RING_HS
#define RING_HS 0
#endif
#ifndef RING_ST
#define RING_ST 0
#endif
#define RING_TILE 4096 ''')
sub('''static __device__ segment ring_compose_part(float4 *xa, float4 *xb)
{''', '''/* The part's total alone, with the composer's own scans and in its order. */
static __device__ segment ring_part_total(const float4 *xa, const float4 *xb)
{
  int lane = threadIdx.x & 31;
  segment total = segment_identity();
#pragma unroll
  for (int q = 0; q < RING_CPIECES; q++) {
    int v = q * 32 + lane;
    segment x = warp_inclusive_maps(compose_vector(xa[v], xb[v]));
    segment step = {__shfl_sync(FULL_MASK, x.a, 31), __shfl_sync(FULL_MASK, x.b, 31), 0};
    total = segment_combine(total, step);
  }
  return total;
}

/* The composer's scan of a part, on a holder warp's registers. */
static __device__ __forceinline__ void ring_compose_registers(float4 (&ma)[RING_PIECES], float4 (&mb)[RING_PIECES])
{
  int lane = threadIdx.x & 31;
  segment total = segment_identity();
#pragma unroll
  for (int q = 0; q < RING_PIECES; q++) {
    segment x = warp_inclusive_maps(compose_vector(ma[q], mb[q]));
    segment before = {__shfl_up_sync(FULL_MASK, x.a, 1), __shfl_up_sync(FULL_MASK, x.b, 1), 0};
    segment step = {__shfl_sync(FULL_MASK, x.a, 31), __shfl_sync(FULL_MASK, x.b, 31), 0};
    if (lane == 0) before = segment_identity();
    write_local_maps(&ma[q], &mb[q], segment_combine(total, before));
    total = segment_combine(total, step);
  }
}

static __device__ segment ring_compose_part(float4 *xa, float4 *xb)
{''')
sub('''    segment total = ring_compose_part(sa + first, sb + first);''',
    '''    segment total = RING_HS ? ring_part_total(sa + first, sb + first) : ring_compose_part(sa + first, sb + first);''')
sub('''    __syncwarp();
    if (lane == 0) mbar_arrive(&r->empty[s]);
    
while (r->post_use''', '''    __syncwarp();
    if (lane == 0) mbar_arrive(&r->empty[s]);
    if (RING_HS) ring_compose_registers(ma, mb);
while (r->post_use''')
# RING_ST: set up first; the first claim by block
sub('''  if (early) {
    ring_setup(r);''', '''  if (RING_ST) ring_setup(r);
  if (early) {
    if (!RING_ST) ring_setup(r);''')
sub('''  if (!early) ring_setup(r);''', '''  if (!early && !RING_ST) ring_setup(r);''')
sub('''    long long g = u1 == RING_STAGES ? u * (gridDim.x - 1) + blockIdx.x - 1
                                    : (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL);''',
    '''    long long g = u1 == RING_STAGES ? u * (gridDim.x - 1) + blockIdx.x - 1
                  : RING_ST && u == 0 && !p.shared_sms ? (long long)blockIdx.x - 1
                                    : (long long)(atomicAdd(p.s.ticket, 1ULL) + 1ULL);''')
sub('''  if (RING_EARLY && !p.shared_sms && blockIdx.x == 0 && threadIdx.x == 0)
    *p.s.ticket = (unsigned long long)RING_STAGES * (gridDim.x - 1) - 1;''', '''  if (RING_EARLY && !p.shared_sms && blockIdx.x == 0 && threadIdx.x == 0)
    *p.s.ticket = (unsigned long long)RING_STAGES * (gridDim.x - 1) - 1;
  if (RING_ST && !RING_EARLY && !p.shared_sms && blockIdx.x == 0 && threadIdx.x == 0)
    *p.s.ticket = (unsigned long long)(gridDim.x - 1) - 1;''')
open(sys.argv[2], 'w').write(src)
