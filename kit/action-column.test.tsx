import { DownOutlined } from "@ant-design/icons";
import { Dropdown, Popconfirm } from "antd";
import { describe, expect, it } from "vitest";

import { actionColumn, linkWidth, linksWidth } from "./action-column";

describe("action column width", () => {
  it("measures a link's text through Popconfirm/Dropdown wrappers, icons included", () => {
    expect(linkWidth(<a>编辑</a>)).toBe(28);
    expect(linkWidth(<Popconfirm title="确定删除吗?"><a>删除</a></Popconfirm>)).toBe(28);
    expect(linkWidth(<Dropdown menu={{ items: [] }}><a>更多 <DownOutlined /></a></Dropdown>)).toBe(28 + 8 + 14);
  });

  it("fits the widest row's links, leaving out hidden (falsy) ones", () => {
    const four = [<a key="1">编辑</a>, <a key="2">添加下级</a>, <a key="3">数据规则</a>, <a key="4">删除</a>];
    // 12 characters, 3 dividers, padding: wider than the 230 px that wrapped 菜单管理's links.
    expect(linksWidth(four)).toBeGreaterThan(230);
    const column = actionColumn<{ id: number; button: boolean }>({
      rows: [{ id: 1, button: true }, { id: 2, button: false }],
      links: (row) => [<a key="e">编辑</a>, !row.button && <a key="a">添加下级</a>, false, <a key="d">删除</a>],
    });
    expect(column.width).toBe(linksWidth([<a key="e">编辑</a>, <a key="a">添加下级</a>, <a key="d">删除</a>]));
    expect(column.className).toBe("rm-action-cell");
  });
});
