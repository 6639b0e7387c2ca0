/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base URL, e.g. `http://localhost:8080/jeecg-boot`; defaults to `/jeecg-boot`. */
  readonly VITE_API_BASE_URL?: string;
  /** ICP filing number shown in the login footer. */
  readonly VITE_FILING_NUMBER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
