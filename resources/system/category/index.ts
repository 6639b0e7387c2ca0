import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";

export default defineResource({
  resources: [],
  components: { "system/SysCategoryList": lazyPage(() => import("./list")) },
});
