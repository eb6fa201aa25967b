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
# Looked up when a recipe runs, not when make reads this file: on a fresh machine `deps` installs
# ccache first, and the first configure should already use it.
CMAKE_LAUNCHER = $$(command -v ccache >/dev/null 2>&1 && echo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1

# Debian 12 packages the build, the tests and the app need. libqt6opengl6-dev is listed
# because Qt6Charts' CMake package needs Qt6OpenGL and Debian only recommends it.
DEBIAN_PACKAGES := cmake ninja-build g++ make \
	qt6-base-dev qt6-base-dev-tools qt6-charts-dev libqt6opengl6-dev qt6-svg-dev \
	qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n \
	libgl-dev fonts-noto-cjk ccache \
	qt6-declarative-dev zlib1g-dev

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

# --- A real RocketMQ (issue 35): `rblab real-run` and the real-cluster test ---------------------
# The RocketMQ the test starts: ROCKETMQ_HOME, or ../shared/rocketmq/4.9.8 beside this folder or
# beside the repository this clone came from. When one is found, `make test` installs the Java
# development kit and the Debian packages its debian-packages.txt lists (an official binary
# distribution needs only the JDK); when none is, the test says so and is skipped.
ROCKETMQ_FOUND = $$(for d in "$$ROCKETMQ_HOME" "$(CURDIR)/../shared/rocketmq/4.9.8" \
	"$$(git -C "$(CURDIR)" config --get remote.origin.url 2>/dev/null)/../shared/rocketmq/4.9.8"; do \
	[ -n "$$d" ] && [ -d "$$d/lib" ] && { echo "$$d"; break; }; done)

# RocketMQ 5 (issue 38): ROCKETMQ5_HOME, or ../shared/rocketmq/5.3.3 found the same way; `make
# calibrate` records the corpus on each RocketMQ found, 5 with the push-vs-pop lessons too.
ROCKETMQ5_FOUND = $$(for d in "$$ROCKETMQ5_HOME" "$(CURDIR)/../shared/rocketmq/5.3.3" \
	"$$(git -C "$(CURDIR)" config --get remote.origin.url 2>/dev/null)/../shared/rocketmq/5.3.3"; do \
	[ -n "$$d" ] && [ -d "$$d/lib" ] && { echo "$$d"; break; }; done)

CALIBRATE_LESSONS ?= kill-freeze-shutdown notifications-off orderly slow-consumer-flow-control \
	topic-scale-out rolling-deploy-mixed-strategies broadcasting duplicate-client-id \
	consistent-hash-vs-avg
CALIBRATE_LESSONS_5 ?= $(CALIBRATE_LESSONS) push-vs-pop-kill push-vs-pop-more-consumers \
	push-vs-pop-slow-consumer
CALIBRATE_DIR ?= $(BUILD_DIR)/calibrate

.PHONY: real-deps real5-deps calibrate record-live

real-deps:
	@rmq=$(ROCKETMQ_FOUND); \
	if [ -z "$$rmq" ]; then echo "No RocketMQ found (ROCKETMQ_HOME, ../shared/rocketmq/4.9.8): the real-cluster test will be skipped."; exit 0; fi; \
	if [ -f "$$rmq/debian-packages.txt" ]; then pkgs=$$(grep -v '^#' "$$rmq/debian-packages.txt" | tr '\n' ' '); \
	else pkgs=default-jdk-headless; fi; \
	$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="$$pkgs"

# RocketMQ 5's packages (more of them: gRPC, protobuf): `make calibrate` plays on it, and `make
# test` starts its name server and a harness consumer (tst_harnessstart).
real5-deps:
	@rmq=$(ROCKETMQ5_FOUND); [ -n "$$rmq" ] || exit 0; \
	if [ -f "$$rmq/debian-packages.txt" ]; then pkgs=$$(grep -v '^#' "$$rmq/debian-packages.txt" | tr '\n' ' '); \
	else pkgs=default-jdk-headless; fi; \
	$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="$$pkgs"

test: real-deps real5-deps

# Plays the calibration corpus on the real RocketMQ, in real time (about 45 minutes per version;
# nothing else should load the machine meanwhile), compares each run with the engine over 20
# seeds, and packs what the checks read into tests/data/realrun/corpus-<version>/<lesson>.tar.xz
# for tst_realruncorpus. The corpus plays each lesson at the size two cores carry for real
# (tests/data/scenarios/corpus/<lesson>.json: one broker unless the lesson needs two, 300 msg/s,
# its events in order on a shorter clock). CALIBRATE_LESSONS=orderly records one lesson again.
calibrate: build real-deps real5-deps
	@rmq=$(ROCKETMQ_FOUND); rmq5=$(ROCKETMQ5_FOUND); \
	[ -n "$$rmq$$rmq5" ] || { echo "calibrate: no RocketMQ (set ROCKETMQ_HOME, ROCKETMQ5_HOME)" >&2; exit 1; }; \
	for rmq in $$rmq $$rmq5; do \
	version=$$(ls "$$rmq"/lib/rocketmq-client-*.jar | sed 's/.*rocketmq-client-\(.*\)\.jar/\1/'); \
	case $$version in 4*) lessons="$(CALIBRATE_LESSONS)";; *) lessons="$(CALIBRATE_LESSONS_5)";; esac; \
	for lesson in $$lessons; do \
		out="$(CALIBRATE_DIR)/$$version/$$lesson"; rm -rf "$$out"; \
		$(BUILD_DIR)/bin/rblab real-run "tests/data/scenarios/corpus/$$lesson.json" --rocketmq "$$rmq" \
			--out "$$out" --seeds 20; status=$$?; \
		[ $$status -le 1 ] || exit $$status; \
		tests/realrun/pack-run.sh "$$out" "tests/data/realrun/corpus-$$version/$$lesson.tar.xz" || exit 1; \
	done; done

