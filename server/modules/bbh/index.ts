/** The 红色印记 (bbh) API modules (domain.md §6), registered as one plugin by server/app.ts. */
import type { FastifyInstance } from "fastify";
import activityRoutes from "./activity.js";
import timeRoutes from "./time.js";
import taskRoutes from "./task.js";
import redMarkRoutes from "./redmark.js";
import redMarkImportRoutes from "./redmark-import.js";
import redActivityRoutes from "./red-activity.js";
import recordRoutes from "./records.js";
import answerRoutes from "./answer.js";
import playerRoutes from "./player.js";
import wxUserRoutes from "./wx-user.js";
import schoolRoutes from "./school.js";
import studentRoutes from "./student.js";
import organizationRoutes from "./organization.js";
import tagRoutes from "./tag.js";
import ossRoutes from "./oss.js";
import questionTypeRoutes from "./question-type.js";
import questionRoutes from "./question.js";
import questionExcelRoutes from "./question-excel.js";
import questionReportRoutes from "./question-report.js";
import activityExcelRoutes from "./activity-excel.js";
import taskExcelRoutes from "./task-excel.js";
import { scheduleBbhTick } from "./scheduler.js";
import messageTemplateRoutes from "./message-template.js";
import bbhMessageRoutes from "./message.js";

const bbhModules = [activityRoutes, timeRoutes, taskRoutes, redMarkRoutes, redMarkImportRoutes, redActivityRoutes, recordRoutes, answerRoutes, playerRoutes, wxUserRoutes, questionTypeRoutes, questionRoutes, questionExcelRoutes, questionReportRoutes];

bbhModules.push(messageTemplateRoutes, bbhMessageRoutes);
bbhModules.push(ossRoutes);
bbhModules.push(schoolRoutes, studentRoutes, organizationRoutes, tagRoutes);
bbhModules.push(activityExcelRoutes, taskExcelRoutes);

export default async function bbhRoutes(app: FastifyInstance) {
  for (const m of bbhModules) await app.register(m);
  scheduleBbhTick(app, app.ctx.config.bbhJobIntervalSeconds);
}
