/**
 * Red-mark thumbnails (domain.md §6.2 `genrateAllThumbPic`, §9 decision 11: local files, server-side resize
 * with sharp). For each mark the cover and every gallery image get `<name>_thumb.<ext>` next to the original
 * (longest side within width × height, never enlarged), recorded in `thumb_image` / `thumb_images` (aligned
 * 1:1 with `images`, an empty entry where an image failed). A job runs once at a time per server process;
 * running it again only fills what is missing (`onlyMissing`, default), so it can always be re-run.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { bbhRedMark } from "../../db/schema.js";
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
    return { thumb, made: true };
  }

  /** Starts a run (refused while one runs); resolves with the final progress. */
  start(opts: ThumbOptions): Promise<ThumbProgress> {
    if (this.progress.running) throw badRequest("缩略图正在生成中，请稍后");
    this.progress = { ...idle(), running: true };
    return this.run(opts).finally(() => {
      this.progress.running = false;
    });
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
