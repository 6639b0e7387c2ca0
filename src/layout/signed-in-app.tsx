import { useLogout, usePermissions } from "@refinedev/core";
import { createElement, lazy, useEffect, useMemo } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";

import type { UserPermissions } from "../../contract";
import { loginPathFor } from "../../providers/auth-provider";
import { absoluteApiBaseUrl } from "../../providers/config";
import { buildNavigation, findRoute, type Navigation, type NavRoute } from "../../providers/menu";
import { LANDING_PATH } from "../../providers/storage";
import { PageLoading } from "../components/page-loading";
import NotFoundPage from "../pages/exception/not-found";
import { PageOpenerContext } from "../../kit/page";
import { pageOpener, resolvePage } from "../registry";
import { MainLayout } from "./main-layout";
import { UnroutedPath } from "./unrouted-path";

const TestHomePage = lazy(() => import("../pages/test/home"));

function menuGlobals() {
  const domianURL = absoluteApiBaseUrl();
  return {
    _CONFIG: {
      domianURL,
      staticDomainURL: `${domianURL}/sys/common/static`,
      pdfDomainURL: `${domianURL}/sys/common/pdf/pdfPreviewIframe`,
    },
  };
}

/**
 * A page, given its route as the menu names it: a parameterised route opened from a menu item of its own
 * (`findRoute`) gets that item's title and trail.
 */
function RoutedPage({ route, navigation }: { route: NavRoute; navigation: Navigation }) {
  const { pathname } = useLocation();
  const named = useMemo(() => findRoute(navigation, pathname) ?? route, [navigation, pathname, route]);
  return createElement(resolvePage(route.component), { route: named.component === route.component ? named : route });
}

function routeElement(route: NavRoute, navigation: Navigation) {
  if (route.redirect) return <Navigate to={route.redirect} replace />;
  return <RoutedPage route={route} navigation={navigation} />;
}

/**
 * Everything behind sign-in. The permission list is fetched once; its menu becomes the routes under the
 * main layout. If it cannot be loaded the session ends and the user signs in again (spec §4).
 */
export default function SignedInApp() {
  const { pathname, search } = useLocation();
  const { data, isError } = usePermissions<UserPermissions>({
    options: { queryKey: ["auth", "permissions", "menu"], staleTime: Infinity, retry: false },
  });
  const { mutate: logout } = useLogout<{ redirectTo: string }>();

  useEffect(() => {
    if (isError) logout({ redirectTo: loginPathFor(`${pathname}${search}`) });
  }, [isError]);

  const navigation = useMemo(() => (data ? buildNavigation(data.menu, { globals: menuGlobals() }) : undefined), [data]);
  /** The page routes, rendered by the layout once per open tab (keep-alive) or once for the current page. */
  const pageRoutes = useMemo(
    () =>
      navigation && (
        <>
          <Route index element={<Navigate to={LANDING_PATH} replace />} />
          {navigation.routes.map((route) => (
            <Route key={route.path} path={route.path} element={routeElement(route, navigation)} />
          ))}
          {/* Not in the user's menu: 403 in place when a menu item has the path, else /404. */}
          <Route path="*" element={<UnroutedPath />} />
        </>
      ),
    [navigation],
  );
  if (!navigation) return <PageLoading />;

  return (
    <PageOpenerContext value={pageOpener}>
      <Routes>
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/test" element={<Navigate to="/test/home" replace />} />
        <Route path="/test/home" element={<TestHomePage />} />
        <Route path="*" element={<MainLayout navigation={navigation} pageRoutes={pageRoutes} />} />
      </Routes>
    </PageOpenerContext>
  );
}
