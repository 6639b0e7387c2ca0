import type { InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";

import { fakeAdapter, ok, type Handler } from "../tests/console/fake-server";
import { createHttp, LOGOUT_RELOAD_DELAY_MS, wasNotified, type ConfirmModal, type HttpEffects, type Notice } from "./http";

interface Recorded {
  notices: Notice[];
  modals: ConfirmModal[];
  events: string[];
  timers: { ms: number; run: () => void }[];
}

function setup(handler: Handler, { token }: { token?: string } = {}) {
  const recorded: Recorded = { notices: [], modals: [], events: [], timers: [] };
  const effects: HttpEffects = {
    notify: (notice) => recorded.notices.push(notice),
    modal: (modal) => recorded.modals.push(modal),
    logout: async () => void recorded.events.push("logout"),
    removeToken: () => void recorded.events.push("removeToken"),
    reload: () => void recorded.events.push("reload"),
    setTimeout: (run, ms) => void recorded.timers.push({ ms, run }),
  };
  const seen: InternalAxiosRequestConfig[] = [];
  const client = createHttp({ baseURL: "/jeecg-boot", token: () => token, effects, now: () => 1_700_000_000_123 });
  client.axios.defaults.adapter = fakeAdapter(handler, seen);
  return { client, recorded, seen };
}

/** Runs a failing request and returns what the user was shown. */
async function failWith(handler: Handler, options?: { token?: string }) {
  const ctx = setup(handler, options);
  const error = await ctx.client.get("/sys/user/list").then(
    () => undefined,
    (reason: unknown) => reason,
  );
  return { ...ctx, error };
}

describe("http client requests", () => {
  it("sends X-Access-Token when a token is stored", async () => {
    const { client, seen } = setup(() => ok(null), { token: "jwt-1" });
    await client.post("/sys/logout");
    expect(seen[0].headers.get("X-Access-Token")).toBe("jwt-1");
  });

  it("sends no X-Access-Token without a token", async () => {
    const { client, seen } = setup(() => ok(null));
    await client.get("/sys/randomImage/1");
    expect(seen[0].headers.has("X-Access-Token")).toBe(false);
  });

  it("adds _t in unix seconds to GET requests", async () => {
    const { client, seen } = setup(() => ok([]));
    await client.get("/sys/user/list", { pageNo: 1 });
    expect(seen[0].params).toEqual({ _t: 1_700_000_000, pageNo: 1 });
  });

  it("adds no _t to dictionary item lookups", async () => {
    const { client, seen } = setup(() => ok([]));
    await client.get("/sys/dict/getDictItems/sex");
    expect(seen[0].params?._t).toBeUndefined();
  });

  it("adds no _t to non-GET requests", async () => {
    const { client, seen } = setup(() => ok(null));
    await client.post("/sys/login", { username: "admin" });
    expect(seen[0].params?._t).toBeUndefined();
  });

  it("uses the base URL and a 30 000 ms timeout", async () => {
    const { client, seen } = setup(() => ok(null));
    await client.get("/x");
    expect(seen[0].baseURL).toBe("/jeecg-boot");
    expect(seen[0].timeout).toBe(30_000);
  });

  it("unwraps responses to the body", async () => {
    const { client } = setup(() => ok({ records: [], total: 0 }));
    await expect(client.get("/sys/user/list")).resolves.toMatchObject({ success: true, result: { total: 0 } });
  });
});

describe("http error catalogue (spec §8)", () => {
  it("shows 系统提示 / 拒绝访问 for HTTP 403", async () => {
    const { recorded } = await failWith(() => ({
      status: 403,
      body: { success: false, code: 510, message: "没有权限，请联系管理员授权" },
    }));
    expect(recorded.notices).toEqual([{ message: "系统提示", description: "拒绝访问", duration: 4 }]);
  });

  it("opens the 登录已过期 modal for HTTP 500 Token失效 with a stored token, and 重新登录 logs out, removes the token and reloads", async () => {
    const { recorded } = await failWith(
      () => ({ status: 500, body: { success: false, code: 500, message: "Token失效，请重新登录" } }),
      { token: "stale" },
    );
    expect(recorded.notices).toEqual([]);
    expect(recorded.modals).toHaveLength(1);
    const [modal] = recorded.modals;
    expect(modal).toMatchObject({ title: "登录已过期", content: "很抱歉，登录已过期，请重新登录", okText: "重新登录" });
    await modal.onOk();
    expect(recorded.events).toEqual(["logout", "removeToken", "reload"]);
  });

  it("opens the expired-login modal once for several concurrent Token失效 answers", async () => {
    const ctx = setup(() => ({ status: 500, body: { message: "Token失效，请重新登录!" } }), { token: "stale" });
    await Promise.allSettled([ctx.client.get("/a"), ctx.client.get("/b")]);
    expect(ctx.recorded.modals).toHaveLength(1);
  });

  it("shows the server message, not the modal, for HTTP 500 Token失效 without a stored token", async () => {
    const { recorded } = await failWith(() => ({ status: 500, body: { message: "Token失效，请重新登录" } }));
    expect(recorded.modals).toEqual([]);
    expect(recorded.notices).toEqual([{ message: "系统提示", description: "Token失效，请重新登录", duration: 4 }]);
  });

  it("shows 很抱歉，资源未找到! for HTTP 404", async () => {
    const { recorded } = await failWith(() => ({ status: 404, body: {} }));
    expect(recorded.notices).toEqual([{ message: "系统提示", description: "很抱歉，资源未找到!", duration: 4 }]);
  });

  it("shows 网络超时 for HTTP 504 without the 4 s limit", async () => {
    const { recorded } = await failWith(() => ({ status: 504, body: "" }));
    expect(recorded.notices).toEqual([{ message: "系统提示", description: "网络超时", duration: undefined }]);
  });

  it("shows 未授权，请重新登录 for HTTP 401 and, with a token, logs out then reloads after 1500 ms", async () => {
    const { recorded } = await failWith(() => ({ status: 401, body: { message: "Token失效，请重新登录!" } }), {
      token: "stale",
    });
    expect(recorded.notices).toEqual([{ message: "系统提示", description: "未授权，请重新登录", duration: 4 }]);
    await Promise.resolve();
    await Promise.resolve();
    expect(recorded.events).toEqual(["logout"]);
    expect(recorded.timers.map((timer) => timer.ms)).toEqual([LOGOUT_RELOAD_DELAY_MS]);
    recorded.timers[0].run();
    expect(recorded.events).toEqual(["logout", "reload"]);
  });

  it("opens the 该用户已冻结 modal (not 登录已过期) for a frozen user's session, once, and 重新登录 logs out, removes the token and reloads", async () => {
    const ctx = setup(() => ({ status: 401, body: { success: false, code: 401, message: "该用户已冻结" } }), { token: "live" });
    await Promise.allSettled([ctx.client.get("/a"), ctx.client.get("/b")]);
    expect(ctx.recorded.notices).toEqual([]);
    expect(ctx.recorded.modals).toHaveLength(1);
    const [modal] = ctx.recorded.modals;
    expect(modal).toMatchObject({ title: "该用户已冻结", content: "该用户已冻结，请联系管理员", okText: "重新登录" });
    expect(ctx.recorded.events).toEqual([]);
    await modal.onOk();
    expect(ctx.recorded.events).toEqual(["logout", "removeToken", "reload"]);
  });

  it("shows 未授权，请重新登录 for HTTP 401 without logging out when no token is stored", async () => {
    const { recorded } = await failWith(() => ({ status: 401, body: {} }));
    expect(recorded.notices.map((notice) => notice.description)).toEqual(["未授权，请重新登录"]);
    expect(recorded.events).toEqual([]);
    expect(recorded.timers).toEqual([]);
  });

  it("shows 网络超时 when the request times out without a response", async () => {
    const { recorded } = await failWith(() => ({ fail: "timeout" }));
    expect(recorded.notices).toEqual([{ message: "系统提示", description: "网络超时", duration: 4 }]);
  });

  it("shows a network failure in Chinese when there is no response", async () => {
    const { recorded } = await failWith(() => ({ fail: "network" }));
    expect(recorded.notices).toEqual([{ message: "系统提示", description: "网络异常，请检查网络连接", duration: 4 }]);
  });

  it("shows the server's message for any other status", async () => {
    const { recorded } = await failWith(() => ({ status: 400, body: { message: "参数不识别！" } }));
    expect(recorded.notices).toEqual([{ message: "系统提示", description: "参数不识别！", duration: 4 }]);
  });

  it("shows the server's message for an HTTP 500 that is not about the token", async () => {
    const { recorded } = await failWith(() => ({ status: 500, body: { message: "操作失败，xxx" } }), { token: "t" });
    expect(recorded.modals).toEqual([]);
    expect(recorded.notices.map((notice) => notice.description)).toEqual(["操作失败，xxx"]);
  });

  it("stays silent when the caller cancels the request", async () => {
    const { recorded, error } = await failWith(() => ({ fail: "cancel" }));
    expect(recorded.notices).toEqual([]);
    expect(error).toBeDefined();
    expect(wasNotified(error)).toBe(false);
  });

  it("leaves a quiet request's failure (404, Token失效, 401) to its caller: no notice, no modal, no logout", async () => {
    const answers = [
      { status: 404, body: {} },
      { status: 500, body: { message: "Token失效，请重新登录" } },
      { status: 401, body: { message: "Token失效，请重新登录!" } },
    ];
    for (const answer of answers) {
      const { client, recorded } = setup(() => answer, { token: "t" });
      const error = await client.get("/sys/loginConfig", undefined, { quiet: true }).then(() => undefined, (reason: unknown) => reason);
      expect(error).toMatchObject({ response: { status: answer.status } });
      expect(wasNotified(error)).toBe(false);
      expect(recorded).toEqual({ notices: [], modals: [], events: [], timers: [] });
    }
  });

  it("still rejects to the caller, marked as already shown", async () => {
    const { error } = await failWith(() => ({ status: 403, body: { message: "没有权限" } }));
    expect(error).toMatchObject({ response: { status: 403 } });
    expect(wasNotified(error)).toBe(true);
  });
});
