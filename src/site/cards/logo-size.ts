/**
 * A logo's size in pixels from its first bytes (PNG, GIF and JPEG headers; an SVG's width and
 * height, else its viewBox), so a rebuild can lay a card out and find it in the cache without
 * loading an image library. Undefined when the file does not say.
 */
export function logoSize(bytes: Uint8Array, svg: boolean): { width: number; height: number } | undefined {
  const size = svg ? svgSize(new TextDecoder().decode(bytes.subarray(0, 8192))) : rasterSize(bytes);
  return size && size.width > 0 && size.height > 0 && Number.isFinite(size.width / size.height) ? size : undefined;
}

function rasterSize(b: Uint8Array): { width: number; height: number } | undefined {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50) return { width: v.getUint32(16), height: v.getUint32(20) };
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49) return { width: v.getUint16(6, true), height: v.getUint16(8, true) };
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  // JPEG: walk the segments to the first start-of-frame (SOF0-SOF15, not DHT C4, JPG C8, DAC CC).
  for (let at = 2; at + 9 < b.length; ) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: v.getUint16(at + 7), height: v.getUint16(at + 5) };
    }
    at += 2 + v.getUint16(at + 2);
  }
  return undefined;
}

function svgSize(text: string): { width: number; height: number } | undefined {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const px = (value: string | undefined) => (value && /^\s*[\d.]+\s*(px)?\s*$/.test(value) ? parseFloat(value) : undefined);
  const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  const [width, height] = [px(attr('width')), px(attr('height'))];
  if (width && height) return { width, height };
  if (box?.length === 4 && box.every(Number.isFinite)) {
    // One of width/height given: the other follows the viewBox's proportions.
    const ratio = box[2]! / box[3]!;
    if (width) return { width, height: width / ratio };
    if (height) return { width: height * ratio, height };
    return { width: box[2]!, height: box[3]! };
  }
  return undefined;
}
