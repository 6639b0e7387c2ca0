/**
 * A minimal S3-compatible server for tests (MinIO is not packaged for Debian): node:http on a free port,
 * path-style URLs `/<bucket>/<key>`, PutObject / GetObject / HeadObject / DeleteObject. Every request must
 * carry a SigV4 `Authorization` header naming the expected access key (else 403 AccessDenied); the headers
 * seen are kept for the test to inspect. `aws-chunked` bodies (streaming uploads) are decoded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  requests: Array<{ method: string; path: string; authorization: string | undefined; contentSha256: string | undefined }>;
  close(): Promise<void>;
}

/** Decodes an `aws-chunked` body: `<hex size>;chunk-signature=…\r\n<data>\r\n` … `0;…\r\n\r\n`. */
function decodeChunked(raw: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = 0;
  while (i < raw.length) {
    const eol = raw.indexOf("\r\n", i);
    if (eol < 0) break;
    const size = parseInt(raw.subarray(i, eol).toString("latin1").split(";")[0], 16);
    if (!size) break;
    out.push(raw.subarray(eol + 2, eol + 2 + size));
    i = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

const xmlError = (code: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

export async function startFakeS3(opts: { bucket: string; accessKeyId: string }): Promise<FakeS3> {
  const objects: FakeS3["objects"] = new Map();
  const requests: FakeS3["requests"] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const auth = req.headers.authorization;
      requests.push({ method: req.method ?? "", path: url.pathname, authorization: auth, contentSha256: req.headers["x-amz-content-sha256"] as string | undefined });
      const send = (status: number, body?: string | Buffer, headers: Record<string, string | number> = {}) => {
        res.writeHead(status, headers);
        res.end(req.method === "HEAD" ? undefined : body);
      };
      if (!auth?.startsWith(`AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/`) || !auth.includes("Signature=")) {
        return send(403, xmlError("AccessDenied"), { "content-type": "application/xml" });
      }
      const [, bucket, ...rest] = url.pathname.split("/");
      const key = decodeURIComponent(rest.join("/"));
      if (bucket !== opts.bucket) return send(404, xmlError("NoSuchBucket"), { "content-type": "application/xml" });
      const raw = Buffer.concat(chunks);
      switch (req.method) {
        case "PUT": {
          const chunked = String(req.headers["content-encoding"] ?? "").includes("aws-chunked") || String(req.headers["x-amz-content-sha256"] ?? "").startsWith("STREAMING-");
          objects.set(key, { body: chunked ? decodeChunked(raw) : raw, contentType: req.headers["content-type"] });
          return send(200, "", { etag: '"fake"' });
        }
        case "GET":
        case "HEAD": {
          const o = objects.get(key);
          if (!o) return send(404, xmlError("NoSuchKey"), { "content-type": "application/xml" });
          return send(200, o.body, { "content-type": o.contentType ?? "application/octet-stream", "content-length": o.body.length, etag: '"fake"' });
        }
        case "DELETE":
          objects.delete(key);
          return send(204);
        default:
          return send(405, xmlError("MethodNotAllowed"));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: opts.bucket,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
