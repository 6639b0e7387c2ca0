/** The JeecgBoot `Result` envelope (contract.md §2) and the errors that become one. */
import type { Result } from "../../contract/index.js";

export function ok<T>(result: T, message = "", code = 200): Result<T> {
  return { success: true, message, code, result, timestamp: Date.now() };
}

export function fail(message: string, code = 500): Result<null> {
  return { success: false, message, code, result: null, timestamp: Date.now() };
}

/**
 * An error with a Chinese message for the client, an HTTP status and the envelope code.
 * Business refusals stay HTTP 200 with code 500, as JeecgBoot clients expect; bad input is 400,
 * missing permission 403 (code 510).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly statusCode = 200,
    readonly code = 500,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(message, 400, 400);
export const forbidden = (message = "没有权限，请联系管理员授权") => new ApiError(message, 403, 510);
export const refused = (message: string) => new ApiError(message, 200, 500);
