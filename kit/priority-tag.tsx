import { Tag } from "antd";

/** Spec §2.3: L 一般消息 blue, M 重要消息 orange, H 紧急消息 red. */
export const PRIORITY_TAGS: Record<string, { text: string; color: string }> = {
  L: { text: "一般消息", color: "blue" },
  M: { text: "重要消息", color: "orange" },
  H: { text: "紧急消息", color: "red" },
};

export function PriorityTag({ priority }: { priority: string | null | undefined }) {
  const tag = priority ? PRIORITY_TAGS[priority] : undefined;
  return tag ? <Tag color={tag.color} style={{ marginInlineEnd: 0 }}>{tag.text}</Tag> : null;
}
