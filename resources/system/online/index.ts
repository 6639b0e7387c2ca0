import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { onlineResource } from "./resource";

export default defineResource({
  resources: [onlineResource],
  components: { "system/SysUserOnlineList": lazyPage(() => import("./list")) },
});
