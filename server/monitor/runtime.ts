/**
 * The process and the machine, read when a monitoring page asks (issue 11): Node's heap and buffers,
 * event-loop delay (`monitorEventLoopDelay`), garbage collections (`PerformanceObserver` 'gc'), active
 * handles, CPU and memory of the machine and the process, and the disks (`statfs` over /proc/mounts).
 * Nothing here reads the environment or the configuration: no value of it can leak.
 *
 * For the Actuator names JeecgBoot's JVM信息 page reads (`jvmFigures`): a `v8.GCProfiler` sees the heap
 * before and after every collection, drained every `GC_DRAIN_MS` (so its record stays small) and on each
 * read, and the process's thread count is sampled at the same moments for its peak.
 */
import fs from "node:fs";
import os from "node:os";
import v8 from "node:v8";
import { createRequire } from "node:module";
import { monitorEventLoopDelay, PerformanceObserver, constants, type IntervalHistogram } from "node:perf_hooks";

let loopDelay: IntervalHistogram | null = null;
const gc = { count: 0, totalMs: 0, maxMs: 0, byKind: { minor: 0, major: 0, incremental: 0, weakcb: 0 } as Record<string, number> };
let gcObserver: PerformanceObserver | null = null;

/** How often the GC profiler's record is folded into the running figures. */
const GC_DRAIN_MS = 5_000;
let gcProfiler: v8.GCProfiler | null = null;
/** Heap figures summed over collections since the samplers started (the JVM names' meanings, see `jvmFigures`). */
const gcMemory = { allocated: 0, promoted: 0, liveDataSize: 0, lastUsedAfter: 0 };
let threadsPeak = 0;

/** Starts the process-wide samplers once (several apps in one process share them). */
export function startRuntimeSamplers(): void {
  if (!loopDelay) {
    loopDelay = monitorEventLoopDelay({ resolution: 20 });
    loopDelay.enable();
  }
  if (!gcObserver) {
    gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        gc.count++;
        gc.totalMs += entry.duration;
        if (entry.duration > gc.maxMs) gc.maxMs = entry.duration;
        const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
        const name =
          kind === constants.NODE_PERFORMANCE_GC_MINOR ? "minor" : kind === constants.NODE_PERFORMANCE_GC_MAJOR ? "major" : kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL ? "incremental" : "weakcb";
        gc.byKind[name]++;
      }
    });
    gcObserver.observe({ entryTypes: ["gc"] });
  }
  if (!gcProfiler) {
    gcMemory.lastUsedAfter = v8.getHeapStatistics().used_heap_size;
    gcProfiler = new v8.GCProfiler();
    gcProfiler.start();
    sampleThreads();
    setInterval(() => {
      drainGcProfiler();
      sampleThreads();
    }, GC_DRAIN_MS).unref();
  }
}

interface HeapSpace {
  spaceName: string;
  spaceUsedSize: number;
}
interface GcRecord {
  gcType: string;
  beforeGC: { heapStatistics: { usedHeapSize: number }; heapSpaceStatistics: HeapSpace[] };
  afterGC: { heapStatistics: { usedHeapSize: number }; heapSpaceStatistics: HeapSpace[] };
}

/** The old generation: every space but the young one (new space, new large objects) and the read-only one. */
function oldGeneration(spaces: HeapSpace[]): number {
  let n = 0;
  for (const s of spaces) if (s.spaceName !== "new_space" && s.spaceName !== "new_large_object_space" && s.spaceName !== "read_only_space") n += s.spaceUsedSize;
  return n;
}

/** Folds the collections recorded since the last drain into `gcMemory` and starts a fresh record. */
function drainGcProfiler() {
  if (!gcProfiler) return;
  const record = gcProfiler.stop() as { statistics?: GcRecord[] } | undefined;
  gcProfiler.start();
  for (const gc of record?.statistics ?? []) {
    const usedBefore = gc.beforeGC.heapStatistics.usedHeapSize;
    const usedAfter = gc.afterGC.heapStatistics.usedHeapSize;
    // What the program allocated between the previous collection's end and this one's start.
    gcMemory.allocated += Math.max(0, usedBefore - gcMemory.lastUsedAfter);
    gcMemory.lastUsedAfter = usedAfter;
    const oldBefore = oldGeneration(gc.beforeGC.heapSpaceStatistics);
    const oldAfter = oldGeneration(gc.afterGC.heapSpaceStatistics);
    gcMemory.promoted += Math.max(0, oldAfter - oldBefore);
    if (gc.gcType === "MarkSweepCompact") gcMemory.liveDataSize = oldAfter;
  }
}

/** The process's OS threads (Linux: /proc/self/status), else libuv's default thread pool (4) plus the main thread. */
function threadCount(): number {
  try {
    const m = /^Threads:\s+(\d+)/m.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]);
  } catch {
    // not Linux
  }
  return 4 + 1;
}

function sampleThreads(): number {
  const n = threadCount();
  if (n > threadsPeak) threadsPeak = n;
  return n;
}

const requireCache = createRequire(import.meta.url).cache;

/**
 * The nearest Node figures to the JVM names JeecgBoot's JVM信息 page reads (docs/compatibility.md):
 * threads are the process's OS threads, classes are CommonJS modules, GC memory comes from the profiler.
 */
export function jvmFigures() {
  startRuntimeSamplers();
  drainGcProfiler();
  const threads = sampleThreads();
  return {
    activeResources: process.getActiveResourcesInfo().length,
    threadsLive: threads,
    threadsDaemon: Math.max(0, threads - 1),
    threadsPeak: Math.max(threadsPeak, threads),
    modulesLoaded: Object.keys(requireCache).length,
    gcAllocated: gcMemory.allocated,
    gcPromoted: gcMemory.promoted,
    heapLimit: v8.getHeapStatistics().heap_size_limit,
    gcLiveDataSize: gcMemory.liveDataSize,
  };
}

