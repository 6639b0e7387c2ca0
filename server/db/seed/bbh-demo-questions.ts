/**
 * 红色印记 demo question bank (../shared/domain.md §8.4): the category 党史 with its three periods, the eight
 * questions (real, well-known facts of the Party's history, each tied to its red mark), tagged 党史
 * (`demo-tag-09`, seeded with the tags), and the answer log of 演示用户1's 遵义·答题 in 第一期 (both correct),
 * from which the questions' use count and correct rate are computed. Demo data only: ids start with `demo-`,
 * `create_by = 'demo_seed'`; remove with `DELETE … WHERE id LIKE 'demo-%'`. Seed step `bbh-demo-questions-v1`
 * (only with `SEED_DEMO`); the demo tasks 遵义·答题 (fixed demo-q-02, demo-q-05) and 党史随机答题 (5 of 党史)
 * draw from these rows.
 */
import type { Db } from "../client.js";
import { bbhQuestion, bbhQuestionReportRecord, bbhQuestionType, bbhTagRel } from "../schema.js";
import { JUDGE_OPTIONS, OPTION_KEYS } from "../../../contract/bbh-question.js";
import { refreshQuestionStats } from "../../modules/bbh/question-report.js";

const BY = "demo_seed";
const ORG = "A01";
const DAY = 86_400_000;

const options = (...texts: string[]) => JSON.stringify(texts.map((text, i) => ({ key: OPTION_KEYS[i], text, image: "" })));
const JUDGE = JSON.stringify(JUDGE_OPTIONS);

const QUESTIONS: Array<{ id: string; typeId: string; answerType: number; content: string; options: string | null; answer: string; analysis: string; redMarkId: string | null }> = [
  { id: "demo-q-01", typeId: "demo-qt-02", answerType: 1, content: "中共一大最后一天的会议转移到了哪里举行？", options: options("杭州西湖", "嘉兴南湖", "南京玄武湖", "武汉东湖"), answer: "B", analysis: "1921年7月，中共一大在上海开幕，因会场受到暗探注意，最后一天转移到浙江嘉兴南湖的一条游船上举行。（演示）", redMarkId: "demo-rm-02" },
  { id: "demo-q-02", typeId: "demo-qt-03", answerType: 1, content: "遵义会议召开于哪一年？", options: options("1927", "1931", "1935", "1937"), answer: "C", analysis: "1935年1月15日至17日，中共中央政治局在贵州遵义召开扩大会议。（演示）", redMarkId: "demo-rm-05" },
  { id: "demo-q-03", typeId: "demo-qt-03", answerType: 3, content: "南昌起义打响了武装反抗国民党反动派的第一枪。", options: JUDGE, answer: "A", analysis: "1927年8月1日的南昌起义打响了武装反抗国民党反动派的第一枪。（演示）", redMarkId: "demo-rm-03" },
  { id: "demo-q-04", typeId: "demo-qt-03", answerType: 1, content: "中国共产党创建的第一个农村革命根据地是？", options: options("井冈山革命根据地", "陕甘宁边区", "中央革命根据地", "晋察冀边区"), answer: "A", analysis: "1927年10月，毛泽东率秋收起义部队到达井冈山，创建了第一个农村革命根据地。（演示）", redMarkId: "demo-rm-04" },
  { id: "demo-q-05", typeId: "demo-qt-03", answerType: 2, content: "下列哪些事件发生在今江西省境内？", options: options("南昌起义", "遵义会议", "井冈山会师", "中共七届二中全会"), answer: "A,C", analysis: "南昌起义在江西南昌，井冈山会师在江西井冈山；遵义会议在贵州，七届二中全会在河北西柏坡。（演示）", redMarkId: null },
  { id: "demo-q-06", typeId: "demo-qt-04", answerType: 1, content: "中共七届二中全会在哪里召开？", options: options("延安", "西柏坡", "北平", "遵义"), answer: "B", analysis: "1949年3月，中共七届二中全会在河北平山县西柏坡召开。（演示）", redMarkId: "demo-rm-07" },
  { id: "demo-q-07", typeId: "demo-qt-04", answerType: 4, content: "被视为革命圣地延安标志的是____山。", options: null, answer: "宝塔", analysis: "宝塔山上的宝塔是革命圣地延安的标志。（演示）", redMarkId: "demo-rm-06" },
  { id: "demo-q-08", typeId: "demo-qt-04", answerType: 3, content: "1948年5月至1949年3月，中共中央驻在河北省平山县西柏坡。", options: JUDGE, answer: "A", analysis: "西柏坡是中共中央进入北平、解放全中国前的最后一个农村指挥所。（演示）", redMarkId: "demo-rm-07" },
];

export async function seedBbhDemoQuestions(tx: Db, now = new Date()) {
  const audit = { createBy: BY, createTime: now, sysOrgCode: ORG };
  await tx.insert(bbhQuestionType).values([
    { id: "demo-qt-01", typeName: "党史", pid: "0", hasChild: "1", sortNo: 1, ...audit },
    { id: "demo-qt-02", typeName: "建党时期", pid: "demo-qt-01", sortNo: 1, ...audit },
    { id: "demo-qt-03", typeName: "土地革命战争时期", pid: "demo-qt-01", sortNo: 2, ...audit },
    { id: "demo-qt-04", typeName: "抗日战争和解放战争时期", pid: "demo-qt-01", sortNo: 3, ...audit },
  ]);
  await tx.insert(bbhQuestion).values(QUESTIONS.map((q) => ({ ...q, difficulty: 1, score: 5, qStatus: 1, ...audit })));
  await tx.insert(bbhTagRel).values(QUESTIONS.map((q, i) => ({ id: `demo-tr-q0${i + 1}`, tagId: "demo-tag-09", bizType: "question", bizId: q.id, ...audit })));
  // 演示用户1 answered 遵义·答题 (demo-task-07) in 第一期: both fixed questions right.
  const answered = new Date(now.getTime() - 20 * DAY);
  const round1 = { wxUserId: "demo-wx-01", answerId: "demo-ans-01-7", userTaskId: "demo-ut-01-7", taskId: "demo-task-07", activityId: "demo-act-01", timeId: "demo-time-01" };
  await tx.insert(bbhQuestionReportRecord).values([
    { id: "demo-qrr-01", ...round1, questionId: "demo-q-02", userAnswer: "C", isCorrect: 1, score: 5, answerSeconds: 12, answerTime: answered, ...audit },
    { id: "demo-qrr-02", ...round1, questionId: "demo-q-05", userAnswer: "A,C", isCorrect: 1, score: 5, answerSeconds: 25, answerTime: answered, ...audit },
  ]);
  await refreshQuestionStats(tx, QUESTIONS.map((q) => q.id));
}
