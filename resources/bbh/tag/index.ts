import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { tagResource } from "./resource";

/** 标签管理: tags per type, drag-sorted (dnd-kit, loaded by this lazy page only). */
export default defineResource({
  resources: [tagResource],
  components: { "bbh/tag/TagList": lazyPage(() => import("./list")) },
});
