import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { positionResource } from "./resource";

export default defineResource({
  resources: [positionResource],
  components: { "system/SysPositionList": lazyPage(() => import("./list")) },
});
