import type { ResourceProps } from "@refinedev/core";

import { userResource } from "./system/user/resource";

/**
 * Refine resources of the implemented pages. Their URLs come from the server menu; a resource only says
 * where its API lives (`meta.apiBase`) and which permission codes guard its actions (`meta.authCodes`).
 */
export const resources: ResourceProps[] = [userResource];
