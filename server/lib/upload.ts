/**
 * Multipart uploads for every upload and import route: one file per request, a few small fields, few
 * header lines per part. `readUpload` reads the whole request before the route stores anything, so a
 * request with more files, parts or fields than allowed is refused (413) and leaves nothing behind —
 * reading only the first file (`req.file()`) would accept a request carrying 50 more.
 */
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { fileTypeFromFile } from "file-type";
import { ApiError, badRequest } from "./envelope.js";
import { UPLOAD_TYPES, UPLOAD_TYPE_REFUSED, fileExtension, uploadContentMismatch, uploadTooLarge, type UploadKind } from "../../contract/upload.js";

/** Limits of one upload request (the file's own size limit is per route). */
export const UPLOAD_LIMITS = {
  /** Files per request. */
  files: 1,
  /** Plain form fields per request (e.g. `biz`). */
  fields: 5,
  /** Files and fields together. */
  parts: 6,
  /** Bytes of one field's value. */
  fieldSize: 1024,
  /** Bytes of a field's name. */
  fieldNameSize: 100,
  /** Header lines of one part (Content-Disposition, Content-Type …); extra lines are ignored. */
  headerPairs: 10,
} as const;

export const TOO_MANY_PARTS_MESSAGE = `上传请求包含的文件或字段过多：每次只能上传 ${UPLOAD_LIMITS.files} 个文件，最多 ${UPLOAD_LIMITS.fields} 个表单字段`;

/** Lets a module's routes accept `multipart/form-data` with the upload limits and this file size. */
export async function acceptMultipart(app: FastifyInstance, fileSize: number): Promise<void> {
  await app.register(multipart, { limits: { ...UPLOAD_LIMITS, fileSize } });
}

export interface Upload {
  /** The file of the expected field, or null when the request carried none. */
  file: { filename: string; mimetype: string; data: Buffer } | null;
  /** Plain fields by name (the last value wins). */
  fields: Record<string, string>;
}

/**
 * Reads every part of a multipart request. `fileField` names the file wanted; a file under another name is
 * read and dropped. Limits become 413 envelopes, malformed bodies 400; `tooLarge` is the message for a
 * file over the route's size limit.
 */
export async function readUpload(req: FastifyRequest, opts: { fileField: string; tooLarge: ApiError }): Promise<Upload> {
  const upload: Upload = { file: null, fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === "file") {
        const data = await part.toBuffer();
        if (part.fieldname === opts.fileField && !upload.file) upload.file = { filename: part.filename, mimetype: part.mimetype, data };
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError(`表单字段「${part.fieldname.slice(0, 40)}」过长`, 413, 413);
        upload.fields[part.fieldname] = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
      }
    }
  } catch (err) {
    throw uploadError(err, opts.tooLarge);
  }
  return upload;
}

function uploadError(err: unknown, tooLarge: ApiError): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case "FST_PARTS_LIMIT":
    case "FST_FILES_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new ApiError(TOO_MANY_PARTS_MESSAGE, 413, 413);
    case "FST_REQ_FILE_TOO_LARGE":
      return tooLarge;
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return badRequest("请以 multipart/form-data 上传文件");
    case "FST_PROTO_VIOLATION":
    case "FST_INVALID_JSON_FIELD_ERROR":
    case "FST_MP_PREMATURE_CLOSE":
    case undefined:
      // Busboy's own errors (malformed part headers, a missing boundary, an unterminated body) have no code.
      return badRequest("上传的表单数据格式不正确");
    default:
      return err;
  }
}

// ---------------------------------------------------------------------------------------------
// Files of every allowed type (issue 9): streamed to a temporary file, then checked by their bytes.
// ---------------------------------------------------------------------------------------------

/** A file received into `DATA_DIR/upload-tmp` (outside the served upload directory). */
export interface ReceivedFile {
  filename: string;
  /** Where the bytes are until the route stores them (removed by `discard`). */
  tmpPath: string;
  size: number;
  md5: string;
}

export interface Received {
  file: ReceivedFile | null;
  fields: Record<string, string>;
  /** Removes the temporary file; call it in `finally`. */
  discard(): Promise<void>;
}

/** What the bytes of an accepted file are. */
export interface Inspected {
  /** The extension it is stored under (an image's real format; otherwise the declared one). */
  ext: string;
  kind: UploadKind;
  mime: string;
}

export const uploadTmpDir = (dataDir: string) => path.resolve(dataDir, "upload-tmp");

