import HanJulSim
import Testing

/// The CPUs a process was granted, read from the files a Linux machine has (written out here).
@Suite struct CPUGrantTests {
    static let v1Mounts = """
        25 30 0:22 / /sys/fs/cgroup ro,nosuid - tmpfs tmpfs ro,mode=755
        31 25 0:27 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime - cgroup cgroup rw,cpu,cpuacct
        32 25 0:28 / /sys/fs/cgroup/memory rw,nosuid - cgroup cgroup rw,memory
        """

    @Test func affinityMaskFromProcStatus() {
        #expect(CPUGrant.affinity(status: "Name:\thanjul\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(CPUGrant.affinity(status: "Cpus_allowed_list:\t0-3,8,10-11\n") == 7)
        #expect(CPUGrant.affinity(status: "Cpus_allowed_list:\t5\n") == 1)
        #expect(CPUGrant.affinity(status: "Name:\tx\n") == nil)
    }

    @Test func cgroupV2QuotaIsTheTightestOnThePath() {
        let cgroup = "0::/slurm/uid_0/job_12/step_batch\n"
        let mounts = "29 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n"
        let files = [
            "/sys/fs/cgroup/slurm/uid_0/job_12/step_batch/cpu.max": "max 100000\n",
            "/sys/fs/cgroup/slurm/uid_0/job_12/cpu.max": "150000 100000\n",
            "/sys/fs/cgroup/slurm/cpu.max": "400000 100000\n",
        ]
        let quota = CPUGrant.quota(cgroup: cgroup, mountInfo: mounts) { files[$0] }
        #expect(quota == 1.5)
        #expect(CPUGrant(affinity: 8, quota: quota, online: 8).count == 2, "1.5 CPUs of time keep two workers busy")
        #expect(CPUGrant.quota(cgroup: cgroup, mountInfo: mounts) { $0.hasSuffix("cpu.max") ? "max 100000\n" : nil } == nil)
    }

    @Test func cgroupV1QuotaFromCFSFiles() {
        let cgroup = "12:memory:/docker/abc\n4:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n"
        let files = ["/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us": "50000\n",
                     "/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us": "100000\n",
                     "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "-1\n",
                     "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n"]
        let quota = CPUGrant.quota(cgroup: cgroup, mountInfo: Self.v1Mounts) { files[$0] }
        #expect(quota == 0.5)
        #expect(CPUGrant(affinity: 4, quota: quota, online: 16).count == 1)
    }

    @Test func aContainerMountsOnlyItsOwnSubtree() {
        // Inside a container the hierarchy's root is the container's cgroup, mounted at /sys/fs/cgroup/cpu.
        let mounts = "40 35 0:27 /docker/abc /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n"
        let files = ["/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "300000", "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000"]
        #expect(CPUGrant.quota(cgroup: "3:cpu:/docker/abc\n", mountInfo: mounts) { files[$0] } == 3)
        #expect(CPUGrant.quota(cgroup: "3:cpu:/elsewhere\n", mountInfo: mounts) { files[$0] } == nil)
    }

    @Test func noLimitsMeansTheMachine() {
        let grant = CPUGrant(affinity: nil, quota: nil, online: 6)
        #expect(grant.count == 6)
        #expect(grant.description == "6 CPUs granted (6 online, no cgroup CPU quota)")
        #expect(CPUGrant(affinity: 1, quota: nil, online: 2).description == "1 CPU granted (affinity mask 1 of 2, no cgroup CPU quota)")
        #expect(CPUGrant(affinity: 3, quota: 0.2, online: 4).count == 1, "never fewer than one")
    }
}
