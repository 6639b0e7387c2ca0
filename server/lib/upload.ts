/**
 * Multipart uploads for every upload and import route: one file per request, a few small fields, few
 * header lines per part. `readUpload` reads the whole request before the route stores anything, so a
 * request with more files, parts or fields than allowed is refused (413) and leaves nothing behind —
 * reading only the first file (`req.file()`) would accept a request carrying 50 more.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { ApiError, badRequest } from "./envelope.js";

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
