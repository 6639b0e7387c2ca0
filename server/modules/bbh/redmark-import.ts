/**
 * `POST /bbh/api/activity/redmark/importExcel` — red marks, or their coordinates, from Excel (issue 8: "uploading
 * marks' coordinates from Excel"). Columns: 印记名称, 印记类别, 经度, 纬度 (required), 坐标系 (GCJ-02 by default;
 * WGS-84/BD-09 converted), 区县代码, 所在地区, 详细地址, 打卡半径, 保护级别, 封面图, 历史时间, 简介. A row whose
 * 印记名称 and 区县代码 match a live mark updates it (coordinates, and every other column that is filled);
 * any other row creates an unpublished mark (来源 批量导入). Every row is checked first; one bad row imports
 * nothing and the answer lists each bad row, as JeecgBoot's imports do.
 */
import type { FastifyInstance } from "fastify";
import { and, eq, inArray } from "drizzle-orm";
import { bbhRedMark } from "../../db/schema.js";
import { RADIUS_BOUNDS } from "../../../contract/bbh-limits.js";
import { inChina, toGcj02 } from "../../lib/coords.js";
import { fail, ok } from "../../lib/envelope.js";
import { acceptUploads, importErrors, readWorkbook, uploadedWorkbook } from "../../lib/excel.js";
import { nextId } from "../../lib/ids.js";
import { can } from "../../plugins/auth.js";
import { dictionary } from "./shared.js";

const M = bbhRedMark;
const REQUIRED = ["印记名称", "印记类别", "经度", "纬度"];
const COORD_TYPES: Record<string, string> = { gcj02: "gcj02", wgs84: "wgs84", bd09: "bd09", "国测局(GCJ-02)": "gcj02", "GPS(WGS-84)": "wgs84", "百度(BD-09)": "bd09" };
const TEXT_LIMITS: Array<[header: string, key: string, max: number]> = [
  ["所在地区", "regionName", 100],
  ["详细地址", "address", 255],
  ["封面图", "coverImage", 500],
  ["历史时间", "eventPeriod", 50],
  ["简介", "summary", 500],
];

export default async function redMarkImportRoutes(base: FastifyInstance) {
  const { db, dicts } = base.ctx;
  await acceptUploads(base);

  base.post("/bbh/api/activity/redmark/importExcel", { config: can("bbh:redmark:import") }, async (req, reply) => {
    const rows = await readWorkbook(await uploadedWorkbook(req), REQUIRED);
    const categories = await dictionary(dicts, "bbh_red_mark_category");
    const levels = await dictionary(dicts, "bbh_heritage_level");
    const errors: Array<{ line: number; message: string }> = [];
    const seen = new Map<string, number>();
    const planned = rows.flatMap(({ line, cells }) => {
      const problems: string[] = [];
      const name = cells["印记名称"];
      if (!name) problems.push("印记名称不能为空");
      else if (name.length > 100) problems.push("印记名称不能超过100个字符");
      const category = categories.get(cells["印记类别"]);
      if (!category) problems.push(`印记类别「${cells["印记类别"]}」不存在`);
      const heritage = cells["保护级别"] ? levels.get(cells["保护级别"]) : null;
      if (heritage === undefined) problems.push(`保护级别「${cells["保护级别"]}」不存在`);
      const coordType = cells["坐标系"] ? COORD_TYPES[cells["坐标系"]] : "gcj02";
      if (!coordType) problems.push(`坐标系「${cells["坐标系"]}」应为 gcj02、wgs84 或 bd09`);
      const lng = Number(cells["经度"]);
      const lat = Number(cells["纬度"]);
      if (!cells["经度"] || !cells["纬度"] || !Number.isFinite(lng) || !Number.isFinite(lat)) problems.push("经纬度必须是数字");
      else if (!inChina(lng, lat)) problems.push("经纬度不在中国境内，请检查经纬度是否填反或坐标系是否正确");
      const radius = cells["打卡半径"] ? Number(cells["打卡半径"]) : null;
      if (radius !== null && (!Number.isInteger(radius) || radius < RADIUS_BOUNDS.min || radius > RADIUS_BOUNDS.max)) problems.push("打卡半径需在10到5000米之间");
      const district = cells["区县代码"] || null;
      if (district && district.length > 12) problems.push("区县代码不能超过12个字符");
      const texts: Record<string, string> = {};
      for (const [header, key, max] of TEXT_LIMITS) {
        const v = cells[header];
        if (!v) continue;
        if (v.length > max) problems.push(`${header}不能超过${max}个字符`);
        texts[key] = v;
      }
      const key = `${name}|${district ?? ""}`;
      if (name && seen.has(key)) problems.push(`印记【${name}】与第${seen.get(key)}行重复`);
      else seen.set(key, line);
      if (problems.length) {
        errors.push({ line, message: problems.join("，") });
        return [];
      }
      const [longitude, latitude] = toGcj02(lng, lat, coordType!);
      return [{ name: name!, district, category: category!, heritage, coordType: coordType!, longitude, latitude, radius, texts }];
    });
    if (errors.length) return reply.status(400).send({ ...fail(importErrors(errors), 400), result: { errors } });

    const user = req.currentUser();
    const now = new Date();
    const counts = await db.transaction(async (tx) => {
      const names = [...new Set(planned.map((p) => p.name))];
      const existing = await tx.select({ id: M.id, markName: M.markName, districtCode: M.districtCode }).from(M).where(and(inArray(M.markName, names), eq(M.delFlag, 0))).for("update");
      const byKey = new Map(existing.map((e) => [`${e.markName}|${e.districtCode ?? ""}`, e.id]));
      let created = 0;
      let updated = 0;
      for (const p of planned) {
        const fields = {
          category: p.category,
          longitude: p.longitude,
          latitude: p.latitude,
          coordType: p.coordType,
          ...(p.heritage ? { heritageLevel: p.heritage } : {}),
          ...(p.radius ? { checkinRadius: p.radius } : {}),
          ...p.texts,
        };
        const id = byKey.get(`${p.name}|${p.district ?? ""}`);
        if (id) {
          await tx.update(M).set({ ...fields, updateBy: user.username, updateTime: now }).where(eq(M.id, id));
          updated++;
        } else {
          await tx.insert(M).values({ id: nextId(), markName: p.name, districtCode: p.district, source: 3, ...fields, createBy: user.username, createTime: now, sysOrgCode: user.orgCode });
          created++;
        }
      }
      return { created, updated };
    });
    return ok({ total: rows.length, ...counts }, `文件导入成功！数据行数：${rows.length}，新增${counts.created}条，更新${counts.updated}条`);
  });
}

