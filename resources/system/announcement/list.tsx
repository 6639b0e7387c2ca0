import { useCustom } from "@refinedev/core";
import { DatePicker, Form, Input, Popconfirm, Radio, Select, Tag } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import DOMPurify from "dompurify";
import { useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { useAccess } from "../../../kit/auth";
import { AnnouncementViewer, type Announcement } from "../../../kit/announcement-viewer";
import { PriorityTag } from "../../../kit/priority-tag";
import type { PageProps } from "../../../kit/page";
import { CrudPage } from "../../../kit/crud-page";
import { DepartTreeSelect } from "../../../kit/depart-tree-select";
import { useAction, useApi } from "../../../kit/use-api";
import { ANNOUNCEMENT_API, ANNOUNCEMENT_CODES, ANNOUNCEMENT_RESOURCE } from "./resource";

interface AnnouncementRow extends Announcement {
  id: string;
  msgType: string | null;
  sendStatus: string | null;
  userIds: string | null;
  startTime: string | null;
  endTime: string | null;
  cancelTime: string | null;
  busType: string | null;
  busId: string | null;
  msgAbstract: string | null;
}

const DATE_FORMAT = "YYYY-MM-DD HH:mm:ss";
const SEND_STATUS: Record<string, { text: string; color: string }> = {
  "0": { text: "未发布", color: "default" },
  "1": { text: "已发布", color: "green" },
  "2": { text: "已撤销", color: "orange" },
};
const CATEGORY: Record<string, string> = { "1": "通知公告", "2": "系统消息" };

interface UserOption {
  id: string;
  username: string;
  realname: string | null;
}

/** Users to address an announcement to (the first 500 by the user list; search filters them by name). */
function useUserOptions() {
  const { result } = useCustom<{ records: UserOption[] }>({
    url: "/sys/user/list",
    method: "get",
    config: { query: { pageNo: 1, pageSize: 500 } },
    queryOptions: { staleTime: 60_000 },
    errorNotification,
  });
  return (result?.data?.records ?? []).map((u) => ({ value: u.id, label: `${u.realname ?? u.username}（${u.username}）` }));
}

function ContentEditor({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const [preview, setPreview] = useState(false);
  return (
    <div>
      <Radio.Group size="small" value={preview ? "preview" : "edit"} onChange={(e) => setPreview(e.target.value === "preview")} style={{ marginBottom: 8 }}>
        <Radio.Button value="edit">编辑 HTML</Radio.Button>
        <Radio.Button value="preview">预览</Radio.Button>
      </Radio.Group>
      {preview ? (
        <div
          className="rm-announcement-preview"
          style={{ border: "1px solid #d9d9d9", borderRadius: 6, padding: 12, minHeight: 160 }}
          // The server sanitises by its allow-list on save; DOMPurify guards the preview of what is typed.
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(value ?? "") }}
        />
      ) : (
        <Input.TextArea rows={8} value={value} onChange={(e) => onChange?.(e.target.value)} placeholder="支持 HTML：段落、加粗、列表、表格、链接与图片；脚本和事件属性会被清除" />
      )}
    </div>
  );
}

