/**
 * Multi-tab mode (spec §2.3, §4): every page route opened adds a tab; tabs keep their page mounted
 * (keep-alive) while another is shown; the home tab can never be closed, nor the last one; the
 * right-click menu refreshes a tab or closes the tabs left of it, right of it, or all others.
 *
 * The same component also renders the pages while tabs are off (the setting, or a mobile-sized window):
 * then there is no tab bar and only the current page is mounted. Switching between the two never moves
 * the current page in the React tree (it keeps its keyed container), so crossing the mobile breakpoint —
 * resizing or snapping the window, or the resize a full-page screenshot does — or changing the setting
 * does not remount it and lose its open dialogs, drawers and input.
 */
import { App, Dropdown, Tabs } from "antd";
import { Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import { Routes, useLocation, useNavigate, type Location } from "react-router";

import { findRoute, type Navigation } from "../../providers/menu";
import { LANDING_PATH } from "../../providers/storage";
import { PageLoading } from "../components/page-loading";

export const HOME_TAB_MESSAGE = "首页不能关闭!";
export const LAST_TAB_MESSAGE = "这是最后一页，不能再关闭了啦";

export interface PageTab {
  /** The route's pathname; one tab per page. */
  key: string;
  title: string;
  /** Where the tab was last (its query string survives switching). */
  location: Pick<Location, "pathname" | "search" | "hash" | "state" | "key">;
  /** Bumped by 刷新 to remount the page. */
  generation: number;
}

const fullPath = (tab: PageTab) => `${tab.location.pathname}${tab.location.search}${tab.location.hash}`;

/** Pages that become tabs: registered routes that render a page (not a redirecting container). */
function tabFor(navigation: Navigation, location: Location): PageTab | undefined {
  const route = findRoute(navigation, location.pathname);
  if (!route || route.redirect) return undefined;
  const title = location.pathname === LANDING_PATH ? "首页" : route.title;
  return { key: location.pathname, title, location, generation: 0 };
}

export type TabCommand = "refresh" | "closeLeft" | "closeRight" | "closeOthers";

/** The tab list and its rules, without React (unit-tested). */
export function closeTab(tabs: PageTab[], key: string): { tabs: PageTab[]; refused?: string } {
  if (key === LANDING_PATH) return { tabs, refused: HOME_TAB_MESSAGE };
  if (tabs.length <= 1) return { tabs, refused: LAST_TAB_MESSAGE };
  return { tabs: tabs.filter((tab) => tab.key !== key) };
}

export function applyCommand(tabs: PageTab[], key: string, command: TabCommand): PageTab[] {
  const index = tabs.findIndex((tab) => tab.key === key);
  if (index < 0) return tabs;
  const keep = (tab: PageTab, i: number) => {
    if (tab.key === LANDING_PATH || tab.key === key) return true;
    if (command === "closeLeft") return i > index;
    if (command === "closeRight") return i < index;
    return false;
  };
  if (command === "refresh") return tabs.map((tab) => (tab.key === key ? { ...tab, generation: tab.generation + 1 } : tab));
  return tabs.filter(keep);
}

function initialTabs(navigation: Navigation): PageTab[] {
  const home = findRoute(navigation, LANDING_PATH);
  if (!home || home.redirect) return [];
  return [{ key: LANDING_PATH, title: "首页", location: { pathname: LANDING_PATH, search: "", hash: "", state: null, key: "home" }, generation: 0 }];
}

function PageRoutes({ location, routes }: { location: PageTab["location"]; routes: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes location={location}>{routes}</Routes>
    </Suspense>
  );
}

export function MultiTabs({
  navigation,
  routes,
  header,
  enabled = true,
}: {
  navigation: Navigation;
  routes: ReactNode;
  header?: ReactNode;
  /** Tabs on (setting on, desktop). Off: no tab bar, only the current page stays mounted. */
  enabled?: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [tabs, setTabs] = useState<PageTab[]>(() => initialTabs(navigation));
  /** A tab just closed while it was current: not re-added while the navigation away is pending. */
  const closing = useRef<string | null>(null);

  // Derived state, during render: with tabs off only the current page is kept (and the home tab the bar
  // starts with again); the current page joins the tabs or updates its tab's query string.
  const current = tabFor(navigation, location);
  if (closing.current !== location.pathname) closing.current = null;
  let derived = enabled ? tabs : tabs.filter((tab) => tab.key === LANDING_PATH || tab.key === current?.key);
  if (derived.length === tabs.length) derived = tabs;
  if (current && closing.current !== current.key) {
    const existing = derived.find((tab) => tab.key === current.key);
    if (!existing) derived = [...derived, current];
    else if (fullPath(existing) !== fullPath(current)) {
      derived = derived.map((tab) => (tab.key === current.key ? { ...tab, location: current.location } : tab));
    }
  }
  if (derived !== tabs) setTabs(derived);

  const activate = useCallback((tab: PageTab | undefined) => tab && navigate(fullPath(tab)), [navigate]);

  const close = (key: string) => {
    const result = closeTab(tabs, key);
    if (result.refused) {
      void message.warning(result.refused);
      return;
    }
    setTabs(result.tabs);
    if (key === location.pathname) {
      closing.current = key;
      activate(result.tabs[result.tabs.length - 1]);
    }
  };

  const command = (key: string, cmd: TabCommand) => {
    const next = applyCommand(tabs, key, cmd);
    setTabs(next);
    const currentClosed = !next.some((tab) => tab.key === location.pathname);
    if (currentClosed) closing.current = location.pathname;
    if (key !== location.pathname && (cmd === "refresh" || currentClosed)) activate(next.find((tab) => tab.key === key));
  };

  const menuItems = [
    { key: "refresh", label: "刷新" },
    { key: "closeLeft", label: "关闭左侧" },
    { key: "closeRight", label: "关闭右侧" },
    { key: "closeOthers", label: "关闭其他" },
  ];

  return (
    <>
      {enabled && (
        <Tabs
          className="rm-multi-tabs"
          type="editable-card"
          hideAdd
          size="small"
          activeKey={current?.key ?? ""}
          onChange={(key) => activate(tabs.find((tab) => tab.key === key))}
          onEdit={(key, action) => action === "remove" && typeof key === "string" && close(key)}
          items={tabs.map((tab) => ({
            key: tab.key,
            closable: true,
            label: (
              <Dropdown
                trigger={["contextMenu"]}
                menu={{ items: menuItems, onClick: ({ key: cmd, domEvent }) => { domEvent.stopPropagation(); command(tab.key, cmd as TabCommand); } }}
              >
                <span data-tab-key={tab.key}>{tab.title}</span>
              </Dropdown>
            ),
          }))}
        />
      )}
      {header}
      {/* One keyed list in both modes, so the current page keeps its place when tabs are switched on or off. */}
      {tabs
        .filter((tab) => enabled || tab.key === current?.key)
        .map((tab) => (
          <div key={`${tab.key}#${tab.generation}`} className="rm-tab-page" hidden={tab.key !== current?.key} data-tab-page={tab.key}>
            <PageRoutes location={tab.key === current?.key ? location : tab.location} routes={routes} />
          </div>
        ))}
      {!current && <PageRoutes location={location} routes={routes} />}
    </>
  );
}
