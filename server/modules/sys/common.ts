/**
 * Files (contract.md §10.15): `POST /sys/common/upload` stores a file under
 * `[<biz>/]<yyyyMMdd>/<random>.<ext>` in the configured storage (server/lib/storage.ts: `DATA_DIR/upload` or
 * S3), records it as a `bbh_oss_file` row (server/modules/bbh/oss-store.ts) and answers the stored path (or
 * public URL) in `message`, as JeecgBoot does; `GET /sys/common/static/<path>` streams it back. Images,
 * documents, audio and video of the allow-list in contract/upload.ts are accepted, each recognised by its
 * bytes and agreeing with its extension, within its kind's size limit; no path can leave the upload root.
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ApiError, badRequest, ok, refused } from "../../lib/envelope.js";
import { acceptMultipart, multipartLimit, receiveUpload, uploadTmpDir } from "../../lib/upload.js";
import { createStorages, resolveStaticPath, safeKey } from "../../lib/storage.js";
import { UPLOAD_TYPES } from "../../../contract/upload.js";
import { storeUpload } from "../bbh/oss-store.js";
import { anonymous, signedIn } from "../../plugins/auth.js";

export type ImageType = "png" | "jpg" | "gif" | "webp";

/**
 * Types shown in the browser rather than downloaded: images, PDF, audio and video (a file only ever has one of
 * these extensions when its bytes are that type). Office files and anything else are attachments.
 */
const INLINE_TYPES: Record<string, string> = Object.fromEntries(
  Object.entries(UPLOAD_TYPES)
    .filter(([ext, r]) => r.kind !== "doc" || ext === "pdf")
    .map(([ext, r]) => [ext, r.mime]),
);

/** The image type named by a file's first bytes, or null when it is not one we accept. */
export function detectImageType(head: Buffer): ImageType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpg";
  if (head.length >= 6 && ["GIF87a", "GIF89a"].includes(head.subarray(0, 6).toString("latin1"))) return "gif";
  if (head.length >= 12 && head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  return null;
}

const BIZ_PATTERN = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,3}$/;

export { resolveStaticPath };

const StaticParams = Type.Object({ "*": Type.String({ title: "文件路径", minLength: 1, maxLength: 500 }) });

export default async function commonRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { config, db } = app.ctx;
  const storages = createStorages(config);
  app.addHook("onClose", async () => storages.close());

  await acceptMultipart(app, multipartLimit(config.uploadLimits));
  // Uploads a crash cut off leave their temporary files behind: those older than a day go at start.
  app.addHook("onReady", async () => {
    const dir = uploadTmpDir(config.dataDir);
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    const old = Date.now() - 86_400_000;
    for (const name of names) {
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat?.isFile() && stat.mtimeMs < old) await fs.promises.rm(file, { force: true });
    }
  });

  app.post("/sys/common/upload", { config: signedIn }, async (req) => {
    if (!req.isMultipart()) throw badRequest("请以 multipart/form-data 上传文件（字段名 file）");
    // The whole request is read (and checked against the upload limits) before anything is stored; the file
    // waits in DATA_DIR/upload-tmp, outside the served directory.
    const received = await receiveUpload(req, { fileField: "file", tmpDir: uploadTmpDir(config.dataDir), limits: config.uploadLimits });
    try {
      const { file, fields } = received;
      if (!file) throw badRequest("缺少上传的文件（字段名 file）");
      const biz = (fields.biz ?? "").trim();
      if (biz && (biz.includes("..") || !BIZ_PATTERN.test(biz))) throw refused("上传目录bizPath，格式非法！");
      const row = await storeUpload(db, storages, file, { folder: biz || null, user: req.currentUser() }, req.log);
      // JeecgBoot answers the stored path in `message` (code 0), not in `result`.
      return ok(null, row.url, 0);
    } finally {
      await received.discard();
    }
  });

  app.get("/sys/common/static/*", { config: anonymous, schema: { params: StaticParams } }, async (req, reply) => {
    const key = safeKey(req.params["*"]);
    // The configured storage first, then the local directory (files from before a switch to S3, thumbnails).
    let found = key ? await storages.current.get(key) : null;
    if (key && !found && storages.current !== storages.local) found = await storages.local.get(key);
    if (!key || !found) throw new ApiError("文件不存在", 404, 404);
    const ext = path.extname(key).slice(1).toLowerCase();
    const contentType = INLINE_TYPES[ext];
    const name = encodeURIComponent(path.basename(key));
    reply
      .header("Content-Type", contentType ?? "application/force-download")
      .header("Content-Disposition", `${contentType ? "inline" : "attachment"};fileName=${name}`)
      .header("Cache-Control", "private, max-age=86400");
    if (found.size !== null) reply.header("Content-Length", found.size);
    return reply.send(found.stream);
  });
}
