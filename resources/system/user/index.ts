import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { userResource } from "./resource";

export default defineResource({
  resources: [userResource],
  components: { "system/UserList": lazyPage(() => import("./list")) },
});
