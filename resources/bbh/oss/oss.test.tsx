import type { DataProvider } from "@refinedev/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { DEFAULT_UPLOAD_LIMITS, UPLOAD_TYPE_REFUSED, uploadTooLarge } from "../../../contract/upload";
import { clearAuthLists, setAuthLists } from "../../../providers/access-control";
import type { NavRoute } from "../../../providers/menu";
import { recordingDataProvider, TestWrapper } from "../../../tests/console/test-wrapper";
import OssFileListPage from "./list";

const route: NavRoute = {
  path: "/bbh/ossFile",
  name: "bbh-oss",
  title: "OSS文件",
  component: "bbh/oss/OssFileList",
  internalOrExternal: false,
  keepAlive: false,
  menuKey: "/bbh/ossFile",
  trail: [],
};

const ROWS = [
  { id: "f1", fileName: "讲解词.pdf", url: "oss/20260101/a.pdf", fileType: "doc", fileType_dictText: "文档", fileExt: "pdf", fileSize: 2048 },
  { id: "f2", fileName: "封面.png", url: "oss/20260101/b.png", thumbUrl: "oss/20260101/b_thumb.png", fileType: "image", fileType_dictText: "图片", fileExt: "png", fileSize: 5 * 1024 * 1024, width: 800, height: 600 },
  { id: "f3", fileName: "方案.docx", url: "oss/20260101/c.docx", fileType: "doc", fileExt: "docx", fileSize: 100 },
];

type Call = { url: string; method: string; payload?: unknown; meta?: Record<string, unknown> };

function renderPage(answer: (call: Call) => unknown = () => null) {
  const data = recordingDataProvider(ROWS);
  const calls: Call[] = [];
  const provider: DataProvider = {
    ...data.provider,
    custom: async ({ url, method, payload, meta }) => {
      calls.push({ url, method, payload, meta });
      if (url.includes("getDictItems")) return { data: [] as never };
      if (url.endsWith("/uploadPolicy")) return { data: { limits: DEFAULT_UPLOAD_LIMITS } as never };
      const result = answer({ url, method, payload, meta });
      if (result instanceof Error) throw result;
      return { data: result as never };
    },
  };
  const view = render(
    <TestWrapper dataProvider={provider}>
      <OssFileListPage route={route} />
    </TestWrapper>,
  );
  return { calls, view };
}

afterEach(() => clearAuthLists());
const grant = (...codes: string[]) =>
  setAuthLists(codes.map((action) => ({ action, type: "1", describe: action })), codes.map((action) => ({ action, type: "1", describe: action, status: "1" })));

const fileInput = (container: HTMLElement) => container.querySelector<HTMLInputElement>("input[type=file]")!;
const pick = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
const sized = (name: string, size: number) => {
  const f = new File(["x"], name);
  Object.defineProperty(f, "size", { value: size });
  return f;
};

describe("OSS文件 list", () => {
  it("shows sizes, dimensions and previews; a PDF opens in a new tab, a docx is not previewed", async () => {
    grant("bbh:ossFile:list");
    renderPage();
    await screen.findByText("讲解词.pdf");
    expect(screen.getByText("5.0 MB")).toBeTruthy();
    expect(screen.getByText("800×600")).toBeTruthy();
    const previews = screen.getAllByText("预览", { selector: "a" });
    expect(previews).toHaveLength(2); // the PDF and the image
    expect(previews[0].getAttribute("href")).toBe("/jeecg-boot/sys/common/static/oss/20260101/a.pdf");
    expect(previews[0].getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("img", { name: "封面.png" }).getAttribute("src")).toBe("/jeecg-boot/sys/common/static/oss/20260101/b_thumb.png");
    expect(screen.queryByRole("button", { name: /上传文件/ })).toBeNull();
  });

  it("refuses a type or size the server would refuse before sending anything", async () => {
    grant("bbh:ossFile:list", "bbh:ossFile:add");
    const { calls, view } = renderPage();
    await screen.findByText("讲解词.pdf");
    pick(fileInput(view.container), sized("setup.exe", 10));
    expect(await screen.findByText(UPLOAD_TYPE_REFUSED)).toBeTruthy();
    pick(fileInput(view.container), sized("长视频.mp4", DEFAULT_UPLOAD_LIMITS.video + 1));
    expect(await screen.findByText(uploadTooLarge("video", DEFAULT_UPLOAD_LIMITS.video))).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith("/upload"))).toEqual([]);
  });

  it("uploads with a progress bar and says so", async () => {
    grant("bbh:ossFile:list", "bbh:ossFile:add");
    const { calls, view } = renderPage((c) => {
      if (c.url.endsWith("/upload")) {
        (c.meta?.onUploadProgress as (e: { loaded: number; total: number }) => void)({ loaded: 50, total: 100 });
        return { message: "上传成功！", result: { id: "f9" } };
      }
      return null;
    });
    await screen.findByText("讲解词.pdf");
    pick(fileInput(view.container), new File(["%PDF-1.4"], "史料.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("史料.pdf 上传成功！")).toBeTruthy();
    const upload = calls.find((c) => c.url === "/bbh/api/ossFile/upload")!;
    expect(upload.method).toBe("post");
    expect((upload.payload as FormData).get("file")).toBeInstanceOf(File);
    await waitFor(() => expect(screen.getByTestId("upload-progress").textContent).toContain("史料.pdf"));
  });
});
