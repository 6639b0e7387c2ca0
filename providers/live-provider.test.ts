import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createLiveProvider, HEARTBEAT_MS, LiveSocket, RECONNECT_MS, socketUrl } from "./live-provider";

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen?: () => void;
  onmessage?: (e: { data: string }) => void;
  onerror?: () => void;
  onclose?: (e: { code: number }) => void;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

let token: string | undefined;

function makeSocket() {
  return new LiveSocket({
    token: () => token,
    userId: () => "u1",
    open: (url, protocols) => new FakeSocket(url, protocols) as unknown as WebSocket,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  token = "tok";
});
afterEach(() => vi.useRealTimers());

describe("live socket", () => {
  it("builds the JeecgBoot socket URL from the API base", () => {
    expect(socketUrl("abc", "https://example.com/jeecg-boot")).toBe("wss://example.com/jeecg-boot/websocket/abc");
    expect(socketUrl("abc", "http://127.0.0.1:8080/jeecg-boot")).toBe("ws://127.0.0.1:8080/jeecg-boot/websocket/abc");
  });

  it("opens with the first listener, sends the token as the subprotocol and closes after the last", () => {
    const live = makeSocket();
    const stop = live.listen(() => {});
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.all[0].protocols).toEqual(["tok"]);
    const stop2 = live.listen(() => {});
    expect(FakeSocket.all).toHaveLength(1);
    stop();
    expect(FakeSocket.all[0].readyState).toBe(0);
    stop2();
    expect(FakeSocket.all[0].readyState).toBe(3);
    vi.advanceTimersByTime(RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("reconnects 5 s after a close, with one attempt pending at a time", () => {
    const live = makeSocket();
    live.listen(() => {});
    const first = FakeSocket.all[0];
    first.open();
    first.onerror?.();
    first.close();
    vi.advanceTimersByTime(RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // A failed attempt schedules exactly one more.
    FakeSocket.all[1].close();
    FakeSocket.all[1].close();
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it("does not reconnect when the session ended (4001) or the token is gone", () => {
    const live = makeSocket();
    live.listen(() => {});
    FakeSocket.all[0].open();
    FakeSocket.all[0].close(4001);
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(1);

    const other = makeSocket();
    other.listen(() => {});
    token = undefined;
    FakeSocket.all[1].close(1006);
    vi.advanceTimersByTime(RECONNECT_MS * 3);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("sends HeartBeat every 20 s and drops a connection silent for two beats", () => {
    const live = makeSocket();
    live.listen(() => {});
    const s = FakeSocket.all[0];
    s.open();
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(s.sent).toEqual(["HeartBeat"]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(s.sent).toEqual(["HeartBeat", "HeartBeat"]);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(s.readyState).toBe(3);
    vi.advanceTimersByTime(RECONNECT_MS);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("turns live messages into Refine events for the matching API base and record", () => {
    const live = makeSocket();
    const provider = createLiveProvider(live);
    const list = vi.fn();
    const form = vi.fn();
    const other = vi.fn();
    provider.subscribe({ channel: "resources/sys-position", types: ["*"], callback: list, params: { meta: { apiBase: "/sys/position" } } });
    provider.subscribe({ channel: "resources/sys-position", types: ["*"], callback: form, params: { meta: { apiBase: "/sys/position" }, ids: ["p1"] } });
    provider.subscribe({ channel: "resources/sys-user", types: ["*"], callback: other, params: { meta: { apiBase: "/sys/user" } } });
    const s = FakeSocket.all[0];
    s.open();
    s.receive({ cmd: "live", apiBase: "/sys/position", type: "updated", ids: ["p2"] });
    expect(list).toHaveBeenCalledTimes(1);
    expect(list.mock.calls[0][0]).toMatchObject({ type: "updated", payload: { ids: ["p2"] } });
    expect(form).not.toHaveBeenCalled();
    s.receive({ cmd: "live", apiBase: "/sys/position", type: "updated", ids: ["p1"] });
    expect(form).toHaveBeenCalledTimes(1);
    s.receive({ cmd: "topic", msgId: "x" });
    expect(list).toHaveBeenCalledTimes(2);
    expect(other).not.toHaveBeenCalled();
  });
});
