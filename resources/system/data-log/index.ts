import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { dataLogResource } from "./resource";

export default defineResource({
  resources: [dataLogResource],
  components: { "system/DataLogList": lazyPage(() => import("./list")) },
});
