/**
 * Files (contract.md §10.15): `POST /sys/common/upload` stores an image under
 * `DATA_DIR/upload/[<biz>/]<yyyyMMdd>/<random>.<ext>` and answers the relative path in `message`, as
 * JeecgBoot does; `GET /sys/common/static/<path>` serves it back. Only png, jpeg, gif and webp are accepted,
 * recognised by their first bytes (never the file name), and no path can leave the upload directory.
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ApiError, badRequest, ok, refused } from "../../lib/envelope.js";
import { acceptMultipart, readUpload } from "../../lib/upload.js";
import { anonymous, signedIn } from "../../plugins/auth.js";

export type ImageType = "png" | "jpg" | "gif" | "webp";

const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** The image type named by a file's first bytes, or null when it is not one we accept. */
export function detectImageType(head: Buffer): ImageType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpg";
  if (head.length >= 6 && ["GIF87a", "GIF89a"].includes(head.subarray(0, 6).toString("latin1"))) return "gif";
  if (head.length >= 12 && head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  return null;
}

/** `yyyyMMdd` in GMT+8, the zone of every date on the wire. */
function dayFolder(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
}

const BIZ_PATTERN = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,3}$/;

/**
 * The file a static path names inside `root`, or null when the path is malformed or would leave it.
 * Like JeecgBoot, a trailing comma (multi-file values) is dropped.
 */
export function resolveStaticPath(root: string, requested: string): string | null {
  const rel = requested.replace(/,+$/, "");
  if (!rel || rel.includes("\0") || rel.includes("\\")) return null;
  const segments = rel.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  const full = path.resolve(root, ...segments);
  return full.startsWith(root + path.sep) ? full : null;
}

const StaticParams = Type.Object({ "*": Type.String({ title: "文件路径", minLength: 1, maxLength: 500 }) });

export default async function commonRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app.ctx;
  const uploadRoot = path.resolve(config.dataDir, "upload");
  const maxMb = Math.round((config.uploadMaxBytes / 1024 / 1024) * 10) / 10;

  await acceptMultipart(app, config.uploadMaxBytes);

  app.post("/sys/common/upload", { config: signedIn }, async (req) => {
    if (!req.isMultipart()) throw badRequest("请以 multipart/form-data 上传文件（字段名 file）");
    // The whole request is read (and checked against the upload limits) before anything is stored.
    const { file, fields } = await readUpload(req, {
      fileField: "file",
      tooLarge: new ApiError(`文件大小超出${maxMb}MB限制, 请压缩或降低文件质量! `, 413, 500),
    });
    if (!file) throw badRequest("缺少上传的文件（字段名 file）");
    const biz = (fields.biz ?? "").trim();
    if (biz && (biz.includes("..") || !BIZ_PATTERN.test(biz))) throw refused("上传目录bizPath，格式非法！");

    const { data } = file;
    if (data.length === 0) throw badRequest("上传的文件是空的");
    const type = detectImageType(data.subarray(0, 16));
    if (!type) throw new ApiError("只能上传图片文件（png、jpg、gif、webp）", 415, 415);

    const relative = [biz, dayFolder(), `${randomBytes(12).toString("hex")}.${type}`].filter(Boolean).join("/");
    const target = resolveStaticPath(uploadRoot, relative);
    if (!target) throw refused("上传失败！");
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, data, { flag: "wx" });
    // JeecgBoot answers the stored path in `message` (code 0), not in `result`.
    return ok(null, relative, 0);
  });

  app.get("/sys/common/static/*", { config: anonymous, schema: { params: StaticParams } }, async (req, reply) => {
    const full = resolveStaticPath(uploadRoot, req.params["*"]);
    const stat = full ? await fs.promises.stat(full).catch(() => null) : null;
    if (!full || !stat?.isFile()) {
      throw new ApiError("文件不存在", 404, 404);
    }
    const ext = path.extname(full).slice(1).toLowerCase();
    const contentType = CONTENT_TYPES[ext];
    const name = encodeURIComponent(path.basename(full));
    reply
      .header("Content-Type", contentType ?? "application/force-download")
      .header("Content-Disposition", `${contentType ? "inline" : "attachment"};fileName=${name}`)
      .header("Content-Length", stat.size)
      .header("Cache-Control", "private, max-age=86400");
    return reply.send(fs.createReadStream(full));
  });
}
