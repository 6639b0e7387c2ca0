/**
 * Storing and removing uploaded files (domain.md §4.26, issue 9), shared by `/sys/common/upload`, the OSS
 * file module (`/bbh/api/ossFile`) and JeecgBoot's `/sys/oss/file`: every stored file is a `bbh_oss_file` row.
 *
 * - A received file (server/lib/upload.ts) is checked by its bytes, then put into the configured storage
 *   under `[<folder>/]<yyyyMMdd>/<random>.<ext>`; images get their width/height and a thumbnail
 *   (`<key>_thumb.<ext>`, longest side ≤ 300 px) with sharp.
 * - **md5 de-duplication**: the same bytes (md5 and size) already stored in the same storage and still
 *   present are not stored again; the new row points at the existing object (its own name, business owner
 *   and uploader). An object is removed when the last live row pointing at it is deleted.
 * - Both decisions run under a transaction-scoped advisory lock on the md5, so an upload reusing an object
 *   and the deletion of its last row never interleave. Objects are written before (upload) and removed after
 *   (delete) the short transaction, never inside it.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { bbhActivityMain, bbhOssFile, bbhRedMark } from "../../db/schema.js";
import { badRequest } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { inspectUpload, type ReceivedFile } from "../../lib/upload.js";
import type { Storage, Storages } from "../../lib/storage.js";
import type { SessionUser } from "../sys/session.repo.js";

export type OssRow = typeof bbhOssFile.$inferSelect;
const F = bbhOssFile;

export const THUMB_SIZE = 300;

/** `yyyyMMdd` in GMT+8, the zone of every date on the wire. */
export function dayFolder(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll("-", "");
}

/** `a/b/c.jpg` → `a/b/c_thumb.jpg`. */
export const thumbKey = (key: string) => key.replace(/(\.[A-Za-z0-9]+)?$/, (ext) => `_thumb${ext}`);

