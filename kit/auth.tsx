import { useSyncExternalStore, type ReactNode } from "react";

import { getAccess, subscribeAccess, type Access } from "../providers/access-control";

/** The signed-in user's button permissions; every check is a synchronous set lookup. */
export function useAccess(): Access {
  return useSyncExternalStore(subscribeAccess, getAccess, getAccess);
}

/** Renders its children only when the user has `code` (JeecgBoot's `v-has`). */
export function Auth({ code, children, fallback = null }: { code: string; children: ReactNode; fallback?: ReactNode }) {
  const access = useAccess();
  return <>{access.has(code) ? children : fallback}</>;
}
