/**
 * Where uploaded files live (issue 9). One interface, two back ends:
 * - `local` (default): `DATA_DIR/upload/<key>`, as before;
 * - `s3`: any S3-compatible server (MinIO, AWS S3, 阿里云 OSS / 腾讯云 COS in S3 mode) through the official
 *   `@aws-sdk/client-s3` v3, when `S3_BUCKET` is set (server/config.ts, docs/deployment.md).
 *
 * Keys are relative paths (`[<biz>/]<yyyyMMdd>/<random>.<ext>`), checked like static paths: no `..`, no empty
 * or dot segments, no backslash or NUL. Clients get `url(key)`: the key itself, which they open through
 * `GET /sys/common/static/<key>` (the server streams the object from either back end), or with
 * `S3_PUBLIC_BASE_URL` an absolute URL into the bucket or its CDN (JeecgBoot clients use a value starting
 * with `http` as is). No presigned URLs: a link stays valid as long as the file exists.
 */
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ServiceException } from "@aws-sdk/client-s3";
import type { Config, S3Config } from "../config.js";

export type StorageType = "local" | "s3";

export interface StoredObject {
  stream: Readable;
  size: number | null;
}

/** The content to store: a file on disk (moved or streamed, never read into memory whole) or bytes. */
export type PutBody = { file: string } | { data: Buffer };

export interface Storage {
  /** The `bbh_storage_type` value of files stored here. */
  readonly type: StorageType;
  /** The bucket (S3) or null. */
  readonly bucket: string | null;
  /** Stores `key`; a `{file}` body may be moved away (the caller discards it afterwards either way). */
  put(key: string, body: PutBody, meta: { contentType: string; size: number }): Promise<void>;
  /** The object's bytes as a stream, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The value clients keep and open (see above). */
  url(key: string): string;
  close(): void;
}

/**
 * The file a static path names inside `root`, or null when the path is malformed or would leave it.
 * Like JeecgBoot, a trailing comma (multi-file values) is dropped.
 */
export function resolveStaticPath(root: string, requested: string): string | null {
  const rel = safeKey(requested);
  if (!rel) return null;
  const full = path.resolve(root, ...rel.split("/"));
  return full.startsWith(root + path.sep) ? full : null;
}

/** A key as stored (trailing commas dropped), or null when it is malformed. */
export function safeKey(requested: string): string | null {
  const rel = requested.replace(/,+$/, "");
  if (!rel || rel.length > 255 || rel.includes("\0") || rel.includes("\\")) return null;
  const segments = rel.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  return rel;
}

function checkedKey(key: string): string {
  const k = safeKey(key);
  if (!k || k !== key) throw new Error(`存储路径不合法：${key.slice(0, 80)}`);
  return k;
}

export const uploadRoot = (dataDir: string) => path.resolve(dataDir, "upload");

export class LocalStorage implements Storage {
  readonly type = "local" as const;
  readonly bucket = null;

  constructor(readonly root: string) {}

  private file(key: string): string {
    const full = resolveStaticPath(this.root, checkedKey(key));
    if (!full) throw new Error(`存储路径不合法：${key.slice(0, 80)}`);
    return full;
  }

  async put(key: string, body: PutBody): Promise<void> {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    if ("data" in body) return fs.promises.writeFile(target, body.data, { flag: "wx" });
    try {
      await fs.promises.link(body.file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "EEXIST") throw err;
      await fs.promises.copyFile(body.file, target, fs.constants.COPYFILE_EXCL);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const full = resolveStaticPath(this.root, key);
    const stat = full ? await fs.promises.stat(full).catch(() => null) : null;
    if (!full || !stat?.isFile()) return null;
    return { stream: fs.createReadStream(full), size: stat.size };
  }

  async exists(key: string): Promise<boolean> {
    const full = resolveStaticPath(this.root, key);
    return full ? fs.promises.stat(full).then((s) => s.isFile(), () => false) : false;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  url(key: string): string {
    return key;
  }

  close(): void {}
}

const notFound = (err: unknown) => {
  const e = err as S3ServiceException;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

export class S3Storage implements Storage {
  readonly type = "s3" as const;
  readonly bucket: string;
  private client: S3Client;

  constructor(private cfg: S3Config) {
    this.bucket = cfg.bucket;
    this.client = new S3Client({
      region: cfg.region,
      ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      // Only checksums the server asks for: several S3-compatible servers reject the newer default ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  async put(key: string, body: PutBody, meta: { contentType: string; size: number }): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        Body: "data" in body ? body.data : fs.createReadStream(body.file),
        ContentLength: meta.size,
        ContentType: meta.contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const k = safeKey(key);
    if (!k) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: k }));
      if (!out.Body) return null;
      return { stream: out.Body as Readable, size: out.ContentLength ?? null };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    const k = safeKey(key);
    if (!k) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: k }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  url(key: string): string {
    return this.cfg.publicBaseUrl ? `${this.cfg.publicBaseUrl}/${key.split("/").map(encodeURIComponent).join("/")}` : key;
  }

  close(): void {
    this.client.destroy();
  }
}

export interface Storages {
  /** Where new uploads go: S3 when `S3_BUCKET` is set, else the local upload directory. */
  current: Storage;
  /** The local upload directory (files from before a switch to S3, red-mark thumbnails). */
  local: LocalStorage;
  /** The storage of a recorded `storage_type`, or null when it is not configured (any more). */
  of(type: string | null | undefined): Storage | null;
  close(): void;
}

export function createStorages(config: Pick<Config, "dataDir" | "s3">): Storages {
  const local = new LocalStorage(uploadRoot(config.dataDir));
  const current: Storage = config.s3 ? new S3Storage(config.s3) : local;
  return {
    current,
    local,
    of: (type) => (type === current.type ? current : type === "local" || !type ? local : null),
    close: () => current.close(),
  };
}

/** Reads a stream to its end (small objects: thumbnails, test checks). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}
