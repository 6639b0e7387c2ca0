import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadContentMismatch } from "../../contract/upload.js";
import { detectImageType, resolveStaticPath } from "../../server/modules/sys/common.js";
import { API, createTestApp, type TestApp } from "./helpers.js";

// Real (tiny) images: uploads are recognised by file-type, which reads more than the first bytes.
const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: "#c00" } });
const PNG = await pixel().png().toBuffer();
const JPEG = await pixel().jpeg().toBuffer();
const GIF = await pixel().gif().toBuffer();
const WEBP = Buffer.concat([Buffer.from("RIFF", "latin1"), Buffer.from([0, 0, 0, 0]), Buffer.from("WEBPVP8 ", "latin1"), Buffer.alloc(16)]);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: "1024" });
  token = await t.login();
});
afterAll(() => t.close());

function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>) {
  const boundary = "----rmtest" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const upload = (parts: Parameters<typeof multipart>[0], auth: string | null = token) => {
  const body = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: `${API}/sys/common/upload`,
    payload: body.payload,
    headers: { ...body.headers, ...(auth ? { "x-access-token": auth } : {}) },
  });
};

describe("detectImageType", () => {
  it("knows png, jpeg, gif and webp by their first bytes and nothing else", () => {
    expect(detectImageType(PNG)).toBe("png");
    expect(detectImageType(JPEG)).toBe("jpg");
    expect(detectImageType(GIF)).toBe("gif");
    expect(detectImageType(WEBP)).toBe("webp");
    expect(detectImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageType(Buffer.from("%PDF-1.4"))).toBeNull();
  });
});

describe("POST /sys/common/upload", () => {
  it("stores an image under DATA_DIR/upload/<yyyyMMdd>/ and answers the relative path in message", async () => {
    const res = await upload([{ name: "file", value: PNG, filename: "头像.PNG", type: "image/png" }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 0, result: null });
    expect(body.message).toMatch(/^\d{8}\/[0-9a-f]{24}\.png$/);
    const stored = path.join(t.config.dataDir, "upload", body.message);
    expect(fs.readFileSync(stored)).toEqual(PNG);
  });

  it("names the file by its content, not its extension, and honours a biz folder", async () => {
    const res = await upload([
      { name: "biz", value: "avatar" },
      { name: "file", value: GIF, filename: "picture.png", type: "image/png" },
    ]);
    expect(res.json().message).toMatch(/^avatar\/\d{8}\/[0-9a-f]{24}\.gif$/);
  });

  it.each([
    ["an SVG named .png", Buffer.from("<svg onload='alert(1)'/>"), "x.png"],
    ["an HTML page", Buffer.from("<html><script>alert(1)</script></html>"), "x.jpg"],
    ["a PDF", Buffer.from("%PDF-1.4 ..."), "x.gif"],
  ])("refuses %s with 415 and stores nothing", async (_name, data, filename) => {
    const before = countFiles();
    const res = await upload([{ name: "file", value: data, filename, type: "image/png" }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, message: uploadContentMismatch(filename.split(".").pop()!) });
    expect(countFiles()).toBe(before);
  });

  it("refuses a file over UPLOAD_MAX_BYTES with 413", async () => {
    const before = countFiles();
    const res = await upload([{ name: "file", value: Buffer.concat([PNG, Buffer.alloc(2048)]), filename: "big.png" }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("图片文件大小超出1KB限制，请压缩或降低文件质量！");
    expect(countFiles()).toBe(before);
  });

  it("refuses a biz path that climbs out (上传目录bizPath，格式非法！)", async () => {
    const res = await upload([
      { name: "biz", value: "../../etc" },
      { name: "file", value: PNG, filename: "a.png" },
    ]);
    expect(res.json()).toMatchObject({ success: false, message: "上传目录bizPath，格式非法！" });
  });

  it("answers a request without a file or not multipart with 400", async () => {
    expect((await upload([{ name: "other", value: "x" }])).statusCode).toBe(400);
    const json = await t.app.inject({ method: "POST", url: `${API}/sys/common/upload`, payload: { file: "x" }, headers: { "x-access-token": token } });
    expect(json.statusCode).toBe(400);
  });

  it("requires sign-in", async () => {
    const res = await upload([{ name: "file", value: PNG, filename: "a.png" }], null);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain("Token失效");
  });
});

function countFiles(dir = path.join(t.config.dataDir, "upload")): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0);
}

describe("GET /sys/common/static/*", () => {
  it("serves an uploaded image without sign-in, with its image type", async () => {
    const stored = (await upload([{ name: "file", value: JPEG, filename: "a.jpg" }])).json().message;
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/common/static/${stored}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.rawPayload).toEqual(JPEG);
    const withComma = await t.app.inject({ method: "GET", url: `${API}/sys/common/static/${stored},` });
    expect(withComma.statusCode).toBe(200);
  });

  it("answers 404 for a missing file", async () => {
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/common/static/20000101/nothing.png` });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    "../jwt-secret",
    "..%2Fjwt-secret",
    "%2e%2e/jwt-secret",
    "20240101/../../jwt-secret",
    "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "..%5Cjwt-secret",
    "/etc/passwd",
    "%00.png",
  ])("never leaves the upload directory: %s", async (attempt) => {
    fs.writeFileSync(path.join(t.config.dataDir, "secret.txt"), "top secret");
    const res = await t.app.inject({ method: "GET", url: `${API}/sys/common/static/${attempt}` });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain("top secret");
    expect(res.body).not.toContain("root:");
  });

  it("resolveStaticPath keeps every path inside the root", () => {
    const root = "/data/upload";
    expect(resolveStaticPath(root, "20240101/a.png")).toBe("/data/upload/20240101/a.png");
    expect(resolveStaticPath(root, "a.png,")).toBe("/data/upload/a.png");
    for (const bad of ["../x", "a/../../x", "/etc/passwd", "a\\..\\x", "a//b", ".", "a/./b", "x\0y", ""]) {
      expect(resolveStaticPath(root, bad)).toBeNull();
    }
  });
});
