/**
 * OSS 文件 (domain.md §4.26, §7.7; issue 9): every uploaded file is a `bbh_oss_file` row (server/modules/bbh/
 * oss-store.ts stores them, also for `/sys/common/upload`).
 *
 * - `/bbh/api/ossFile`: `list` (文件名 `*x*`, 类型, 业务类型, 上传者类型, 时间 `createTime_begin/_end`),
 *   `queryById`, `upload` (multipart `file`, optional `bizType`/`bizId`), `delete`, `deleteBatch`,
 *   `exportXls`, `download?id=` (the bytes under the original name), `thumb?id=` (makes an image's
 *   thumbnail again) and `uploadPolicy` (the size limits in force, for the console's check before sending).
 * - JeecgBoot's `/sys/oss/file` (contract.md §10.15, menu `modules/oss/OSSFileList`) over the same table:
 *   `list`, `queryById` (rows carry `fileName` and `url`), `upload` (`上传成功！`), `delete` (`删除成功!`).
 *   Its menu opens the same console page. Both take the `bbh:ossFile:*` codes.
 */
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { bbhOssFile } from "../../db/schema.js";
import { ApiError, badRequest, ok } from "../../lib/envelope.js";
import type { ListSpec } from "../../lib/list-query.js";
import { createStorages, readAll } from "../../lib/storage.js";
import { acceptMultipart, multipartLimit, receiveUpload, uploadTmpDir } from "../../lib/upload.js";
import { can } from "../../plugins/auth.js";
import { IdQuery, IdsQuery, parseIds } from "../sys/shared.js";
import { DEFAULT_UPLOAD_LIMITS, UPLOAD_TYPES } from "../../../contract/upload.js";
import { col, registerList } from "./lists.js";
import { THUMB_SIZE, deleteFiles, storeUpload, thumbKey, type OssRow } from "./oss-store.js";
import { GONE, REFERENCE, rowJson } from "./shared.js";
import { rowScope, viewOf } from "../../lib/row-scope.js";
import { scopeRows } from "../../plugins/row-scope.js";

const F = bbhOssFile;
const BASE = "/bbh/api/ossFile";
const JEECG_BASE = "/sys/oss/file";

