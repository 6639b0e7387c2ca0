/** `/sys/dict` — dictionary look-ups (contract.md §8). */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ok } from "../../lib/envelope.js";
import { signedIn } from "../../plugins/auth.js";

const DictCodeParams = Type.Object({ dictCode: Type.String({ minLength: 1, maxLength: 200 }) });

export default async function dictRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { dicts } = app.ctx;

  // X-Sign/X-TIMESTAMP (contract.md §1.2) are accepted and not required: the shared secret is public,
  // so the signature adds no protection; sign-in and the table allow-list do.
  app.get("/sys/dict/getDictItems/:dictCode", { config: signedIn, schema: { params: DictCodeParams } }, async (req) => {
    const code = req.params.dictCode;
    return ok(code.includes(",") ? await dicts.tableItems(code) : await dicts.items(code));
  });
}
