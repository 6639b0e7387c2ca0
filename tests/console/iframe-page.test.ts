/** Issue 12: which framed pages get a cookie from their ticket route first (never a token in the URL). */
import { describe, expect, it } from "vitest";

import { frameTicketRoute } from "../../src/pages/iframe-page";

const base = "http://localhost:8080/jeecg-boot";

describe("frameTicketRoute", () => {
  it("asks the docs ticket for our own doc.html and its sub-pages only", () => {
    expect(frameTicketRoute(`${base}/doc.html`, base)).toBe("/sys/apiDoc/ticket");
    expect(frameTicketRoute(`${base}/doc.html#/sys-user`, base)).toBe("/sys/apiDoc/ticket");
    expect(frameTicketRoute(`${base}/doc.html/static/index.html`, base)).toBe("/sys/apiDoc/ticket");
    expect(frameTicketRoute(`${base}/doc.htmlx`, base)).toBeUndefined();
    expect(frameTicketRoute("https://example.com/jeecg-boot/doc.html", base)).toBeUndefined();
    expect(frameTicketRoute(`${base}/druid/`, base)).toBeUndefined();
    expect(frameTicketRoute("not a url", base)).toBeUndefined();
  });
});
