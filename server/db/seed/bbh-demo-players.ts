/**
 * 红色印记 demo players of 党史知识闯关（演示）(domain.md §8.5: the sequential custom activity, window
 * demo-time-03 常态化), which bbh-demo-v1 left without players: 演示用户2 passed 听讲解 and 随机答题 (judged
 * automatically, in the ledger) and waits for review of 写一句学习心得; 演示用户3 passed 听讲解 and has 随机答题
 * unlocked; 演示用户4 joined with only the first task open. So the review screen and the player detail show a
 * 按顺序解锁 round, and approving 演示用户2's answer finishes their round. Demo only (`SEED_DEMO`), ids `demo-`,
 * `create_by = 'demo_seed'`; remove with `DELETE … WHERE id LIKE 'demo-%'`.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../client.js";
import { bbhScoreRecord, bbhUserActivity, bbhUserTask, bbhUserTaskAnswer } from "../schema.js";

const BY = "demo_seed";
const ORG = "A01";
const DAY = 86_400_000;
const H = 3_600_000;
const TASKS = [
  { id: "demo-task-10", type: 7, score: 5 },
  { id: "demo-task-11", type: 3, score: 20 },
  { id: "demo-task-12", type: 5, score: 10 },
];

export async function seedBbhDemoPlayers(tx: Db, now = new Date()): Promise<void> {
  const T0 = now.getTime();
  const d = (days: number, hours = 0) => new Date(T0 + days * DAY + hours * H);
  const audit = { createBy: BY, createTime: now, sysOrgCode: ORG };
  const round = { activityId: "demo-act-02", timeId: "demo-time-03", roundNo: 1 };
  // per player: how many tasks were passed, whether the next one has a pending answer
  const players = [
    { n: 8, wx: "demo-wx-02", passed: 2, pending: true },
    { n: 9, wx: "demo-wx-03", passed: 1, pending: false },
    { n: 10, wx: "demo-wx-04", passed: 0, pending: false },
  ];
  for (const p of players) {
    const nn = String(p.n).padStart(2, "0");
    const ua = `demo-ua-${nn}`;
    let total = 0;
    const start = d(-5, p.n);
    await tx.insert(bbhUserActivity).values({ id: ua, wxUserId: p.wx, ...round, uaStatus: 1, joinTime: start, startTime: start, lastActiveTime: d(-1, p.n), totalTaskCount: 3, currentSortNo: p.passed + 1, ...audit });
    for (const [k, task] of TASKS.entries()) {
      const ut = `demo-ut-${nn}-${k + 1}`;
      const answer = `demo-ans-${nn}-${k + 1}`;
      const passed = k < p.passed;
      const pending = p.pending && k === p.passed;
      const open = k === p.passed && !pending;
      const at = new Date(start.getTime() + (k + 1) * H);
      await tx.insert(bbhUserTask).values({
        id: ut, userActivityId: ua, wxUserId: p.wx, ...round, taskId: task.id, redMarkId: k === 0 ? "demo-rm-05" : null,
        utStatus: passed ? 3 : pending ? 2 : open ? 1 : 0, score: passed ? task.score : 0, submitCount: passed || pending ? 1 : 0,
        lastAnswerId: passed || pending ? answer : null, unlockTime: k <= p.passed ? (k === 0 ? start : new Date(at.getTime() - H)) : null, finishTime: passed ? at : null, ...audit,
      });
      if (!passed && !pending) continue;
      await tx.insert(bbhUserTaskAnswer).values({
        id: answer, userTaskId: ut, userActivityId: ua, wxUserId: p.wx, ...round, taskId: task.id, taskType: task.type, attemptNo: 1,
        answerText: pending ? "遵义会议是党的历史上生死攸关的转折点，我们要学习革命先辈实事求是、独立自主的精神，在学习中坚定信念。（演示）" : null,
        answerDetail: task.type === 3 ? JSON.stringify([1, 2, 3, 4, 5].map((i) => ({ questionId: `demo-q-0${i}`, answer: i === 4 ? "B" : "A", correct: i !== 4, score: i === 4 ? 0 : 4 }))) : null,
        isCorrect: passed ? 1 : null, autoScore: passed ? task.score : null, score: passed ? task.score : null,
        auditStatus: passed ? 1 : 0, auditBy: passed ? "system" : null, auditTime: passed ? at : null, submitTime: at, ...audit,
      });
      if (!passed) continue;
      total += task.score;
      await tx.insert(bbhScoreRecord).values({ id: `demo-sr-${nn}-${k + 1}`, ...round, wxUserId: p.wx, userActivityId: ua, userTaskId: ut, answerId: answer, scoreType: 1, scoreChange: task.score, scoreAfter: total, reason: "任务得分", operator: "system", ...audit, createTime: at });
    }
    if (total) await tx.update(bbhUserActivity).set({ totalScore: total }).where(eq(bbhUserActivity.id, ua));
  }
}
