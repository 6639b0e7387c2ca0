import { Empty, Skeleton, Tag, Timeline, Typography } from "antd";
import { useEffect, useState } from "react";

import { useApi } from "../../../kit/use-api";
import { AnswerContent, type AnswerMedia } from "./answer-content";
import { AUDIT_COLORS } from "./filters";
import { ANSWER_API, USER_TASK_API } from "./resource";

export interface AnswerRow extends AnswerMedia {
  id: string;
  userTaskId: string;
  attemptNo: number;
  auditStatus: number;
  auditStatus_dictText?: string;
  score?: number | null;
  auditBy?: string | null;
  auditTime?: string | null;
  auditRemark?: string | null;
  isLatest: number;
  submitTime: string;
}

/** Every attempt of one task, oldest first, each with its content and review. */
export function AttemptTimeline({ answers }: { answers: AnswerRow[] }) {
  if (!answers.length) return <Empty description="暂无提交" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      items={answers.map((a) => ({
        color: a.auditStatus === 1 ? "green" : a.auditStatus === 2 ? "red" : "gold",
        children: (
          <div data-testid={`attempt-${a.id}`}>
            <div style={{ marginBottom: 8 }}>
              第{a.attemptNo}次提交 · {a.submitTime} <Tag color={AUDIT_COLORS[a.auditStatus]}>{a.auditStatus_dictText ?? a.auditStatus}</Tag>
              {a.auditStatus === 1 && <span>得分 {a.score ?? 0}</span>}
              {a.isLatest !== 1 && <Tag>已被新提交替代</Tag>}
            </div>
            <AnswerContent answer={a} />
            {(a.auditBy || a.auditRemark) && (
              <Typography.Text type="secondary">
                {a.auditBy ? `审核人 ${a.auditBy} ${a.auditTime ?? ""}` : ""}
                {a.auditRemark ? `　意见：${a.auditRemark}` : ""}
              </Typography.Text>
            )}
          </div>
        ),
      }))}
    />
  );
}

/**
 * A player task's answer history: from `/bbh/api/userTask/answers` (玩家任务's permission), or through the answer
 * list filtered by the task (`via="answers"`, 答案审核's permission, for the review drawer).
 */
export function AnswerHistory({ userTaskId, via = "task" }: { userTaskId: string; via?: "task" | "answers" }) {
  const api = useApi();
  const [answers, setAnswers] = useState<AnswerRow[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    const load =
      via === "task"
        ? api.get<AnswerRow[]>(`${USER_TASK_API}/answers`, { userTaskId })
        : api.get<{ records: AnswerRow[] }>(`${ANSWER_API}/list`, { userTaskId, pageSize: 50, column: "attemptNo", order: "asc" }).then((p) => p.records);
    load.then(setAnswers, (e: { message?: string }) => setError(e.message || "加载失败"));
  }, [api, userTaskId, via]);
  if (error) return <Empty description={error} />;
  if (!answers) return <Skeleton active />;
  return <AttemptTimeline answers={answers} />;
}
