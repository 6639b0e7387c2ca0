/**
 * The websocket hub (contract.md §9.4): the open sockets of this instance by user, delivery of JeecgBoot
 * messages (`{cmd, msgId, msgTxt}`) to one user or to everyone, live events for the console's Refine
 * `liveProvider`, and closing the sockets of revoked sessions.
 *
 * With Redis, every send and every revocation is published (channel `socketHandler`, as JeecgBoot routes its
 * sends, and `redmark:session-revoked`) and each instance delivers what it receives to its own sockets, so a
 * user connected to instance B gets what instance A released. Without Redis (one instance) delivery is local.
 *
 * Token-less sockets (the JeecgBoot 3.1 Vue 2 client's bell opens `/websocket/{userId}` without a token) are
 * kept apart and never get a message itself: when a `topic` or `user` message is delivered to their path's
 * user, or a `topic` to everyone, they get the bare nudge `{"cmd":"user"}` / `{"cmd":"topic"}` and the client
 * reloads through its signed-in HTTP calls. Nudges are made where a send is delivered, so they follow the
 * Redis path of the send. Live events, ids, titles and texts never reach them; revocations leave them open
 * (they carry nothing of the session); they count against per-address and total caps.
 */
import type { Redis } from "ioredis";
import type { WebSocket } from "ws";
import type { Revocation } from "../modules/sys/session.repo.js";

/** A JeecgBoot websocket message (`WebsocketConst`): `topic` (everyone), `user` (one user), `heartcheck`. */
export interface SocketMessage {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
  userId?: string;
  [key: string]: unknown;
}

/** A Refine live event as it travels on the socket (`cmd: "live"`, which JeecgBoot clients ignore). */
export interface LiveMessage {
  cmd: "live";
  /** The resource's API base under the context path, e.g. `/sys/position`. */
  apiBase: string;
  type: "created" | "updated" | "deleted" | "*";
  ids: string[];
}

export interface RealtimeOptions {
  /** How often sockets are pinged; a socket that did not answer the previous ping is dropped. */
  pingMs: number;
  /** Sockets one user may hold (tabs, devices); the oldest is closed beyond it. */
  maxSocketsPerUser: number;
  /** Frames a client may send per 10 s before its socket is closed (1008). */
  maxFramesPer10s: number;
  /** Token-less sockets on this instance, in all (0: none are taken) and per client address. */
  maxAnonymous: number;
  maxAnonymousPerIp: number;
  log?: { warn(obj: object, msg: string): void };
}

export const SEND_CHANNEL = "socketHandler";
export const REVOKE_CHANNEL = "redmark:session-revoked";

interface Client {
  socket: WebSocket;
  userId: string;
  /** Empty for a token-less socket. */
  sessionId: string;
  anonymous: boolean;
  ip: string;
  alive: boolean;
  frames: number;
  windowStart: number;
}

/** Close codes: 1001 going away (shutdown), 4001 the session ended, 1008 policy (flood), 4000 replaced. */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_REPLACED = 4000;
/** Close code for a token-less socket over the caps (a race past the handshake check): try again later. */
export const CLOSE_TRY_LATER = 1013;

/** The only frames a token-less socket is sent (besides the heartbeat answer): no title, text or ids. */
const NUDGE = { topic: JSON.stringify({ cmd: "topic" }), user: JSON.stringify({ cmd: "user" }) } as const;

/** Why a token-less handshake is refused: nudges switched off, its address's cap, or the instance's cap. */
export type AnonymousRefusal = "off" | "ip" | "total";

export class RealtimeHub {
  private byUser = new Map<string, Set<Client>>();
  /** Token-less sockets by their path's user, and how many each client address holds. */
  private anonByUser = new Map<string, Set<Client>>();
  private anonByIp = new Map<string, number>();
  private anonCount = 0;
  private timer: NodeJS.Timeout;
  private subscriber?: Redis;
  private closed = false;

  constructor(
    private opts: RealtimeOptions,
    private redis?: Redis,
  ) {
    this.timer = setInterval(() => this.sweep(), opts.pingMs);
    this.timer.unref();
  }

