/** Runtime configuration of the console, read once from Vite's environment. */

export const PRODUCT_NAME = "红色印记管理平台";

/** Base URL of the API (JeecgBoot's `domianURL`); the server's context path by default. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL || "/jeecg-boot").replace(/\/+$/, "");

export const FILING_NUMBER: string = import.meta.env.VITE_FILING_NUMBER || "京ICP备00000000号";

export const REQUEST_TIMEOUT_MS = 30_000;

/** The API base as an absolute URL, for places that need one (menu `{{ }}` URLs, iframes). */
export function absoluteApiBaseUrl(origin: string = globalThis.location?.origin ?? "http://localhost"): string {
  return new URL(API_BASE_URL, `${origin}/`).href.replace(/\/+$/, "");
}

/** JeecgBoot `staticDomainURL`: where uploaded files (avatars, attachments) are served. */
export const STATIC_DOMAIN_URL = `${API_BASE_URL}/sys/common/static`;

/** A stored file path as a URL; absolute http(s) URLs are kept as given. */
export function fileUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//i.test(path) || path.startsWith("data:")) return path;
  return `${STATIC_DOMAIN_URL}/${path.replace(/^\/+/, "")}`;
}
