# The Debian packages HanJul needs, in three sets, installed when missing. Sourced by the
# other scripts; safe to run again (it only installs what is absent).
#
# To build (scripts/install, scripts/play; besides the Swift 6 toolchain on PATH):
#   liblua5.4-dev, pkg-config  the Lua 5.4 library mods run in
#   zlib1g-dev                 zlib, which `hanjul stats` reads gzipped JSONL with
#
# To run an installed hanjul (nothing to install here: the package manager's business):
#   liblua5.4-0 and glibc 2.36 or later (Debian 12, Ubuntu 23.04 or later)
#
# To test (scripts/test), on top of the build's:
#   lua-check                  luacheck, which checks the Lua in Mods/
#   python3                    drives the terminal tests through a pseudo-terminal
#   strace                     injects write/fsync/rename failures in the durable-file tests
#   munge, slurmctld, slurmd, slurm-client
#                              the private single-node Slurm the job-array test starts
#                              (Tests/slurm/cluster.sh; loopback only)
#   librsvg2-bin               rsvg-convert, which renders the compare charts in a test
#   man-db, zsh, fish          render the man page (man -l) and run the completions in each shell
#   desktop-file-utils         checks the installed .desktop entry (desktop-file-validate)
#   appstream                  checks the AppStream metainfo (appstreamcli validate)
#   tmux                       a real tmux for the input-fidelity test (no key release)
# and, for the one end-to-end test in a real terminal (KittyEndToEndTests), if they can be
# installed (the test is cancelled, saying why, when they cannot):
#   kitty xvfb xterm xdotool imagemagick (xterm: XtermEndToEndTests)
# The Debian package test (scripts/package-test) installs its own (debootstrap, dpkg-dev,
# debhelper, fakeroot, lintian).

# The build's packages that are missing.
hanjul_missing_build_packages() {
    local missing=()
    pkg-config --exists lua5.4 2>/dev/null || missing+=(liblua5.4-dev)
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    pkg-config --exists zlib 2>/dev/null || missing+=(zlib1g-dev)
    # pkg-config itself missing makes both checks fail: name each package once.
    printf '%s\n' "${missing[@]}" | awk 'NF && !seen[$0]++' | tr '\n' ' ' | sed 's/ $//'
}

# The tests' packages that are missing (the build's included).
hanjul_missing_test_packages() {
    local missing=()
    read -r -a missing <<<"$(hanjul_missing_build_packages)"
    command -v luacheck >/dev/null 2>&1 || missing+=(lua-check)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    command -v strace >/dev/null 2>&1 || missing+=(strace)
    PATH="$PATH:/usr/sbin:/sbin" command -v munged >/dev/null 2>&1 || missing+=(munge)
    PATH="$PATH:/usr/sbin:/sbin" command -v slurmctld >/dev/null 2>&1 || missing+=(slurmctld)
    PATH="$PATH:/usr/sbin:/sbin" command -v slurmd >/dev/null 2>&1 || missing+=(slurmd)
    command -v sbatch >/dev/null 2>&1 || missing+=(slurm-client)
    command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)
    command -v man >/dev/null 2>&1 || missing+=(man-db)
    command -v zsh >/dev/null 2>&1 || missing+=(zsh)
    command -v fish >/dev/null 2>&1 || missing+=(fish)
    command -v desktop-file-validate >/dev/null 2>&1 || missing+=(desktop-file-utils)
    command -v appstreamcli >/dev/null 2>&1 || missing+=(appstream)
    command -v tmux >/dev/null 2>&1 || missing+=(tmux)
    echo "${missing[@]}"
}

# hanjul_apt_install WHAT PACKAGE…: installs PACKAGEs with apt-get (through sudo when not
# root), or says what to install and returns 1. WHAT names the purpose in messages.
hanjul_apt_install() {
    local what=$1
    shift
    [ $# -gt 0 ] || return 0
    echo "HanJul needs these Debian packages $what: $*" >&2
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            echo "error: not root and no sudo; install them with: apt-get install $*" >&2
            return 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: no apt-get here; install the equivalents of: $* with your package manager" >&2
        return 1
    fi
    $sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null || {
        echo "error: could not install: $* (try: apt-get install $*)" >&2
        return 1
    }
}

# What building needs, and nothing more (scripts/install, scripts/play).
hanjul_install_build_deps() {
    local missing
    read -r -a missing <<<"$(hanjul_missing_build_packages)"
    hanjul_apt_install "to build" "${missing[@]}"
}

# What the tests need (scripts/test): the build's and the tests' own.
hanjul_install_test_deps() {
    local missing
    read -r -a missing <<<"$(hanjul_missing_test_packages)"
    hanjul_apt_install "to build and test" "${missing[@]}"
}

# The packages of the test in a real kitty: tried, never required (the test says when
# they are missing and is cancelled).
hanjul_optional_packages() {
    local missing=()
    command -v kitty >/dev/null 2>&1 || missing+=(kitty)
    command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
    command -v xterm >/dev/null 2>&1 || missing+=(xterm)
    command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
    command -v import >/dev/null 2>&1 || missing+=(imagemagick)
    echo "${missing[@]}"
}

hanjul_install_optional_deps() {
    local missing
    missing=$(hanjul_optional_packages)
    [ -z "$missing" ] && return 0
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null 2>&1 || { echo "note: cannot install $missing (not root); the test in a real kitty will be skipped" >&2; return 0; }
        sudo="sudo"
    fi
    command -v apt-get >/dev/null 2>&1 || { echo "note: no apt-get: the test in a real kitty will be skipped" >&2; return 0; }
    echo "installing for the test in a real kitty: $missing" >&2
    # shellcheck disable=SC2086
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing; } >/dev/null 2>&1 \
        || echo "note: could not install $missing; the test in a real kitty will be skipped" >&2
    return 0
}

# The Swift toolchain: on PATH, or the usual /opt/swift; 1 with a message when absent.
hanjul_find_swift() {
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH=/opt/swift/usr/bin:$PATH
    fi
    command -v swift >/dev/null 2>&1 && return 0
    echo "error: the Swift 6 toolchain (swift) is not on PATH; get it from https://www.swift.org/install/ (Debian has none usable)" >&2
    return 1
}