const lockMd5 = (tx: Db, md5: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"bbh_oss_file:" + md5}))`);

export interface StoreOptions {
  /** Folder in front of the day folder (`/sys/common/upload`'s `biz`). */
  folder?: string | null;
  bizType?: string | null;
  bizId?: string | null;
  user: SessionUser;
}

/** Image facts and thumbnail; an image sharp cannot read is kept without them. */
async function imageFacts(file: string): Promise<{ width: number | null; height: number | null; thumb: Buffer | null }> {
  try {
    const meta = await sharp(file, { limitInputPixels: 100_000_000 }).metadata();
    const thumb = await sharp(file, { limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: "inside", withoutEnlargement: true })
      .toBuffer();
    const turned = (meta.orientation ?? 1) >= 5;
    return { width: (turned ? meta.height : meta.width) ?? null, height: (turned ? meta.width : meta.height) ?? null, thumb };
  } catch {
    return { width: null, height: null, thumb: null };
  }
}

/** Checks, stores (or reuses) and records one received file; answers its row. */
export async function storeUpload(db: Db, storages: Storages, file: ReceivedFile, o: StoreOptions, log?: FastifyBaseLogger): Promise<OssRow> {
  const inspected = await inspectUpload(file);
  const storage = storages.current;
  const base = {
    fileName: file.filename.slice(0, 255) || `file.${inspected.ext}`,
    fileType: inspected.kind,
    mimeType: inspected.mime,
    fileExt: inspected.ext,
    fileSize: file.size,
    storageType: storage.type,
    bucket: storage.bucket,
    md5: file.md5,
    bizType: o.bizType ?? null,
    bizId: o.bizId ?? null,
    uploaderType: 1,
    uploaderId: o.user.userId,
    createBy: o.user.username,
    createTime: new Date(),
    sysOrgCode: o.user.orgCode,
  };

  // The same bytes already stored here: a new row for the existing object.
  const [same] = await db
    .select()
    .from(F)
    .where(and(eq(F.md5, file.md5), eq(F.fileSize, file.size), eq(F.storageType, storage.type), eq(F.fileExt, inspected.ext), eq(F.delFlag, 0)))
    .limit(1);
  if (same?.objectKey && (await storage.exists(same.objectKey).catch(() => false))) {
    const reused = await db.transaction(async (tx) => {
      await lockMd5(tx, file.md5);
      const [live] = await tx.select({ id: F.id }).from(F).where(and(eq(F.id, same.id), eq(F.delFlag, 0)));
      if (!live) return null;
      const [row] = await tx
        .insert(F)
        .values({ ...base, id: nextId(), url: same.url, thumbUrl: same.thumbUrl, objectKey: same.objectKey, width: same.width, height: same.height, duration: same.duration })
        .returning();
      return row;
    });
    if (reused) return reused;
  }

  const key = [o.folder, dayFolder(), `${randomBytes(12).toString("hex")}.${inspected.ext}`].filter(Boolean).join("/");
  const facts = inspected.kind === "image" ? await imageFacts(file.tmpPath) : { width: null, height: null, thumb: null };
  const written: string[] = [];
  try {
    await storage.put(key, { file: file.tmpPath }, { contentType: inspected.mime, size: file.size });
    written.push(key);
    let thumbUrl: string | null = null;
    if (facts.thumb) {
      await storage.put(thumbKey(key), { data: facts.thumb }, { contentType: inspected.mime, size: facts.thumb.length });
      written.push(thumbKey(key));
      thumbUrl = storage.url(thumbKey(key));
    }
    return await db.transaction(async (tx) => {
      await lockMd5(tx, file.md5);
      const [row] = await tx
        .insert(F)
        .values({ ...base, id: nextId(), url: storage.url(key), thumbUrl, objectKey: key, width: facts.width, height: facts.height })
        .returning();
      return row;
    });
  } catch (err) {
    for (const k of written) await storage.delete(k).catch((e) => log?.warn({ err: e, key: k }, "上传失败后未能删除已写入的对象"));
    throw err;
  }
}

/** The published red mark or activity that shows `url`, if any (domain.md §7.7). */
async function usedBy(tx: Db, url: string): Promise<string | null> {
  const inList = (col: unknown) => sql`position(${"," + url + ","} in ',' || coalesce(${col}, '') || ',') > 0`;
  const M = bbhRedMark;
  const [mark] = await tx
    .select({ name: M.markName })
    .from(M)
    .where(
      and(
        eq(M.delFlag, 0),
        eq(M.publishStatus, 1),
        sql`(${M.coverImage} = ${url} or ${M.stampImage} = ${url} or ${M.stampGrayImage} = ${url} or ${M.audioUrl} = ${url} or ${M.videoUrl} = ${url} or ${M.videoCover} = ${url} or ${inList(M.images)})`,
      ),
    )
    .limit(1);
  if (mark) return `红色印记：${mark.name}`;
  const A = bbhActivityMain;
  const [activity] = await tx
    .select({ name: A.activityName })
    .from(A)
    .where(and(eq(A.delFlag, 0), eq(A.publishStatus, 1), sql`(${A.coverImage} = ${url} or ${A.shareImage} = ${url} or ${inList(A.bannerImages)})`))
    .limit(1);
  return activity ? `活动：${activity.name}` : null;
}

/**
 * Deletes the rows (soft delete, `del_flag = 1`) and, after commit, every object no live row points at any
 * more — a row whose object is already gone deletes all the same. A file whose object a published red mark
 * or activity shows is refused (`文件正在被【…】使用，不能删除`) and nothing is deleted. Answers the count.
 */
export async function deleteFiles(db: Db, storages: Storages, ids: string[], user: SessionUser, log?: FastifyBaseLogger): Promise<number> {
  const orphans: Array<{ storage: Storage; key: string }> = [];
  const count = await db.transaction(async (tx) => {
    const rows = await tx.select().from(F).where(and(inArray(F.id, ids), eq(F.delFlag, 0)));
    if (rows.length === 0) throw badRequest("数据不存在或已删除");
    for (const md5 of [...new Set(rows.map((r) => r.md5 ?? r.id))].sort()) await lockMd5(tx, md5);
    await tx.update(F).set({ delFlag: 1, updateBy: user.username, updateTime: new Date() }).where(inArray(F.id, rows.map((r) => r.id)));
    const byObject = new Map<string, OssRow>();
    for (const r of rows) if (r.objectKey) byObject.set(`${r.storageType}:${r.objectKey}`, r);
    for (const r of byObject.values()) {
      const [still] = await tx
        .select({ id: F.id })
        .from(F)
        .where(and(eq(F.objectKey, r.objectKey!), eq(F.storageType, r.storageType ?? "local"), eq(F.delFlag, 0), ne(F.id, r.id)))
        .limit(1);
      if (still) continue;
      const owner = await usedBy(tx, r.url);
      if (owner) throw badRequest(`文件正在被【${owner}】使用，不能删除`);
      const storage = storages.of(r.storageType);
      if (!storage) {
        log?.warn({ id: r.id, storageType: r.storageType }, "文件所在的存储未配置，只删除记录");
        continue;
      }
      orphans.push({ storage, key: r.objectKey! });
      if (r.thumbUrl) orphans.push({ storage, key: thumbKey(r.objectKey!) });
    }
    return rows.length;
  });
  for (const o of orphans) await o.storage.delete(o.key).catch((err) => log?.warn({ err, key: o.key }, "未能删除存储中的对象，记录已删除"));
  return count;
}
