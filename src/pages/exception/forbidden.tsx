import { useDocumentTitle } from "../../layout/document-title";
import { ExceptionPage } from "./exception-page";

/** 403 for a page the user may not open, shown in place at its own address (`src/layout/unrouted-path.tsx`). */
export default function ForbiddenPage() {
  useDocumentTitle("403");
  return <ExceptionPage type="403" />;
}
