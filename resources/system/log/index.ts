import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { logResource } from "./resource";

export default defineResource({
  resources: [logResource],
  components: { "system/LogList": lazyPage(() => import("./list")) },
});
