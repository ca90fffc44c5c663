# The literate scan: one noweb source, scan.nw, tangled into build/scan.cu and
# woven into build/scan.html and build/scan.pdf.  README.md lists the targets.

NVCC      ?= nvcc
# The GPU's own architecture when one answers, a portable one when none does;
# `make ARCH=sm_90` overrides both.
ARCH      ?= $(shell nvidia-smi -L >/dev/null 2>&1 && echo native || echo sm_75)
NVCCFLAGS ?= -O3 -std=c++17 -lineinfo -arch=$(ARCH) \
             -Xcompiler -fopenmp,-Wall -Xptxas -warn-spills
LDLIBS    ?= -lgomp -ldl
PYTHON    ?= python3
GPU       ?=

.PHONY: all check bench peers doc figures sanitize clean tangle
.DELETE_ON_ERROR:

all: build/scan doc

# --- tangle -----------------------------------------------------------------
# build/scan.cu is committed, so a machine without noweb builds from it; where
# notangle exists the file is re-tangled (to a temporary file, because notangle
# writes partial output on error).  `make check` fails if the committed file
# differs from a fresh tangle.
build/scan.cu: scan.nw
	@mkdir -p build
	@if command -v notangle >/dev/null 2>&1; then \
	  notangle -L -Rscan.cu scan.nw > build/scan.cu.tmp && \
	  mv build/scan.cu.tmp build/scan.cu; \
	else \
	  echo "make: notangle not found; building from the committed build/scan.cu"; \
	  touch build/scan.cu; \
	fi

build/%.py build/%.gp: scan.nw
	@mkdir -p build
	@command -v notangle >/dev/null 2>&1 || \
	  { echo "make: notangle not found (apt-get install noweb)"; exit 1; }
	notangle -R$(notdir $@) scan.nw > $@.tmp && mv $@.tmp $@

tangle: build/scan.cu

# --- compile ----------------------------------------------------------------
build/scan: build/scan.cu
	@command -v $(NVCC) >/dev/null 2>&1 || { echo "make: nvcc not found:" \
	  "install the CUDA toolkit or run 'make NVCC=/path/to/nvcc'"; exit 1; }
	$(NVCC) $(NVCCFLAGS) -o $@ build/scan.cu $(LDLIBS)

# --- the two commands a reader runs ----------------------------------------
check:
	@NVCC="$(NVCC)" tests/check.sh

bench: build/scan
	build/scan bench $(if $(GPU),--out figures/$(GPU)/bench.json)
	@$(MAKE) --no-print-directory figures

peers: build/peers.py
	$(PYTHON) build/peers.py

sanitize: build/scan
	tests/sanitize.sh

# --- the book ---------------------------------------------------------------
doc: build/scan.html build/scan.pdf

figures: build/results.py build/figures.gp
	$(PYTHON) build/results.py figures

build/scan.md: scan.nw build/weave.py build/results.py $(wildcard figures/*/*.json)
	@command -v noweave >/dev/null 2>&1 || \
	  { echo "make: noweave not found (apt-get install noweb)"; exit 1; }
	noweave -n -index -backend "$(PYTHON) build/weave.py" scan.nw \
	  > build/scan.md.tmp && mv build/scan.md.tmp build/scan.md

build/scan.html: build/scan.md build/book.css
	pandoc --fail-if-warnings -s --toc --toc-depth=2 -N --mathml \
	  --metadata-file=build/book.yaml --css=book.css \
	  --resource-path=.:build --self-contained \
	  --default-image-extension=svg -o $@ build/scan.md

build/scan.pdf: build/scan.md
	pandoc --fail-if-warnings -s --toc --toc-depth=2 -N \
	  --metadata-file=build/book.yaml --resource-path=.:build \
	  --default-image-extension=pdf -o build/scan.tex build/scan.md
	tests/latex.sh build/scan.tex

build/book.css build/book.yaml: scan.nw
	@mkdir -p build
	notangle -R$(notdir $@) scan.nw > $@.tmp && mv $@.tmp $@

clean:
	rm -f build/scan build/*.tmp build/*.md build/*.html build/*.pdf \
	  build/*.tex build/*.log build/*.aux build/*.toc build/*.out \
	  build/*.py build/*.gp build/*.css build/*.yaml build/library_example
	rm -rf build/figures