const spec = (component: string): ListSpec => ({
  fields: {
    fileName: { column: F.fileName, type: "string", sort: true },
    fileType: { column: F.fileType, type: "string", sort: true },
    fileExt: { column: F.fileExt, type: "string" },
    fileSize: { column: F.fileSize, type: "int", sort: true },
    storageType: { column: F.storageType, type: "string" },
    bizType: { column: F.bizType, type: "string" },
    bizId: { column: F.bizId, type: "string" },
    uploaderType: { column: F.uploaderType, type: "int" },
    md5: { column: F.md5, type: "string" },
    createBy: { column: F.createBy, type: "string" },
    createTime: { column: F.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: F.id,
  component,
});

export const OSS_DICTS = { fileType: "bbh_file_type", storageType: "bbh_storage_type", bizType: "bbh_biz_type", uploaderType: "bbh_uploader_type" };

/** `bbh_biz_type` values an upload may name. */
const BIZ_TYPES = ["activity", "red_mark", "question", "answer", "avatar", "template", "other"];

const toJson = (r: OssRow) => {
  const { delFlag: _d, ...rest } = r;
  return rowJson(rest);
};

const sizeText = (n: unknown) => {
  const b = Number(n);
  if (!Number.isFinite(b)) return null;
  return b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(b / 1024))} KB`;
};

/** Stored files by id: those OSS文件 (ours or JeecgBoot's page) shows the caller. */
const ossRows = rowScope({ label: "文件", table: F, id: F.id, live: eq(F.delFlag, 0), views: [viewOf(spec("bbh/oss/OssFileList")), viewOf(spec("modules/oss/OSSFileList"))], missing: GONE });

export default async function ossRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  scopeRows(app, { id: ossRows, ids: ossRows, bizId: REFERENCE });
  const { db, config } = app.ctx;
  const storages = createStorages(config);
  app.addHook("onClose", async () => storages.close());
  await acceptMultipart(app, multipartLimit(config.uploadLimits));
  const live = () => [eq(F.delFlag, 0)];

  registerList<OssRow>(app, {
    base: BASE,
    table: F,
    id: F.id,
    spec: spec("bbh/oss/OssFileList"),
    codes: { list: "bbh:ossFile:list", export: "bbh:ossFile:export" },
    dictFields: OSS_DICTS,
    toJson,
    where: live,
    queryById: true,
    rows: ossRows,
    excel: {
      title: "OSS文件",
      columns: [
        col("文件名", "fileName", 36),
        col("类型", "fileType", 10),
        col("扩展名", "fileExt", 10),
        { header: "大小", width: 12, value: (r) => sizeText(r.fileSize) },
        { header: "尺寸", width: 14, value: (r) => (r.width && r.height ? `${r.width}×${r.height}` : null) },
        col("存储", "storageType", 12),
        col("业务类型", "bizType", 12),
        col("业务对象", "bizId", 22),
        col("上传者类型", "uploaderType", 12),
        col("上传者", "createBy", 14),
        col("上传时间", "createTime", 20),
        col("地址", "url", 50),
        col("MD5", "md5", 34),
      ],
    },
  });
  // JeecgBoot's OSS list (OSSFileList.vue reads fileName and url).
  registerList<OssRow>(app, {
    base: JEECG_BASE,
    table: F,
    id: F.id,
    spec: spec("modules/oss/OSSFileList"),
    codes: { list: "bbh:ossFile:list" },
    dictFields: OSS_DICTS,
    toJson,
    where: live,
    queryById: true,
    rows: ossRows,
  });

  app.get(`${BASE}/uploadPolicy`, { config: can("bbh:ossFile:list") }, async () =>
    ok({ limits: config.uploadLimits, defaults: DEFAULT_UPLOAD_LIMITS, extensions: Object.keys(UPLOAD_TYPES), storageType: storages.current.type }),
  );

  const upload = async (req: FastifyRequest, folder: (bizType: string | null) => string) => {
    if (!req.isMultipart()) throw badRequest("请以 multipart/form-data 上传文件（字段名 file）");
    const received = await receiveUpload(req, { fileField: "file", tmpDir: uploadTmpDir(config.dataDir), limits: config.uploadLimits });
    try {
      const { file, fields } = received;
      if (!file) throw badRequest("缺少上传的文件（字段名 file）");
      const bizType = (fields.bizType ?? "").trim() || null;
      const bizId = (fields.bizId ?? "").trim() || null;
      if (bizType && !BIZ_TYPES.includes(bizType)) throw badRequest("业务类型不正确");
      if (bizId && !/^[A-Za-z0-9_-]{1,32}$/.test(bizId)) throw badRequest("业务对象编号格式不正确");
      return await storeUpload(db, storages, file, { folder: folder(bizType), bizType, bizId, user: req.currentUser() }, req.log);
    } finally {
      await received.discard();
    }
  };

  app.post(`${BASE}/upload`, { config: can("bbh:ossFile:add") }, async (req) => {
    const row = await upload(req, (bizType) => bizType ?? "oss");
    const [json] = await app.ctx.dicts.translate([toJson(row)], OSS_DICTS);
    return ok(json, "上传成功！");
  });
  app.post(`${JEECG_BASE}/upload`, { config: can("bbh:ossFile:add") }, async (req) => {
    const row = await upload(req, () => "upload");
    return ok({ id: row.id, fileName: row.fileName, url: row.url }, "上传成功！");
  });

  for (const at of [BASE, JEECG_BASE]) {
    app.delete(`${at}/delete`, { config: can("bbh:ossFile:delete"), schema: { querystring: IdQuery } }, async (req) => {
      await deleteFiles(db, storages, [req.query.id], req.currentUser(), req.log);
      return ok(null, "删除成功!");
    });
  }
  app.delete(`${BASE}/deleteBatch`, { config: can("bbh:ossFile:deleteBatch"), schema: { querystring: IdsQuery } }, async (req) => {
    const n = await deleteFiles(db, storages, parseIds(req.query.ids), req.currentUser(), req.log);
    return ok(null, `批量删除成功！共删除 ${n} 个文件`);
  });

  const liveRow = async (id: string) => {
    const [row] = await db.select().from(F).where(and(eq(F.id, id), eq(F.delFlag, 0)));
    if (!row) throw badRequest("数据不存在或已删除");
    return row;
  };

  app.get(`${BASE}/download`, { config: can("bbh:ossFile:list"), schema: { querystring: IdQuery } }, async (req, reply) => {
    const row = await liveRow(req.query.id);
    const storage = storages.of(row.storageType);
    const found = storage && row.objectKey ? await storage.get(row.objectKey) : null;
    if (!found) throw new ApiError("文件不存在或已从存储中删除", 404, 404);
    const name = row.fileName || path.basename(row.objectKey!);
    reply
      .header("Content-Type", "application/octet-stream")
      .header("Content-Disposition", `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header("Cache-Control", "private, no-store");
    if (found.size !== null) reply.header("Content-Length", found.size);
    return reply.send(found.stream);
  });

  app.post(`${BASE}/thumb`, { config: can("bbh:ossFile:thumb"), schema: { querystring: IdQuery } }, async (req) => {
    const row = await liveRow(req.query.id);
    if (row.fileType !== "image" || !row.objectKey) throw badRequest("只有图片可以生成缩略图");
    const storage = storages.of(row.storageType);
    const found = storage ? await storage.get(row.objectKey) : null;
    if (!storage || !found) throw badRequest("文件不存在或已从存储中删除");
    let thumb: Buffer;
    try {
      thumb = await sharp(await readAll(found.stream), { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: "inside", withoutEnlargement: true })
        .toBuffer();
    } catch {
      throw badRequest("图片已损坏或格式不支持，无法生成缩略图");
    }
    const key = thumbKey(row.objectKey);
    await storage.delete(key);
    await storage.put(key, { data: thumb }, { contentType: row.mimeType ?? "application/octet-stream", size: thumb.length });
    const thumbUrl = storage.url(key);
    await db.update(F).set({ thumbUrl, updateBy: req.currentUser().username, updateTime: new Date() }).where(eq(F.objectKey, row.objectKey));
    return ok({ thumbUrl }, "缩略图已生成");
  });
}
