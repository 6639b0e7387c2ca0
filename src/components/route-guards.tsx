import { Authenticated } from "@refinedev/core";
import type { ReactNode } from "react";
import { Navigate, Outlet } from "react-router";

import { LANDING_PATH } from "../../providers/storage";
import { PageLoading } from "./page-loading";

/** Signed-in routes: without a token the auth provider's `check` sends the user to the login page. */
export function SignedIn({ children }: { children: ReactNode }) {
  return (
    <Authenticated key="signed-in" appendCurrentPathToQuery={false} loading={<PageLoading />}>
      {children}
    </Authenticated>
  );
}

/** Pages for signed-out users (`/user/*`): a signed-in user goes to the landing page instead. */
export function GuestOnly() {
  return (
    <Authenticated key="guest-only" fallback={<Outlet />} loading={<PageLoading />}>
      <Navigate to={LANDING_PATH} replace />
    </Authenticated>
  );
}
