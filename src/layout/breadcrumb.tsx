import { Breadcrumb } from "antd";
import { Link, useLocation } from "react-router";

import { findRoute, type Navigation } from "../../providers/menu";
import { LANDING_PATH } from "../../providers/storage";

/** Spec §2.3: 首页 first (linking to the landing page), then each level of the menu; the current one is text. */
export function PageBreadcrumb({ navigation }: { navigation: Navigation }) {
  const { pathname } = useLocation();
  const route = findRoute(navigation, pathname);
  const atHome = pathname === LANDING_PATH;
  const routable = (path: string) => Boolean(findRoute(navigation, path));

  const items = [
    { key: LANDING_PATH, title: atHome ? "首页" : <Link to={LANDING_PATH}>首页</Link> },
    ...(atHome || !route
      ? []
      : [
          ...route.trail.map((crumb) => ({
            key: crumb.path,
            title: routable(crumb.path) ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
          })),
          { key: route.path, title: route.title },
        ]),
  ];

  return <Breadcrumb items={items} style={{ margin: "16px 0" }} />;
}
