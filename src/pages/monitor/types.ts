/** The answers of the server's monitoring routes (server/monitor/routes.ts). */
export interface Disk {
  name: string;
  max: number;
  rest: number;
  restPPT: number;
}

export interface SystemInfo {
  hostname: string;
  platform: string;
  arch: string;
  cpu: { count: number; model: string | null; usage: number; processUsage: number; loadAverage: number[] };
  memory: { total: number; available: number; used: number };
  uptimeSeconds: number;
  process: { pid: number; startTime: number; uptimeSeconds: number; node: string };
}

export interface ServerAnswer {
  system: SystemInfo;
  disks: Disk[];
}

export interface RuntimeAnswer {
  node: string;
  v8: string;
  pid: number;
  memory: { heapUsed: number; heapTotal: number; heapLimit: number; rss: number; external: number; arrayBuffers: number };
  eventLoopDelay: { p50: number | null; p99: number | null; max: number | null; mean: number | null };
  gc: { count: number; totalMs: number; maxMs: number; byKind: Record<string, number> };
  activeResources: { total: number; byType: Record<string, number> };
}

export interface Latency {
  windowSeconds: number;
  count: number;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
  histogram: Array<{ le: number | null; count: number }>;
}

export interface Sessions {
  active: number;
  users: number;
  created: number;
  expired: number;
}

export interface HttpAnswer {
  enabled: boolean;
  startedAt: string;
  openConnections: number;
  totalConnections: number;
  totalRequests: number;
  statuses: { byCode: Array<{ status: number; count: number }>; byClass: Record<string, number> };
  latency: Latency;
  sessions: Sessions;
}

export interface RedisAnswer {
  configured: boolean;
  info: Array<{ key: string; value: string; description: string }>;
  dbSize: number | null;
  usedMemory: number | null;
}

export interface TraceAnswer {
  enabled: boolean;
  traces: Array<{ timestamp: string; request: { method: string; uri: string; headers: Record<string, string[]>; remoteAddress: string }; response: { status: number }; timeTaken: number }>;
}

export interface SummaryAnswer {
  system: SystemInfo;
  disks: Disk[];
  runtime: Pick<RuntimeAnswer, "memory" | "eventLoopDelay" | "gc">;
  http: { enabled: boolean; openConnections: number; totalRequests: number; statuses: Record<string, number>; latency: Latency };
  database: { engine: string; sizeBytes: number; connections: number; activeConnections: number; maxConnections: number | null };
  redis: { configured: boolean; up: boolean; usedMemory: number | null; dbSize: number | null };
  sessions: Sessions;
}
