/**
 * What the HTTP server page and the request trace read (issue 11), kept by one `onResponse` hook and two
 * connection listeners. Every per-request step is O(1) and allocates nothing: counters in typed arrays, a
 * fixed log-scale latency histogram per 5-second slot over a rolling minute, and a ring of the last
 * `TRACE_SIZE` API requests whose entries are reused objects. Secrets are masked when the trace is read,
 * never stored in a form that is served (`server/lib/redact.ts`).
 */
import { redactUrl } from "../lib/redact.js";

/** Upper bounds of the latency buckets, in ms; the last bucket is everything slower. */
export const LATENCY_BOUNDS_MS: readonly number[] = [1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000];
const BUCKETS = LATENCY_BOUNDS_MS.length + 1;
const SLOT_MS = 5_000;
const SLOTS = 12;
/** The latency window: `SLOTS` × `SLOT_MS`. */
export const WINDOW_MS = SLOT_MS * SLOTS;
export const TRACE_SIZE = 100;

/** Request headers a trace shows; the rest (cookies, tokens, anything unknown) never leave the server. */
const TRACE_HEADERS = ["host", "user-agent", "content-type", "content-length", "accept", "referer", "origin", "x-forwarded-for", "x-access-token", "authorization"] as const;
const SECRET_HEADERS = new Set(["x-access-token", "authorization"]);
const MASK = "******";

interface TraceSlot {
  timestamp: number;
  method: string;
  url: string;
  status: number;
  timeTaken: number;
  headers: Record<string, string | string[] | undefined> | null;
  remoteAddress: string;
}

export interface TraceEntry {
  timestamp: string;
  request: { method: string; uri: string; headers: Record<string, string[]>; remoteAddress: string };
  response: { status: number };
  timeTaken: number;
}

