/**
 * Demo announcements for the header bell: published to everyone (`ALL`), mixed priorities (L/M/H),
 * both categories (1 通知, 2 系统消息), one that opens a page (`openType` url).
 */
import type { Db } from "../client.js";
import { sysAnnouncement } from "../schema.js";
import { uuid32 } from "../../lib/ids.js";

const DAY = 24 * 3600_000;

const DEMO = [
  {
    titile: "红色印记平台上线通知",
    priority: "H",
    category: "1",
    content:
      "<p>各位同事：</p><p><strong>红色印记管理平台</strong>已正式上线，请使用分配的账号登录，并及时修改初始密码。</p>",
    ageDays: 1,
  },
  {
    titile: "清明节红色研学活动安排",
    priority: "M",
    category: "1",
    content:
      "<p>清明节期间将开展“寻访红色足迹”研学活动：</p><ul><li>活动时间：4 月 4 日至 4 月 6 日</li><li>报名方式：在小程序“红色印记”栏目报名</li></ul>",
    ageDays: 2,
  },
  {
    titile: "关于规范活动素材上传的说明",
    priority: "L",
    category: "1",
    content: "<p>上传的活动图片请使用 png、jpg 格式，单张不超过 5 MB。</p>",
    ageDays: 3,
  },
  {
    titile: "系统维护通知",
    priority: "M",
    category: "2",
    content: "<p>本周六 22:00 至 23:00 进行系统维护，期间可能无法访问。</p>",
    ageDays: 1,
  },
  {
    titile: "请完善用户信息",
    priority: "L",
    category: "2",
    content: "<p>部分用户尚未设置所属部门，请到<em>用户管理</em>中完善。</p>",
    ageDays: 2,
    openType: "url",
    openPage: "/isystem/user",
  },
] as const;

export async function seedAnnouncements(db: Db): Promise<void> {
  const now = Date.now();
  await db.insert(sysAnnouncement).values(
    DEMO.map((a) => {
      const sent = new Date(now - a.ageDays * DAY);
      return {
        id: uuid32(),
        titile: a.titile,
        msgContent: a.content,
        startTime: sent,
        endTime: new Date(now + 365 * DAY),
        sender: "admin",
        priority: a.priority,
        msgCategory: a.category,
        msgType: "ALL",
        sendStatus: "1",
        sendTime: sent,
        delFlag: "0",
        openType: "openType" in a ? a.openType : null,
        openPage: "openPage" in a ? a.openPage : null,
        msgAbstract: a.titile,
        createBy: "admin",
        createTime: sent,
      };
    }),
  );
}
