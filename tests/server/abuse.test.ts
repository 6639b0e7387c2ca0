/**
 * Hostile and unusual requests (issue 7): empty JSON bodies as the JeecgBoot Vue 2 client sends them, the
 * self-profile endpoint aimed at another user, password guessing through the password change, control
 * characters in sign-in input, and multipart requests with too many files or parts.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { sysDict, sysLog, sysRole, sysUser, sysUserRole } from "../../server/db/schema.js";
import { writeWorkbook } from "../../server/lib/excel.js";
import { API, ADMIN_PASSWORD, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: "4096" });
  admin = await t.login();
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const JSON_UTF8 = "application/json;charset=UTF-8";

/** A request with a raw body, exactly as given (no JSON encoding by the test client). */
const raw = (method: Method, url: string, token: string | null, body: string, contentType = JSON_UTF8) =>
  t.app.inject({ method, url: `${API}${url}`, headers: { "content-type": contentType, ...(token ? { "x-access-token": token } : {}) }, payload: body });
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url: `${API}${url}`, headers: token ? { "x-access-token": token } : {}, payload });
const byName = async (username: string) => (await t.database.db.select().from(sysUser).where(eq(sysUser.username, username)))[0];

describe("an empty body with a JSON content type (what the Vue 2 client sends)", () => {
  it("logs out and revokes the token: POST /sys/logout, Content-Type application/json;charset=UTF-8, no body", async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: "POST",
      url: `${API}/sys/logout`,
      headers: { "Content-Type": "application/json;charset=UTF-8", "X-Access-Token": token },
      payload: "",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "退出登录成功！" });
    const after = await call("GET", "/sys/user/getUserInfo", token);
    expect(after.statusCode).toBe(500);
    expect(after.json().message).toContain("Token失效");
  });

  it("treats a blank body (whitespace only) as no body too", async () => {
    const token = await t.login();
    const res = await raw("POST", "/sys/logout", token, " \r\n\t ");
    expect(res.json()).toMatchObject({ success: true });
    expect((await call("GET", "/sys/user/getUserInfo", token)).statusCode).toBe(500);
  });

  it("serves GET and DELETE routes without a body", async () => {
    const got = await raw("GET", "/sys/user/getUserInfo", admin, "");
    expect(got.statusCode).toBe(200);
    expect(got.json().result.userInfo.username).toBe("admin");

    expect((await call("POST", "/sys/role/add", admin, { roleName: "临时角色", roleCode: "empty_body_role" })).json().success).toBe(true);
    const [role] = await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, "empty_body_role"));
    const deleted = await raw("DELETE", `/sys/role/delete?id=${role.id}`, admin, "");
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, message: "删除角色成功" });
    expect(await t.database.db.select().from(sysRole).where(eq(sysRole.id, role.id))).toHaveLength(0);
  });

  it("serves a body-less PUT (restore a dictionary from the recycle bin)", async () => {
    const [dict] = await t.database.db.select().from(sysDict).where(eq(sysDict.dictCode, "sex"));
    expect((await raw("DELETE", `/sys/dict/delete?id=${dict.id}`, admin, "")).json()).toMatchObject({ success: true });
    const back = await raw("PUT", `/sys/dict/back/${dict.id}`, admin, "");
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ success: true, message: "操作成功!" });
    expect((await t.database.db.select().from(sysDict).where(eq(sysDict.id, dict.id)))[0].delFlag).toBe(0);
  });

  it("gives a PUT route whose body has no required field an empty object", async () => {
    const before = await byName("admin");
    const res = await raw("PUT", "/sys/user/appEdit", admin, "");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, result: { username: "admin", realname: before.realname } });
  });

  it("answers 400 请求体不能为空 on a route that needs a body (login) and signs nobody in", async () => {
    for (const body of ["", "   "]) {
      const res = await raw("POST", "/sys/login", null, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message: "请求体不能为空" });
    }
    const noType = await t.app.inject({ method: "POST", url: `${API}/sys/login` });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toBe("请求体不能为空");
  });

  it("still refuses malformed JSON and names missing fields", async () => {
    expect((await raw("POST", "/sys/login", null, "{")).json()).toMatchObject({ code: 400, message: "请求体不是有效的 JSON" });
    const missing = await raw("POST", "/sys/login", null, "{}");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/缺少必填字段/);
  });
});

