import { describe, expect, it } from 'vitest';
import { LIGHT_RICH_TOAST_COLORS } from './toast-colors';

/** hsl(h, s%, l%) → sRGB 0..1 (CSS Color 4). */
const rgbOf = (hsl: string): [number, number, number] => {
  const [h, s, l] = hsl.match(/[\d.]+/g)!.map(Number) as [number, number, number];
  const sat = s / 100;
  const light = l / 100;
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return light - sat * Math.min(light, 1 - light) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
};
const luminance = (hsl: string) => {
  const [r, g, b] = rgbOf(hsl).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('rich toast colours on a light theme', () => {
  it("sonner's own success pair is below AA (what an axe run of the console found)", () => {
    expect(contrast('hsl(140, 100%, 27%)', 'hsl(143, 85%, 96%)')).toBeLessThan(4.5);
  });

  it.each(['success', 'info', 'warning', 'error'] as const)('%s text on its background meets WCAG AA (4.5:1)', (type) => {
    const text = LIGHT_RICH_TOAST_COLORS[`--${type}-text`];
    const background = LIGHT_RICH_TOAST_COLORS[`--${type}-bg`];
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });
});
