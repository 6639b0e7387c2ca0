/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base URL, e.g. `http://localhost:8080/jeecg-boot`; defaults to `/jeecg-boot`. */
  readonly VITE_API_BASE_URL?: string;
  /** ICP filing number shown in the login footer; empty → none shown. */
  readonly VITE_FILING_NUMBER?: string;
  /** Target of the header's help icon (http(s) URL or same-origin path); empty → no help icon. */
  readonly VITE_HELP_URL?: string;
  /** Tile URL template of the red-mark map; unset → AutoNavi, empty → no tiles. */
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_SUBDOMAINS?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
