/**
 * 红色印记 demo data (../shared/domain.md §8, the parts this server's tables hold): WeChat users, the seven
 * red marks, the red activity 重走红色路 with its mark list, tasks, groups, activation codes and two windows
 * (第一期 settled by the real settlement code from a ledger that gives §8.5's table; 第二期 running with
 * answers to review), and the custom activity 党史知识闯关. Every row is demo data: ids start with `demo-`,
 * `create_by = 'demo_seed'`; remove with `DELETE … WHERE id LIKE 'demo-%'` per table. `SEED_DEMO=false`
 * leaves all of it out. Schools, organisations, tags, questions and templates (§8.1–8.6) belong to issue 9.
 */
import type { Db } from "../client.js";
import {
  bbhActivationCode,
  bbhActivityApply,
  bbhActivityGroup,
  bbhActivityMain,
  bbhActivityTask,
  bbhActivityTime,
  bbhRedActivityMark,
  bbhRedMark,
  bbhScoreRecord,
  bbhTaskQuestion,
  bbhUserActivity,
  bbhUserTask,
  bbhUserTaskAnswer,
  bbhWxUser,
} from "../schema.js";
import { queueSettledMessages, settleWindow } from "../../modules/bbh/time.repo.js";

const BY = "demo_seed";
const ORG = "A01";
const DAY = 86_400_000;
const H = 3_600_000;

const MARKS = [
  { id: "demo-rm-01", markName: "中共一大纪念馆", category: 5, provinceCode: "310000", cityCode: "310100", districtCode: "310101", regionName: "上海市/上海市/黄浦区", address: "上海市黄浦区兴业路76号（会址）", longitude: 121.4753, latitude: 31.2219, checkinRadius: 200, eventPeriod: "1921年7月", summary: "中国共产党第一次全国代表大会开幕地，党的诞生地之一。（演示）" },
  { id: "demo-rm-02", markName: "嘉兴南湖红船", category: 1, provinceCode: "330000", cityCode: "330400", districtCode: "330402", regionName: "浙江省/嘉兴市/南湖区", address: "嘉兴市南湖景区湖心岛", longitude: 120.7638, latitude: 30.7505, checkinRadius: 300, eventPeriod: "1921年", summary: "中共一大最后一天在南湖的游船上继续举行并闭幕，“红船”由此成为象征。（演示）" },
  { id: "demo-rm-03", markName: "南昌八一起义纪念馆", category: 2, provinceCode: "360000", cityCode: "360100", districtCode: "360103", regionName: "江西省/南昌市/西湖区", address: "南昌市西湖区中山路380号", longitude: 115.8899, latitude: 28.6807, checkinRadius: 200, eventPeriod: "1927年8月1日", summary: "以起义总指挥部旧址为主体，纪念打响武装反抗国民党反动派第一枪的南昌起义。（演示）" },
  { id: "demo-rm-04", markName: "井冈山革命博物馆", category: 2, provinceCode: "360000", cityCode: "360800", districtCode: "360881", regionName: "江西省/吉安市/井冈山市", address: "井冈山市茨坪镇（挹翠湖畔）", longitude: 114.1727, latitude: 26.5692, checkinRadius: 300, eventPeriod: "1927年10月起", summary: "1959年建馆，展示井冈山革命根据地——第一个农村革命根据地的斗争历程。（演示）" },
  { id: "demo-rm-05", markName: "遵义会议会址", category: 5, provinceCode: "520000", cityCode: "520300", districtCode: "520302", regionName: "贵州省/遵义市/红花岗区", address: "遵义市红花岗区子尹路96号", longitude: 106.9226, latitude: 27.6955, checkinRadius: 200, eventPeriod: "1935年1月15日—17日", summary: "红军长征途中召开中共中央政治局扩大会议之地，党的历史上伟大转折。（演示）" },
  { id: "demo-rm-06", markName: "延安宝塔山", category: 1, provinceCode: "610000", cityCode: "610600", districtCode: "610602", regionName: "陕西省/延安市/宝塔区", address: "延安市宝塔区宝塔山景区", longitude: 109.4975, latitude: 36.5955, checkinRadius: 500, eventPeriod: "1937—1947年", summary: "宝塔是革命圣地延安的标志，中共中央在延安领导抗日战争和解放战争。（演示）" },
  { id: "demo-rm-07", markName: "西柏坡纪念馆", category: 2, provinceCode: "130000", cityCode: "130100", districtCode: "130131", regionName: "河北省/石家庄市/平山县", address: "平山县西柏坡镇", longitude: 113.9357, latitude: 38.3517, checkinRadius: 500, eventPeriod: "1948年5月—1949年3月", summary: "中共中央最后一个农村指挥所，七届二中全会在此召开，“新中国从这里走来”。（演示）" },
];

