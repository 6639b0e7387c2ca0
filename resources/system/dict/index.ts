import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { dictResource } from "./resource";

export default defineResource({
  resources: [dictResource],
  components: { "system/DictList": lazyPage(() => import("./list")) },
});