const nsToMs = (ns: number) => (Number.isFinite(ns) ? Math.round((ns / 1e6) * 100) / 100 : null);

export function runtimeInfo() {
  startRuntimeSamplers();
  const mem = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const resources = process.getActiveResourcesInfo();
  const byType: Record<string, number> = {};
  for (const r of resources) byType[r] = (byType[r] ?? 0) + 1;
  const d = loopDelay!;
  return {
    node: process.version,
    v8: process.versions.v8,
    pid: process.pid,
    memory: {
      heapUsed: mem.heapUsed,
      heapTotal: mem.heapTotal,
      heapLimit: heap.heap_size_limit,
      rss: mem.rss,
      external: mem.external,
      arrayBuffers: mem.arrayBuffers,
    },
    eventLoopDelay: { p50: nsToMs(d.percentile(50)), p99: nsToMs(d.percentile(99)), max: nsToMs(d.max), mean: nsToMs(d.mean) },
    gc: { count: gc.count, totalMs: Math.round(gc.totalMs * 100) / 100, maxMs: Math.round(gc.maxMs * 100) / 100, byKind: { ...gc.byKind } },
    activeResources: { total: resources.length, byType },
  };
}

// CPU usage is measured between two reads; the first read is measured against boot (or process start).
let lastCpu: { idle: number; total: number } | null = null;
let lastProc: { usage: NodeJS.CpuUsage; at: bigint } | null = null;

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    idle += c.times.idle;
    total += c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq;
  }
  return { idle, total };
}

/** Machine CPU busy share (0–1) since the previous call (or since boot). */
export function systemCpuUsage(): number {
  const now = cpuTimes();
  const prev = lastCpu ?? { idle: 0, total: 0 };
  lastCpu = now;
  const total = now.total - prev.total;
  return total > 0 ? Math.min(1, Math.max(0, 1 - (now.idle - prev.idle) / total)) : 0;
}

/** This process's CPU share of the whole machine (0–1) since the previous call (or since start). */
export function processCpuUsage(): number {
  const at = process.hrtime.bigint();
  const usage = process.cpuUsage();
  const prev = lastProc ?? { usage: { user: 0, system: 0 }, at: at - BigInt(Math.round(process.uptime() * 1e9)) };
  lastProc = { usage, at };
  const elapsedUs = Number(at - prev.at) / 1000;
  const used = usage.user - prev.usage.user + (usage.system - prev.usage.system);
  return elapsedUs > 0 ? Math.min(1, Math.max(0, used / elapsedUs / os.cpus().length)) : 0;
}

/** Available memory from /proc/meminfo (MemAvailable) when there is one, else `os.freemem()`. */
function availableMemory(): number {
  try {
    const m = /^MemAvailable:\s+(\d+) kB/m.exec(fs.readFileSync("/proc/meminfo", "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return os.freemem();
}

export function systemInfo() {
  const total = os.totalmem();
  const available = availableMemory();
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    platform: `${os.type()} ${os.release()}`,
    arch: os.arch(),
    cpu: { count: cpus.length, model: cpus[0]?.model ?? null, usage: systemCpuUsage(), processUsage: processCpuUsage(), loadAverage: os.loadavg() },
    memory: { total, available, used: total - available },
    uptimeSeconds: Math.round(os.uptime()),
    process: { pid: process.pid, startTime: Math.round(Date.now() - process.uptime() * 1000), uptimeSeconds: Math.round(process.uptime()), node: process.version },
  };
}

/** File systems that hold no files of their own (kernel views, memory, containers' plumbing). */
const PSEUDO = new Set([
  "proc", "sysfs", "devtmpfs", "devpts", "tmpfs", "ramfs", "cgroup", "cgroup2", "mqueue", "securityfs", "debugfs", "tracefs",
  "pstore", "bpf", "configfs", "fusectl", "hugetlbfs", "autofs", "binfmt_misc", "nsfs", "rpc_pipefs", "selinuxfs", "efivarfs",
  "squashfs", "overlayfs-meta", "nfsd", "fuse.gvfsd-fuse", "fuse.lxcfs", "fuse.portal",
]);

/** JeecgBoot's DiskMonitoring rows: each real file system once, `restPPT` = used percentage (integer). */
export async function diskInfo(): Promise<Array<{ name: string; max: number; rest: number; restPPT: number }>> {
  let mounts: string;
  try {
    mounts = await fs.promises.readFile("/proc/mounts", "utf8");
  } catch {
    mounts = "rootfs / rootfs rw 0 0";
  }
  // Bind mounts (e.g. a container's /etc/hosts) repeat a device: each device once, at its shortest mount point.
  const byDevice = new Map<string, string>();
  for (const line of mounts.split("\n")) {
    const [device, rawPoint, type] = line.split(" ");
    if (!rawPoint || !type || PSEUDO.has(type)) continue;
    const point = rawPoint.replace(/\\(\d{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));
    const known = byDevice.get(device);
    if (known === undefined || point.length < known.length) byDevice.set(device, point);
  }
  const out: Array<{ name: string; max: number; rest: number; restPPT: number }> = [];
  for (const point of byDevice.values()) {
    try {
      const s = await fs.promises.statfs(point);
      if (!s.blocks) continue;
      const max = s.blocks * s.bsize;
      const rest = s.bavail * s.bsize;
      out.push({ name: point, max, rest, restPPT: Math.round(((max - rest) / max) * 100) });
    } catch {
      // not readable by this user, or gone
    }
  }
  return out;
}
