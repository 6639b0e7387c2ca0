import { ExceptionPage } from "./exception-page";

export default function Exception500Page() {
  return <ExceptionPage type="500" />;
}
