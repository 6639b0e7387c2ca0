/**
 * The 操作 column of every system list: its links on one line, separated by dividers, in a column wide
 * enough for the longest set of links any shown row has. The width is computed from the links' text, so
 * a page that adds a link (添加下级, 数据规则 …) never wraps or clips it, whatever the table layout
 * (a `scroll.x` or an `ellipsis` column makes antd lay the table out with fixed widths).
 */
import { Divider, Space, type TableColumnType } from "antd";
import { Children, isValidElement, type ReactNode } from "react";

/** Class of every action cell (the e2e layout test finds them by it). */
export const ACTION_CELL_CLASS = "rm-action-cell";

/** At the tables' 14 px font: a CJK character, a narrower (Latin, digit, space) one, an icon. */
const WIDE_CHAR_PX = 14;
const NARROW_CHAR_PX = 8;
const ICON_PX = 14;
/** A vertical divider between links: 1 px plus 8 px margin each side. */
const DIVIDER_PX = 17;
/** Cell padding of a `middle` table (8 px each side), the `small` tables' being less, plus some slack. */
const CELL_PADDING_PX = 16 + 8;
const HEADER = "操作";

const textWidth = (text: string) => [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e7f ? WIDE_CHAR_PX : NARROW_CHAR_PX), 0);

/** The width one link takes on screen: its text (through wrappers such as Popconfirm or Dropdown) and icons. */
export function linkWidth(node: ReactNode): number {
  if (node === null || node === undefined || typeof node === "boolean") return 0;
  if (typeof node === "string" || typeof node === "number") return textWidth(String(node));
  if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + linkWidth(child), 0);
  if (!isValidElement(node)) return 0;
  const children = (node.props as { children?: ReactNode }).children;
  // An element with no children of its own (an icon) still takes room.
  if (children === undefined || children === null) return ICON_PX;
  return Children.toArray(children).reduce((sum: number, child) => sum + linkWidth(child), 0);
}

const shown = (links: ReactNode[]) => links.filter((link) => link !== null && link !== undefined && link !== false && link !== "");

/** The width of a cell showing these links on one line. */
export function linksWidth(links: ReactNode[]): number {
  const visible = shown(links);
  const content = visible.reduce((sum: number, link) => sum + linkWidth(link), 0) + Math.max(0, visible.length - 1) * DIVIDER_PX;
  return Math.max(content, textWidth(HEADER)) + CELL_PADDING_PX;
}

/** Links on one line, with vertical dividers; clicks do not reach the row (row click handlers). */
export function ActionLinks({ links }: { links: ReactNode[] }) {
  return (
    <Space split={<Divider type="vertical" />} size={0} style={{ whiteSpace: "nowrap" }} onClick={(e) => e.stopPropagation()}>
      {shown(links)}
    </Space>
  );
}

/**
 * The 操作 column: `links(row)` are the row's links (falsy entries are left out); the column is as wide as
 * the widest set among `rows` (the rows on the page).
 */
export function actionColumn<R>(opts: {
  rows: readonly R[] | undefined;
  links: (row: R) => ReactNode[];
  fixed?: "right";
  align?: "center" | "left";
}): TableColumnType<R> {
  const width = Math.max(linksWidth([]), ...(opts.rows ?? []).map((row) => linksWidth(opts.links(row))));
  return {
    title: HEADER,
    key: "action",
    width,
    align: opts.align ?? "center",
    fixed: opts.fixed,
    className: ACTION_CELL_CLASS,
    render: (_: unknown, row: R) => <ActionLinks links={opts.links(row)} />,
  };
}
