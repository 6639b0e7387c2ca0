/**
 * OSS 文件 and uploads of every allowed type (issue 9): each type is accepted by its bytes and recorded with
 * its facts; disguised files, SVG/HTML and files over their kind's limit are refused with nothing left on
 * disk or in the table; md5 de-duplication; delete removes the object (and tolerates one already gone) unless
 * a published red mark shows it; list filters, export, download; JeecgBoot's `/sys/oss/file`; permissions;
 * and the same through an S3-compatible bucket (a fake S3 server on a real port).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { bbhOssFile, bbhRedMark } from "../../server/db/schema.js";
import { UPLOAD_TYPE_REFUSED, uploadContentMismatch, uploadTooLarge } from "../../contract/upload.js";
import { API, createTestApp, type TestApp } from "./helpers.js";
import { caller, rows } from "./bbh-helpers.js";
import { acceptedSamples, disguisedSamples, pdf } from "../fixtures/upload-samples.js";
import { startFakeS3, type FakeS3 } from "./fake-s3.js";

const LIMITS = { UPLOAD_MAX_IMAGE_BYTES: "60000", UPLOAD_MAX_DOC_BYTES: "3000", UPLOAD_MAX_AUDIO_BYTES: "4000", UPLOAD_MAX_VIDEO_BYTES: "5000" };

let t: TestApp;
let admin: string;
let auditor: string;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp(LIMITS);
  admin = await t.login();
  await t.setPassword("lisi", "Auditor@123");
  auditor = await t.login("lisi", "Auditor@123");
  call = caller(t);
});
afterAll(() => t.close());

type Part = { name: string; value: string | Buffer; filename?: string };
function multipart(parts: Part[]) {
  const boundary = "----rmoss" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename !== undefined ? "Content-Type: application/octet-stream\r\n" : ""}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function post(app: TestApp, url: string, parts: Part[], token: string) {
  const body = multipart(parts);
  const res = await app.app.inject({ method: "POST", url: `${API}${url}`, payload: body.payload, headers: { ...body.headers, "x-access-token": token } });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string; code: number; result: any } };
}
const upload = (name: string, data: Buffer, extra: Part[] = [], token = admin) => post(t, "/bbh/api/ossFile/upload", [...extra, { name: "file", value: data, filename: name }], token);

/** Every file under the data directory's upload and temporary folders. */
function filesOnDisk(app = t): string[] {
  const out: string[] = [];
  for (const d of ["upload", "upload-tmp"]) {
    const root = path.join(app.config.dataDir, d);
    if (fs.existsSync(root)) for (const e of fs.readdirSync(root, { recursive: true, withFileTypes: true })) if (e.isFile()) out.push(path.join(e.parentPath, e.name));
  }
  return out;
}
const stored = (key: string) => path.join(t.config.dataDir, "upload", key);
const liveRows = () => rows(t, bbhOssFile, eq(bbhOssFile.delFlag, 0));

describe("upload of each allowed type", () => {
  it("accepts every type of the allow-list by its bytes and records its facts", async () => {
    for (const [name, data, kind, ext] of await acceptedSamples()) {
      const res = await upload(name, data, [{ name: "bizType", value: "red_mark" }, { name: "bizId", value: "demo-rm-01" }]);
      expect(res.status, name).toBe(200);
      const r = res.body.result;
      expect(res.body).toMatchObject({ success: true, message: "上传成功！" });
      expect(r).toMatchObject({ fileName: name, fileType: kind, fileExt: ext, fileSize: data.length, storageType: "local", storageType_dictText: "本地", bizType: "red_mark", bizId: "demo-rm-01", uploaderType: 1, createBy: "admin" });
      expect(r.objectKey).toMatch(new RegExp(`^red_mark/\\d{8}/[0-9a-f]{24}\\.${ext}$`));
      expect(r.url).toBe(r.objectKey);
      expect(r.md5).toMatch(/^[0-9a-f]{32}$/);
      expect(fs.readFileSync(stored(r.objectKey)).equals(data)).toBe(true);
      if (kind === "image") {
        expect([r.width, r.height]).toEqual([40, 20]);
        expect(fs.existsSync(stored(r.thumbUrl))).toBe(true);
      } else {
        expect(r.thumbUrl).toBeNull();
      }
    }
  });

  it("serves PDFs, audio and video inline with their type, Office files as downloads", async () => {
    const samples = await acceptedSamples();
    const get = async (name: string) => {
      const [, data] = samples.find(([n]) => n === name)!;
      const { body } = await upload(name, Buffer.concat([data, Buffer.from(name)]).subarray(0, data.length));
      return t.app.inject({ method: "GET", url: `${API}/sys/common/static/${body.result.url}` });
    };
    const pdfRes = await get("讲解词.pdf");
    expect([pdfRes.headers["content-type"], String(pdfRes.headers["content-disposition"]).split(";")[0]]).toEqual(["application/pdf", "inline"]);
    expect((await get("视频.mp4")).headers["content-type"]).toBe("video/mp4");
    const docx = await get("文档.docx");
    expect([docx.headers["content-type"], String(docx.headers["content-disposition"]).split(";")[0]]).toEqual(["application/force-download", "attachment"]);
  });
});

