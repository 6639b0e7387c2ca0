import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { organizationResource } from "./resource";

/** 组织管理: the organisation record of each department. */
export default defineResource({
  resources: [organizationResource],
  components: { "bbh/organization/OrganizationList": lazyPage(() => import("./list")) },
});
