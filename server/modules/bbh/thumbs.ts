/**
 * Red-mark thumbnails (domain.md §6.2 `genrateAllThumbPic`, §9 decision 11: local files, server-side resize
 * with sharp). For each mark the cover and every gallery image get `<name>_thumb.<ext>` next to the original
 * (longest side within width × height, never enlarged), recorded in `thumb_image` / `thumb_images` (aligned
 * 1:1 with `images`, an empty entry where an image failed). One run at a time across every server instance
 * on the database (`claimRun`: a session advisory lock on PostgreSQL, per database in this process on PGlite,
 * which one process owns); running it again only fills what is missing (`onlyMissing`, default), so it can
 * always be re-run.
 */
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhOssFile, bbhRedMark } from "../../db/schema.js";
import { badRequest } from "../../lib/envelope.js";
import { resolveStaticPath } from "../sys/common.js";

const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
const MAX_FAILURES = 100;

export interface ThumbOptions {
  redMarkIds?: string[];
  onlyMissing?: boolean;
  width?: number;
  height?: number;
  mode?: "lfit" | "fill";
}

export interface ThumbFailure {
  redMarkId: string;
  markName: string;
  image: string;
  reason: string;
}

export interface ThumbProgress {
  running: boolean;
  total: number;
  processed: number;
  generated: number;
  skipped: number;
  failed: number;
  failures: ThumbFailure[];
}

const idle = (): ThumbProgress => ({ running: false, total: 0, processed: 0, generated: 0, skipped: 0, failed: 0, failures: [] });

