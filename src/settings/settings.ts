/**
 * The layout settings: one typed object with defaults (spec §9), persisted field by field under the
 * JeecgBoot storage keys (spec §3) so a session of the Vue client reads the same choices, and edited by the
 * settings drawer. Rules between fields (spec §2.3) are applied when reading, never stored twisted.
 */
import { useSyncExternalStore } from "react";

import { local, StorageKeys } from "../../providers/storage";

export type NavTheme = "dark" | "light";
export type LayoutMode = "sidemenu" | "topmenu";
export type ContentWidth = "Fixed" | "Fluid";

export interface LayoutSettings {
  /** Menu theme. */
  navTheme: NavTheme;
  /** Theme colour, one of the presets. */
  primaryColor: string;
  layout: LayoutMode;
  /** Only meaningful with the top menu (the side-menu layout is always fluid). */
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  /** Hide the header after 100 px of downward scroll; needs a fixed header. */
  autoHideHeader: boolean;
  /** Fixed sidebar; not available with the top menu. */
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
}

/** Spec §9: the eight preset colours, daybreak blue the default. */
export const PRESET_COLORS = [
  { key: "薄暮", name: "dust", color: "#F5222D" },
  { key: "火山", name: "volcano", color: "#FA541C" },
  { key: "日暮", name: "sunset", color: "#FAAD14" },
  { key: "明青", name: "cyan", color: "#13C2C2" },
  { key: "极光绿", name: "green", color: "#52C41A" },
  { key: "拂晓蓝（默认）", name: "daybreak", color: "#1890FF" },
  { key: "极客蓝", name: "geekblue", color: "#2F54EB" },
  { key: "酱紫", name: "purple", color: "#722ED1" },
] as const;

export const DEFAULT_SETTINGS: LayoutSettings = {
  navTheme: "light",
  primaryColor: "#1890FF",
  layout: "sidemenu",
  contentWidth: "Fixed",
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
};

/** Header hides after this much downward scroll (spec §9). */
export const HEADER_HIDE_SCROLL_PX = 100;

const KEYS: Record<keyof LayoutSettings, string> = {
  navTheme: StorageKeys.theme,
  primaryColor: StorageKeys.color,
  layout: StorageKeys.layoutMode,
  contentWidth: StorageKeys.contentWidthType,
  fixedHeader: StorageKeys.fixedHeader,
  autoHideHeader: StorageKeys.fixedHeaderHidden,
  fixSiderbar: StorageKeys.fixedSidemenu,
  colorWeak: StorageKeys.colorWeak,
  multipage: StorageKeys.multiPage,
};

const CHOICES: Partial<Record<keyof LayoutSettings, readonly string[]>> = {
  navTheme: ["dark", "light"],
  layout: ["sidemenu", "topmenu"],
  contentWidth: ["Fixed", "Fluid"],
};

function readStored(): LayoutSettings {
  const out = { ...DEFAULT_SETTINGS } as Record<keyof LayoutSettings, unknown>;
  for (const key of Object.keys(KEYS) as Array<keyof LayoutSettings>) {
    const value = local.get<unknown>(KEYS[key]);
    if (value === undefined || value === null) continue;
    const fallback = DEFAULT_SETTINGS[key];
    if (typeof fallback === "boolean" && typeof value === "boolean") out[key] = value;
    else if (typeof fallback === "string" && typeof value === "string" && (!CHOICES[key] || CHOICES[key]!.includes(value))) out[key] = value;
  }
  return out as unknown as LayoutSettings;
}

/** The settings as the layout applies them: the rules of spec §2.3 between fields. */
export function effectiveSettings(s: LayoutSettings): LayoutSettings {
  return {
    ...s,
    contentWidth: s.layout === "sidemenu" ? "Fluid" : s.contentWidth,
    autoHideHeader: s.fixedHeader && s.autoHideHeader,
    fixSiderbar: s.layout === "sidemenu" && s.fixSiderbar,
  };
}

let current: LayoutSettings = readStored();
const listeners = new Set<() => void>();

export function getSettings(): LayoutSettings {
  return current;
}

export function updateSettings(patch: Partial<LayoutSettings>) {
  current = { ...current, ...patch };
  for (const key of Object.keys(patch) as Array<keyof LayoutSettings>) local.set(KEYS[key], current[key]);
  listeners.forEach((listener) => listener());
}

export function resetSettings() {
  updateSettings(DEFAULT_SETTINGS);
}

/** Re-reads storage (tests, and another tab's changes). */
export function reloadSettings() {
  current = readStored();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): LayoutSettings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}

/** The storage key of a setting (for tests and the docs). */
export const settingStorageKey = (key: keyof LayoutSettings) => KEYS[key];
