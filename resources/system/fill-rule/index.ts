import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { fillRuleResource } from "./resource";

export default defineResource({
  resources: [fillRuleResource],
  components: { "system/SysFillRuleList": lazyPage(() => import("./list")) },
});