describe("refusals leave nothing behind", () => {
  it.each(disguisedSamples())("refuses %s with 415", async (_what, name, data) => {
    const before = [filesOnDisk().length, await liveRows()];
    const res = await upload(name, data);
    expect(res.status).toBe(415);
    const ext = name.split(".").pop()!;
    expect(res.body).toMatchObject({ success: false, message: ["svg", "html"].includes(ext) ? UPLOAD_TYPE_REFUSED : uploadContentMismatch(ext) });
    expect([filesOnDisk().length, await liveRows()]).toEqual(before);
  });

  it.each([
    ["image", "大图.png", Buffer.alloc(60_001, 1), 60_000],
    ["doc", "大文档.pdf", Buffer.concat([pdf(), Buffer.alloc(3000)]), 3000],
    ["audio", "长音频.mp3", Buffer.alloc(4001, 0xff), 4000],
    ["video", "长视频.mp4", Buffer.alloc(5001, 0), 5000],
  ] as const)("refuses a %s over its limit with 413 and a Chinese message", async (kind, name, data, limit) => {
    const before = [filesOnDisk().length, await liveRows()];
    const res = await upload(name, data);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: uploadTooLarge(kind, limit) });
    expect(res.body.message).toMatch(/^(图片|文档|音频|视频)文件大小超出\d+KB限制/);
    expect([filesOnDisk().length, await liveRows()]).toEqual(before);
  });

  it("refuses a second file in the request (413), an empty file and a missing file (400)", async () => {
    const before = [filesOnDisk().length, await liveRows()];
    const two = await post(t, "/bbh/api/ossFile/upload", [{ name: "file", value: pdf(), filename: "a.pdf" }, { name: "file", value: pdf(), filename: "b.pdf" }], admin);
    expect(two.status).toBe(413);
    expect((await upload("空.pdf", Buffer.alloc(0))).body).toMatchObject({ success: false, message: "上传的文件是空的" });
    expect((await post(t, "/bbh/api/ossFile/upload", [{ name: "bizType", value: "activity" }], admin)).status).toBe(400);
    expect((await upload("a.pdf", pdf(), [{ name: "bizType", value: "../../etc" }])).body).toMatchObject({ success: false, message: "业务类型不正确" });
    expect([filesOnDisk().length, await liveRows()]).toEqual(before);
  });

  it("takes a name without an extension only as an image (stored under its real type)", async () => {
    const png = await sharp({ create: { width: 3, height: 3, channels: 3, background: "#0a0" } }).png().toBuffer();
    const ok = await post(t, "/sys/common/upload", [{ name: "file", value: png, filename: "blob" }], admin);
    expect(ok.body.message).toMatch(/^\d{8}\/[0-9a-f]{24}\.png$/);
    const before = [filesOnDisk().length, await liveRows()];
    const res = await post(t, "/sys/common/upload", [{ name: "file", value: pdf("无扩展名"), filename: "blob" }], admin);
    expect(res.body).toMatchObject({ success: false, message: UPLOAD_TYPE_REFUSED });
    expect([filesOnDisk().length, await liveRows()]).toEqual(before);
  });

  it("never lets a name or biz folder choose the path", async () => {
    const res = await upload("../../../etc/passwd.pdf", pdf("路径"));
    expect(res.status).toBe(200);
    expect(res.body.result.objectKey).toMatch(/^oss\/\d{8}\/[0-9a-f]{24}\.pdf$/);
    expect(res.body.result.fileName).toBe("passwd.pdf"); // the multipart parser keeps only the base name
    const common = await post(t, "/sys/common/upload", [{ name: "biz", value: "../../etc" }, { name: "file", value: pdf(), filename: "a.pdf" }], admin);
    expect(common.body).toMatchObject({ success: false, message: "上传目录bizPath，格式非法！" });
  });
});

