import { describe, expect, it } from 'vitest';
import { themeOf } from './theme';

const lum = (hex: string) => {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

// the display settings' preset colours and a pale one a school might pick
const CHOSEN = ['#1890FF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1', '#FFE58F'];

describe('themeOf: a hovered or pressed button stays readable (a phone keeps a tapped button hovered)', () => {
  it.each(CHOSEN)('light, %s: white on the hovered and pressed fill, and they as text on white, reach 4.5:1', (chosen) => {
    const { token } = themeOf(chosen, false);
    for (const fill of [token!.colorPrimary!, token!.colorPrimaryHover!, token!.colorPrimaryActive!]) expect(contrast('#ffffff', fill)).toBeGreaterThanOrEqual(4.5);
    for (const text of [token!.colorPrimaryTextHover!, token!.colorPrimaryTextActive!]) expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each(CHOSEN)('dark, %s: white on the fills, and an outlined button’s hovered text on the dark surface, reach 4.5:1', (chosen) => {
    const { token, components } = themeOf(chosen, true);
    for (const fill of [token!.colorPrimary!, token!.colorPrimaryHover!, token!.colorPrimaryActive!]) expect(contrast('#ffffff', fill)).toBeGreaterThanOrEqual(4.5);
    const button = components!.Button!;
    for (const text of [button.defaultHoverColor!, button.defaultActiveColor!, token!.colorPrimaryTextHover!]) expect(contrast(text, '#141414')).toBeGreaterThanOrEqual(4.5);
  });
});
