import type { ResourceProps } from "@refinedev/core";

import { checkRuleResource } from "./system/check-rule/resource";
import { dataSourceResource } from "./system/data-source/resource";
import { dictResource } from "./system/dict/resource";
import { fillRuleResource } from "./system/fill-rule/resource";
import { permissionResource } from "./system/permission/resource";
import { positionResource } from "./system/position/resource";
import { roleResource } from "./system/role/resource";
import { userResource } from "./system/user/resource";

/**
 * Refine resources of the implemented pages. Their URLs come from the server menu; a resource only says
 * where its API lives (`meta.apiBase`) and which permission codes guard its actions (`meta.authCodes`).
 */
export const resources: ResourceProps[] = [userResource, roleResource, permissionResource, dictResource, positionResource, checkRuleResource, fillRuleResource, dataSourceResource];
