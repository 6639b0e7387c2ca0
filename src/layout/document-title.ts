import { useEffect } from "react";

import { PRODUCT_NAME } from "../../providers/config";

/** Page title followed by the product name; the home page (no title) shows only the product name. */
export function documentTitle(title?: string): string {
  return title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
