import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { dataSourceResource } from "./resource";

export default defineResource({
  resources: [dataSourceResource],
  components: { "system/SysDataSourceList": lazyPage(() => import("./list")) },
});
