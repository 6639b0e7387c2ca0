/**
 * The notification bell (spec §2.3, §4, §9; contract §9.3): `listByUser` on mount, at once when the websocket
 * says `topic` or `user`, and every 6 s (the fallback) until a load fails; a 300 px popover with 通知(n) and
 * 系统消息(n); clicking an item marks it read and opens the viewer;
 * 查看更多 goes to the user's own announcements.
 */
import { BellOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Badge, Button, List, Popover, Tabs, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

import { errorNotification } from "../../../providers/data-provider";
import { onSocketMessage } from "../../../providers/live-provider";
import { AnnouncementViewer, type Announcement } from "../../../kit/announcement-viewer";
import { PriorityTag } from "../../../kit/priority-tag";

export const NOTICE_POLL_MS = 6000;
export const NOTICE_POPOVER_WIDTH = 300;
export const MY_ANNOUNCEMENTS_PATH = "/isps/userAnnouncement";

export interface AnnouncementsByUser {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

function NoticeList({ items, onOpen }: { items: Announcement[]; onOpen: (item: Announcement) => void }) {
  return (
    <List
      size="small"
      dataSource={items}
      locale={{ emptyText: "暂无消息" }}
      renderItem={(item) => (
        <List.Item style={{ cursor: "pointer", paddingInline: 4 }} onClick={() => onOpen(item)} className="rm-notice-item">
          <List.Item.Meta
            title={<Typography.Text ellipsis={{ tooltip: item.titile }}>{item.titile}</Typography.Text>}
            description={<span style={{ fontSize: 12 }}>{item.sendTime ?? item.createTime} 发布</span>}
          />
          <PriorityTag priority={item.priority} />
        </List.Item>
      )}
    />
  );
}

export function NoticeBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<Announcement>();
  const stopped = useRef(false);
  const { result, query } = useCustom<AnnouncementsByUser>({
    url: "/sys/annountCement/listByUser",
    method: "get",
    errorNotification,
    queryOptions: {
      queryKey: ["announcements", "listByUser"],
      refetchOnWindowFocus: false,
      // Refresh stops for good after a failed load (spec §4, §8).
      refetchInterval: (q) => {
        if (q.state.status === "error") stopped.current = true;
        return stopped.current ? false : NOTICE_POLL_MS;
      },
    },
  });
  const { refetch } = query;
  // A release or a read elsewhere is pushed over the websocket: reload at once (polling stays as the fallback).
  useEffect(
    () =>
      onSocketMessage((message) => {
        if (message.cmd === "topic" || message.cmd === "user") void refetch();
      }),
    [refetch],
  );
  const { mutateAsync: markRead } = useCustomMutation();
  const data = (query.isSuccess ? result?.data : undefined) as AnnouncementsByUser | undefined;
  const anntTotal = data?.anntMsgTotal ?? 0;
  const sysTotal = data?.sysMsgTotal ?? 0;

  const openItem = async (item: Announcement) => {
    setOpen(false);
    setViewing(item);
    try {
      await markRead({
        url: "/sys/sysAnnouncementSend/editByAnntIdAndUserId",
        method: "put",
        values: { anntId: item.id },
        successNotification: false,
        errorNotification: false,
      });
    } finally {
      if (!stopped.current) void query.refetch();
    }
  };

  const content = (
    <div style={{ width: NOTICE_POPOVER_WIDTH - 24 }} className="rm-notice-popover">
      <Tabs
        size="small"
        centered
        items={[
          { key: "annt", label: `通知(${anntTotal})`, children: <NoticeList items={data?.anntMsgList ?? []} onOpen={openItem} /> },
          { key: "sys", label: `系统消息(${sysTotal})`, children: <NoticeList items={data?.sysMsgList ?? []} onOpen={openItem} /> },
        ]}
      />
      <div style={{ textAlign: "center", marginTop: 4 }}>
        <Button
          type="dashed"
          block
          onClick={() => {
            setOpen(false);
            navigate(MY_ANNOUNCEMENTS_PATH);
          }}
        >
          查看更多
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={content}
        styles={{ root: { width: NOTICE_POPOVER_WIDTH }, body: { padding: 12 } }}
        arrow={{ pointAtCenter: true }}
      >
        <span className="rm-header-action" role="button" aria-label="消息通知" tabIndex={0}>
          <Badge count={anntTotal + sysTotal} size="small" offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </span>
      </Popover>
      <AnnouncementViewer record={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
