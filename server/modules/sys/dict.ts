/** `/sys/dict` — dictionary look-ups (contract.md §8): plain and table dictionaries, search and tree loaders. */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ok, refused } from "../../lib/envelope.js";
import { parsePageSize } from "../../lib/list-query.js";
import { signedIn } from "../../plugins/auth.js";
import { titled } from "../../lib/field-schema.js";

const DictCodeParams = Type.Object({ dictCode: Type.String({ title: "字典编码", minLength: 1, maxLength: 200 }) });
const Name = Type.String({ maxLength: 64 });

/** `table,text,code` is required where JeecgBoot only serves table dictionaries. */
function tableCode(code: string): string {
  if (!code.includes(",")) throw refused("字典Code格式不正确！");
  return code;
}

export default async function dictRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { dicts, config } = app.ctx;

  // X-Sign/X-TIMESTAMP (contract.md §1.2) are accepted and not required: the shared secret is public,
  // so the signature adds no protection; sign-in and the table allow-list do.
  app.get("/sys/dict/getDictItems/:dictCode", { config: signedIn, schema: { params: DictCodeParams } }, async (req) => {
    const code = req.params.dictCode;
    return ok(code.includes(",") ? await dicts.tableItems(code) : await dicts.items(code));
  });

  // JSearchSelectTag's asynchronous search: `keyword` (may be empty) against the text column, at most
  // `pageSize` items (clamped like list pages), table dictionaries only.
  app.get(
    "/sys/dict/loadDict/:dictCode",
    {
      config: signedIn,
      schema: {
        params: DictCodeParams,
        querystring: Type.Object({ keyword: Type.Optional(Type.String({ title: "关键字", maxLength: 100 })), pageSize: Type.Optional(Type.String({ title: "每页条数", maxLength: 10 })) }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const limit = req.query.pageSize === undefined ? config.maxPageSize : parsePageSize(req.query.pageSize, config.maxPageSize);
      return ok(await dicts.tableSearch(tableCode(req.params.dictCode), req.query.keyword ?? "", limit));
    },
  );

  // The texts of chosen keys (`key=a,b`), in the keys' order; `delNotExist=false` gives unknown keys back as-is.
  app.get(
    "/sys/dict/loadDictItem/:dictCode",
    {
      config: signedIn,
      schema: {
        params: DictCodeParams,
        querystring: Type.Object(
          { key: Type.String({ title: "字典值", maxLength: 40_000 }), delNotExist: Type.Optional(Type.Union([Type.Literal("true"), Type.Literal("false")], { title: "忽略不存在的值" })) },
          { additionalProperties: true },
        ),
      },
    },
    async (req) => {
      const keys = [...new Set(req.query.key.split(",").map((k) => k.trim()).filter(Boolean))];
      return ok(await dicts.tableTexts(tableCode(req.params.dictCode), keys, req.query.delNotExist !== "false"));
    },
  );

  // JTreeSelect: one level of an allow-listed tree table (`pid` empty = the top level).
  app.get(
    "/sys/dict/loadTreeData",
    {
      config: signedIn,
      schema: {
        querystring: Type.Object(
          {
            tableName: titled(Name, "表名"),
            text: titled(Name, "显示字段"),
            code: titled(Name, "值字段"),
            pidField: titled(Name, "父级字段"),
            pid: Type.Optional(Type.String({ title: "父级节点", maxLength: 64 })),
            hasChildField: Type.Optional(titled(Name, "是否有子节点字段")),
            condition: Type.Optional(Type.String({ title: "查询条件", maxLength: 1000 })),
          },
          { additionalProperties: true },
        ),
      },
    },
    async (req) => ok(await dicts.treeNodes(req.query)),
  );
}