/** The red activity's route: mark, sort, start/end, point maker. */
const ROUTE: Array<[mark: string, start: number, end: number, maker: string | null]> = [
  ["demo-rm-01", 1, 0, null],
  ["demo-rm-02", 0, 0, null],
  ["demo-rm-03", 0, 0, null],
  ["demo-rm-04", 0, 0, "demo-wx-06"],
  ["demo-rm-05", 0, 0, "demo-wx-06"],
  ["demo-rm-07", 0, 1, null],
];

export async function seedBbhDemo(tx: Db, now = new Date()): Promise<void> {
  const T0 = now.getTime();
  const d = (days: number, hours = 0) => new Date(T0 + days * DAY + hours * H);
  const audit = { createBy: BY, createTime: now, sysOrgCode: ORG };

  await tx.insert(bbhWxUser).values([
    ...[1, 2, 3, 4, 5].map((i) => ({ id: `demo-wx-0${i}`, openid: `demo_openid_000${i}`, nickname: `演示用户${i}`, orgCode: "A01A01", remark: "演示数据", ...audit })),
    { id: "demo-wx-06", openid: "demo_openid_0006", nickname: "演示打点员", isPointMaker: 1, orgCode: "A01", remark: "演示数据", ...audit },
  ]);

  await tx.insert(bbhRedMark).values(
    MARKS.map((m, i) => ({
      ...m,
      heritageLevel: 1,
      coordType: "gcj02",
      coverImage: `/demo/redmark/${m.id}_cover.jpg`,
      audioUrl: m.id === "demo-rm-05" ? "/demo/redmark/demo-rm-05_audio.mp3" : null,
      audioDuration: m.id === "demo-rm-05" ? 180 : null,
      source: 1,
      publishStatus: m.id === "demo-rm-06" ? 0 : 1,
      publishTime: m.id === "demo-rm-06" ? null : d(-40),
      publishBy: m.id === "demo-rm-06" ? null : BY,
      sortNo: i + 1,
      ...audit,
    })),
  );

  // 重走红色路·印记打卡（演示）: red activity, individual + team, free order, needs apply and activation.
  const act1 = "demo-act-01";
  await tx.insert(bbhActivityMain).values({
    id: act1, activityName: "重走红色路·印记打卡（演示）", activityType: 2, coverImage: "/demo/activity/demo-act-01_cover.jpg",
    summary: "沿着党的足迹，打卡六处红色印记（演示数据）", organizerName: "红色印记运营中心（演示）",
    startTime: d(-30), endTime: d(90), needApply: 1, applyNeedAudit: 0, participantScope: 1, needActivation: 1,
    teamMode: 3, groupType: 1, groupMinSize: 2, groupMaxSize: 6, groupScoreRule: 2, orderMode: 2, checkinRadius: 200,
    totalScore: 110, publishStatus: 1, publishTime: d(-30), publishBy: BY, remark: "演示数据", ...audit,
  });
  await tx.insert(bbhRedActivityMark).values(
    ROUTE.map(([mark, isStart, isEnd, maker], i) => ({ id: `demo-ram-0${i + 1}`, activityId: act1, redMarkId: mark, sortNo: i + 1, isStart, isEnd, uploadId: maker, remark: "演示数据", ...audit })),
  );
  const checkins = ROUTE.map(([mark], i) => ({
    id: `demo-task-0${i + 1}`, activityId: act1, redMarkId: mark, taskName: `${MARKS.find((m) => m.id === mark)!.markName}·定位打卡`,
    taskType: 1, judgeMode: 1, sortNo: i + 1, score: 10, autoCreated: 1, ...audit,
  }));
  await tx.insert(bbhActivityTask).values([
    ...checkins,
    { id: "demo-task-07", activityId: act1, redMarkId: "demo-rm-05", taskName: "遵义·答题", taskType: 3, judgeMode: 1, questionMode: 1, sortNo: 7, score: 10, ...audit },
    { id: "demo-task-08", activityId: act1, redMarkId: "demo-rm-04", taskName: "井冈山·拍照", taskType: 4, judgeMode: 2, minPhotoCount: 1, maxPhotoCount: 3, needLocation: 1, sortNo: 8, score: 20, ...audit },
    { id: "demo-task-09", activityId: act1, redMarkId: "demo-rm-07", taskName: "西柏坡·感想", taskType: 5, judgeMode: 2, minTextLength: 50, sortNo: 9, score: 20, ...audit },
  ]);
  await tx.insert(bbhTaskQuestion).values([
    { id: "demo-tq-01", taskId: "demo-task-07", questionId: "demo-q-02", sortNo: 1, ...audit },
    { id: "demo-tq-02", taskId: "demo-task-07", questionId: "demo-q-05", sortNo: 2, ...audit },
  ]);
  await tx.insert(bbhActivityTime).values([
    { id: "demo-time-01", activityId: act1, timeName: "第一期", startTime: d(-30), endTime: d(-1), timeStatus: 1, sortNo: 1, ...audit },
    { id: "demo-time-02", activityId: act1, timeName: "第二期", startTime: d(0), endTime: d(60), timeStatus: 1, sortNo: 2, ...audit },
  ]);
  await tx.insert(bbhActivityGroup).values([
    { id: "demo-grp-01", activityId: act1, groupName: "星火小队（演示）", groupNo: "01", groupType: 1, leaderWxUserId: "demo-wx-01", maxMembers: 6, memberCount: 2, inviteCode: "DEMO01", ...audit },
    { id: "demo-grp-02", activityId: act1, groupName: "红旗小队（演示）", groupNo: "02", groupType: 1, leaderWxUserId: "demo-wx-03", maxMembers: 6, memberCount: 2, inviteCode: "DEMO02", ...audit },
  ]);
  const used = ["RED2X7KQ9A", "RED6T8WZ4P", "RED7N3KX5H", "RED4QF9M2U", "RED8WR3JD7"];
  await tx.insert(bbhActivationCode).values([
    ...used.map((code, i) => ({ id: `demo-ac-0${i + 1}`, activityId: act1, code, batchNo: "DEMO-B001", codeStatus: 1, usedBy: `demo-wx-0${i + 1}`, usedTime: d(-29), remark: "演示数据", ...audit })),
    { id: "demo-ac-06", activityId: act1, code: "RED5M8PWT3", batchNo: "DEMO-B001", codeStatus: 0, remark: "演示数据", ...audit },
    { id: "demo-ac-07", activityId: act1, code: "RED9HV4CNZ", batchNo: "DEMO-B001", codeStatus: 0, remark: "演示数据", ...audit },
    { id: "demo-ac-08", activityId: act1, code: "RED3JU6YGS", batchNo: "DEMO-B001", codeStatus: 2, voidBy: BY, voidTime: d(-20), voidReason: "演示作废", remark: "演示数据", ...audit },
  ]);
  await tx.insert(bbhActivityApply).values(
    [1, 2, 3, 4, 5].map((i) => ({ id: `demo-apply-0${i}`, activityId: act1, timeId: "", wxUserId: `demo-wx-0${i}`, realName: `演示用户${i}`, groupId: i <= 2 ? "demo-grp-01" : i <= 4 ? "demo-grp-02" : null, activationCodeId: `demo-ac-0${i}`, applyStatus: 1, applyTime: d(-29), ...audit })),
  );

  // 第一期: what each player did (task index 0–8 → done, score) and how long it took; settlement freezes it.
  const allCheckins = [0, 1, 2, 3, 4, 5];
  const players: Array<{ wx: string; group: string; done: number[]; seconds: number }> = [
    { wx: "demo-wx-01", group: "demo-grp-01", done: [...allCheckins, 6, 7], seconds: 5 * 3600 + 10 * 60 },
    { wx: "demo-wx-02", group: "demo-grp-01", done: [0, 1, 2, 3, 4, 7], seconds: 6 * 3600 + 5 * 60 },
    { wx: "demo-wx-03", group: "demo-grp-02", done: [0, 1, 2, 3, 4, 7], seconds: 4 * 3600 + 20 * 60 },
    { wx: "demo-wx-04", group: "demo-grp-02", done: [], seconds: 0 },
  ];
  const taskIds = [...checkins.map((c) => c.id), "demo-task-07", "demo-task-08", "demo-task-09"];
  const taskScore = [10, 10, 10, 10, 10, 10, 10, 20, 20];
  const taskType = [1, 1, 1, 1, 1, 1, 3, 4, 5];
  const taskMark = [...ROUTE.map((r) => r[0]), "demo-rm-05", "demo-rm-04", "demo-rm-07"];
  const round1 = { activityId: act1, timeId: "demo-time-01", roundNo: 1 };
  for (const [pi, p] of players.entries()) {
    const n = pi + 1;
    const start = d(-20, n);
    const ua = `demo-ua-0${n}`;
    await tx.insert(bbhUserActivity).values({ id: ua, wxUserId: p.wx, ...round1, applyId: null, groupId: p.group, activationCodeId: `demo-ac-0${n}`, uaStatus: 1, joinTime: d(-21), startTime: p.done.length ? start : null, ...audit });
    let total = 0;
    for (let k = 0; k < taskIds.length; k++) {
      const done = p.done.includes(k);
      const last = done && k === p.done[p.done.length - 1];
      const at = new Date(start.getTime() + (last ? p.seconds * 1000 : ((p.done.indexOf(k) + 1) * p.seconds * 1000) / (p.done.length + 1)));
      const ut = `demo-ut-0${n}-${k + 1}`;
      const answer = `demo-ans-0${n}-${k + 1}`;
      await tx.insert(bbhUserTask).values({ id: ut, userActivityId: ua, wxUserId: p.wx, ...round1, taskId: taskIds[k], redMarkId: taskMark[k], utStatus: done ? 3 : 1, score: done ? taskScore[k] : 0, submitCount: done ? 1 : 0, lastAnswerId: done ? answer : null, unlockTime: d(-21), finishTime: done ? at : null, ...audit });
      if (!done) continue;
      await tx.insert(bbhUserTaskAnswer).values({ id: answer, userTaskId: ut, userActivityId: ua, wxUserId: p.wx, ...round1, taskId: taskIds[k], redMarkId: taskMark[k], taskType: taskType[k], attemptNo: 1, answerImages: taskType[k] === 4 ? `/demo/answer/${answer}.jpg` : null, isCorrect: taskType[k] === 3 ? 1 : null, score: taskScore[k], auditStatus: 1, auditBy: taskType[k] === 4 ? "admin" : "system", auditTime: at, submitTime: at, ...audit });
      total += taskScore[k];
      await tx.insert(bbhScoreRecord).values({ id: `demo-sr-0${n}-${k + 1}`, ...round1, wxUserId: p.wx, userActivityId: ua, groupId: p.group, userTaskId: ut, answerId: answer, scoreType: 1, scoreChange: taskScore[k], scoreAfter: total, operator: "system", ...audit, createTime: at });
    }
  }
  await settleWindow(tx, "demo-time-01", { force: true }, BY, now);
  await queueSettledMessages(tx, "demo-time-01");

  // 第二期 (running): two 井冈山·拍照 answers to review and one rejected 西柏坡·感想 (attempt 1 of 3).
  const round2 = { activityId: act1, timeId: "demo-time-02", roundNo: 1 };
  for (const [n, wx] of [[6, "demo-wx-01"], [7, "demo-wx-05"]] as const) {
    const ua = `demo-ua-0${n}`;
    await tx.insert(bbhUserActivity).values({ id: ua, wxUserId: wx, ...round2, groupId: wx === "demo-wx-01" ? "demo-grp-01" : null, uaStatus: 1, joinTime: d(0, 1), startTime: d(0, 2), ...audit });
    await tx.insert(bbhUserTask).values({ id: `demo-ut-0${n}-8`, userActivityId: ua, wxUserId: wx, ...round2, taskId: "demo-task-08", redMarkId: "demo-rm-04", utStatus: 2, submitCount: 1, lastAnswerId: `demo-ans-0${n}-8`, ...audit });
    await tx.insert(bbhUserTaskAnswer).values({ id: `demo-ans-0${n}-8`, userTaskId: `demo-ut-0${n}-8`, userActivityId: ua, wxUserId: wx, ...round2, taskId: "demo-task-08", redMarkId: "demo-rm-04", taskType: 4, answerImages: `/demo/answer/demo-ans-0${n}-8.jpg`, submitLongitude: 114.1729, submitLatitude: 26.5690, locationAccuracy: 15, distanceM: 30, auditStatus: 0, submitTime: d(0, 3), ...audit });
  }
  await tx.insert(bbhUserTask).values({ id: "demo-ut-06-9", userActivityId: "demo-ua-06", wxUserId: "demo-wx-01", ...round2, taskId: "demo-task-09", redMarkId: "demo-rm-07", utStatus: 4, submitCount: 1, lastAnswerId: "demo-ans-06-9", ...audit });
  await tx.insert(bbhUserTaskAnswer).values({ id: "demo-ans-06-9", userTaskId: "demo-ut-06-9", userActivityId: "demo-ua-06", wxUserId: "demo-wx-01", ...round2, taskId: "demo-task-09", redMarkId: "demo-rm-07", taskType: 5, answerText: "很好。", auditStatus: 2, auditBy: "admin", auditTime: d(0, 5), auditRemark: "内容与任务不符", submitTime: d(0, 4), ...audit });

  // 党史知识闯关（演示）: custom activity, individual, sequential, always open.
  const act2 = "demo-act-02";
  await tx.insert(bbhActivityMain).values({
    id: act2, activityName: "党史知识闯关（演示）", activityType: 1, coverImage: "/demo/activity/demo-act-02_cover.jpg", summary: "听讲解、答题、写心得（演示数据）",
    startTime: d(-7), endTime: d(180), needApply: 0, needActivation: 0, teamMode: 1, orderMode: 1, totalScore: 35, publishStatus: 1, publishTime: d(-7), publishBy: BY, remark: "演示数据", ...audit,
  });
  await tx.insert(bbhActivityTime).values({ id: "demo-time-03", activityId: act2, timeName: "常态化", startTime: d(-7), endTime: d(180), timeStatus: 1, autoSettle: 1, sortNo: 1, ...audit });
  await tx.insert(bbhActivityTask).values([
    { id: "demo-task-10", activityId: act2, redMarkId: "demo-rm-05", taskName: "听遵义会议讲解", taskType: 7, judgeMode: 1, studySeconds: 60, sortNo: 1, score: 5, ...audit },
    { id: "demo-task-11", activityId: act2, taskName: "党史随机答题", taskType: 3, judgeMode: 1, questionMode: 2, questionTypeId: "demo-qt-01", questionCount: 5, passCorrectCount: 3, sortNo: 2, score: 20, preTaskId: "demo-task-10", ...audit },
    { id: "demo-task-12", activityId: act2, taskName: "写一句学习心得", taskType: 5, judgeMode: 2, sortNo: 3, score: 10, preTaskId: "demo-task-11", ...audit },
  ]);
}