/** The stored value of an image → its path relative to the upload root (null for remote or odd values). */
export function uploadRelative(value: string, contextPath: string): string | null {
  let v = value.trim();
  if (/^[a-z]+:\/\//i.test(v)) return null;
  for (const prefix of [`${contextPath}/sys/common/static/`, "/sys/common/static/"]) if (v.startsWith(prefix)) v = v.slice(prefix.length);
  return v.replace(/^\/+/, "") || null;
}

/** `a/b/c.jpg` → `a/b/c_thumb.jpg` (the same prefix style as the original). */
export const thumbName = (value: string) => value.replace(/(\.[A-Za-z0-9]+)?$/, (ext) => `_thumb${ext}`);

const BUSY = "缩略图正在生成中，请稍后";
const LOCK_KEY = "bbh:genrateAllThumbPic";
/** PGlite databases (and pools) with a run in this process. */
const runningHere = new WeakSet<object>();

/**
 * Claims the right to run for the whole database: null when a run holds it, else the release. On PostgreSQL a
 * session-level `pg_try_advisory_lock` on a pooled connection kept for the run, so two instances never both
 * run, and a crashed instance's claim ends with its connection; not a transaction lock, which would leave a
 * transaction idle between images (and the idle-in-transaction timeout ends those). On PGlite (one process
 * per data directory, by its lock file) a claim in this process is enough.
 */
export async function claimRun(db: Db): Promise<(() => Promise<void>) | null> {
  const client = (db as unknown as { $client?: object }).$client ?? db;
  if (!(client instanceof pg.Pool)) {
    if (runningHere.has(client)) return null;
    runningHere.add(client);
    return async () => void runningHere.delete(client);
  }
  const conn = await client.connect();
  try {
    const { rows } = await conn.query<{ ok: boolean }>("select pg_try_advisory_lock(hashtext($1)) as ok", [LOCK_KEY]);
    if (!rows[0]?.ok) {
      conn.release();
      return null;
    }
  } catch (err) {
    conn.release(err as Error);
    throw err;
  }
  return async () => {
    try {
      await conn.query("select pg_advisory_unlock(hashtext($1))", [LOCK_KEY]);
      conn.release();
    } catch (err) {
      conn.release(err as Error); // the connection is dropped, and the lock with it
    }
  };
}

const exists = (file: string) => fs.stat(file).then((s) => s.isFile(), () => false);

export class ThumbJob {
  private progress: ThumbProgress = idle();

  constructor(
    private db: Db,
    private uploadRoot: string,
    private contextPath: string,
  ) {}

  status(): ThumbProgress {
    return { ...this.progress, failures: [...this.progress.failures] };
  }

  /** One image → its thumbnail value; throws a Chinese reason. */
  async thumbnail(value: string, o: Required<Pick<ThumbOptions, "width" | "height" | "mode" | "onlyMissing">>, known?: string | null): Promise<{ thumb: string; made: boolean }> {
    const rel = uploadRelative(value, this.contextPath);
    if (!rel) throw new Error("仅支持本地存储的图片");
    const src = resolveStaticPath(this.uploadRoot, rel);
    const thumb = thumbName(value);
    const target = resolveStaticPath(this.uploadRoot, thumbName(rel));
    if (!src || !target) throw new Error("图片路径不合法");
    if (o.onlyMissing && known === thumb && (await exists(target))) return { thumb, made: false };
    const stat = await fs.stat(src).catch(() => null);
    if (!stat?.isFile()) throw new Error("图片不存在或格式不支持");
    if (stat.size > MAX_SOURCE_BYTES) throw new Error("图片超过20MB");
    try {
      await sharp(src, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width: o.width, height: o.height, fit: o.mode === "fill" ? "fill" : "inside", withoutEnlargement: true })
        .toFile(target);
    } catch {
      throw new Error("图片不存在或格式不支持");
    }
    // The image's OSS file row (issue 9) records the thumbnail too.
    await this.db.update(bbhOssFile).set({ thumbUrl: thumbName(rel) }).where(and(eq(bbhOssFile.url, rel), eq(bbhOssFile.storageType, "local"), eq(bbhOssFile.delFlag, 0)));
    return { thumb, made: true };
  }

  private claimed: Promise<void> = Promise.resolve();

  /**
   * Starts a run (refused at once while this job runs); resolves with the final progress, or rejects with the
   * same refusal when a run elsewhere on the database holds the claim (see `claimRun`).
   */
  start(opts: ThumbOptions): Promise<ThumbProgress> {
    if (this.progress.running) throw badRequest(BUSY);
    this.progress = { ...idle(), running: true };
    const release = claimRun(this.db);
    this.claimed = release.then((r) => {
      if (!r) throw badRequest(BUSY);
    });
    this.claimed.catch(() => {});
    return release
      .then(async (r) => {
        if (!r) throw badRequest(BUSY);
        try {
          return await this.run(opts);
        } finally {
          await r();
        }
      })
      .finally(() => {
        this.progress.running = false;
      });
  }

  /** Settles once the run started by `start` holds its claim (rejects with the refusal if it did not get it). */
  whenClaimed(): Promise<void> {
    return this.claimed;
  }

  private fail(f: ThumbFailure) {
    this.progress.failed++;
    if (this.progress.failures.length < MAX_FAILURES) this.progress.failures.push(f);
  }

  private async run(opts: ThumbOptions): Promise<ThumbProgress> {
    const o = { width: opts.width ?? 300, height: opts.height ?? 300, mode: opts.mode ?? "lfit", onlyMissing: opts.onlyMissing ?? true } as const;
    const M = bbhRedMark;
    const marks = await this.db
      .select({ id: M.id, markName: M.markName, coverImage: M.coverImage, images: M.images, thumbImage: M.thumbImage, thumbImages: M.thumbImages })
      .from(M)
      .where(and(eq(M.delFlag, 0), opts.redMarkIds?.length ? inArray(M.id, opts.redMarkIds) : undefined))
      .orderBy(asc(M.id));
    this.progress.total = marks.length;
    for (const m of marks) {
      const one = async (value: string, known: string | null | undefined) => {
        try {
          const r = await this.thumbnail(value, o, known);
          if (r.made) this.progress.generated++;
          else this.progress.skipped++;
          return r.thumb;
        } catch (err) {
          this.fail({ redMarkId: m.id, markName: m.markName, image: value, reason: err instanceof Error ? err.message : String(err) });
          return "";
        }
      };
      const cover = m.coverImage ? (await one(m.coverImage, m.thumbImage)) || null : null;
      const images = m.images ? m.images.split(",").filter(Boolean) : [];
      const knownThumbs = m.thumbImages ? m.thumbImages.split(",") : [];
      const thumbs: string[] = [];
      for (const [i, img] of images.entries()) thumbs.push(await one(img, knownThumbs[i]));
      // Written only if the images did not change meanwhile (an edit clears the thumbnails itself).
      await this.db
        .update(M)
        .set({ thumbImage: cover ?? m.thumbImage, thumbImages: images.length ? thumbs.join(",") : null })
        .where(and(eq(M.id, m.id), m.coverImage === null ? sql`${M.coverImage} is null` : eq(M.coverImage, m.coverImage), m.images === null ? sql`${M.images} is null` : eq(M.images, m.images)));
      this.progress.processed++;
    }
    this.progress.running = false;
    return this.status();
  }
}

/** Runs in the request when the job is small, else in the background (the answer says `running`). */
export const SYNC_LIMIT = 200;

export function uploadRootOf(dataDir: string) {
  return path.resolve(dataDir, "upload");
}
