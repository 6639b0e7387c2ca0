import type { ThemeConfig } from "antd";

/** Spec §9: theme colour #1890FF (daybreak blue). */
export const PRIMARY_COLOR = "#1890FF";

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR },
};