describe("md5 de-duplication and delete", () => {
  it("reuses the stored object for the same bytes and removes it with the last row", async () => {
    const data = pdf("同一份文件");
    const a = (await upload("甲.pdf", data)).body.result;
    const b = (await upload("乙.pdf", data)).body.result;
    expect(b.id).not.toBe(a.id);
    expect(b.objectKey).toBe(a.objectKey);
    expect(b.fileName).toBe("乙.pdf");
    expect((await call("DELETE", `/bbh/api/ossFile/delete?id=${a.id}`, admin)).body).toMatchObject({ success: true, message: "删除成功!" });
    expect(fs.existsSync(stored(a.objectKey))).toBe(true);
    expect((await call("DELETE", `/bbh/api/ossFile/delete?id=${b.id}`, admin)).body.success).toBe(true);
    expect(fs.existsSync(stored(a.objectKey))).toBe(false);
    expect((await call("GET", `/bbh/api/ossFile/queryById?id=${a.id}`, admin)).body).toMatchObject({ success: false, message: "数据不存在或已删除" });
    // After its object is gone the same bytes are stored anew.
    const c = (await upload("丙.pdf", data)).body.result;
    expect(c.objectKey).not.toBe(a.objectKey);
    expect(fs.existsSync(stored(c.objectKey))).toBe(true);
  });

  it("deletes an image with its thumbnail, a batch, and a row whose object is already gone", async () => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#123456" } }).png().toBuffer();
    const img = (await upload("封面.png", png)).body.result;
    const doc = (await upload("说明.pdf", pdf("批量"))).body.result;
    fs.rmSync(stored(doc.objectKey));
    const res = await call("DELETE", `/bbh/api/ossFile/deleteBatch?ids=${img.id},${doc.id}`, admin);
    expect(res.body).toMatchObject({ success: true, message: "批量删除成功！共删除 2 个文件" });
    expect(fs.existsSync(stored(img.objectKey))).toBe(false);
    expect(fs.existsSync(stored(img.thumbUrl))).toBe(false);
    expect(await rows(t, bbhOssFile, and(eq(bbhOssFile.id, doc.id), eq(bbhOssFile.delFlag, 1)))).toBe(1);
  });

  it("refuses to delete a file a published red mark shows, and deletes nothing", async () => {
    const f = (await upload("印记封面.pdf", pdf("封面"))).body.result;
    const add = await call("POST", "/bbh/api/activity/redmark/add", admin, { markName: "用文件的印记", category: 2 });
    expect(add.body.success).toBe(true);
    await t.database.db.update(bbhRedMark).set({ publishStatus: 1, images: `a.png,${f.url}` }).where(eq(bbhRedMark.markName, "用文件的印记"));
    const res = await call("DELETE", `/bbh/api/ossFile/delete?id=${f.id}`, admin);
    expect(res.body).toMatchObject({ success: false, message: "文件正在被【红色印记：用文件的印记】使用，不能删除" });
    expect(fs.existsSync(stored(f.objectKey))).toBe(true);
    expect(await rows(t, bbhOssFile, and(eq(bbhOssFile.id, f.id), eq(bbhOssFile.delFlag, 0)))).toBe(1);
  });
});

