/** The antd theme built from the layout settings; an unusable colour keeps the previous theme. */
import type { ThemeConfig } from "antd";

import { theme as baseTheme } from "../theme";

export const THEME_FAILURE_MESSAGE = "Failed to update theme";

/** Throws when the colour is not a `#rrggbb` colour antd can derive a palette from. */
export function buildTheme(primaryColor: string): ThemeConfig {
  if (!/^#[0-9a-f]{6}$/i.test(primaryColor)) throw new Error(`invalid theme colour: ${primaryColor}`);
  return { ...baseTheme, token: { ...baseTheme.token, colorPrimary: primaryColor, colorLink: primaryColor } };
}
