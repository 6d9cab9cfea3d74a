# Installs the Debian packages HanJul needs when they are missing. Sourced by the
# other scripts; safe to run again (it only installs what is absent).
#   liblua5.4-dev, pkg-config  the Lua 5.4 library mods run in
#   lua-check                  luacheck, which checks the Lua in Mods/
#   python3                    drives the terminal tests through a pseudo-terminal
#   strace                     injects write/fsync/rename failures in the durable-file tests
# and, for the one end-to-end test in a real terminal (KittyEndToEndTests), if they can be
# installed (the test is cancelled, saying why, when they cannot):
#   kitty xvfb xterm xdotool imagemagick (xterm: XtermEndToEndTests)
#   zlib1g-dev                 zlib, which `hanjul stats` reads gzipped JSONL with
#   munge, slurmctld, slurmd, slurm-client
#                              the private single-node Slurm the job-array test starts
#                              (Tests/slurm/cluster.sh; loopback only)
#   librsvg2-bin               rsvg-convert, which renders the compare charts in a test
#   man-db, zsh, fish          render the man page (man -l) and run the completions in each shell
#   desktop-file-utils         checks the installed .desktop entry (desktop-file-validate)

hanjul_missing_packages() {
    local missing=()
    pkg-config --exists lua5.4 2>/dev/null || missing+=(liblua5.4-dev pkg-config)
    command -v luacheck >/dev/null 2>&1 || missing+=(lua-check)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    command -v strace >/dev/null 2>&1 || missing+=(strace)
    pkg-config --exists zlib 2>/dev/null || missing+=(zlib1g-dev)
    PATH="$PATH:/usr/sbin:/sbin" command -v munged >/dev/null 2>&1 || missing+=(munge)
    PATH="$PATH:/usr/sbin:/sbin" command -v slurmctld >/dev/null 2>&1 || missing+=(slurmctld)
    PATH="$PATH:/usr/sbin:/sbin" command -v slurmd >/dev/null 2>&1 || missing+=(slurmd)
    command -v sbatch >/dev/null 2>&1 || missing+=(slurm-client)
    command -v rsvg-convert >/dev/null 2>&1 || missing+=(librsvg2-bin)
    command -v man >/dev/null 2>&1 || missing+=(man-db)
    command -v zsh >/dev/null 2>&1 || missing+=(zsh)
    command -v fish >/dev/null 2>&1 || missing+=(fish)
    command -v desktop-file-validate >/dev/null 2>&1 || missing+=(desktop-file-utils)
    echo "${missing[@]}"
}

hanjul_install_deps() {
    local missing
    missing=$(hanjul_missing_packages)
    [ -z "$missing" ] && return 0
    echo "HanJul needs these Debian packages: $missing" >&2
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo="sudo"
        else
            echo "error: not root and no sudo; install them with: apt-get install $missing" >&2
            return 1
        fi
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: no apt-get here; install Lua 5.4 (with pkg-config file lua5.4), luacheck and python3 with your package manager" >&2
        return 1
    fi
    # shellcheck disable=SC2086
    $sudo apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null || {
        echo "error: could not install: $missing (try: apt-get install $missing)" >&2
        return 1
    }
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
