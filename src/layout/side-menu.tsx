import { Menu, type MenuProps } from "antd";
import { createElement, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router";

import { findRoute, openKeysFor, type Navigation, type NavMenuItem } from "../../providers/menu";
import { getToken } from "../../providers/storage";
import { menuIcon } from "../../kit/menu-icons";

type MenuItem = Required<MenuProps>["items"][number];

function openLink(event: React.MouseEvent, href: string, target: string) {
  if (!href.includes("${token}")) return;
  event.preventDefault();
  window.open(href.replace("${token}", getToken() ?? ""), target, "noopener");
}

function label(item: NavMenuItem) {
  if (item.children) return item.title;
  if (item.link) {
    const { href, target } = item.link;
    return (
      <a href={href} target={target} rel="noopener noreferrer" onClick={(event) => openLink(event, href, target)}>
        {item.title}
      </a>
    );
  }
  return <Link to={item.key}>{item.title}</Link>;
}

/** The server menu as antd items, built once per menu. */
export function toAntdItems(items: NavMenuItem[], depth = 0): MenuItem[] {
  return items.map((item) => ({
    key: item.key,
    icon: depth === 0 || item.icon ? createElement(menuIcon(item.icon)) : undefined,
    label: label(item),
    children: item.children ? toAntdItems(item.children, depth + 1) : undefined,
  }));
}

/**
 * Spec §2.3: selection follows the route (a hidden route selects its parent); in inline mode only one
 * root submenu stays open; the open submenus are remembered while the sidebar is collapsed.
 */
export function SideMenu({
  navigation,
  collapsed,
  theme = "light",
  onNavigate,
}: {
  navigation: Navigation;
  collapsed: boolean;
  theme?: "light" | "dark";
  /** Called after an item is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const items = useMemo(() => toAntdItems(navigation.menu), [navigation.menu]);
  const rootKeys = useMemo(
    () => new Set(navigation.menu.filter((item) => item.children).map((item) => item.key)),
    [navigation.menu],
  );
  const selectedKey = findRoute(navigation, pathname)?.menuKey ?? pathname;
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    collapsed ? [] : openKeysFor(navigation.menu, selectedKey),
  );
  const openBeforeCollapse = useRef<string[]>(openKeysFor(navigation.menu, selectedKey));

  useEffect(() => {
    if (!collapsed) setOpenKeys(openKeysFor(navigation.menu, selectedKey));
  }, [selectedKey, navigation.menu]);

  const wasCollapsed = useRef(collapsed);
  useEffect(() => {
    if (wasCollapsed.current === collapsed) return;
    wasCollapsed.current = collapsed;
    if (collapsed) {
      openBeforeCollapse.current = openKeys;
      setOpenKeys([]);
    } else {
      setOpenKeys(openBeforeCollapse.current);
    }
  }, [collapsed]);

  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(latest && rootKeys.has(latest) ? [latest] : keys);
  };

  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[selectedKey]}
      openKeys={openKeys}
      onOpenChange={onOpenChange}
      onClick={onNavigate}
      inlineCollapsed={collapsed}
      style={{ borderInlineEnd: 0 }}
    />
  );
}

/** The top menu (settings: navigation mode top): the same items, horizontal; selection follows the route. */
export function TopMenu({ navigation, theme }: { navigation: Navigation; theme: "light" | "dark" }) {
  const { pathname } = useLocation();
  const items = useMemo(() => toAntdItems(navigation.menu), [navigation.menu]);
  const selectedKey = findRoute(navigation, pathname)?.menuKey ?? pathname;
  return (
    <Menu
      mode="horizontal"
      theme={theme}
      items={items}
      selectedKeys={[selectedKey, ...openKeysFor(navigation.menu, selectedKey)]}
      style={{ flex: 1, minWidth: 0, borderBottom: 0, lineHeight: "64px", background: "transparent" }}
    />
  );
}

