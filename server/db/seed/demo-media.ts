/**
 * The demo rows (bbh-demo.ts) point at media under `/demo/…` in the upload folder. Those files are made
 * here, once per data directory, so the demo pages show pictures instead of broken images: a plain image
 * per path (sharp), and a second of silence for audio. Files that exist are left alone, so replacing a
 * demo picture with a real one keeps it.
 */
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../client.js";

/** Every `/demo/…` media path the demo rows reference (comma lists split). */
export async function demoMediaPaths(db: Db): Promise<string[]> {
  const rows = await db.execute<{ path: string | null }>(sql`
    select cover_image as path from bbh_activity_main where cover_image like '/demo/%'
    union select cover_image from bbh_red_mark where cover_image like '/demo/%'
    union select audio_url from bbh_red_mark where audio_url like '/demo/%'
    union select answer_images from bbh_user_task_answer where answer_images like '/demo/%'`);
  const list = (rows as unknown as { rows?: { path: string | null }[] }).rows ?? (rows as unknown as { path: string | null }[]);
  const paths = list.flatMap((r) => (r.path ?? "").split(",")).map((p) => p.trim());
  return [...new Set(paths.filter((p) => /^\/demo\/[\w./-]+$/.test(p) && !p.includes("..")))].sort();
}

/** One second of MPEG-1 Layer III silence (44.1 kHz, 128 kbit/s frames with empty side information). */
function silentMp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: 39 }, () => frame));
}

async function placeholderImage(seed: string): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const hash = createHash("sha256").update(seed).digest();
  const hue = hash[0] % 40; // reds and oranges
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,42%)"/><stop offset="1" stop-color="hsl(${hue + 15},80%,62%)"/>
    </linearGradient></defs>
    <rect width="640" height="360" fill="url(#g)"/>
    <polygon points="320,110 337,160 390,160 347,190 363,242 320,210 277,242 293,190 250,160 303,160" fill="#ffd54f" opacity="0.9"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Writes the missing demo media under `uploadRoot`; answers how many files it wrote. */
export async function ensureDemoMedia(db: Db, uploadRoot: string): Promise<number> {
  let written = 0;
  for (const rel of await demoMediaPaths(db)) {
    const file = path.join(uploadRoot, rel);
    if (!file.startsWith(path.resolve(uploadRoot) + path.sep) || fs.existsSync(file)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const body = rel.endsWith(".mp3") ? silentMp3() : await placeholderImage(rel);
    fs.writeFileSync(file, body);
    written++;
  }
  return written;
}
