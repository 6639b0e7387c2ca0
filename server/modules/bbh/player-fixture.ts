/**
 * Test-only (registered by test-routes.ts, ENABLE_TEST_ROUTES=true): stands in for the mini-program, which
 * this server does not serve, so an end-to-end journey can have a player join a window and submit answers
 * awaiting review. `POST /test/bbh/playerAnswers {activityId, nickname}`: a WeChat user (created once per
 * nickname), their round in the activity's first window, one task per enabled task, and a pending first attempt
 * for every manually reviewed task (photo → a demo picture, text, video → a path).
 */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { and, asc, eq } from "drizzle-orm";
import { bbhActivityMain, bbhActivityTask, bbhActivityTime, bbhUserActivity, bbhUserTask, bbhUserTaskAnswer, bbhWxUser } from "../../db/schema.js";
import { badRequest, ok } from "../../lib/envelope.js";
import { nextId } from "../../lib/ids.js";
import { anonymous } from "../../plugins/auth.js";
import { BbhId } from "./shared.js";

/** A picture the demo seed stores (demo-media.ts makes the file; the e2e server seeds the demo). */
const PICTURE = "/demo/answer/demo-ans-06-8.jpg";

const Body = Type.Object({ activityId: BbhId("活动"), nickname: Type.String({ title: "昵称", minLength: 1, maxLength: 30 }) });

export default async function playerFixtureRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.ctx;
  app.post("/test/bbh/playerAnswers", { config: anonymous, schema: { body: Body } }, async (req) => {
    const { activityId, nickname } = req.body;
    const result = await db.transaction(async (tx) => {
      const [a] = await tx.select().from(bbhActivityMain).where(eq(bbhActivityMain.id, activityId));
      const [w] = await tx.select().from(bbhActivityTime).where(eq(bbhActivityTime.activityId, activityId)).orderBy(asc(bbhActivityTime.startTime)).limit(1);
      if (!a || !w) throw badRequest("活动或时间段不存在");
      const tasks = await tx.select().from(bbhActivityTask).where(and(eq(bbhActivityTask.activityId, activityId), eq(bbhActivityTask.delFlag, 0), eq(bbhActivityTask.taskStatus, 1))).orderBy(asc(bbhActivityTask.sortNo));
      const openid = `fixture_${Buffer.from(nickname).toString("hex").slice(0, 50)}`;
      let [wx] = await tx.select().from(bbhWxUser).where(eq(bbhWxUser.openid, openid));
      if (!wx) [wx] = await tx.insert(bbhWxUser).values({ id: nextId(), openid, nickname, sysOrgCode: a.sysOrgCode }).returning();
      const round = { wxUserId: wx.id, activityId, timeId: w.id, roundNo: w.roundNo, sysOrgCode: a.sysOrgCode, createBy: "test" };
      const ua = nextId();
      await tx.insert(bbhUserActivity).values({ id: ua, ...round, uaStatus: 1, startTime: new Date(), totalTaskCount: tasks.length });
      const answerIds: string[] = [];
      for (const t of tasks) {
        const manual = [4, 5, 6].includes(t.taskType);
        const ut = nextId();
        const answer = manual ? nextId() : null;
        await tx.insert(bbhUserTask).values({ id: ut, userActivityId: ua, ...round, taskId: t.id, redMarkId: t.redMarkId, utStatus: manual ? 2 : 1, submitCount: manual ? 1 : 0, lastAnswerId: answer, unlockTime: new Date() });
        if (!answer) continue;
        await tx.insert(bbhUserTaskAnswer).values({
          id: answer, userTaskId: ut, userActivityId: ua, ...round, taskId: t.id, redMarkId: t.redMarkId, taskType: t.taskType, attemptNo: 1, auditStatus: 0,
          answerImages: t.taskType === 4 ? PICTURE : null,
          answerText: t.taskType === 5 ? `${nickname}的学习感想：重温红色历史，传承红色基因。` : null,
          answerVideo: t.taskType === 6 ? "/fixture/answer.mp4" : null,
        });
        answerIds.push(answer);
      }
      return { wxUserId: wx.id, userActivityId: ua, answerIds };
    });
    return ok(result);
  });
}
