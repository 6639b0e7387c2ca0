import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { roleResource } from "./resource";

export default defineResource({
  resources: [roleResource],
  components: { "system/RoleUserList": lazyPage(() => import("./list")) },
});
