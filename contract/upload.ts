/**
 * What may be uploaded (issue 9): one allow-list of file extensions, each with its kind (the `bbh_file_type`
 * dictionary value) and the content types its bytes may be recognised as, and the default size limit of each
 * kind. The server checks the bytes (magic numbers, `file-type`) against it and may lower or raise the limits
 * by environment (`UPLOAD_MAX_<KIND>_BYTES`, answered by `GET /bbh/api/ossFile/uploadPolicy`); the console
 * checks the extension and size before sending with the same table and the same words. SVG, HTML and every
 * other type are never accepted.
 */

export type UploadKind = "image" | "doc" | "audio" | "video";

export const UPLOAD_KIND_TEXT: Record<UploadKind, string> = { image: "图片", doc: "文档", audio: "音频", video: "视频" };

/** Default largest file of each kind, in bytes. */
export const DEFAULT_UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: 10 * 1024 * 1024,
  doc: 20 * 1024 * 1024,
  audio: 30 * 1024 * 1024,
  video: 200 * 1024 * 1024,
};

export interface UploadTypeRule {
  kind: UploadKind;
  /** The content type the file is served with. */
  mime: string;
  /**
   * What `file-type` may report for these bytes. Old Office files (doc/xls/ppt) are a CFB container and are
   * reported as `cfb`; only these three extensions accept it.
   */
  detected: readonly string[];
}

const IMAGES = ["png", "jpg", "gif", "webp"] as const;

/** Extension (lower case, without the dot) → rule. */
export const UPLOAD_TYPES: Record<string, UploadTypeRule> = {
  // A renamed photo is common: any image extension accepts any image format; it is stored under the real one.
  png: { kind: "image", mime: "image/png", detected: IMAGES },
  jpg: { kind: "image", mime: "image/jpeg", detected: IMAGES },
  jpeg: { kind: "image", mime: "image/jpeg", detected: IMAGES },
  gif: { kind: "image", mime: "image/gif", detected: IMAGES },
  webp: { kind: "image", mime: "image/webp", detected: IMAGES },
  pdf: { kind: "doc", mime: "application/pdf", detected: ["pdf"] },
  doc: { kind: "doc", mime: "application/msword", detected: ["cfb"] },
  xls: { kind: "doc", mime: "application/vnd.ms-excel", detected: ["cfb"] },
  ppt: { kind: "doc", mime: "application/vnd.ms-powerpoint", detected: ["cfb"] },
  docx: { kind: "doc", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", detected: ["docx"] },
  xlsx: { kind: "doc", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", detected: ["xlsx"] },
  pptx: { kind: "doc", mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", detected: ["pptx"] },
  mp3: { kind: "audio", mime: "audio/mpeg", detected: ["mp3"] },
  m4a: { kind: "audio", mime: "audio/mp4", detected: ["m4a", "mp4"] },
  wav: { kind: "audio", mime: "audio/wav", detected: ["wav"] },
  aac: { kind: "audio", mime: "audio/aac", detected: ["aac", "m4a"] },
  mp4: { kind: "video", mime: "video/mp4", detected: ["mp4", "m4v"] },
  mov: { kind: "video", mime: "video/quicktime", detected: ["mov", "mp4"] },
  webm: { kind: "video", mime: "video/webm", detected: ["webm"] },
};

/** For an `accept` attribute: `.png,.jpg,…`. */
export const UPLOAD_ACCEPT = Object.keys(UPLOAD_TYPES).map((e) => `.${e}`).join(",");

/** The lower-case extension of a file name ("" when none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

export const formatMb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))}KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10}MB`);

export const UPLOAD_TYPE_REFUSED = "不支持的文件类型：只能上传图片（png、jpg、gif、webp）、文档（pdf、doc、docx、xls、xlsx、ppt、pptx）、音频（mp3、m4a、wav、aac）或视频（mp4、mov、webm）";
export const uploadContentMismatch = (ext: string) => `文件内容与扩展名「.${ext}」不符，请上传真实的${UPLOAD_KIND_TEXT[UPLOAD_TYPES[ext]?.kind ?? "doc"]}文件`;
export const uploadTooLarge = (kind: UploadKind, limit: number) => `${UPLOAD_KIND_TEXT[kind]}文件大小超出${formatMb(limit)}限制，请压缩或降低文件质量！`;

/**
 * The console's check before sending (the server checks again, and the bytes too): the refusal message, or
 * null when the name and size are acceptable under `limits`.
 */
export function checkUploadName(name: string, size: number, limits: Record<UploadKind, number> = DEFAULT_UPLOAD_LIMITS): string | null {
  const rule = UPLOAD_TYPES[fileExtension(name)];
  if (!rule) return UPLOAD_TYPE_REFUSED;
  if (size === 0) return "上传的文件是空的";
  if (size > limits[rule.kind]) return uploadTooLarge(rule.kind, limits[rule.kind]);
  return null;
}
