import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { DataDirLockedError, openPglite } from "../../server/db/client.js";
import { seed } from "../../server/db/seed/index.js";
import { sysPermission, sysUser } from "../../server/db/schema.js";
import { parseListQuery } from "../../server/lib/list-query.js";
import { loadJwtSecret } from "../../server/lib/secret.js";
import { userListSpec } from "../../server/modules/sys/user.repo.js";

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "rm-db-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("the embedded database", () => {
  it("refuses a second process on the same data directory, and reopens with its data after a clean close", async () => {
    const dir = tmp();
    const first = await openPglite(dir);
    const result = await seed(first.db, { adminPassword: null });
    expect(result.seeded).toBe(true);
    expect(result.generatedAdminPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@#$%&*+=]).{16}$/);
    await expect(openPglite(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    const second = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, DATA_DIR: dir, PORT: "0", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain("正被另一个服务进程使用");
    await first.close();

    const again = await openPglite(dir);
    expect((await seed(again.db, { adminPassword: null })).seeded).toBe(false);
    const [{ n }] = await again.db.select({ n: count() }).from(sysUser);
    expect(n).toBe(7);
    const [{ menus }] = await again.db.select({ menus: count() }).from(sysPermission);
    expect(menus).toBeGreaterThan(300);
    await again.close();
  });
});

describe("the server process", () => {
  it("serves after start, then on SIGTERM closes cleanly and releases the data directory", async () => {
    const dir = tmp();
    const port = 19_000 + Math.floor(Math.random() * 500);
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, DATA_DIR: dir, PORT: String(port), DATABASE_URL: "", ADMIN_PASSWORD: "", LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    let answered = false;
    for (let i = 0; i < 200 && !answered; i++) {
      await new Promise((r) => setTimeout(r, 100));
      answered = await fetch(`http://127.0.0.1:${port}/jeecg-boot/sys/randomImage/1`).then((r) => r.ok, () => false);
    }
    expect(answered).toBe(true);
    // First start with no ADMIN_PASSWORD: the generated password is printed once.
    expect(stdout).toMatch(/密\s*码: \S{16}/);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const reopened = await openPglite(dir);
    await reopened.close();
  });
});

describe("per-install JWT secret", () => {
  it("is generated once per data directory, kept, and differs between installs", () => {
    const a = tmp();
    const b = tmp();
    const first = Buffer.from(loadJwtSecret(null, a)).toString();
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(loadJwtSecret(null, a)).toString()).toBe(first);
    expect(Buffer.from(loadJwtSecret(null, b)).toString()).not.toBe(first);
    expect(fs.statSync(path.join(a, "jwt-secret")).mode & 0o077).toBe(0);
  });

  it("uses JWT_SECRET when set and refuses a short one", () => {
    expect(Buffer.from(loadJwtSecret("s".repeat(40), tmp())).toString()).toBe("s".repeat(40));
    expect(() => loadJwtSecret("short", tmp())).toThrow(/至少需要 32 个字符/);
  });
});

describe("list query SQL", () => {
  it("binds every filter value as a parameter and names only allow-listed columns", () => {
    const params = parseListQuery(
      userListSpec,
      { realname: "*x'; drop table sys_user; --*", username: "a,b", status: "!2", createTime_begin: "2024-01-01", column: "realname", order: "asc" },
      1000,
    );
    const { sql, params: bound } = new PgDialect().sqlToQuery(params.where!);
    expect(sql).not.toContain("drop table");
    expect(sql).toMatch(/"sys_user"\."realname" ilike \$1/);
    expect(bound).toEqual(["%x'; drop table sys\\_user; --%", "a", "b", 2, "2023-12-31T16:00:00.000Z"]);
    const order = params.orderBy.map((o) => new PgDialect().sqlToQuery(o).sql);
    expect(order).toEqual(['"sys_user"."realname" asc nulls first', '"sys_user"."id" asc']);
  });
});
