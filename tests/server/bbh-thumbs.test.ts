/**
 * Red-mark thumbnails with sharp (domain.md §6.2 genrateAllThumbPic): real images in the upload directory,
 * sizes within the box and never enlarged, failures reported per image, a second run that only fills what is
 * missing, one run at a time, the inline cover thumbnail at publish, and the permission.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { bbhRedMark } from "../../server/db/schema.js";
import { ThumbJob, thumbName, uploadRelative } from "../../server/modules/bbh/thumbs.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { caller } from "./bbh-helpers.js";

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;
let root: string;

const image = async (rel: string, width: number, height: number) => {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: "#c00" } }).jpeg().toFile(file);
};
const size = async (rel: string) => {
  const m = await sharp(path.join(root, rel)).metadata();
  return [m.width, m.height];
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
  root = path.join(t.config.dataDir, "upload");
  await image("redmark/20240101/big.jpg", 1200, 600);
  await image("redmark/20240101/small.jpg", 120, 80);
  await image("redmark/20240101/cover.jpg", 800, 800);
  const base = { category: 2, address: "地址", longitude: 115.9, latitude: 28.7, createBy: "admin" };
  await t.database.db.insert(bbhRedMark).values([
    { id: "th-1", markName: "缩略图一", coverImage: "redmark/20240101/cover.jpg", images: "/jeecg-boot/sys/common/static/redmark/20240101/big.jpg,redmark/20240101/small.jpg,redmark/none.jpg", ...base },
    { id: "th-2", markName: "缩略图二", coverImage: "https://cdn.example.com/a.jpg", ...base },
  ]);
});
afterAll(() => t.close());

const thumbRun = (body: object = {}, token = admin) => call("POST", "/bbh/api/activity/redmark/genrateAllThumbPic", token, body);

describe("genrateAllThumbPic", () => {
  it("names thumbnails beside their images and resolves stored paths", () => {
    expect(thumbName("redmark/a/b.jpg")).toBe("redmark/a/b_thumb.jpg");
    expect(uploadRelative("/jeecg-boot/sys/common/static/x/y.png", "/jeecg-boot")).toBe("x/y.png");
    expect(uploadRelative("https://cdn/x.png", "/jeecg-boot")).toBeNull();
  });

  it("makes thumbnails within 300 × 300 without enlarging, reports failures, and fills only what is missing when run again", async () => {
    const res = await thumbRun({ redMarkIds: ["th-1", "th-2"] });
    expect(res.body.result).toMatchObject({ running: false, total: 2, processed: 2, generated: 3, skipped: 0, failed: 2 });
    expect(res.body.result.failures.map((f: { redMarkId: string; reason: string }) => [f.redMarkId, f.reason])).toEqual([
      ["th-1", "图片不存在或格式不支持"],
      ["th-2", "仅支持本地存储的图片"],
    ]);
    const [m] = await t.database.db.select().from(bbhRedMark).where(eq(bbhRedMark.id, "th-1"));
    expect(m.thumbImage).toBe("redmark/20240101/cover_thumb.jpg");
    expect(m.thumbImages).toBe("/jeecg-boot/sys/common/static/redmark/20240101/big_thumb.jpg,redmark/20240101/small_thumb.jpg,");
    expect(await size("redmark/20240101/cover_thumb.jpg")).toEqual([300, 300]);
    expect(await size("redmark/20240101/big_thumb.jpg")).toEqual([300, 150]);
    expect(await size("redmark/20240101/small_thumb.jpg")).toEqual([120, 80]);
    const again = await thumbRun({ redMarkIds: ["th-1"] });
    expect(again.body.result).toMatchObject({ generated: 0, skipped: 3, failed: 1 });
    fs.rmSync(path.join(root, "redmark/20240101/big_thumb.jpg"));
    expect((await thumbRun({ redMarkIds: ["th-1"] })).body.result).toMatchObject({ generated: 1, skipped: 2, failed: 1 });
    expect((await thumbRun({ redMarkIds: ["th-1"], onlyMissing: false })).body.result).toMatchObject({ generated: 3, skipped: 0 });
    expect((await thumbRun({ statusOnly: true })).body.result).toMatchObject({ running: false, generated: 3 });
  });

  it("runs one job at a time", async () => {
    const job = new ThumbJob(t.database.db, root, "/jeecg-boot");
    const first = job.start({ redMarkIds: ["th-1"] });
    expect(() => job.start({})).toThrow("缩略图正在生成中，请稍后");
    expect(job.status().running).toBe(true);
    await first;
    expect(job.status().running).toBe(false);
  });

  it("makes the cover thumbnail when a mark is published, and warns when it cannot", async () => {
    await image("redmark/20240102/pub.jpg", 640, 480);
    const add = (markName: string, coverImage: string) =>
      call("POST", "/bbh/api/activity/redmark/add", admin, { markName, category: 2, address: "地址", longitude: 115.9, latitude: 28.7, coverImage });
    await add("发布缩略图", "redmark/20240102/pub.jpg");
    await add("发布无图", "redmark/20240102/missing.jpg");
    const byName = async (n: string) => (await t.database.db.select().from(bbhRedMark).where(eq(bbhRedMark.markName, n)))[0];
    const ok = await call("PUT", "/bbh/api/activity/redmark/updatePublish", admin, { id: (await byName("发布缩略图")).id, publishStatus: 1 });
    expect(ok.body.result.warnings).toEqual([]);
    expect((await byName("发布缩略图")).thumbImage).toBe("redmark/20240102/pub_thumb.jpg");
    const warn = await call("PUT", "/bbh/api/activity/redmark/updatePublish", admin, { id: (await byName("发布无图")).id, publishStatus: 1 });
    expect(warn.body).toMatchObject({ message: "发布成功", result: { publishStatus: 1, warnings: ["缩略图生成失败，可稍后批量生成"] } });
  });

  it("needs bbh:redmark:thumb and refuses bad sizes", async () => {
    expect((await thumbRun({}, auditor)).status).toBe(403);
    expect((await thumbRun({ width: 5 })).body.message).toMatch(/宽度/);
    expect((await thumbRun({ mode: "crop" })).status).toBe(400);
  });
});