/** The multipart size limit for routes taking any allowed type: the largest kind, plus one byte so ours speaks first. */
export const multipartLimit = (limits: Record<UploadKind, number>) => Math.max(...Object.values(limits)) + 1;

/**
 * Reads a multipart request, streaming the `fileField` file to a temporary file while hashing it (a 200 MB
 * video never sits in memory). The size limit is the one of the declared extension's kind, known before the
 * first byte: past it, the rest is read and dropped and the answer is 413 (`uploadTooLarge`). A name with a
 * refused extension is 415 after the request was read. Nothing reaches the upload directory here; on any
 * refusal the temporary file is gone before this throws.
 */
export async function receiveUpload(req: FastifyRequest, opts: { fileField: string; tmpDir: string; limits: Record<UploadKind, number> }): Promise<Received> {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let refusal: ApiError | null = null;
  let kind: UploadKind = "video";
  const temps: string[] = [];
  const discard = async () => {
    await Promise.all(temps.map((t) => fs.promises.rm(t, { force: true })));
  };
  try {
    for await (const part of req.parts()) {
      if (part.type !== "file") {
        if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError(`表单字段「${part.fieldname.slice(0, 40)}」过长`, 413, 413);
        fields[part.fieldname] = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
        continue;
      }
      if (part.fieldname !== opts.fileField || file || refusal) {
        await drain(part.file);
        continue;
      }
      const ext = fileExtension(part.filename);
      const rule = ext ? UPLOAD_TYPES[ext] : UPLOAD_TYPES.png; // no extension: only an image may follow
      if (!rule) {
        await drain(part.file);
        refusal = new ApiError(UPLOAD_TYPE_REFUSED, 415, 415);
        continue;
      }
      kind = rule.kind;
      const limit = opts.limits[kind];
      await fs.promises.mkdir(opts.tmpDir, { recursive: true });
      const tmpPath = path.join(opts.tmpDir, randomBytes(16).toString("hex"));
      temps.push(tmpPath);
      const saved = await save(part.file, tmpPath, limit);
      if (saved.over || part.file.truncated) {
        refusal = new ApiError(uploadTooLarge(rule.kind, limit), 413, 413);
        continue;
      }
      file = { filename: part.filename, tmpPath, size: saved.size, md5: saved.md5 };
    }
    if (refusal) throw refusal;
  } catch (err) {
    await discard();
    throw uploadError(err, new ApiError(uploadTooLarge(kind, opts.limits[kind]), 413, 413));
  }
  return { file, fields, discard };
}

async function drain(stream: Readable) {
  for await (const _ of stream) void _;
}

/** Writes the stream to `target` up to `limit` bytes (then only counts), hashing what it keeps. */
async function save(stream: Readable, target: string, limit: number): Promise<{ size: number; md5: string; over: boolean }> {
  const hash = createHash("md5");
  const out = fs.createWriteStream(target, { flags: "wx" });
  let size = 0;
  let over = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (over || size > limit) {
        over = true;
        continue;
      }
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, "drain");
    }
  } finally {
    out.end();
    await once(out, "close").catch(() => undefined);
  }
  return { size, md5: hash.digest("hex"), over };
}

/**
 * Checks a received file's bytes (`file-type`: magic numbers, and the zip directory of docx/xlsx/pptx)
 * against its declared extension: they must agree (old Office files are a CFB container and only doc, xls
 * and ppt accept one; an image extension accepts any image format). A name without an extension passes only
 * as an image. SVG, HTML, scripts and executables are never accepted. Throws 415 with the reason.
 */
export async function inspectUpload(file: ReceivedFile): Promise<Inspected> {
  if (file.size === 0) throw badRequest("上传的文件是空的");
  const declared = fileExtension(file.filename);
  if (declared && !UPLOAD_TYPES[declared]) throw new ApiError(UPLOAD_TYPE_REFUSED, 415, 415);
  const detected = (await fileTypeFromFile(file.tmpPath).catch(() => undefined))?.ext as string | undefined;
  const rule = UPLOAD_TYPES[declared || "png"];
  if (!detected || !rule.detected.includes(detected)) {
    throw new ApiError(declared ? uploadContentMismatch(declared) : UPLOAD_TYPE_REFUSED, 415, 415);
  }
  const ext = rule.kind === "image" ? detected : declared;
  return { ext, kind: rule.kind, mime: UPLOAD_TYPES[ext].mime };
}