describe("list, export, download, thumbnails", () => {
  it("filters by name, type, business type and time, with dictionary texts", async () => {
    await upload("长征讲解.mp3", (await acceptedSamples()).find(([n]) => n === "讲解.mp3")![1], [{ name: "bizType", value: "activity" }]);
    const list = await call("GET", `/bbh/api/ossFile/list?fileName=*长征*&fileType=audio&bizType=activity&createTime_begin=2020-01-01&pageSize=50`, admin);
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({ fileName: "长征讲解.mp3", fileType_dictText: "音频", bizType_dictText: "活动", uploaderType_dictText: "后台用户" });
    expect(list.body.result.records[0].delFlag).toBeUndefined();
    const none = await call("GET", `/bbh/api/ossFile/list?fileName=*长征*&createTime_end=2020-01-01`, admin);
    expect(none.body.result.total).toBe(0);
    const bad = await call("GET", `/bbh/api/ossFile/list?column=md5;drop table x`, admin);
    expect(bad.status).toBe(400);
  });

  it("exports the filtered list as a workbook", async () => {
    const res = await t.app.inject({ method: "GET", url: `${API}/bbh/api/ossFile/exportXls?fileName=*长征*`, headers: { "x-access-token": admin } });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const texts = sheet.getSheetValues().flat().map(String);
    expect(texts).toContain("长征讲解.mp3");
    expect(texts).toContain("音频");
  });

  it("downloads the bytes under the original name", async () => {
    const data = pdf("下载");
    const f = (await upload("革命史料.pdf", data)).body.result;
    const res = await t.app.inject({ method: "GET", url: `${API}/bbh/api/ossFile/download?id=${f.id}`, headers: { "x-access-token": admin } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(res.headers["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent("革命史料.pdf")}`);
  });

  it("makes an image's thumbnail again and refuses other types", async () => {
    const [[, png]] = await acceptedSamples();
    const f = (await upload("再生成.png", png, [{ name: "bizType", value: "other" }])).body.result;
    fs.rmSync(stored(f.thumbUrl));
    const res = await call("POST", `/bbh/api/ossFile/thumb?id=${f.id}`, admin);
    expect(res.body).toMatchObject({ success: true, result: { thumbUrl: f.thumbUrl } });
    expect(fs.existsSync(stored(f.thumbUrl))).toBe(true);
    const doc = (await upload("不是图.pdf", pdf("x"))).body.result;
    expect((await call("POST", `/bbh/api/ossFile/thumb?id=${doc.id}`, admin)).body).toMatchObject({ success: false, message: "只有图片可以生成缩略图" });
  });

  it("records a red-mark thumbnail (genrateAllThumbPic) on the image's row", async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#884400" } }).png().toBuffer();
    const cover = (await post(t, "/sys/common/upload", [{ name: "biz", value: "redmark" }, { name: "file", value: png, filename: "封面.png" }], admin)).body.message;
    await t.database.db.update(bbhOssFile).set({ thumbUrl: null }).where(eq(bbhOssFile.url, cover));
    const add = await call("POST", "/bbh/api/activity/redmark/add", admin, { markName: "有封面的印记", category: 2, coverImage: cover });
    expect(add.body.success).toBe(true);
    const [mark] = await t.database.db.select({ id: bbhRedMark.id }).from(bbhRedMark).where(eq(bbhRedMark.markName, "有封面的印记"));
    expect((await call("POST", "/bbh/api/activity/redmark/genrateAllThumbPic", admin, { redMarkIds: [mark.id], onlyMissing: false })).body.success).toBe(true);
    const [row] = await t.database.db.select({ thumbUrl: bbhOssFile.thumbUrl }).from(bbhOssFile).where(eq(bbhOssFile.url, cover));
    expect(row.thumbUrl).toBe(cover.replace(/\.png$/, "_thumb.png"));
    expect(fs.existsSync(stored(row.thumbUrl!))).toBe(true);
  });

  it("tells the console the limits in force", async () => {
    const res = await call("GET", "/bbh/api/ossFile/uploadPolicy", admin);
    expect(res.body.result.limits).toEqual({ image: 60000, doc: 3000, audio: 4000, video: 5000 });
  });
});

describe("JeecgBoot clients and /sys/common/upload", () => {
  it("records /sys/common/upload files and serves /sys/oss/file list, upload and delete", async () => {
    const common = await post(t, "/sys/common/upload", [{ name: "biz", value: "avatar" }, { name: "file", value: pdf("通用"), filename: "通用.pdf" }], admin);
    expect(common.body).toMatchObject({ success: true, code: 0 });
    expect(common.body.message).toMatch(/^avatar\/\d{8}\/[0-9a-f]{24}\.pdf$/);
    const up = await post(t, "/sys/oss/file/upload", [{ name: "file", value: pdf("老客户端"), filename: "老客户端.pdf" }], admin);
    expect(up.body).toMatchObject({ success: true, message: "上传成功！" });
    const list = await call("GET", `/sys/oss/file/list?fileName=*.pdf*&pageSize=100`, admin);
    const names = list.body.result.records.map((r: { fileName: string }) => r.fileName);
    expect(names).toEqual(expect.arrayContaining(["通用.pdf", "老客户端.pdf"]));
    const row = list.body.result.records.find((r: { fileName: string }) => r.fileName === "老客户端.pdf");
    expect(row.url).toMatch(/^upload\/\d{8}\/[0-9a-f]{24}\.pdf$/);
    expect((await call("GET", `/sys/oss/file/queryById?id=${row.id}`, admin)).body.result.fileName).toBe("老客户端.pdf");
    expect((await call("DELETE", `/sys/oss/file/delete?id=${row.id}`, admin)).body).toMatchObject({ success: true, message: "删除成功!" });
    expect(fs.existsSync(stored(row.url))).toBe(false);
  });
});

describe("permissions", () => {
  it("refuses users without the OSS codes (403) and changes nothing", async () => {
    const before = [filesOnDisk().length, await liveRows()];
    const [any] = await t.database.db.select({ id: bbhOssFile.id }).from(bbhOssFile).where(eq(bbhOssFile.delFlag, 0)).limit(1);
    expect((await call("GET", "/bbh/api/ossFile/list", auditor)).status).toBe(403);
    expect((await call("GET", "/sys/oss/file/list", auditor)).status).toBe(403);
    expect((await upload("a.pdf", pdf(), [], auditor)).status).toBe(403);
    expect((await call("DELETE", `/bbh/api/ossFile/delete?id=${any.id}`, auditor)).status).toBe(403);
    expect((await call("DELETE", `/bbh/api/ossFile/deleteBatch?ids=${any.id}`, auditor)).status).toBe(403);
    expect((await call("GET", `/bbh/api/ossFile/download?id=${any.id}`, auditor)).status).toBe(403);
    expect([filesOnDisk().length, await liveRows()]).toEqual(before);
  });
});

describe("a large video over a real socket", () => {
  let big: TestApp;
  let token: string;
  beforeAll(async () => {
    big = await createTestApp();
    token = await big.login();
    await big.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => big.close());

  it("is streamed to disk, not held in memory (160 MB sent, memory grows by far less)", async () => {
    const size = 160 * 1024 * 1024;
    const head = (await acceptedSamples()).find(([n]) => n === "视频.mp4")![1];
    const boundary = "----rmbig" + Date.now();
    const pre = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="大视频.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    const post = Buffer.from(`\r\n--${boundary}--\r\n`);
    const { port } = big.app.server.address() as import("node:net").AddressInfo;
    global.gc?.();
    const base = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.arrayBuffers - base.arrayBuffers + (m.heapUsed - base.heapUsed));
    }, 5);
    const answer = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(
        { port, host: "127.0.0.1", method: "POST", path: `${API}/bbh/api/ossFile/upload`, headers: { "x-access-token": token, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": pre.length + size + post.length } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        },
      );
      req.on("error", reject);
      const chunk = Buffer.alloc(256 * 1024);
      let sent = 0;
      const pump = () => {
        if (sent === 0) req.write(pre);
        while (sent < size) {
          const part = sent === 0 ? Buffer.concat([head, chunk.subarray(head.length)]) : chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += part.length;
          if (!req.write(part)) return void req.once("drain", pump);
        }
        req.end(post);
      };
      pump();
    });
    clearInterval(sampler);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ fileType: "video", fileExt: "mp4", fileSize: size });
    expect(fs.statSync(path.join(big.config.dataDir, "upload", answer.body.result.objectKey)).size).toBe(size);
    // Garbage of the socket's chunks comes and goes (~35 MB here whatever the size); holding the file would be ≥ 160 MB.
    expect(peak).toBeLessThan(80 * 1024 * 1024);
    expect(fs.readdirSync(path.join(big.config.dataDir, "upload-tmp"))).toEqual([]);
  });
});

