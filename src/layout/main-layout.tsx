/**
 * The signed-in layout (spec §2.3): side or top navigation from the settings, a drawer menu on mobile,
 * optional fixed header (hidden after 100 px of downward scroll when asked) and fixed sidebar, content width,
 * multi-tab keep-alive on desktop, breadcrumb and window title.
 */
import { Drawer, Layout } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

import { PRODUCT_NAME } from "../../providers/config";
import { findRoute, type Navigation } from "../../providers/menu";
import { LANDING_PATH, local, StorageKeys } from "../../providers/storage";
import { effectiveSettings, HEADER_HIDE_SCROLL_PX, useSettings } from "../settings/settings";
import { PageBreadcrumb } from "./breadcrumb";
import { documentTitle } from "./document-title";
import { Header, HEADER_HEIGHT } from "./header";
import "./layout.css";
import { MultiTabs } from "./multi-tabs";
import { SettingsDrawer } from "./settings-drawer";
import { SideMenu, TopMenu } from "./side-menu";
import { useDevice } from "./use-device";

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;

/** Hidden while scrolling down past 100 px, shown again on the way up (only when enabled). */
function useHiddenOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > HEADER_HIDE_SCROLL_PX && y > last);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [enabled]);
  return hidden;
}

function Logo({ collapsed, dark }: { collapsed: boolean; dark: boolean }) {
  return (
    <div className="rm-logo" style={{ color: dark ? "#fff" : "#c41d1d", fontSize: collapsed ? 16 : 17 }}>
      {collapsed ? "红印" : PRODUCT_NAME}
    </div>
  );
}

export function MainLayout({ navigation, pageRoutes }: { navigation: Navigation; pageRoutes: ReactNode }) {
  const { pathname } = useLocation();
  const { isMobile, small } = useDevice();
  const settings = effectiveSettings(useSettings());
  const dark = settings.navTheme === "dark";
  const top = settings.layout === "topmenu" && !isMobile;
  const [collapsed, setCollapsed] = useState(() => local.get<boolean>(StorageKeys.sidebarType, true) === false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const headerHidden = useHiddenOnScroll(settings.fixedHeader && settings.autoHideHeader);
  const route = findRoute(navigation, pathname);

  useEffect(() => {
    // A path the menu does not route names itself (the 403 page); its effect runs before this one.
    if (!route && pathname !== LANDING_PATH) return;
    document.title = documentTitle(pathname === LANDING_PATH ? undefined : route?.title);
  }, [pathname, route?.title]);

  useEffect(() => setDrawerOpen(false), [pathname, isMobile]);

  const toggle = () => {
    if (isMobile) {
      setDrawerOpen(true);
      return;
    }
    setCollapsed((value) => {
      local.set(StorageKeys.sidebarType, value);
      return !value;
    });
  };

  const showSider = !isMobile && !top;
  const siderWidth = collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const fixedSider = showSider && settings.fixSiderbar;
  const multipage = settings.multipage && !isMobile;
  const fixedContent = top && settings.contentWidth === "Fixed";

  const header = (
    <Header
      navigation={navigation}
      collapsed={collapsed}
      onToggle={toggle}
      isMobile={isMobile}
      small={small}
      dark={top && dark}
      topMenu={top ? <TopMenu navigation={navigation} theme={settings.navTheme} /> : undefined}
      onOpenSettings={() => setSettingsOpen(true)}
      style={
        settings.fixedHeader
          ? {
              position: "fixed",
              top: 0,
              right: 0,
              width: showSider ? `calc(100% - ${siderWidth}px)` : "100%",
              zIndex: 9,
              transform: headerHidden ? `translateY(-${HEADER_HEIGHT}px)` : undefined,
              transition: "width 0.2s, transform 0.2s",
            }
          : undefined
      }
    />
  );

  const breadcrumb = <PageBreadcrumb navigation={navigation} />;

  return (
    <Layout className={`rm-layout rm-nav-${settings.navTheme}`} data-layout={top ? "topmenu" : "sidemenu"} data-device={isMobile ? "mobile" : "desktop"} style={{ minHeight: "100vh" }}>
      {showSider && (
        <Layout.Sider
          theme={settings.navTheme}
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          className="rm-sider"
          style={
            fixedSider
              ? { position: "fixed", left: 0, top: 0, bottom: 0, height: "100vh", overflowY: "auto", zIndex: 10 }
              : { zIndex: 2 }
          }
        >
          <Logo collapsed={collapsed} dark={dark} />
          <SideMenu navigation={navigation} collapsed={collapsed} theme={settings.navTheme} />
        </Layout.Sider>
      )}
      {isMobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={SIDER_WIDTH}
          closable={false}
          className="rm-menu-drawer"
          styles={{ body: { padding: 0, background: dark ? "#001529" : "#fff" } }}
        >
          <Logo collapsed={false} dark={dark} />
          <SideMenu navigation={navigation} collapsed={false} theme={settings.navTheme} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout style={{ marginLeft: fixedSider ? siderWidth : 0, transition: "margin-left 0.2s", minWidth: 0 }}>
        {header}
        <Layout.Content
          className="rm-content"
          style={{ paddingTop: settings.fixedHeader ? HEADER_HEIGHT : 0 }}
        >
          <div className={fixedContent ? "rm-content-fixed" : "rm-content-fluid"}>
            {/* Always the same component: tabs on or off, the current page is never remounted by the switch. */}
            <MultiTabs navigation={navigation} routes={pageRoutes} header={breadcrumb} enabled={multipage} />
          </div>
        </Layout.Content>
      </Layout>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
