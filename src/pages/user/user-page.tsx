import type { ReactNode } from "react";

import { PRODUCT_NAME } from "../../../providers/config";
import { useDocumentTitle } from "../../layout/document-title";

/** The frame of the /user pages (register, result, alteration): product name and a centred card. */
export function UserPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div style={{ minHeight: "100vh", background: "#f0f2f5", padding: "48px 16px" }}>
      <div style={{ textAlign: "center", fontSize: 28, fontWeight: 600, color: "#c41d1d", marginBottom: 32 }}>{PRODUCT_NAME}</div>
      <div style={{ maxWidth: 400, margin: "0 auto" }}>{children}</div>
    </div>
  );
}

export const PASSWORD_POLICY = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;
export const PASSWORD_POLICY_MESSAGE = "密码由8位数字、大小写字母和特殊符号组成!";
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