describe("PUT /sys/user/appEdit only ever edits the signed-in user", () => {
  it("refuses another user's id with 403 and changes nobody", async () => {
    await t.setPassword("zhangwei", "Zhang@wei1");
    const token = await t.login("zhangwei", "Zhang@wei1");
    const victim = await byName("admin");
    const self = await byName("zhangwei");
    for (const method of ["PUT", "POST"] as const) {
      const res = await call(method, "/sys/user/appEdit", token, { id: victim.id, username: "admin", realname: "被改了", phone: "13911112222", status: 2 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: "只能修改自己的个人信息" });
    }
    expect(await byName("admin")).toEqual(victim);
    expect(await byName("zhangwei")).toEqual(self);
  });

  it("with one's own id, changes only the self-editable fields and ignores privileged ones", async () => {
    await t.setPassword("chenjing", "Chen@jing1");
    const token = await t.login("chenjing", "Chen@jing1");
    const before = await byName("chenjing");
    const adminRole = (await t.database.db.select().from(sysRole).where(eq(sysRole.roleCode, "admin")))[0];
    const rolesBefore = await t.database.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, before.id));
    const res = await call("POST", "/sys/user/appEdit", token, {
      id: before.id,
      realname: "陈静静",
      telephone: "010-12345678",
      status: 2,
      delFlag: 1,
      username: "root",
      password: "Hacked@123",
      workNo: "9999",
      orgCode: "A01",
      userIdentity: 2,
      departIds: "x",
      post: "boss",
      selectedroles: adminRole.id,
      roles: [adminRole.id],
      relTenantIds: "1",
    });
    expect(res.json()).toMatchObject({ success: true, result: { username: "chenjing", realname: "陈静静" } });
    const after = await byName("chenjing");
    expect(after).toEqual({ ...before, realname: "陈静静", telephone: "010-12345678", updateBy: "chenjing", updateTime: after.updateTime });
    expect(await t.database.db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, before.id))).toEqual(rolesBefore);
    expect(await t.login("chenjing", "Chen@jing1")).toBeTruthy();
  });
});

describe("wrong old passwords on PUT /sys/user/updatePassword count towards the sign-in lockout", () => {
  const put = (token: string, oldpassword: string, username = "zhaolei") =>
    call("PUT", "/sys/user/updatePassword", token, { username, oldpassword, password: "Brand@new123", confirmpassword: "Brand@new123" });
  const login = (username: string, password: string) => call("POST", "/sys/login", null, { username, password });

  it("locks the account after five wrong passwords, whether guessed at sign-in or in the password change", async () => {
    await t.setPassword("zhaolei", "Zhao@lei12");
    const token = await t.login("zhaolei", "Zhao@lei12");
    const hash = (await byName("zhaolei")).password;

    expect((await login("zhaolei", "wrong-1")).json().message).toBe("用户名或密码错误，还可尝试 4 次");
    expect((await login("zhaolei", "wrong-2")).json().message).toBe("用户名或密码错误，还可尝试 3 次");
    expect((await put(token, "wrong-3")).json()).toMatchObject({ success: false, message: "旧密码输入错误! 还可尝试 2 次" });
    expect((await put(token, "wrong-4")).json().message).toBe("旧密码输入错误! 还可尝试 1 次");
    expect((await put(token, "wrong-5")).json().message).toBe("密码错误次数过多，账号已锁定，请 15 分钟后再试");

    // Locked for sign-in with the right password, and for the password change with the right old password.
    expect((await login("zhaolei", "Zhao@lei12")).json()).toMatchObject({ success: false, message: "密码错误次数过多，账号已锁定，请 15 分钟后再试" });
    expect((await put(token, "Zhao@lei12")).json()).toMatchObject({ success: false, message: "密码错误次数过多，账号已锁定，请 15 分钟后再试" });
    expect((await byName("zhaolei")).password).toBe(hash);
  });

  it("locks through the password change alone, and a right old password before the limit clears the count", async () => {
    await t.setPassword("wangfang", "Wang@fang1");
    const token = await t.login("wangfang", "Wang@fang1");
    for (let i = 0; i < 4; i++) await put(token, "nope", "wangfang");
    const ok = await call("PUT", "/sys/user/updatePassword", token, { username: "wangfang", oldpassword: "Wang@fang1", password: "Wang@fang2", confirmpassword: "Wang@fang2" });
    expect(ok.json()).toMatchObject({ success: true });
    for (let i = 0; i < 4; i++) expect((await put(token, "nope", "wangfang")).json().message).toBe(`旧密码输入错误! 还可尝试 ${4 - i} 次`);
    expect((await put(token, "nope", "wangfang")).json().message).toMatch(/账号已锁定/);
    expect((await login("wangfang", "Wang@fang2")).json().message).toMatch(/账号已锁定/);
  });
});

