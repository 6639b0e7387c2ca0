/**
 * Reachability of an external dependency (the database, Redis). Each outage is logged once when it starts
 * and once when it ends, however many requests or reconnect attempts fail in between; the health endpoints
 * read the same state.
 */

/** The subset of a pino logger the server's own start-up and dependency messages need. */
export interface LogSink {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Until the app's logger exists (start-up), messages go to the console as single lines. */
export const consoleLog: LogSink = {
  info: (obj, msg) => console.log(oneLine(msg, obj)),
  warn: (obj, msg) => console.error(oneLine(msg, obj)),
  error: (obj, msg) => console.error(oneLine(msg, obj)),
};

function oneLine(msg: string, obj: object): string {
  const extra = Object.entries(obj)
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(" ");
  return extra ? `${msg} (${extra})` : msg;
}

/** A short description of an error for logs and start-up lines: its code and message, no stack. */
export function describeError(err: unknown): string {
  const seen = new Set<unknown>();
  let e: unknown = err;
  const parts: string[] = [];
  while (e && typeof e === "object" && !seen.has(e) && parts.length < 3) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    const text = [typeof code === "string" ? code : "", typeof message === "string" ? message : ""].filter(Boolean).join(" ");
    // drizzle wraps driver errors ("Failed query: …"); the driver's own error underneath says what happened.
    if (text && !/^Failed query/.test(text)) parts.push(text);
    if (e instanceof AggregateError && e.errors.length) e = e.errors[0];
    else e = (e as { cause?: unknown }).cause;
  }
  return parts.join(" ← ") || String(err);
}

export class Dependency {
  private up = true;
  private since = Date.now();

  constructor(
    /** How operators call it in logs, e.g. 数据库 or Redis. */
    readonly name: string,
    private readonly log: () => LogSink,
  ) {}

  get isUp(): boolean {
    return this.up;
  }

  /** Records a failure that means the dependency cannot be reached; logs only the first of an outage. */
  markDown(err: unknown): void {
    if (!this.up) return;
    this.up = false;
    this.since = Date.now();
    this.log().error({ dependency: this.name, reason: describeError(err) }, `${this.name}不可用，相关请求将答复 503，恢复后自动重连`);
  }

  /** Records a success; logs the recovery once. */
  markUp(): void {
    if (this.up) return;
    this.up = true;
    this.log().info({ dependency: this.name, downMs: Date.now() - this.since }, `${this.name}已恢复`);
  }
}

/** What the health endpoints and the shutdown share: dependency states and whether the server is draining. */
export interface ServiceHealth {
  db: Dependency;
  /** Bounded `select 1`; updates `db`. */
  pingDb(timeoutMs?: number): Promise<boolean>;
  /** Present when REDIS_URL is set. */
  redis?: Dependency;
  /** Set on SIGTERM/SIGINT: readiness answers DOWN while in-flight requests finish. */
  draining: boolean;
}