# Ten minutes of churn on the real RocketMQ under `rblab watch --record` (issue 36), packed into
# tests/data/live/churn-<version>.tar.xz for tst_livechurn: every poll against the clients' tables.
record-live: build real-deps
	@rmq=$(ROCKETMQ_FOUND); [ -n "$$rmq" ] || { echo "record-live: no RocketMQ (set ROCKETMQ_HOME)" >&2; exit 1; }; \
	version=$$(ls "$$rmq"/lib/rocketmq-client-*.jar | sed 's/.*rocketmq-client-\(.*\)\.jar/\1/'); \
	tests/live/record-churn.sh "$$rmq" "$(BUILD_DIR)/live-churn" "$(BUILD_DIR)/bin" && \
	mkdir -p tests/data/live && cp "$(BUILD_DIR)/live-churn/churn-4.9.8.tar.xz" "tests/data/live/churn-$$version.tar.xz"

# ---- Reliability (issue 13): fuzzing, the sanitizer build, the soak, the style check ---------
#   make fuzz          runs each fuzz target FUZZ_SECONDS (libFuzzer with clang, else the
#                      deterministic mutation driver); keeps findings in tests/data/fuzz-regressions
#   make sanitize      builds engine, CLI, plugins and their tests with ASan+UBSan in
#                      $(ASAN_BUILD_DIR) and runs those tests and the fuzz regressions
#   make soak          every bundled scenario and a churn-heavy world over SOAK_SEEDS seeds
#   make format-check  every C++ file of the tree matches .clang-format (clang-format 14)
# `make test` needs none of the packages below; these targets install them when missing.
RELIABILITY_PACKAGES := clang-14 libclang-rt-14-dev clang-format-14
ASAN_BUILD_DIR ?= build-asan
FUZZ_BUILD_DIR ?= build-fuzz
FUZZ_SECONDS   ?= 300
SOAK_SEEDS     ?= 1000
CLANG_FORMAT   ?= clang-format-14
FUZZ_CXX       ?= clang++-14
# Any sanitizer report ends the process with a failure (the build adds -fno-sanitize-recover);
# the one deliberate leak is suppressed in tests/sanitizers/lsan.supp, which says why.
SANITIZER_ENV  := ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/sanitizers/lsan.supp:print_suppressions=0

.PHONY: reliability-deps fuzz sanitize soak format-check

# The same installer as `deps`, on the reliability packages.
reliability-deps:
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="$(RELIABILITY_PACKAGES)"

# libFuzzer when $(FUZZ_CXX) links -fsanitize=fuzzer here; otherwise the mutation driver of the
# ordinary build (the same flags, blind mutation).
fuzz: deps reliability-deps
	@if printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char *, unsigned long) { return 0; }\n' \
		| $(FUZZ_CXX) -x c++ -fsanitize=fuzzer - -o /dev/null 2>/dev/null; then \
		$(CMAKE) -S . -B $(FUZZ_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
			-DCMAKE_CXX_COMPILER=$(FUZZ_CXX) -DRBLAB_FUZZ=ON -DRBLAB_SANITIZE=ON -DRBLAB_BUILD_GUI=OFF && \
		$(CMAKE) --build $(FUZZ_BUILD_DIR) -j $(JOBS) --target fuzz_json fuzz_scenarioreader fuzz_allocatecase fuzz_jsanswer fuzz_importlogs && \
		$(SANITIZER_ENV) tests/fuzz/run-fuzz.sh $(FUZZ_BUILD_DIR) $(FUZZ_SECONDS); \
	else \
		echo "fuzz: no libFuzzer (clang++ -fsanitize=fuzzer); using the mutation driver"; \
		$(MAKE) --no-print-directory configure && \
		$(CMAKE) --build $(BUILD_DIR) -j $(JOBS) --target fuzz_json fuzz_scenarioreader fuzz_allocatecase fuzz_jsanswer fuzz_importlogs && \
		tests/fuzz/run-fuzz.sh $(BUILD_DIR) $(FUZZ_SECONDS); \
	fi

sanitize: deps
	$(CMAKE) -S . -B $(ASAN_BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DRBLAB_SANITIZE=ON -DRBLAB_BUILD_GUI=OFF $(CMAKE_LAUNCHER)
	$(CMAKE) --build $(ASAN_BUILD_DIR) -j $(JOBS)
	$(SANITIZER_ENV) QT_QPA_PLATFORM=offscreen $(CTEST) --test-dir $(ASAN_BUILD_DIR) \
		--output-on-failure -j $(JOBS) -LE 'bench|soak|realcluster'

soak: build
	$(BUILD_DIR)/tests/bin/rblab-soak --seeds $(SOAK_SEEDS) --jobs $(JOBS)

format-check: reliability-deps
	git ls-files -z '*.cpp' '*.h' | xargs -0 $(CLANG_FORMAT) --dry-run -Werror
