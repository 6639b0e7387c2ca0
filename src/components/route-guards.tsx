import { Authenticated, useGo, useIsAuthenticated } from "@refinedev/core";
import { useEffect, type ReactNode } from "react";
import { Navigate, Outlet } from "react-router";

import { LANDING_PATH } from "../../providers/storage";
import { PageLoading } from "./page-loading";

/**
 * Signed-in routes: without a token the auth provider's `check` sends the user to the login page.
 * Only the first check shows the loading page: Refine's `<Authenticated>` also unmounts everything while a
 * check is re-fetched in the background (window focus, invalidation), which lost open forms and tabs.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const { isLoading, data } = useIsAuthenticated();
  const go = useGo();
  const signedOut = !isLoading && data?.authenticated === false;
  useEffect(() => {
    if (signedOut) go({ to: data?.redirectTo ?? "/user/login", type: "replace" });
  }, [signedOut, data?.redirectTo, go]);
  if (isLoading || !data?.authenticated) return <PageLoading />;
  return <>{children}</>;
}

/** Pages for signed-out users (`/user/*`): a signed-in user goes to the landing page instead. */
export function GuestOnly() {
  return (
    <Authenticated key="guest-only" fallback={<Outlet />} loading={<PageLoading />}>
      <Navigate to={LANDING_PATH} replace />
    </Authenticated>
  );
}
