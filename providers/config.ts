/** Runtime configuration of the console, read once from Vite's environment. */

export const PRODUCT_NAME = "红色印记管理平台";

/** Base URL of the API (JeecgBoot's `domianURL`); the server's context path by default. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL || "/jeecg-boot").replace(/\/+$/, "");

/** The ICP filing number of the login footer (`VITE_FILING_NUMBER`); none configured → nothing is shown. */
export function filingNumber(): string | undefined {
  return import.meta.env.VITE_FILING_NUMBER?.trim() || undefined;
}

/**
 * Where the header's help icon leads (`VITE_HELP_URL`): an http(s) URL or a same-origin path. None configured,
 * or anything else (say a `javascript:` URL) → no help icon.
 */
export function helpUrl(): string | undefined {
  const url = import.meta.env.VITE_HELP_URL?.trim();
  if (!url) return undefined;
  return /^https?:\/\//i.test(url) || (url.startsWith("/") && !url.startsWith("//")) ? url : undefined;
}

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
