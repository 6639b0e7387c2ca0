import { Form, Input, List, Typography } from "antd";
import { useEffect, useState } from "react";

import type { Api } from "../../../kit/use-api";
import { serverRule } from "../../../kit/validators";
import { QUARTZ_API } from "./resource";

const messageOf = (e: unknown) => (e as { message?: string })?.message || "Cron表达式格式不正确";

/** Asks the server for the next run times of an expression (the server's parser is the only judge). */
export const previewCron = (api: Api, cronExpression: string) =>
  api.envelope("get", `${QUARTZ_API}/cronPreview`, { query: { cronExpression }, quiet: true }).then((r) => r.result as string[]);

/**
 * The cron expression input: checked live (a short pause after typing) with the next 5 run times under it,
 * or the server's reason in red; the same check runs on blur and on save.
 */
export function CronField({ api }: { api: Api }) {
  const form = Form.useFormInstance();
  const value = Form.useWatch("cronExpression", form) as string | undefined;
  const [state, setState] = useState<{ times?: string[]; error?: string; loading?: boolean }>({});

  useEffect(() => {
    const text = value?.trim();
    if (!text) {
      setState({});
      return;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      previewCron(api, text).then(
        (times) => live && setState({ times }),
        (e) => live && setState({ error: messageOf(e) }),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value, api]);

  return (
    <>
      <Form.Item
        label="Cron表达式"
        name="cronExpression"
        extra="Quartz 格式：秒 分 时 日 月 周 [年]，如 0/30 * * * * ? 表示每 30 秒；0 30 3 * * ? 表示每天 03:30；「日」和「周」须有一个为 ?"
        rules={[{ required: true, whitespace: true, message: "请输入Cron表达式" }, { max: 255, message: "Cron表达式不能超过255个字符" }, serverRule((v) => previewCron(api, String(v).trim()))]}
      >
        <Input placeholder="例如 0 0/5 * * * ?" allowClear data-testid="cron-input" />
      </Form.Item>
      <div data-testid="cron-preview" style={{ marginTop: -8, marginBottom: 16 }}>
        {state.error ? (
          <Typography.Text type="danger">{state.error}</Typography.Text>
        ) : state.times ? (
          <List
            size="small"
            bordered
            header={<Typography.Text strong>最近 5 次运行时间</Typography.Text>}
            dataSource={state.times}
            renderItem={(t, i) => (
              <List.Item>
                第 {i + 1} 次：{t}
              </List.Item>
            )}
          />
        ) : state.loading ? (
          <Typography.Text type="secondary">正在计算运行时间…</Typography.Text>
        ) : null}
      </div>
    </>
  );
}
