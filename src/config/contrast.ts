/** WCAG 2.x relative luminance and contrast ratio of two hex colours (`#rrggbb`). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG 2.2 AA for normal text: white text on the brand colour and brand links on white. */
export const AA_TEXT = 4.5;

/** A warning when white text on the brand colour (buttons) fails AA, else undefined. */
export function brandContrastWarning(color: string): string | undefined {
  const ratio = contrastRatio(color, '#ffffff');
  if (ratio >= AA_TEXT) return undefined;
  return `${color} has a contrast ratio of ${ratio.toFixed(2)}:1 with white; buttons and links need at least ${AA_TEXT}:1 (WCAG 2.2 AA), so choose a darker colour`;
}
