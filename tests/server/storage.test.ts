/**
 * The storage back ends (server/lib/storage.ts): the local upload directory and an S3-compatible bucket,
 * the latter through the official AWS SDK against a fake S3 server on a real port (tests/server/fake-s3.ts),
 * which refuses requests without a SigV4 signature.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage, S3Storage, readAll, type Storage } from "../../server/lib/storage.js";
import { loadConfig } from "../../server/config.js";
import { startFakeS3, type FakeS3 } from "./fake-s3.js";

let s3: FakeS3;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rm-storage-"));
beforeAll(async () => {
  s3 = await startFakeS3({ bucket: "redmark", accessKeyId: "AKIATEST" });
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const s3Storage = (publicBaseUrl: string | null = null, secret = "secret") =>
  new S3Storage({ endpoint: s3.endpoint, region: "cn-north-1", bucket: "redmark", accessKeyId: "AKIATEST", secretAccessKey: secret, forcePathStyle: true, publicBaseUrl });

describe.each([
  ["local", () => new LocalStorage(path.join(dir, "upload")) as Storage],
  ["s3", () => s3Storage() as Storage],
])("%s storage", (_name, make) => {
  it("puts bytes and files, reads them back as streams, and deletes them", async () => {
    const st = make();
    const src = path.join(dir, "source.bin");
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    fs.writeFileSync(src, big);
    await st.put("oss/20260101/a.bin", { file: src }, { contentType: "application/octet-stream", size: big.length });
    await st.put("oss/20260101/b.txt", { data: Buffer.from("你好") }, { contentType: "text/plain", size: 6 });
    expect(await st.exists("oss/20260101/a.bin")).toBe(true);
    const got = await st.get("oss/20260101/a.bin");
    expect(got?.size).toBe(big.length);
    expect((await readAll(got!.stream)).equals(big)).toBe(true);
    expect((await readAll((await st.get("oss/20260101/b.txt"))!.stream)).toString()).toBe("你好");
    await st.delete("oss/20260101/a.bin");
    expect(await st.exists("oss/20260101/a.bin")).toBe(false);
    expect(await st.get("oss/20260101/a.bin")).toBeNull();
    await st.delete("oss/20260101/a.bin"); // deleting what is gone is fine
    st.close();
  });

  it("refuses keys that climb out or are malformed", async () => {
    const st = make();
    for (const bad of ["../x", "a/../../x", "/etc/passwd", "a//b", "a\\b", "x\0y"]) {
      await expect(st.put(bad, { data: Buffer.from("x") }, { contentType: "text/plain", size: 1 })).rejects.toThrow(/存储路径不合法/);
      expect(await st.get(bad)).toBeNull();
    }
    st.close();
  });
});

describe("S3 requests", () => {
  it("are signed with SigV4 (AWS4-HMAC-SHA256 with the access key) and path-style", async () => {
    const st = s3Storage();
    s3.requests.length = 0;
    await st.put("k/20260101/x.pdf", { data: Buffer.from("%PDF-1.4") }, { contentType: "application/pdf", size: 8 });
    await st.exists("k/20260101/x.pdf");
    await st.delete("k/20260101/x.pdf");
    expect(s3.requests.map((r) => [r.method, r.path])).toEqual([
      ["PUT", "/redmark/k/20260101/x.pdf"],
      ["HEAD", "/redmark/k/20260101/x.pdf"],
      ["DELETE", "/redmark/k/20260101/x.pdf"],
    ]);
    for (const r of s3.requests) expect(r.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATEST\/\d{8}\/cn-north-1\/s3\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/);
    expect(s3.objects.get("k/20260101/x.pdf")).toBeUndefined();
    st.close();
  });

  it("answers links into the public base URL when one is configured, else the key", () => {
    expect(s3Storage("https://cdn.example.com/files").url("oss/20260101/讲解.mp3")).toBe("https://cdn.example.com/files/oss/20260101/%E8%AE%B2%E8%A7%A3.mp3");
    expect(s3Storage().url("oss/20260101/a.mp3")).toBe("oss/20260101/a.mp3");
  });

  it("surfaces a refused request as an error rather than a missing object", async () => {
    const wrongKey = new S3Storage({ endpoint: s3.endpoint, region: "cn-north-1", bucket: "redmark", accessKeyId: "OTHER", secretAccessKey: "x", forcePathStyle: true, publicBaseUrl: null });
    await expect(wrongKey.get("a/b.png")).rejects.toThrow();
    wrongKey.close();
  });
});

describe("configuration", () => {
  it("takes per-kind limits, capped by UPLOAD_MAX_BYTES when it is set", () => {
    expect(loadConfig({}).uploadLimits).toEqual({ image: 10 * 1024 * 1024, doc: 20 * 1024 * 1024, audio: 30 * 1024 * 1024, video: 200 * 1024 * 1024 });
    expect(loadConfig({ UPLOAD_MAX_VIDEO_BYTES: "500000000" }).uploadLimits.video).toBe(500_000_000);
    expect(loadConfig({ UPLOAD_MAX_BYTES: "1000", UPLOAD_MAX_DOC_BYTES: "500" }).uploadLimits).toEqual({ image: 1000, doc: 500, audio: 1000, video: 1000 });
    expect(() => loadConfig({ UPLOAD_MAX_AUDIO_BYTES: "lots" })).toThrow(/UPLOAD_MAX_AUDIO_BYTES/);
  });

  it("uses S3 only with a bucket, and then needs its keys", () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(() => loadConfig({ S3_BUCKET: "b" })).toThrow(/S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s", S3_PUBLIC_BASE_URL: "https://cdn.example.com/x/" }).s3).toMatchObject({
      bucket: "b",
      region: "us-east-1",
      endpoint: null,
      forcePathStyle: true,
      publicBaseUrl: "https://cdn.example.com/x",
    });
  });
});
