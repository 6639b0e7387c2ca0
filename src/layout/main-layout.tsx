import { Layout } from "antd";
import { Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { Outlet, useLocation } from "react-router";

import { PRODUCT_NAME } from "../../providers/config";
import { findRoute, type Navigation } from "../../providers/menu";
import { LANDING_PATH } from "../../providers/storage";
import { PageLoading } from "../components/page-loading";
import { PageBreadcrumb } from "./breadcrumb";
import { documentTitle } from "./document-title";
import { Header } from "./header";
import { SideMenu } from "./side-menu";

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
/** At or below this width the sidebar counts as mobile and starts collapsed (spec §2.3). */
const NARROW_SCREEN = "(max-width: 1087.99px)";

function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW_SCREEN);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(NARROW_SCREEN).matches,
  );
}

/** Sidebar, header, breadcrumb and the current page. */
export function MainLayout({ navigation }: { navigation: Navigation }) {
  const { pathname } = useLocation();
  const narrow = useNarrowScreen();
  const [collapsed, setCollapsed] = useState(narrow);
  const route = findRoute(navigation, pathname);

  useEffect(() => {
    setCollapsed(narrow);
  }, [narrow]);

  useEffect(() => {
    document.title = documentTitle(pathname === LANDING_PATH ? undefined : route?.title);
  }, [pathname, route?.title]);

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider
        theme="light"
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        trigger={null}
        style={{ boxShadow: "2px 0 6px rgba(0, 21, 41, 0.08)", zIndex: 2 }}
      >
        <div
          style={{
            height: 64,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            gap: 8,
            fontWeight: 600,
            fontSize: collapsed ? 16 : 17,
            color: "#c41d1d",
            whiteSpace: "nowrap",
            overflow: "hidden",
          }}
        >
          {collapsed ? "红印" : PRODUCT_NAME}
        </div>
        <SideMenu navigation={navigation} collapsed={collapsed} />
      </Layout.Sider>
      <Layout>
        <Header collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
        <Layout.Content style={{ padding: "0 24px 24px" }}>
          <PageBreadcrumb navigation={navigation} />
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
