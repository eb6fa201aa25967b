# Rebalance Lab: set-up, build, run and test in one command each (see README.md).
#   make run    install what is missing, build, launch the desktop app on the default scenario
#   make test   install what is missing, build, run every test (offscreen)
#   make build  install what is missing and build
#   make bench  build and run the benchmarks; figures in build/bench/results.json
#   make package  build the Debian packages into build/package (see "Install" in README.md)

BUILD_DIR  ?= build
BUILD_TYPE ?= RelWithDebInfo
CMAKE      ?= cmake
CTEST      ?= ctest
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

# ccache, when installed, makes a rebuild in a fresh clone (CI's) cost cache look-ups instead of a
# whole compile; paths are taken relative to the source folder so clones anywhere share the cache.
CCACHE     := $(shell command -v ccache 2>/dev/null)
CMAKE_LAUNCHER := $(if $(CCACHE),-DCMAKE_CXX_COMPILER_LAUNCHER=$(CCACHE))
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

# Debian 12 packages the build, the tests and the app need. libqt6opengl6-dev is listed
# because Qt6Charts' CMake package needs Qt6OpenGL and Debian only recommends it.
DEBIAN_PACKAGES := cmake ninja-build g++ make \
	qt6-base-dev qt6-base-dev-tools qt6-charts-dev libqt6opengl6-dev qt6-svg-dev \
	qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n \
	libgl-dev fonts-noto-cjk ccache

.PHONY: all deps configure build run test bench clean distclean install-deps

all: build

# Installs only what is missing: through apt-get as root, through sudo otherwise.
deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "Installing missing Debian packages:$$missing"; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; \
	elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; \
	else echo "error: these Debian packages are missing:$$missing" >&2; \
	     echo "       install them as root: apt-get install$$missing" >&2; exit 1; fi; \
	if ! command -v apt-get >/dev/null 2>&1; then \
		echo "error: apt-get not found; install these packages by hand:$$missing" >&2; exit 1; fi; \
	$$SUDO apt-get update -q && \
	DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing || { \
		echo "error: could not install:$$missing (are you root or in sudoers, and online?)" >&2; exit 1; }

install-deps: deps

$(BUILD_DIR)/build.ninja: CMakeLists.txt | deps
	$(CMAKE) -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_LAUNCHER)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/bin/rebalance-lab $(ARGS)

test: build
	QT_QPA_PLATFORM=offscreen $(CTEST) --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS) -LE bench

bench: build
	@mkdir -p $(BUILD_DIR)/bench
	@rm -f $(BUILD_DIR)/bench/results.json
	QT_QPA_PLATFORM=offscreen $(CTEST) --test-dir $(BUILD_DIR) --output-on-failure -L bench
	@echo "Benchmark figures: $(BUILD_DIR)/bench/results.json"
	@cat $(BUILD_DIR)/bench/results.json

clean:
	-$(CMAKE) --build $(BUILD_DIR) --target clean

distclean:
	rm -rf $(BUILD_DIR)

# --- Debian packages (cmake/packaging.cmake) ------------------------------------------------
# dpkg-shlibdeps (dpkg-dev) lists the Qt runtime packages in Depends; CPack's DEB generator
# runs `file` to find the programs and libraries it must look at.
PACKAGE_DEBIAN_PACKAGES := dpkg-dev file
PACKAGE_DIR := $(BUILD_DIR)/package

.PHONY: package package-deps

package-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="$(PACKAGE_DEBIAN_PACKAGES)"

# make test runs the package_deb test (label package), which builds the packages: the same tools.
test: package-deps

package: build package-deps
	rm -f $(PACKAGE_DIR)/*.deb
	cd $(BUILD_DIR) && cpack -G DEB -B "$(abspath $(PACKAGE_DIR))"
	@echo "Debian packages:"
	@ls -1 $(PACKAGE_DIR)/*.deb
