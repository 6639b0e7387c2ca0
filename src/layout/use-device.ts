import { useSyncExternalStore } from "react";

/**
 * Spec §2.3: at or below 1087.99 px the sidebar counts as mobile, and at or below 767.99 px too; the device
 * is either mobile or desktop. `small` (≤ 767.99 px) only compacts the header.
 */
export const MOBILE_QUERY = "(max-width: 1087.99px)";
export const SMALL_QUERY = "(max-width: 767.99px)";

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

export type Device = "mobile" | "desktop";

export function useDevice(): { device: Device; isMobile: boolean; small: boolean } {
  const mobile = useMedia(MOBILE_QUERY);
  const small = useMedia(SMALL_QUERY);
  const isMobile = mobile || small;
  return { device: isMobile ? "mobile" : "desktop", isMobile, small };
}
