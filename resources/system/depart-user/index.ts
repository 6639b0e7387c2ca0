import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";

export default defineResource({
  resources: [],
  components: { "system/DepartUserList": lazyPage(() => import("./list")) },
});