/** 系统通告 (`/sys/annountCement`): drafts, release to everyone, users or departments, revoke. */
export default function AnnouncementListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(ANNOUNCEMENT_RESOURCE);
  const users = useUserOptions();
  const [viewing, setViewing] = useState<Announcement>();

  return (
    <>
      <CrudPage<AnnouncementRow>
        title={route.title}
        resource={ANNOUNCEMENT_RESOURCE}
        apiBase={ANNOUNCEMENT_API}
        codes={ANNOUNCEMENT_CODES}
        modalWidth={900}
        search={[
          { name: "titile", label: "标题" },
          {
            name: "sendStatus",
            label: "发布状态",
            exact: true,
            input: <Select allowClear placeholder="请选择" options={Object.entries(SEND_STATUS).map(([value, s]) => ({ value, label: s.text }))} />,
          },
        ]}
        columns={[
          { title: "标题", dataIndex: "titile", ellipsis: true },
          { title: "消息类型", dataIndex: "msgCategory", width: 100, render: (v: string) => CATEGORY[v] ?? v },
          { title: "发布人", dataIndex: "sender", width: 100 },
          { title: "优先级", dataIndex: "priority", width: 100, render: (v: string) => <PriorityTag priority={v} /> },
          { title: "通告对象", dataIndex: "msgType", width: 100, render: (v: string) => (v === "ALL" ? "全体用户" : "指定用户") },
          {
            title: "发布状态",
            dataIndex: "sendStatus",
            width: 100,
            render: (v: string) => (SEND_STATUS[v] ? <Tag color={SEND_STATUS[v].color}>{SEND_STATUS[v].text}</Tag> : v),
          },
          { title: "发布时间", dataIndex: "sendTime", width: 170, sorter: true },
          { title: "撤销时间", dataIndex: "cancelTime", width: 170 },
        ]}
        rowActions={(r) => [
          r.sendStatus !== "1" && access.has(ANNOUNCEMENT_CODES.release) && (
            <Popconfirm key="release" title="确定发布吗?" okText="确定" cancelText="取消" onConfirm={() => act(() => api.get(`${ANNOUNCEMENT_API}/doReleaseData`, { id: r.id }), "该系统通知发布成功")}>
              <a>发布</a>
            </Popconfirm>
          ),
          r.sendStatus === "1" && access.has(ANNOUNCEMENT_CODES.revoke) && (
            <Popconfirm key="revoke" title="确定撤销吗?" okText="确定" cancelText="取消" onConfirm={() => act(() => api.get(`${ANNOUNCEMENT_API}/doReovkeData`, { id: r.id }), "该系统通知撤销成功")}>
              <a>撤销</a>
            </Popconfirm>
          ),
          <a key="view" onClick={() => setViewing(r)}>
            查看
          </a>,
        ]}
        toForm={(r) => ({
          ...r,
          startTime: r.startTime ? dayjs(r.startTime) : undefined,
          endTime: r.endTime ? dayjs(r.endTime) : undefined,
          userIds: (r.userIds ?? "").split(",").filter(Boolean),
        })}
        toBody={(v) => ({
          ...v,
          startTime: v.startTime ? (v.startTime as Dayjs).format(DATE_FORMAT) : null,
          endTime: v.endTime ? (v.endTime as Dayjs).format(DATE_FORMAT) : null,
          // JeecgBoot's list with the trailing comma (contract §9.1).
          userIds: v.msgType === "USER" ? `${((v.userIds as string[] | undefined) ?? []).join(",")},` : null,
          departIds: v.msgType === "DEPART" ? ((v.departIds as string[] | undefined) ?? []).join(",") : null,
        })}
        form={() => (
          <>
            <Form.Item label="标题" name="titile" rules={[{ required: true, whitespace: true, message: "请输入标题" }, { max: 100, message: "标题不能超过100个字符" }]}>
              <Input placeholder="请输入标题" />
            </Form.Item>
            <Form.Item label="消息类型" name="msgCategory" initialValue="1" rules={[{ required: true, message: "请选择消息类型" }]}>
              <Select options={Object.entries(CATEGORY).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item label="优先级" name="priority" initialValue="L">
              <Select options={[{ value: "L", label: "低" }, { value: "M", label: "中" }, { value: "H", label: "高" }]} />
            </Form.Item>
            <Form.Item label="开始时间" name="startTime">
              <DatePicker showTime format={DATE_FORMAT} style={{ width: "100%" }} />
            </Form.Item>
            <Form.Item label="结束时间" name="endTime">
              <DatePicker showTime format={DATE_FORMAT} style={{ width: "100%" }} />
            </Form.Item>
            <Form.Item label="通告对象类型" name="msgType" initialValue="ALL" rules={[{ required: true, message: "请选择通告对象类型" }]}>
              <Radio.Group options={[{ value: "ALL", label: "全体用户" }, { value: "USER", label: "指定用户" }, { value: "DEPART", label: "指定部门" }]} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.msgType !== b.msgType}>
              {({ getFieldValue }) =>
                getFieldValue("msgType") === "USER" ? (
                  <Form.Item label="指定用户" name="userIds" rules={[{ required: true, message: "请选择用户" }]}>
                    <Select mode="multiple" showSearch optionFilterProp="label" options={users} placeholder="请选择用户" />
                  </Form.Item>
                ) : getFieldValue("msgType") === "DEPART" ? (
                  <Form.Item label="指定部门" name="departIds" rules={[{ required: true, message: "请选择部门" }]} extra="发送给所选部门及其下级部门的全部用户">
                    <DepartTreeSelect multiple placeholder="请选择部门" />
                  </Form.Item>
                ) : null
              }
            </Form.Item>
            <Form.Item label="打开方式" name="openType">
              <Select allowClear options={[{ value: "component", label: "组件" }, { value: "url", label: "链接" }]} placeholder="查看时的去处理方式" />
            </Form.Item>
            <Form.Item label="打开页面" name="openPage" rules={[{ max: 255, message: "打开页面不能超过255个字符" }]}>
              <Input placeholder="站内路径（/开头）或 http(s) 地址" />
            </Form.Item>
            <Form.Item label="业务类型" name="busType" rules={[{ max: 20, message: "业务类型不能超过20个字符" }]}>
              <Input />
            </Form.Item>
            <Form.Item label="业务编号" name="busId" rules={[{ max: 50, message: "业务编号不能超过50个字符" }]}>
              <Input />
            </Form.Item>
            <Form.Item label="摘要" name="msgAbstract" rules={[{ max: 500, message: "摘要不能超过500个字符" }]}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item label="内容" name="msgContent">
              <ContentEditor />
            </Form.Item>
          </>
        )}
      />
      <AnnouncementViewer record={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