function bucketOf(ms: number): number {
  let lo = 0;
  let hi = LATENCY_BOUNDS_MS.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ms <= LATENCY_BOUNDS_MS[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export class HttpMetrics {
  readonly startedAt = Date.now();
  openConnections = 0;
  totalConnections = 0;
  totalRequests = 0;
  /** Answers by status code (index = code). */
  private statuses = new Float64Array(600);
  private slots = Array.from({ length: SLOTS }, () => new Uint32Array(BUCKETS));
  private slotEpochs = new Float64Array(SLOTS).fill(-1);
  private slotMax = new Float64Array(SLOTS);
  private ring: TraceSlot[] = Array.from({ length: TRACE_SIZE }, () => ({ timestamp: 0, method: "", url: "", status: 0, timeTaken: 0, headers: null, remoteAddress: "" }));
  private ringNext = 0;
  private ringCount = 0;

  constructor(readonly enabled = true) {}

  connectionOpened(): void {
    this.openConnections++;
    this.totalConnections++;
  }

  connectionClosed(): void {
    this.openConnections--;
  }

  /** One answered request: counters and the latency window. */
  record(status: number, ms: number, now = Date.now()): void {
    this.totalRequests++;
    if (status >= 0 && status < 600) this.statuses[status]++;
    const epoch = Math.floor(now / SLOT_MS);
    const i = epoch % SLOTS;
    if (this.slotEpochs[i] !== epoch) {
      this.slots[i].fill(0);
      this.slotEpochs[i] = epoch;
      this.slotMax[i] = 0;
    }
    this.slots[i][bucketOf(ms)]++;
    if (ms > this.slotMax[i]) this.slotMax[i] = ms;
  }

  /** One API request for the trace ring (the caller drops OPTIONS and the monitoring routes). */
  trace(method: string, url: string, status: number, ms: number, headers: TraceSlot["headers"], remoteAddress: string, now = Date.now()): void {
    const slot = this.ring[this.ringNext];
    slot.timestamp = now - ms;
    slot.method = method;
    slot.url = url;
    slot.status = status;
    slot.timeTaken = ms;
    slot.headers = headers;
    slot.remoteAddress = remoteAddress;
    this.ringNext = (this.ringNext + 1) % TRACE_SIZE;
    if (this.ringCount < TRACE_SIZE) this.ringCount++;
  }

  /** Answers by status code, and by class (2xx…5xx). */
  statusCounts(): { byCode: Array<{ status: number; count: number }>; byClass: Record<string, number> } {
    const byCode: Array<{ status: number; count: number }> = [];
    const byClass: Record<string, number> = { "1xx": 0, "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 };
    for (let s = 0; s < 600; s++) {
      const n = this.statuses[s];
      if (!n) continue;
      byCode.push({ status: s, count: n });
      const cls = `${Math.floor(s / 100)}xx`;
      if (cls in byClass) byClass[cls] += n;
    }
    return { byCode, byClass };
  }

  /** Latency percentiles (ms, interpolated inside the bucket) over the last `WINDOW_MS`. */
  latency(now = Date.now()): { windowSeconds: number; count: number; p50: number | null; p90: number | null; p99: number | null; max: number | null; histogram: Array<{ le: number | null; count: number }> } {
    const sum = new Float64Array(BUCKETS);
    const current = Math.floor(now / SLOT_MS);
    let count = 0;
    let max = 0;
    for (let i = 0; i < SLOTS; i++) {
      if (this.slotEpochs[i] < 0 || current - this.slotEpochs[i] >= SLOTS) continue;
      const slot = this.slots[i];
      for (let b = 0; b < BUCKETS; b++) {
        sum[b] += slot[b];
        count += slot[b];
      }
      if (this.slotMax[i] > max) max = this.slotMax[i];
    }
    const quantile = (q: number): number | null => {
      if (!count) return null;
      const rank = q * count;
      let seen = 0;
      for (let b = 0; b < BUCKETS; b++) {
        if (seen + sum[b] >= rank && sum[b] > 0) {
          const lower = b === 0 ? 0 : LATENCY_BOUNDS_MS[b - 1];
          const upper = b < LATENCY_BOUNDS_MS.length ? LATENCY_BOUNDS_MS[b] : max;
          const value = lower + ((rank - seen) / sum[b]) * (Math.min(upper, max) - lower);
          return Math.round(Math.max(lower, value) * 100) / 100;
        }
        seen += sum[b];
      }
      return max;
    };
    return {
      windowSeconds: WINDOW_MS / 1000,
      count,
      p50: quantile(0.5),
      p90: quantile(0.9),
      p99: quantile(0.99),
      max: count ? Math.round(max * 100) / 100 : null,
      histogram: Array.from(sum, (n, b) => ({ le: b < LATENCY_BOUNDS_MS.length ? LATENCY_BOUNDS_MS[b] : null, count: n })),
    };
  }

  /** The trace, newest first, in Spring Boot Actuator's `httptrace` shape, with secrets masked. */
  traces(): TraceEntry[] {
    const out: TraceEntry[] = [];
    for (let k = 1; k <= this.ringCount; k++) {
      const slot = this.ring[(this.ringNext - k + TRACE_SIZE) % TRACE_SIZE];
      out.push({
        timestamp: new Date(slot.timestamp).toISOString(),
        request: { method: slot.method, uri: redactUrl(slot.url), headers: traceHeaders(slot.headers), remoteAddress: slot.remoteAddress },
        response: { status: slot.status },
        timeTaken: Math.round(slot.timeTaken),
      });
    }
    return out;
  }
}

/** The allow-listed request headers, as Actuator lists them (`name: [values]`), tokens masked. */
function traceHeaders(headers: TraceSlot["headers"]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!headers) return out;
  for (const name of TRACE_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    out[name] = SECRET_HEADERS.has(name) ? values.map(() => MASK) : values.map((v) => (name === "referer" ? redactUrl(v) : v));
  }
  return out;
}
