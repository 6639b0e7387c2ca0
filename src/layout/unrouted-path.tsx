/**
 * A signed-in path that the user's menu does not route. When some menu item has that path (a page the
 * user's roles do not grant), the user may not open it: the 403 page (抱歉，你无权访问该页面, 返回首页) is
 * shown in place and the address stays, so it can be sent to an administrator or corrected. A path that no
 * menu item has goes to /404 as before (spec §2.1). The server answers only "known" or not
 * (`GET /sys/permission/checkMenuPath`); a JeecgBoot server lacks it, and then every such path is a 404.
 */
import { useCustom } from "@refinedev/core";
import { Navigate, useLocation } from "react-router";

import type { MenuPathCheck } from "../../contract";
import { PageLoading } from "../components/page-loading";
import ForbiddenPage from "../pages/exception/forbidden";

export const MENU_PATH_CHECK_URL = "/sys/permission/checkMenuPath";

export function UnroutedPath() {
  const { pathname } = useLocation();
  const { result, query } = useCustom<MenuPathCheck>({
    url: MENU_PATH_CHECK_URL,
    method: "get",
    config: { query: { path: pathname } },
    meta: { quiet: true },
    queryOptions: { retry: false, refetchOnWindowFocus: false },
    errorNotification: false,
  });
  if (query.isPending) return <PageLoading />;
  if (query.isSuccess && result?.data?.known === true) return <ForbiddenPage />;
  return <Navigate to="/404" replace />;
}
