import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { permissionResource } from "./resource";

export default defineResource({
  resources: [permissionResource],
  components: { "system/PermissionList": lazyPage(() => import("./list")) },
});
