import { ExceptionPage } from "./exception-page";

export default function Exception404Page() {
  return <ExceptionPage type="404" />;
}
