/**
 * Button permissions (contract §7.1, JeecgBoot `hasPermission.js` / `authFilter.js`). The `auth` and
 * `allAuth` lists received with the menu become in-memory sets; every check is a synchronous lookup.
 */
import type { AccessControlProvider } from "@refinedev/core";

import type { AuthEntry } from "../contract";
import { readSessionList, StorageKeys, writeSessionList } from "./storage";

/** `perms_type` 2 entries enable/disable a field instead of showing/hiding it. */
const DISABLE_TYPE = "2";
/** An `allAuth` entry with this status switches its rule off: the element stays visible for everyone. */
const RULE_OFF = "0";

export interface Access {
  /** `v-has`: whether an element guarded by `code` is shown. */
  has(code: string): boolean;
  /** `disabledAuthFilter`: whether a field guarded by a type-2 `code` is disabled. */
  isDisabled(code: string): boolean;
}

export function buildAccess(auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): Access {
  const granted = new Set<string>();
  const grantedEnable = new Set<string>();
  for (const entry of auth) {
    if (!entry.action) continue;
    if (entry.type === DISABLE_TYPE) grantedEnable.add(entry.action);
    else for (const part of entry.action.split(",")) granted.add(part.trim());
  }
  const ruleOff = new Set<string>();
  const enableRules = new Set<string>();
  for (const entry of allAuth) {
    if (!entry.action) continue;
    if (entry.type === DISABLE_TYPE) {
      if (entry.status !== RULE_OFF) enableRules.add(entry.action);
    } else if (entry.status === RULE_OFF) {
      ruleOff.add(entry.action);
    }
  }
  return {
    has: (code) => ruleOff.has(code) || granted.has(code),
    isDisabled: (code) => enableRules.has(code) && !grantedEnable.has(code),
  };
}

let current: Access = buildAccess(
  readSessionList<AuthEntry>(StorageKeys.userButtonAuth),
  readSessionList<AuthEntry>(StorageKeys.systemButtonAuth),
);
const listeners = new Set<() => void>();

/** Keeps the lists where the Vue client keeps them (session storage) and rebuilds the sets. */
export function setAuthLists(auth: AuthEntry[], allAuth: AuthEntry[]) {
  writeSessionList(StorageKeys.userButtonAuth, auth);
  writeSessionList(StorageKeys.systemButtonAuth, allAuth);
  current = buildAccess(auth, allAuth);
  listeners.forEach((listener) => listener());
}

export function clearAuthLists() {
  sessionStorage.removeItem(StorageKeys.userButtonAuth);
  sessionStorage.removeItem(StorageKeys.systemButtonAuth);
  current = buildAccess([], []);
  listeners.forEach((listener) => listener());
}

export function getAccess(): Access {
  return current;
}

export function subscribeAccess(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Refine's `can`: the permission code comes from `params.code`, or from the resource's
 * `meta.authCodes[action]` (e.g. `{ create: "user:add" }`). Actions without a code are allowed, as
 * elements without `v-has` are in the Vue client.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ action, params }) => {
    const codes = params?.resource?.meta?.authCodes as Record<string, string> | undefined;
    const code = (params?.code as string | undefined) ?? codes?.[action];
    if (!code) return { can: true };
    return current.has(code) ? { can: true } : { can: false, reason: "无权限" };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
