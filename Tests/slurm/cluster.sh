#!/usr/bin/env bash
# A private single-node Slurm cluster for the tests: munged, slurmctld and slurmd from
# Debian's packages, on loopback ports chosen free at start, with every file (key,
# sockets, state, logs) in one folder. Nothing of the machine's own Slurm or munge
# configuration is read or touched.
#
#   Tests/slurm/cluster.sh start DIR   start it; prints "SLURM_CONF=DIR/slurm.conf" when the node is idle
#   Tests/slurm/cluster.sh submit DIR SBATCH-ARGUMENT…
#                                      sbatch a job, wait for every task of it (up to 120 s),
#                                      print one line per task; exit 0 if all completed with status 0
#   Tests/slurm/cluster.sh stop DIR    stop the daemons it started (by the PIDs it recorded)
#
# Exit status: 0 ok; 1 it could not start (the reason, and the daemons' logs, on stderr);
# 77 a program is missing (install with scripts/deps.sh: munge slurmctld slurmd slurm-client).
set -uo pipefail
# (Nothing here reads or writes /dev/null: quiet output goes to files in DIR, or is captured.)

command=${1:-}
dir=${2:-}
[ -n "$command" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }

# Whether a recorded daemon still runs (a zombie waiting for its parent does not).
running() {
    local pid
    [ -f "$dir/$1.pid" ] || return 1
    pid=$(cat "$dir/$1.pid")
    [ -n "$pid" ] && [ -r "/proc/$pid/status" ] && ! grep -q '^State:.*Z' "/proc/$pid/status"
}

stop() {
    local name pid
    for name in slurmd slurmctld munged; do
        [ -f "$dir/$name.pid" ] || continue
        pid=$(cat "$dir/$name.pid")
        [ -n "$pid" ] && running "$name" && kill "$pid"
    done
    # Wait (up to 5 s) for them to go, then insist.
    for _ in $(seq 50); do
        local alive=0
        for name in slurmd slurmctld munged; do
            running "$name" && alive=1
        done
        [ "$alive" = 0 ] && break
        sleep 0.1
    done
    for name in slurmd slurmctld munged; do
        running "$name" && kill -9 "$(cat "$dir/$name.pid")"
        rm -f "$dir/$name.pid"
    done
    return 0
}

fail() {
    echo "slurm test cluster: $*" >&2
    for log in munged.log slurmctld.log slurmd.log; do
        [ -f "$dir/$log" ] && { echo "--- $log (last lines)" >&2; tail -n 15 "$dir/$log" >&2; }
    done
    stop
    exit 1
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

case "$command" in
stop)
    stop
    exit 0
    ;;
submit)
    shift 2
    export SLURM_CONF="$dir/slurm.conf" PATH="$PATH:/usr/sbin:/sbin"
    job=$(sbatch --parsable "$@") || { echo "slurm test cluster: sbatch refused the job" >&2; exit 1; }
    job=${job%%;*}
    echo "submitted job $job" >&2
    # Poll the controller (no accounting database here) until no task is pending or running.
    for _ in $(seq 1200); do
        states=$(scontrol show job -o "$job" 2>>"$dir/scontrol.err" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c | tr -s ' ')
        if [ -n "$states" ] && ! echo "$states" | grep -qE 'PENDING|RUNNING|CONFIGURING|COMPLETING|REQUEUE|SUSPENDED'; then
            scontrol show job -o "$job" | sed -E 's/.*(JobId=[0-9]+).*(ArrayTaskId=[0-9]+).*(JobState=[A-Z_]+).*(ExitCode=[0-9:]+).*/\1 \2 \3 \4/'
            if scontrol show job -o "$job" | grep -vq 'JobState=COMPLETED .*ExitCode=0:0'; then
                echo "slurm test cluster: not every task of job $job completed with status 0" >&2
                exit 1
            fi
            exit 0
        fi
        sleep 0.1
    done
    echo "slurm test cluster: job $job did not finish within 120 s: $states" >&2
    scontrol show job -o "$job" >&2
    exit 1
    ;;
start)
    # Whatever descriptors the caller left open (a test runner's pipes, say) must not live on
    # in the daemons: a parent waiting for their end of file would wait for ever.
    for fd in $(ls /proc/$$/fd); do
        [ "$fd" -gt 2 ] && eval "exec $fd>&-"
    done
    ;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac

for program in munged mungekey slurmctld slurmd sbatch sinfo python3; do
    found=$(PATH="$PATH:/usr/sbin:/sbin" command -v "$program") && [ -n "$found" ] || {
        echo "slurm test cluster: '$program' is not installed (scripts/deps.sh installs munge, slurmctld, slurmd and slurm-client)" >&2
        exit 77
    }
done
export PATH="$PATH:/usr/sbin:/sbin"
[ "$(id -u)" = 0 ] || { echo "slurm test cluster: needs root (slurmd runs jobs as their user and must be root)" >&2; exit 77; }

mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/jobs" || fail "cannot make folders in $dir"
chmod 0700 "$dir" "$dir/munge"

# munge: a fresh key, a private socket.
: >"$dir/empty"
mungekey --create --keyfile="$dir/munge/munge.key" --force >>"$dir/munged.out" 2>&1 || fail "mungekey could not make a key"
chmod 0600 "$dir/munge/munge.key"
socket="$dir/munge/munge.socket"
munged --force --key-file="$dir/munge/munge.key" --socket="$socket" --pid-file="$dir/munged.pid" \
    --log-file="$dir/munged.log" --seed-file="$dir/munge/munged.seed" <"$dir/empty" >>"$dir/munged.out" 2>&1 || fail "munged did not start"

host=$(hostname -s)
controller_port=$(free_port)
node_port=$(free_port)
while [ "$node_port" = "$controller_port" ]; do node_port=$(free_port); done
# The node as slurmd sees the hardware (CPUs, sockets, cores), at the loopback address.
node=$(slurmd -C 2>>"$dir/slurmd.out" | head -n 1 | sed -E 's/ RealMemory=[0-9]+//')
case "$node" in NodeName=*) ;; *) fail "slurmd -C did not describe this machine: $node" ;; esac

cat >"$dir/slurm.conf" <<CONF
ClusterName=hanjultest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$controller_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
MailProg=/bin/true
SlurmctldTimeout=30
SlurmdTimeout=30
MessageTimeout=10
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=30 State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"

slurmctld -f "$SLURM_CONF" -i <"$dir/empty" >>"$dir/slurmctld.out" 2>&1 || fail "slurmctld did not start"
slurmd -f "$SLURM_CONF" <"$dir/empty" >>"$dir/slurmd.out" 2>&1 || fail "slurmd did not start"

# Ready when the node is idle (up to 60 s: a cold start on a busy machine is slow).
for _ in $(seq 600); do
    state=$(sinfo -h -N -o '%t' 2>>"$dir/sinfo.err" | head -n 1)
    case "$state" in idle*) echo "SLURM_CONF=$SLURM_CONF"; exit 0 ;; esac
    sleep 0.1
done
fail "the node did not become idle within 60 s (state: '${state:-no answer}')"
