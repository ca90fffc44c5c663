/* build/scan.cu is a library: compiled with SCAN_NO_MAIN it brings only the
   kernels and its public entries.  This file includes it, scans three rows
   twice, with scan_forward and with scan_forward_in on a workspace of its
   own, and checks both against a plain double-precision loop.  Exit 0 when
   right, 1 when wrong, 77 when there is no GPU to run on. */
#define SCAN_NO_MAIN
#include "../build/scan.cu"

enum { ROWS = 3, LEN = 1000 };

/* The worst error of h, relative to 1 + |state|, against the loop in double. */
static double worst_error(const float *a, const float *b, const float *h)
{
  double worst = 0;
  for (int r = 0; r < ROWS; r++) {
    double state = 0;
    for (int t = 0; t < LEN; t++) {
      state = (double)a[r * LEN + t] * state + b[r * LEN + t];
      worst = fmax(worst, fabs(h[r * LEN + t] - state) / (1 + fabs(state)));
    }
  }
  return worst;
}

int main(void)
{
  static float a[ROWS * LEN], b[ROWS * LEN], h[ROWS * LEN], h_in[ROWS * LEN];
  int count = 0, driver = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {   /* as scan.nw's gpu_available tells them apart */
    if (cudaDriverGetVersion(&driver) != cudaSuccess) driver = 0;
    if (e == cudaSuccess || e == cudaErrorNoDevice || e == cudaErrorStubLibrary ||
        (e == cudaErrorInsufficientDriver && driver == 0))
      printf("library example: compiled with SCAN_NO_MAIN; not run: "
             "no NVIDIA GPU or driver found\n");
    else
      printf("library example: compiled with SCAN_NO_MAIN; not run: "
             "no usable CUDA device (%s)\n", cudaGetErrorString(e));
    return 77;
  }
  for (int i = 0; i < ROWS * LEN; i++) {
    a[i] = 0.5f + 0.5f * (float)((i * 7919) % 1000) / 1000.0f;
    b[i] = (float)((i * 104729) % 2001 - 1000) / 1000.0f;
  }
  float *da, *db, *dh;
  size_t bytes = sizeof a;
  if (cudaMalloc(&da, bytes) || cudaMalloc(&db, bytes) || cudaMalloc(&dh, bytes) ||
      cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice) ||
      cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice) ||
      scan_forward(SCAN_AUTO, da, db, dh, ROWS, LEN, 0) ||
      cudaMemcpy(h, dh, bytes, cudaMemcpyDeviceToHost)) {
    printf("library example: a CUDA call failed\n");
    return 1;
  }
  /* The two-phase form: ask the bytes, allocate them, run on them. A workspace
     one byte short, or none where bytes are needed, is refused. */
  size_t ws_bytes = scan_workspace_bytes(SCAN_AUTO, ROWS, LEN);
  void *ws = NULL;
  if ((ws_bytes && cudaMalloc(&ws, ws_bytes)) || cudaMemset(dh, 0, bytes) ||
      scan_forward_in(SCAN_AUTO, da, db, dh, ROWS, LEN, ws, ws_bytes, 0) ||
      cudaMemcpy(h_in, dh, bytes, cudaMemcpyDeviceToHost)) {
    printf("library example: a CUDA call failed on the caller's workspace\n");
    return 1;
  }
  if (ws_bytes &&
      (scan_forward_in(SCAN_AUTO, da, db, dh, ROWS, LEN, ws, ws_bytes - 1, 0) !=
           cudaErrorInvalidValue ||
       scan_forward_in(SCAN_AUTO, da, db, dh, ROWS, LEN, NULL, ws_bytes, 0) !=
           cudaErrorInvalidValue)) {
    printf("library example: scan_forward_in took a workspace it should refuse\n");
    return 1;
  }
  double worst = worst_error(a, b, h), worst_in = worst_error(a, b, h_in);
  printf("library example: SCAN_AUTO on %d rows of %d, worst error %.2g; "
         "on a workspace of %zu bytes, %.2g\n", ROWS, LEN, worst, ws_bytes, worst_in);
  return worst < 1e-5 && worst_in < 1e-5 ? 0 : 1;
}
