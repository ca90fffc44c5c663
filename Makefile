# The literate scan: one noweb source, scan.nw, tangled into build/scan.cu
# (and a few companions) and woven into build/scan.html and build/scan.pdf.
# README.md lists the targets.

NVCC      ?= nvcc
# The architecture of the GPU that is present, or a portable one when none
# answers; `make ARCH=sm_90` overrides both.
ARCH      ?= $(shell nvidia-smi -L >/dev/null 2>&1 && echo native || echo sm_75)
NVCCFLAGS ?= -O3 -std=c++17 -lineinfo -arch=$(ARCH) -Xcompiler -fopenmp,-Wall
LDLIBS    ?= -lgomp -ldl
PYTHON    ?= python3
COMPANIONS = build/weave.py build/results.py build/figures.gp build/peers.py \
             build/book.yaml build/book.css build/book.html build/latex.sh \
             build/scan_torch.py build/scan_torch.cu build/torch_test.py build/train.py \
             build/peers_backward.py build/peers_selective.py build/mamba_forward.cpp

.PHONY: all check bench bench-student peers doc figures readme sanitize torch-test \
        train clean
.DELETE_ON_ERROR:

all: build/scan doc

# --- tangle -----------------------------------------------------------------
# build/scan.cu is committed, so that a machine without noweb (the GPU
# machine, say) builds from it.  Where notangle exists it is re-tangled, to a
# temporary file first, since notangle writes partial output on error.
build/scan.cu: scan.nw
	@mkdir -p build
	@if command -v notangle >/dev/null 2>&1; then \
	  notangle -L -Rscan.cu scan.nw > build/scan.cu.tmp && \
	  mv build/scan.cu.tmp build/scan.cu; \
	else \
	  echo "make: notangle not found; building from the committed build/scan.cu"; \
	  touch build/scan.cu; \
	fi

$(COMPANIONS): scan.nw
	@mkdir -p build
	@command -v notangle >/dev/null 2>&1 || \
	  { echo "make: notangle not found (apt-get install noweb)"; exit 1; }
	@notangle -R$(notdir $@) scan.nw > $@.tmp && \
	  { cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@; }

# --- compile ----------------------------------------------------------------
build/scan: build/scan.cu
	@command -v $(NVCC) >/dev/null 2>&1 || { echo "make: nvcc not found:" \
	  "install the CUDA toolkit, or run 'make NVCC=/path/to/nvcc'"; exit 1; }
	$(NVCC) $(NVCCFLAGS) -o $@ build/scan.cu $(LDLIBS)

# The student's GPU, on this one: PTX for compute capability 8.0 only (the
# driver compiles it for the GPU present, without the Hopper paths), and level
# 4 capped at 99 KiB of shared memory a block.
STUDENT_FLAGS ?= -gencode arch=compute_80,code=compute_80 -DSCAN_SMEM_CAP_KIB=99
build/scan-student: build/scan.cu
	@command -v $(NVCC) >/dev/null 2>&1 || { echo "make: nvcc not found:" \
	  "install the CUDA toolkit, or run 'make NVCC=/path/to/nvcc'"; exit 1; }
	$(NVCC) -O3 -std=c++17 -lineinfo $(STUDENT_FLAGS) -Xcompiler -fopenmp,-Wall \
	  -o $@ build/scan.cu $(LDLIBS)

build/library_example: tests/library_example.cu build/scan.cu
	$(NVCC) -O2 -std=c++17 -arch=$(ARCH) -o $@ tests/library_example.cu

# --- the commands a reader runs ----------------------------------------------
check:
	@NVCC="$(NVCC)" tests/check.sh

bench: build/scan
	build/scan bench

# Sweeps A, B and C with SCAN_AUTO and the two copies, into figures/<gpu>/student.
bench-student: build/scan-student
	build/scan-student bench --sweeps A,B,C --kernels auto,stream,transform --build student

peers: build/peers.py build/peers_backward.py build/scan_torch.py build/scan_torch.cu \
       build/peers_selective.py build/mamba_forward.cpp
	$(PYTHON) build/peers.py
	cd build && $(PYTHON) peers_backward.py
	cd build && $(PYTHON) peers_selective.py

sanitize: build/scan
	tests/sanitize.sh

# The PyTorch face (build/scan_torch.py) against autograd through a float64 loop.
torch-test: build/scan.cu build/scan_torch.py build/scan_torch.cu build/torch_test.py
	cd build && $(PYTHON) torch_test.py

# A small model trained twice on scan.nw, with the scan and with a loop: figures/<gpu>/train.json.
train: build/scan.cu build/scan_torch.py build/scan_torch.cu build/train.py
	cd build && $(PYTHON) train.py

# --- the book -----------------------------------------------------------------
# The figures are redrawn when their data or their scripts change (a
# companion whose tangle is unchanged keeps its date); `make figures`
# redraws them regardless, tracing the diagrams anew if build/scan is built.
RESULTS = $(wildcard figures/*.tsv figures/*/*.json figures/*/*.tsv figures/*/*/*.json \
                     figures/*/*/*.txt figures/*/*/*.tsv)

figures: build/results.py build/figures.gp
	$(PYTHON) build/results.py figures
	@touch build/figures.stamp

build/figures.stamp: build/results.py build/figures.gp $(RESULTS)
	$(PYTHON) build/results.py figures
	@touch $@

doc: build/scan.html build/scan.pdf

readme: build/results.py
	$(PYTHON) tests/readme.py

build/scan.md: scan.nw build/weave.py build/results.py build/figures.stamp
	@command -v noweave >/dev/null 2>&1 || \
	  { echo "make: noweave not found (apt-get install noweb)"; exit 1; }
	noweave -n -index -backend "$(PYTHON) build/weave.py" scan.nw > $@.tmp
	@mv $@.tmp $@

PANDOC = pandoc --fail-if-warnings -s --toc --toc-depth=2 -N --highlight-style=haddock \
         --top-level-division=chapter --metadata-file=build/book.yaml \
         --resource-path=.:build

build/scan.html: build/scan.md build/book.yaml build/book.css build/book.html
	$(PANDOC) --mathml --css=build/book.css --self-contained --template=build/book.html \
	  --default-image-extension=svg -o $@ build/scan.md

build/scan.pdf: build/scan.md build/book.yaml build/latex.sh
	$(PANDOC) --default-image-extension=pdf -o build/scan.tex build/scan.md
	sh build/latex.sh build/scan.tex

clean:
	rm -rf build/figures build/figdata
	find build -mindepth 1 ! -name scan.cu -delete
