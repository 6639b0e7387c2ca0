import { ExceptionPage } from "./exception-page";

export default function Exception403Page() {
  return <ExceptionPage type="403" />;
}