describe("temporary files", () => {
  it("removes those older than a day when the server starts, and keeps newer ones", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-oss-tmp-"));
    const dir = path.join(dataDir, "upload-tmp");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "stale"), "x");
    fs.utimesSync(path.join(dir, "stale"), new Date(Date.now() - 2 * 86_400_000), new Date(Date.now() - 2 * 86_400_000));
    fs.writeFileSync(path.join(dir, "fresh"), "x");
    const started = await createTestApp({ DATA_DIR: dataDir });
    try {
      expect(fs.readdirSync(dir).sort()).toEqual(["fresh"]);
    } finally {
      await started.close();
    }
  });
});

describe("S3-compatible storage", () => {
  let s3: FakeS3;
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: "redmark-files", accessKeyId: "AKIAOSS" });
    app = await createTestApp({ S3_ENDPOINT: s3.endpoint, S3_REGION: "cn-east-1", S3_BUCKET: "redmark-files", S3_ACCESS_KEY_ID: "AKIAOSS", S3_SECRET_ACCESS_KEY: "s3cret", S3_FORCE_PATH_STYLE: "true" });
    token = await app.login();
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  it("stores uploads in the bucket, streams them back, and deletes them there", async () => {
    const samples = await acceptedSamples();
    const png = samples[0][1];
    const video = samples.find(([n]) => n === "视频.mp4")![1];
    const img = (await post(app, "/bbh/api/ossFile/upload", [{ name: "file", value: png, filename: "桶里的图.png" }], token)).body.result;
    expect(img).toMatchObject({ storageType: "s3", bucket: "redmark-files", width: 40, height: 20 });
    expect(s3.objects.get(img.objectKey)?.body.equals(png)).toBe(true);
    expect(s3.objects.get(img.objectKey)?.contentType).toBe("image/png");
    expect(s3.objects.has(img.thumbUrl)).toBe(true);
    const vid = (await post(app, "/bbh/api/ossFile/upload", [{ name: "file", value: video, filename: "桶里的视频.mp4" }], token)).body.result;
    expect(s3.objects.get(vid.objectKey)?.body.equals(video)).toBe(true);
    expect(filesOnDisk(app)).toEqual([]);
    for (const r of s3.requests) expect(r.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAOSS\/\d{8}\/cn-east-1\/s3\/aws4_request, SignedHeaders=.+, Signature=[0-9a-f]{64}$/);

    const served = await app.app.inject({ method: "GET", url: `${API}/sys/common/static/${vid.url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(served.rawPayload.equals(video)).toBe(true);
    const download = await app.app.inject({ method: "GET", url: `${API}/bbh/api/ossFile/download?id=${img.id}`, headers: { "x-access-token": token } });
    expect(download.rawPayload.equals(png)).toBe(true);

    const del = await caller(app)("DELETE", `/bbh/api/ossFile/deleteBatch?ids=${img.id},${vid.id}`, token);
    expect(del.body.success).toBe(true);
    expect([...s3.objects.keys()]).toEqual([]);
    expect((await app.app.inject({ method: "GET", url: `${API}/sys/common/static/${vid.url}` })).statusCode).toBe(404);
  });

  it("leaves nothing in the bucket when a disguised file is refused", async () => {
    const before = s3.objects.size;
    const res = await post(app, "/bbh/api/ossFile/upload", [{ name: "file", value: Buffer.from("MZ" + "\0".repeat(300)), filename: "x.pdf" }], token);
    expect(res.status).toBe(415);
    expect(s3.objects.size).toBe(before);
    expect(filesOnDisk(app)).toEqual([]);
  });
});