  /**
   * Subscribes to the Redis channels on a connection of its own (a subscribed connection runs no other
   * commands). Not awaited: a Redis that is down at start only means local delivery until it is back
   * (ioredis re-subscribes after every reconnect).
   */
  async start(): Promise<void> {
    if (!this.redis) return;
    const sub = this.redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, lazyConnect: false });
    this.subscriber = sub;
    // Errors are the main connection's to report (the health check); the subscriber only reconnects.
    sub.on("error", () => {});
    sub.on("message", (channel: string, text: string) => this.onPublished(channel, text));
    const subscribed = sub.subscribe(SEND_CHANNEL, REVOKE_CHANNEL).catch((err) => this.opts.log?.warn({ err: String(err) }, "订阅 Redis 推送频道失败"));
    // Give a reachable Redis a moment, so the first sends already go through it.
    await Promise.race([subscribed, new Promise((r) => setTimeout(r, 1_000).unref())]);
  }

  /** The number of open sockets on this instance, token-less ones included (tests, the benchmark). */
  get size(): number {
    let n = this.anonCount;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** The number of open token-less sockets on this instance. */
  get anonymousSize(): number {
    return this.anonCount;
  }

  /** Whether a token-less socket from this address would be refused now, and why. */
  anonymousRefusal(ip: string): AnonymousRefusal | null {
    if (this.opts.maxAnonymous <= 0) return "off";
    if ((this.anonByIp.get(ip) ?? 0) >= this.opts.maxAnonymousPerIp) return "ip";
    if (this.anonCount >= this.opts.maxAnonymous) return "total";
    return null;
  }

  /** The number of open sockets of one user on this instance. */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Takes an authenticated socket: ping/pong liveness, the heartbeat answer, flood limits. */
  add(socket: WebSocket, userId: string, sessionId: string): void {
    if (this.closed) {
      socket.close(1001, "server closing");
      return;
    }
    const client: Client = { socket, userId, sessionId, anonymous: false, ip: "", alive: true, frames: 0, windowStart: Date.now() };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(client);
    if (set.size > this.opts.maxSocketsPerUser) {
      const oldest = set.values().next().value!;
      set.delete(oldest);
      oldest.socket.close(CLOSE_REPLACED, "replaced");
    }
    this.listen(client);
  }

  /**
   * Takes a token-less socket for the path's user: the same liveness, heartbeat and flood limits, but only
   * nudges are ever sent to it. Over the caps (handshakes racing past the check) it is closed with 1013.
   */
  addAnonymous(socket: WebSocket, userId: string, ip: string): void {
    if (this.closed) {
      socket.close(1001, "server closing");
      return;
    }
    if (this.anonymousRefusal(ip)) {
      socket.close(CLOSE_TRY_LATER, "too many connections");
      return;
    }
    const client: Client = { socket, userId, sessionId: "", anonymous: true, ip, alive: true, frames: 0, windowStart: Date.now() };
    let set = this.anonByUser.get(userId);
    if (!set) this.anonByUser.set(userId, (set = new Set()));
    set.add(client);
    this.anonByIp.set(ip, (this.anonByIp.get(ip) ?? 0) + 1);
    this.anonCount++;
    this.listen(client);
  }

  private listen(client: Client) {
    const { socket } = client;
    socket.on("pong", () => (client.alive = true));
    socket.on("message", (data, isBinary) => this.onFrame(client, data.toString(), isBinary));
    socket.on("close", () => this.remove(client));
    socket.on("error", () => socket.terminate());
  }

  private remove(client: Client) {
    const map = client.anonymous ? this.anonByUser : this.byUser;
    const set = map.get(client.userId);
    if (!set || !set.delete(client)) return;
    if (set.size === 0) map.delete(client.userId);
    if (client.anonymous) {
      this.anonCount--;
      const n = (this.anonByIp.get(client.ip) ?? 1) - 1;
      if (n > 0) this.anonByIp.set(client.ip, n);
      else this.anonByIp.delete(client.ip);
    }
  }

  /**
   * A client's frame is only ever answered to that client: `HeartBeat` (the v2.1.4 client) and `ping` get
   * `heartcheck`; anything else is ignored (JeecgBoot 3.x re-broadcast it to every socket). Binary frames and
   * floods close the socket.
   */
  private onFrame(client: Client, text: string, isBinary: boolean) {
    const now = Date.now();
    if (now - client.windowStart >= 10_000) {
      client.windowStart = now;
      client.frames = 0;
    }
    client.frames++;
    if (client.frames > this.opts.maxFramesPer10s) {
      client.socket.close(1008, "too many messages");
      return;
    }
    if (isBinary) {
      client.socket.close(1003, "text only");
      return;
    }
    client.alive = true;
    if (text === "HeartBeat" || text === "ping" || text.includes('"heartcheck"')) {
      this.write(client, JSON.stringify({ cmd: "heartcheck", msgTxt: "心跳响应" }));
    }
  }

  private write(client: Client, text: string) {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(text);
  }

  /** Pings every socket; one that has not answered since the last sweep is dropped. */
  private sweep() {
    for (const set of [...this.byUser.values(), ...this.anonByUser.values()]) {
      for (const client of set) {
        if (!client.alive) {
          client.socket.terminate();
          this.remove(client);
          continue;
        }
        client.alive = false;
        try {
          client.socket.ping();
        } catch {
          client.socket.terminate();
        }
      }
    }
  }

  /** Sends to one user's sockets (`userId`) or to everyone (`""`), on every instance. */
  async send(userId: string, message: SocketMessage | LiveMessage): Promise<void> {
    const text = JSON.stringify(message);
    if (await this.publish(SEND_CHANNEL, JSON.stringify({ userId, message: text }))) return;
    this.deliver(userId, text);
  }

  async sendToUsers(userIds: Iterable<string>, message: SocketMessage): Promise<void> {
    for (const id of new Set(userIds)) await this.send(id, { ...message, userId: id });
  }

  broadcast(message: SocketMessage | LiveMessage): Promise<void> {
    return this.send("", message);
  }

  /** Closes the sockets of ended sessions, on every instance. */
  async revoked(revocation: Revocation): Promise<void> {
    if (await this.publish(REVOKE_CHANNEL, JSON.stringify(revocation))) return;
    this.closeRevoked(revocation);
  }

  /** True when Redis took the message (every instance, this one too, delivers it from the channel). */
  private async publish(channel: string, text: string): Promise<boolean> {
    // Through Redis only while this instance also hears the channel; otherwise its own sockets would miss it.
    if (!this.redis || this.redis.status !== "ready" || this.subscriber?.status !== "ready") return false;
    try {
      await this.redis.publish(channel, text);
      return true;
    } catch {
      return false;
    }
  }

  private onPublished(channel: string, text: string) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    if (!data || typeof data !== "object") return;
    if (channel === SEND_CHANNEL) {
      const { userId, message } = data as { userId?: unknown; message?: unknown };
      if (typeof userId === "string" && typeof message === "string") this.deliver(userId, message);
    } else if (channel === REVOKE_CHANNEL) {
      this.closeRevoked(data as Revocation);
    }
  }

  private deliver(userId: string, text: string) {
    if (userId) {
      for (const client of this.byUser.get(userId) ?? []) this.write(client, text);
    } else {
      for (const set of this.byUser.values()) for (const client of set) this.write(client, text);
    }
    if (this.anonCount > 0) this.nudge(userId, text);
  }

  /**
   * The token-less sockets' share of a delivered message: a `topic` or `user` message to their user becomes
   * that bare command, a `topic` to everyone `{"cmd":"topic"}`; anything else (live events, heartbeats,
   * e-mail or sign-in commands, a broadcast `user`) gives them nothing.
   */
  private nudge(userId: string, text: string) {
    const targets = userId ? this.anonByUser.get(userId) : this.anonByUser.size > 0 ? true : undefined;
    if (!targets) return;
    let cmd: unknown;
    try {
      cmd = (JSON.parse(text) as { cmd?: unknown } | null)?.cmd;
    } catch {
      return;
    }
    if (cmd !== "topic" && (cmd !== "user" || !userId)) return;
    const nudge = NUDGE[cmd];
    if (targets instanceof Set) {
      for (const client of targets) this.write(client, nudge);
      return;
    }
    for (const set of this.anonByUser.values()) for (const client of set) this.write(client, nudge);
  }

  private closeRevoked(revocation: Revocation) {
    if ("sessionId" in revocation && typeof revocation.sessionId === "string") {
      for (const set of this.byUser.values())
        for (const client of set) if (client.sessionId === revocation.sessionId) client.socket.close(CLOSE_SESSION_ENDED, "session ended");
      return;
    }
    if ("userId" in revocation && typeof revocation.userId === "string") {
      for (const client of this.byUser.get(revocation.userId) ?? [])
        if (client.sessionId !== revocation.except) client.socket.close(CLOSE_SESSION_ENDED, "session ended");
    }
  }

  /** Stops pinging, leaves Redis and closes every socket with 1001 (shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    for (const set of [...this.byUser.values(), ...this.anonByUser.values()]) for (const client of set) client.socket.close(1001, "server closing");
    this.byUser.clear();
    this.anonByUser.clear();
    this.anonByIp.clear();
    this.anonCount = 0;
    if (this.subscriber) {
      const sub = this.subscriber;
      await Promise.race([sub.quit().catch(() => {}), new Promise((r) => setTimeout(r, 1_000))]);
      sub.disconnect();
    }
  }
}
