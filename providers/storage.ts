/**
 * Browser storage in the JeecgBoot Vue client's format, so a session started by either client is read by
 * the other. Local storage follows vue-ls with namespace `pro__`: key `pro__<KEY>`, value
 * `JSON.stringify({ value, expire })`, where `expire` is epoch milliseconds or null and an expired entry
 * reads as absent. Button auth lists live in session storage under their bare keys as plain JSON.
 */

export const STORAGE_NAMESPACE = "pro__";

/** Keys of JeecgBoot `store/mutation-types.js`. */
export const StorageKeys = {
  accessToken: "Access-Token",
  loginUsername: "Login_Username",
  loginUserInfo: "Login_Userinfo",
  dictCache: "UI_CACHE_DB_DICT_DATA",
  userButtonAuth: "LOGIN_USER_BUTTON_AUTH",
  systemButtonAuth: "SYS_BUTTON_AUTH",
  sidebarType: "SIDEBAR_TYPE",
  theme: "DEFAULT_THEME",
  layoutMode: "DEFAULT_LAYOUT_MODE",
  color: "DEFAULT_COLOR",
  colorWeak: "DEFAULT_COLOR_WEAK",
  fixedHeader: "DEFAULT_FIXED_HEADER",
  fixedSidemenu: "DEFAULT_FIXED_SIDEMENU",
  fixedHeaderHidden: "DEFAULT_FIXED_HEADER_HIDDEN",
  contentWidthType: "DEFAULT_CONTENT_WIDTH_TYPE",
  multiPage: "DEFAULT_MULTI_PAGE",
  encryptedString: "ENCRYPTED_STRING",
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

/**
 * The local-storage keys a sign-in writes (token, username, user info with phone, e-mail and departments,
 * dictionaries): logout removes every one of them (spec §4). Layout settings are not personal and stay.
 */
export const SESSION_KEYS = [StorageKeys.accessToken, StorageKeys.loginUsername, StorageKeys.loginUserInfo, StorageKeys.dictCache] as const;

/** Prefix of the per-code "enhance" records (JeecgBoot `ENHANCE_PRE`). */
export const ENHANCE_PREFIX = "enhance_";

/** Where a signed-in user lands (JeecgBoot `INDEX_MAIN_PAGE_PATH`). */
export const LANDING_PATH = "/dashboard/analysis";

/** Token, user info, username and dictionaries are kept for 7 days. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface StoredEntry<T> {
  value: T;
  expire: number | null;
}

export interface LocalStore {
  get<T>(key: string, fallback?: T): T | undefined;
  set<T>(key: string, value: T, ttlMs?: number | null): void;
  remove(key: string): void;
}

/** A vue-ls compatible store over any Web Storage; `now` is injectable for expiry tests. */
export function createLocalStore(storage: Storage, now: () => number = Date.now): LocalStore {
  const fullKey = (key: string) => `${STORAGE_NAMESPACE}${key}`;
  return {
    get<T>(key: string, fallback?: T): T | undefined {
      const raw = storage.getItem(fullKey(key));
      if (raw === null) return fallback;
      let entry: StoredEntry<T>;
      try {
        entry = JSON.parse(raw) as StoredEntry<T>;
      } catch {
        return fallback;
      }
      if (entry === null || typeof entry !== "object" || !("value" in entry)) return fallback;
      if (entry.expire !== null && entry.expire !== undefined && entry.expire < now()) {
        storage.removeItem(fullKey(key));
        return fallback;
      }
      return entry.value;
    },
    set<T>(key: string, value: T, ttlMs: number | null = null) {
      const entry: StoredEntry<T> = { value, expire: ttlMs === null ? null : now() + ttlMs };
      storage.setItem(fullKey(key), JSON.stringify(entry));
    },
    remove(key: string) {
      storage.removeItem(fullKey(key));
    },
  };
}

/** Plain JSON lists in session storage, as the Vue client keeps the button auth lists. */
export function readSessionList<T>(key: string, storage: Storage = sessionStorage): T[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export function writeSessionList<T>(key: string, list: T[], storage: Storage = sessionStorage) {
  storage.setItem(key, JSON.stringify(list));
}

export const local: LocalStore = createLocalStore(globalThis.localStorage);

export function getToken(): string | undefined {
  return local.get<string>(StorageKeys.accessToken) || undefined;
}
