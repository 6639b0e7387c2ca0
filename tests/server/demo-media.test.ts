/** The demo rows' pictures and audio exist, so the demo pages show no broken media (and the menu walk sees no 404). */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../server/db/seed/index.js";
import { demoMediaPaths, ensureDemoMedia } from "../../server/db/seed/demo-media.js";
import { API, ADMIN_PASSWORD, createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
let uploadRoot: string;
beforeAll(async () => {
  t = await createTestApp();
  await seed(t.database.db, { adminPassword: ADMIN_PASSWORD, demo: true });
  uploadRoot = path.join(t.config.dataDir, "upload");
});
afterAll(() => t.close());

describe("demo media", () => {
  it("writes every picture and sound the demo rows reference, once", async () => {
    const paths = await demoMediaPaths(t.database.db);
    expect(paths).toContain("/demo/activity/demo-act-01_cover.jpg");
    expect(paths.some((p) => p.startsWith("/demo/answer/"))).toBe(true);
    expect(await ensureDemoMedia(t.database.db, uploadRoot)).toBe(paths.length);
    for (const p of paths) {
      const head = fs.readFileSync(path.join(uploadRoot, p)).subarray(0, 2);
      expect([...head]).toEqual(p.endsWith(".mp3") ? [0xff, 0xfb] : [0xff, 0xd8]);
    }
    expect(await ensureDemoMedia(t.database.db, uploadRoot)).toBe(0);
  });

  it("serves a demo cover through /sys/common/static as a JPEG", async () => {
    await ensureDemoMedia(t.database.db, uploadRoot);
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/common/static/demo/activity/demo-act-02_cover.jpg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/image\/jpeg/);
  });

  it("keeps a file that is already there (a real picture replacing the demo one)", async () => {
    const file = path.join(uploadRoot, "/demo/activity/demo-act-01_cover.jpg");
    fs.writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    await ensureDemoMedia(t.database.db, uploadRoot);
    expect(fs.readFileSync(file).length).toBe(7);
  });
});
