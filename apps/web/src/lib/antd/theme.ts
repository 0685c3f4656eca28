// The antd theme of a primary colour, light or dark: used by AntdProvider, and by the build, which writes
// the default theme's styles into a stylesheet (scripts/antd-static-css.tsx).
import { theme, type ThemeConfig } from 'antd';

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * The chosen colour, darkened (same hue) until white text on it and it as text on its light tint reach 4.5:1
 * (WCAG AA): #1890FF itself gives 3.2:1 on white, so buttons, links, selected menu items and tabs would be hard to read.
 */
export function readableShade(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  let rgb = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  while (luminance(rgb) > 0.15) rgb = rgb.map((c) => Math.floor(c * 0.95));
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

// Light theme: antd's secondary greys (45 % black), placeholders (25 %), the red and the 7th shade of the lighter
// tag colours are below 4.5:1 on white; these are the nearest shades that reach it.
const READABLE_LIGHT = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorError: '#cf1322',
  green7: '#237804',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  cyan7: '#006d75',
  volcano7: '#ad2102',
};

/**
 * The chosen colour, lightened towards white until it as text on the dark theme's black and grey surfaces
 * reaches 4.5:1 (WCAG AA): links, selected tabs and other coloured text in dark mode.
 */
export function readableTint(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  let rgb = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  while (luminance(rgb) < 0.3) rgb = rgb.map((c) => Math.min(255, Math.ceil(c + (255 - c) * 0.08)));
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

// Dark theme: antd's secondary and disabled-looking whites (45 % and 25 %) are below 4.5:1 on its surfaces.
const READABLE_DARK = {
  colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
  colorTextDescription: 'rgba(255, 255, 255, 0.65)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
};

/** The colour a little darker (same hue): `factor` of each channel. */
function deeper(hex: string, factor: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  const rgb = [0, 2, 4].map((i) => Math.floor(parseInt(m[1].slice(i, i + 2), 16) * factor));
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export function themeOf(chosen: string, dark: boolean): ThemeConfig {
  // solid buttons keep white text on the darker shade in both themes; coloured text on dark surfaces is a light tint
  const primary = readableShade(chosen);
  const text = dark ? readableTint(chosen) : primary;
  const readable = dark ? READABLE_DARK : READABLE_LIGHT;
  // Hovered and pressed: antd lightens the colour (3.7:1 against white), and a phone keeps a tapped button
  // hovered. They go darker instead: white on them, and they as text on white, stay above 4.5:1.
  const hover = deeper(primary, 0.88);
  const active = deeper(primary, 0.76);
  const pressed = dark
    ? { colorPrimaryHover: hover, colorPrimaryActive: active, colorPrimaryTextHover: text, colorPrimaryTextActive: text }
    : { colorPrimaryHover: hover, colorPrimaryActive: active, colorPrimaryTextHover: hover, colorPrimaryTextActive: active };
  const token = { ...readable, ...pressed, colorPrimary: primary, colorInfo: primary, colorLink: text, colorLinkHover: text, colorLinkActive: text };
  // an outlined button's text when hovered or pressed: on a dark surface the light tint, not the solid shade
  const Button = dark ? { defaultHoverColor: text, defaultHoverBorderColor: text, defaultActiveColor: text, defaultActiveBorderColor: text } : {};
  // an empty List's or Table's text is drawn in the disabled grey; it is content, not a disabled control
  const emptyText = { colorTextDisabled: readable.colorTextDescription };
  // status tags and texts write in the success and warning colours themselves (icons and bars keep the bright ones)
  const statusText = { colorSuccess: READABLE_LIGHT.green7, colorWarning: READABLE_LIGHT.gold7 };
  const selectedText = { itemSelectedColor: text, itemActiveColor: text, itemHoverColor: text };
  const components = dark
    ? { Button, List: emptyText, Table: emptyText, Tabs: selectedText, Menu: { itemSelectedColor: text, subMenuItemSelectedColor: text, horizontalItemSelectedColor: text }, Statistic: { colorTextDescription: READABLE_DARK.colorTextDescription } }
    : { List: emptyText, Table: emptyText, Tag: statusText, Typography: statusText };
  return { token, components, algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm };
}
