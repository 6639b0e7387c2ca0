/**
 * The console's websocket (contract §9.4) and Refine's `liveProvider` on it.
 *
 * One socket per tab to `<api>/websocket/<userId>`, the token in `Sec-WebSocket-Protocol` as the JeecgBoot
 * client sends it. It opens with the first subscriber and closes with the last. After an error or a close
 * it reconnects after 5 s, with one attempt pending at a time; it sends `HeartBeat` every 20 s and, when
 * nothing at all came back for two beats, drops the socket and reconnects. A session that ended (close code
 * 4001) or a missing token stops reconnecting.
 *
 * Messages: JeecgBoot's `{cmd:"topic"|"user", msgId, msgTxt}` go to `onSocketMessage` listeners (the bell);
 * `{cmd:"live", apiBase, type, ids}` become Refine live events for the resources whose `meta.apiBase` matches.
 */
import type { LiveEvent, LiveProvider } from "@refinedev/core";

import { absoluteApiBaseUrl } from "./config";
import { getToken, local, StorageKeys } from "./storage";

export const RECONNECT_MS = 5_000;
export const HEARTBEAT_MS = 20_000;
const SESSION_ENDED = 4001;

export interface SocketMessage {
  cmd: string;
  msgId?: string;
  msgTxt?: string;
  userId?: string;
  apiBase?: string;
  type?: string;
  ids?: string[];
}

type Listener = (message: SocketMessage) => void;

interface LiveSubscription {
  apiBase?: string;
  types: string[];
  callback: (event: LiveEvent) => void;
  ids?: string[];
}

/** `http(s)://host/jeecg-boot` → `ws(s)://host/jeecg-boot/websocket/<userId>`. */
export function socketUrl(userId: string, apiBase: string = absoluteApiBaseUrl()): string {
  return `${apiBase.replace(/^http/, "ws")}/websocket/${encodeURIComponent(userId)}`;
}

export interface SocketDeps {
  token: () => string | undefined;
  userId: () => string | undefined;
  open: (url: string, protocols: string[]) => WebSocket;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

const browserDeps: SocketDeps = {
  token: getToken,
  userId: () => local.get<{ id?: string }>(StorageKeys.loginUserInfo)?.id,
  open: (url, protocols) => new WebSocket(url, protocols),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
};

export class LiveSocket {
  private socket?: WebSocket;
  private listeners = new Set<Listener>();
  private reconnectTimer?: unknown;
  private heartbeatTimer?: unknown;
  private lastHeard = 0;
  private stopped = true;

  constructor(private deps: SocketDeps = browserDeps) {}

  /** Listens to every message; opens the socket on the first listener, closes it after the last. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.stopped) {
      this.stopped = false;
      this.connect();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  get connected(): boolean {
    return this.socket?.readyState === 1;
  }

  private connect() {
    this.reconnectTimer = undefined;
    const token = this.deps.token();
    const userId = this.deps.userId();
    if (this.stopped || !token || !userId) return;
    let socket: WebSocket;
    try {
      socket = this.deps.open(socketUrl(userId), [token]);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.lastHeard = Date.now();
      this.beat();
    };
    socket.onmessage = (event) => {
      this.lastHeard = Date.now();
      let message: SocketMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!message || typeof message.cmd !== "string") return;
      for (const listener of [...this.listeners]) listener(message);
    };
    socket.onerror = () => socket.close();
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.clearHeartbeat();
      if (event.code !== SESSION_ENDED) this.scheduleReconnect();
    };
  }

  /** One reconnect attempt pending at a time (JeecgBoot's `lockReconnect`). */
  private scheduleReconnect() {
    if (this.stopped || this.reconnectTimer !== undefined) return;
    this.reconnectTimer = this.deps.setTimer(() => this.connect(), RECONNECT_MS);
  }

  private beat() {
    this.clearHeartbeat();
    this.heartbeatTimer = this.deps.setTimer(() => {
      const socket = this.socket;
      if (!socket) return;
      if (Date.now() - this.lastHeard > 2 * HEARTBEAT_MS) {
        // Silent for two beats: the connection is dead even if the browser has not noticed.
        socket.close();
        return;
      }
      if (socket.readyState === 1) socket.send("HeartBeat");
      this.beat();
    }, HEARTBEAT_MS);
  }

  private clearHeartbeat() {
    if (this.heartbeatTimer !== undefined) this.deps.clearTimer(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  private stop() {
    this.stopped = true;
    this.clearHeartbeat();
    if (this.reconnectTimer !== undefined) this.deps.clearTimer(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
  }
}

export const liveSocket = new LiveSocket();

/** The bell and others: JeecgBoot messages (`topic`, `user`) as they arrive. */
export function onSocketMessage(listener: Listener): () => void {
  return liveSocket.listen(listener);
}

const toLiveEvent = (message: SocketMessage): LiveEvent => ({
  channel: `live${message.apiBase}`,
  type: message.type ?? "*",
  payload: { ids: message.ids ?? [] },
  date: new Date(),
});

export function createLiveProvider(socket: LiveSocket = liveSocket): LiveProvider {
  return {
    subscribe: ({ types, callback, params }) => {
      const meta = (params?.meta ?? {}) as { apiBase?: unknown };
      const sub: LiveSubscription = {
        apiBase: typeof meta.apiBase === "string" ? meta.apiBase.replace(/\/+$/, "") : undefined,
        types,
        callback,
        ids: params?.ids?.map(String) ?? (params?.id !== undefined ? [String(params.id)] : undefined),
      };
      return socket.listen((message) => {
        if (message.cmd !== "live" || !sub.apiBase || message.apiBase !== sub.apiBase) return;
        const type = message.type ?? "*";
        if (!sub.types.includes("*") && !sub.types.includes(type) && type !== "*") return;
        // A form or detail follows its own record only; an event without ids may concern any.
        if (sub.ids && message.ids?.length && !message.ids.some((id) => sub.ids!.includes(id))) return;
        sub.callback(toLiveEvent(message));
      });
    },
    unsubscribe: (unlisten: () => void) => unlisten(),
  };
}

export const liveProvider = createLiveProvider();
