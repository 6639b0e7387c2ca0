import { ConfigProvider, message, type ThemeConfig } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { useEffect, useMemo, useRef, type ReactNode } from "react";

import { theme as defaultTheme } from "../theme";
import { useSettings } from "./settings";
import { buildTheme, THEME_FAILURE_MESSAGE } from "./theme";

/**
 * antd's ConfigProvider with the theme of the layout settings. A colour that cannot become a theme keeps
 * the last good one and says 'Failed to update theme' (spec §8). Colour-weak mode filters the whole page.
 */
export function ThemedConfigProvider({ children }: { children: ReactNode }) {
  const { primaryColor, colorWeak } = useSettings();
  const lastGood = useRef<ThemeConfig>(defaultTheme);
  const { theme, failed } = useMemo(() => {
    try {
      lastGood.current = buildTheme(primaryColor);
      return { theme: lastGood.current, failed: false };
    } catch {
      return { theme: lastGood.current, failed: true };
    }
  }, [primaryColor]);

  useEffect(() => {
    if (failed) void message.error(THEME_FAILURE_MESSAGE);
  }, [failed, primaryColor]);

  useEffect(() => {
    document.body.classList.toggle("colorWeak", colorWeak);
  }, [colorWeak]);

  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

/** The theme static antd calls (notifications of the error catalogue) should use. */
export function currentTheme(primaryColor: string): ThemeConfig {
  try {
    return buildTheme(primaryColor);
  } catch {
    return defaultTheme;
  }
}