describe("control characters in sign-in input", () => {
  const login = (payload: Record<string, unknown>) => call("POST", "/sys/login", null, payload);
  const loginLogs = async () => Number((await t.database.db.select({ n: count() }).from(sysLog).where(eq(sysLog.logType, 1)))[0].n);

  it.each([
    ["CR/LF", "ad\r\nmin"],
    ["LF", "admin\n"],
    ["NUL", "ad\u0000min"],
    ["tab", "ad\tmin"],
    ["DEL", "ad\u007fmin"],
    ["line separator", "ad\u2028min"],
  ])("answers a username with %s with 400 and a Chinese message, writing no login log", async (_name, username) => {
    const logs = await loginLogs();
    const res = await login({ username, password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400 });
    expect(res.json().message).toMatch(/控制字符|空字符/);
    expect(await loginLogs()).toBe(logs);
  });

  it("answers a captcha or captcha key with control characters with 400", async () => {
    const captcha = await login({ username: "admin", password: ADMIN_PASSWORD, captcha: "ab\r\ncd", checkKey: "1700000000000" });
    expect(captcha.statusCode).toBe(400);
    expect(captcha.json().message).toBe("验证码不能包含换行符等控制字符");
    const key = await login({ username: "admin", password: ADMIN_PASSWORD, captcha: "abcd", checkKey: "k\r\nSet-Cookie: x=1" });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toMatch(/checkKey/);
    // The Vue 2 client's numeric key and an empty one are fine.
    expect((await login({ username: "admin", password: ADMIN_PASSWORD, checkKey: 1700000000000 })).json().success).toBe(true);
    expect((await login({ username: "admin", password: ADMIN_PASSWORD, captcha: "", checkKey: "" })).json().success).toBe(true);
  });

  it("answers a captcha image key with CR/LF with 400", async () => {
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/randomImage/a%0d%0ab` });
    expect(res.statusCode).toBe(400);
  });

  it("answers NUL anywhere else (query, body) with 400 instead of a database error", async () => {
    const check = await call("GET", "/sys/user/checkOnlyUser?username=ad%00min", admin);
    expect(check.statusCode).toBe(400);
    expect(check.json().message).toBe("请求参数不能包含空字符（\\u0000）");
    const reset = await call("PUT", "/sys/user/changePassword", admin, { username: "li\u0000si", password: "Li@si12345", confirmpassword: "Li@si12345" });
    expect(reset.statusCode).toBe(400);
    const nested = await call("PUT", "/sys/user/appEdit", admin, { realname: "x\u0000y" });
    expect(nested.statusCode).toBe(400);
    expect((await byName("admin")).realname).not.toContain("\u0000");
  });
});

describe("multipart limits on upload and import routes", () => {
  // A real 1×1 PNG: uploads are recognised by their bytes (file-type), not just a signature.
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

  function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>) {
    const boundary = "----rmabuse" + Math.random().toString(16).slice(2);
    const chunks: Buffer[] = [];
    for (const p of parts) {
      const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}`;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
      chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
      chunks.push(Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "x-access-token": admin } };
  }
  const post = (url: string, parts: Parameters<typeof multipart>[0]) => t.app.inject({ method: "POST", url: `${API}${url}`, ...multipart(parts) });

  const uploadRoot = () => path.join(t.config.dataDir, "upload");
  const storedFiles = (): string[] => {
    const root = uploadRoot();
    if (!fs.existsSync(root)) return [];
    return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  };
  const files = (n: number) => Array.from({ length: n }, (_, i) => ({ name: "file", value: PNG, filename: `a${i}.png`, type: "image/png" }));

  it("still stores one image with a biz field", async () => {
    const before = storedFiles().length;
    const res = await post("/sys/common/upload", [{ name: "biz", value: "avatar" }, ...files(1)]);
    expect(res.json()).toMatchObject({ success: true });
    expect(res.json().message).toMatch(/^avatar\/\d{8}\/[0-9a-f]{24}\.png$/);
    expect(storedFiles().length).toBe(before + 2); // the image and its thumbnail
  });

  it("refuses 50 files in one upload with 413 and stores nothing", async () => {
    const before = storedFiles();
    const res = await post("/sys/common/upload", files(50));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 413 });
    expect(res.json().message).toMatch(/^上传请求包含的文件或字段过多/);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses 200 parts (one file and many fields) with 413 and stores nothing", async () => {
    const before = storedFiles();
    const fields = Array.from({ length: 199 }, (_, i) => ({ name: `f${i}`, value: "x" }));
    const res = await post("/sys/common/upload", [...files(1), ...fields]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^上传请求包含的文件或字段过多/);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses an overlong form field with 413", async () => {
    const res = await post("/sys/common/upload", [{ name: "biz", value: "a".repeat(5000) }, ...files(1)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("表单字段「biz」过长");
  });

  it("refuses an Excel import carrying 50 files with 413 and imports nothing, though the first file is valid", async () => {
    const book = await writeWorkbook({
      title: "用户信息",
      exporter: "管理员",
      columns: [
        { header: "用户账号", value: (r: { u: string }) => r.u },
        { header: "用户姓名", value: () => "多文件" },
      ],
      records: [{ u: "multi_file_user" }],
    });
    const xlsx = { name: "file", value: book, filename: "users.xlsx", type: "application/octet-stream" };
    const many = await post("/sys/user/importExcel", Array.from({ length: 50 }, () => xlsx));
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toMatch(/^上传请求包含的文件或字段过多/);
    const parts = await post("/sys/role/importExcel", [xlsx, ...Array.from({ length: 199 }, (_, i) => ({ name: `f${i}`, value: "x" }))]);
    expect(parts.statusCode).toBe(413);
    expect(await byName("multi_file_user")).toBeUndefined();

    // The same file alone imports.
    const one = await post("/sys/user/importExcel", [xlsx]);
    expect(one.json()).toMatchObject({ success: true });
    expect(await byName("multi_file_user")).toBeDefined();
  });
});
