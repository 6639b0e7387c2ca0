/**
 * A frozen user's open session is told 该用户已冻结 (HTTP 401, as JeecgBoot 3.x answers a locked account's
 * token, so Vue 2 clients log out), not 登录已过期 (issue 13, item 4).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { TOKEN_INVALID_MESSAGE } from "../../contract/index.js";
import { sysUser } from "../../server/db/schema.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;

const call = async (method: "GET" | "PUT" | "POST", url: string, token: string, payload?: object) => {
  const res = await t.app.inject({ method, url: `${API}${url}`, headers: { "x-access-token": token }, payload });
  return { status: res.statusCode, body: res.json() };
};
const idOf = async (username: string) => (await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username)))[0].id;
const menu = (token: string) => call("GET", "/sys/permission/getUserPermissionByToken", token);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  for (const name of ["zhangsan", "wangfang", "lisi"]) await t.setPassword(name, "Frozen@123");
});
afterAll(() => t.close());

describe("a frozen user's open session", () => {
  it("answers HTTP 401 该用户已冻结 once 冻结 is applied, and an expired login after 解冻 (the session stays ended)", async () => {
    const token = await t.login("zhangsan", "Frozen@123");
    expect((await menu(token)).status).toBe(200);
    expect((await call("PUT", "/sys/user/frozenBatch", admin, { ids: await idOf("zhangsan"), status: 2 })).body.success).toBe(true);
    const frozen = await menu(token);
    expect(frozen.status).toBe(401);
    expect(frozen.body).toMatchObject({ success: false, code: 401, message: "该用户已冻结", result: null });
    // Refused before anything runs: a write is refused the same way.
    expect((await call("PUT", "/sys/user/frozenBatch", token, { ids: await idOf("lisi"), status: 2 })).body.message).toBe("该用户已冻结");
    await call("PUT", "/sys/user/frozenBatch", admin, { ids: await idOf("zhangsan"), status: 1 });
    const after = await menu(token);
    expect(after.status).toBe(500);
    expect(after.body.message).toBe(TOKEN_INVALID_MESSAGE);
    expect((await menu(await t.login("zhangsan", "Frozen@123"))).status).toBe(200);
  });

  it("says 该用户已冻结 also when the user was frozen outside the API (plain SQL, no session revoked)", async () => {
    const token = await t.login("wangfang", "Frozen@123");
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, "wangfang"));
    try {
      expect((await menu(token)).body).toMatchObject({ code: 401, message: "该用户已冻结" });
    } finally {
      await t.database.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, "wangfang"));
    }
    expect((await menu(token)).status).toBe(200);
  });

  it("keeps an expired login for a session that had ended for another reason before the freeze", async () => {
    const token = await t.login("lisi", "Frozen@123");
    expect((await t.app.inject({ method: "POST", url: `${API}/sys/logout`, headers: { "x-access-token": token } })).json().success).toBe(true);
    await t.database.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, "lisi"));
    try {
      const res = await menu(token);
      expect(res.status).toBe(500);
      expect(res.body.message).toBe(TOKEN_INVALID_MESSAGE);
    } finally {
      await t.database.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, "lisi"));
    }
  });

  it("keeps an expired login for a forged token", async () => {
    const res = await menu("not-a-token");
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(TOKEN_INVALID_MESSAGE);
  });
});
