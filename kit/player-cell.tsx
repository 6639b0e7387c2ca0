import { Avatar, Space } from "antd";

import { fileUrl } from "../providers/config";

/** 玩家 in a bbh list: avatar, nickname and real name (rows of play, answers and the score ledger carry all three). */
export function PlayerCell({ row }: { row: { avatarUrl?: string | null; nickname?: string | null; realName?: string | null; wxUserId: string } }) {
  return (
    <Space size={6}>
      <Avatar size="small" src={fileUrl(row.avatarUrl)}>
        {(row.nickname ?? "玩")[0]}
      </Avatar>
      <span>
        {row.nickname ?? row.wxUserId}
        {row.realName ? <span style={{ color: "#999" }}>（{row.realName}）</span> : null}
      </span>
    </Space>
  );
}
