import { lazyPage } from "../../../kit/page";
import { defineResource } from "../../../kit/resource-module";
import { redMarkResource } from "./resource";

export default defineResource({
  resources: [redMarkResource],
  components: {
    "bbh/redmark/RedMarkList": lazyPage(() => import("./list")),
    "bbh/redmark/RedMarkDetail": lazyPage(() => import("./detail")),
    // Leaflet is imported by the map page's chunk only.
    "bbh/redmark/RedMarkMap": lazyPage(() => import("./map")),
  },
});
