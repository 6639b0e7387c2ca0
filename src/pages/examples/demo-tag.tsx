import { Tag, Tooltip } from "antd";

/** Marks a demo page that works on local in-memory data, not on the server. */
export function DemoTag() {
  return (
    <Tooltip title="本页使用本地演示数据，修改只保存在当前页面，刷新后恢复，不会提交到服务器">
      <Tag color="gold" style={{ marginInlineStart: 8, fontWeight: "normal" }}>
        演示数据
      </Tag>
    </Tooltip>
  );
}
