/** `/sys/position` — positions (contract.md §10.4). */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { eq } from "drizzle-orm";
import { sysPosition } from "../../db/schema.js";
import { formatDateTime } from "../../lib/dates.js";
import { ok, refused } from "../../lib/envelope.js";
import type { ListSpec } from "../../lib/list-query.js";
import { can } from "../../plugins/auth.js";
import { registerCrud } from "./crud.js";
import { positionLimits } from "../../../contract/limits.js";
import { textField } from "../../lib/field-schema.js";

type Row = typeof sysPosition.$inferSelect;

export const positionListSpec: ListSpec = {
  fields: {
    code: { column: sysPosition.code, type: "string", sort: true },
    name: { column: sysPosition.name, type: "string", sort: true },
    postRank: { column: sysPosition.postRank, type: "string", sort: true },
    companyId: { column: sysPosition.companyId, type: "string" },
    sysOrgCode: { column: sysPosition.sysOrgCode, type: "string" },
    createBy: { column: sysPosition.createBy, type: "string" },
    createTime: { column: sysPosition.createTime, type: "datetime", sort: true },
  },
  defaultSort: [{ field: "createTime", order: "desc" }],
  tiebreak: sysPosition.id,
  component: "system/SysPositionList",
};

export const toPositionJson = (r: Row) => ({
  id: r.id,
  code: r.code,
  name: r.name,
  postRank: r.postRank,
  companyId: r.companyId,
  sysOrgCode: r.sysOrgCode,
  createBy: r.createBy,
  createTime: formatDateTime(r.createTime),
  updateBy: r.updateBy,
  updateTime: formatDateTime(r.updateTime),
});

const PositionBody = Type.Object({
  code: textField(positionLimits.code),
  name: textField(positionLimits.name),
  postRank: Type.Optional(Type.Union([Type.Null(), Type.String({ pattern: "^[1-5]?$" })], { title: "职级" })),
  companyId: textField(positionLimits.companyId),
});

export default async function positionRoutes(base: FastifyInstance) {
  registerCrud<typeof PositionBody, Row>(base, {
    base: "/sys/position",
    table: sysPosition,
    id: sysPosition.id,
    spec: positionListSpec,
    codes: {
      list: "system:position:list",
      add: "system:position:add",
      edit: "system:position:edit",
      delete: "system:position:delete",
      deleteBatch: "system:position:deleteBatch",
    },
    body: PositionBody,
    values: (b) => ({ code: b.code.trim(), name: b.name.trim(), postRank: b.postRank || null, companyId: b.companyId || null }),
    toJson: toPositionJson,
    unique: [{ column: sysPosition.code, key: "code", message: "职务编码已存在" }],
    dictFields: { postRank: "position_rank" },
    orgCode: true,
  });

  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/sys/position/queryByCode",
    { config: can("system:position:list"), schema: { querystring: Type.Object({ code: Type.String({ title: "职务编码", minLength: 1, maxLength: 100 }) }) } },
    async (req) => {
      const [row] = await app.ctx.db.select().from(sysPosition).where(eq(sysPosition.code, req.query.code));
      if (!row) throw refused("未找到对应实体");
      return ok(toPositionJson(row));
    },
  );
}
