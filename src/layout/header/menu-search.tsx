/** Menu search: finds any menu item the user may open by its title and navigates there. */
import { SearchOutlined } from "@ant-design/icons";
import { Select } from "antd";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";

import type { Navigation, NavMenuItem } from "../../../providers/menu";
import { getToken } from "../../../providers/storage";

export interface MenuEntry {
  key: string;
  title: string;
  /** Ancestors and the item, for the option label: 系统管理 / 用户管理. */
  label: string;
  link?: NavMenuItem["link"];
}

/** Every leaf of the menu (what the user may open), with its trail. */
export function menuEntries(items: NavMenuItem[], trail: string[] = []): MenuEntry[] {
  return items.flatMap((item) => {
    const path = [...trail, item.title];
    if (item.children) return menuEntries(item.children, path);
    return [{ key: item.key, title: item.title, label: path.join(" / "), link: item.link }];
  });
}

export function searchMenu(entries: MenuEntry[], text: string): MenuEntry[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return entries.filter((entry) => entry.label.toLowerCase().includes(needle));
}

export function MenuSearch({ navigation, compact = false }: { navigation: Navigation; compact?: boolean }) {
  const navigate = useNavigate();
  const entries = useMemo(() => menuEntries(navigation.menu), [navigation.menu]);
  const [text, setText] = useState("");
  const options = searchMenu(entries, text).map((entry) => ({ value: entry.key, label: entry.label }));

  const go = (key: string) => {
    const entry = entries.find((candidate) => candidate.key === key);
    setText("");
    if (!entry) return;
    if (entry.link) window.open(entry.link.href.replace("${token}", getToken() ?? ""), entry.link.target, "noopener");
    else navigate(entry.key);
  };

  return (
    <Select<string | null>
      className="rm-menu-search"
      showSearch
      aria-label="搜索菜单"
      placeholder={
        <span>
          <SearchOutlined /> 搜索菜单
        </span>
      }
      value={null}
      searchValue={text}
      onSearch={setText}
      onSelect={(key) => key && go(key)}
      filterOption={false}
      options={options}
      notFoundContent={text.trim() ? "没有找到菜单" : null}
      suffixIcon={null}
      style={{ width: compact ? 120 : 200 }}
      popupMatchSelectWidth={260}
      variant="borderless"
    />
  );
}
