import { FONT_FACES, fallbackFamily, fontStack, type FontFace, type WebFontChoice } from './faces.js';
import { fallbackOverrides, LOCAL_FONTS, type LocalFace } from './fallback.js';
import type { FaceMetrics } from './font-files.js';

/**
 * The @font-face rules of one face, appended to the site's stylesheet by scripts/build.mjs: the
 * web font (swap, so text shows at once in the fallback; its Latin range), then one fallback
 * family per local font, scaled to the web font's metrics, then the stack that pages on this face
 * use (`<html data-font="inter">`, see styles.css). `url` is relative to the stylesheet.
 */
export function faceCss(choice: WebFontChoice, face: FontFace, url: string, metrics: FaceMetrics): string {
  const rules = [
    `@font-face{font-family:'${face.family}';font-style:normal;font-display:swap;font-weight:${face.weights};` +
      `src:url(${url}) format('woff2');unicode-range:${face.unicodeRange}}`,
  ];
  for (const local of LOCAL_FONTS) {
    const family = `${fallbackFamily(face)}${local.suffix}`;
    rules.push(fallbackRule(family, 400, local.regular, metrics.regular), fallbackRule(family, 700, local.bold, metrics.bold));
  }
  rules.push(`html[data-font=${choice}]{--font-body:${fontStack(face, LOCAL_FONTS.map((l) => l.suffix))}}`);
  return rules.join('\n');
}

function fallbackRule(family: string, weight: number, local: LocalFace, font: FaceMetrics['regular']): string {
  const o = fallbackOverrides(font, local.metrics);
  return (
    `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};src:${local.local.map((n) => `local('${n}')`).join(',')};` +
    `size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}}`
  );
}

/** The rules of every face, by the file each is served as (`inter-latin-wght.<hash>.woff2`, beside the stylesheet). */
export function allFacesCss(urls: Record<WebFontChoice, string>, metricsOf: (face: FontFace) => FaceMetrics): string {
  return (Object.keys(FONT_FACES) as WebFontChoice[]).map((c) => faceCss(c, FONT_FACES[c], urls[c], metricsOf(FONT_FACES[c]))).join('\n');
}
