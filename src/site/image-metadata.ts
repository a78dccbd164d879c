import { concatBytes } from '../model/files.js';

/**
 * Metadata taken out of a raster logo without decoding it: a logo is copied into every generated
 * site, package and deployment, and a JPEG from a phone or an editor can carry where and when it
 * was made (EXIF GPS), who made it and with what (XMP, IPTC, comments). Photos are re-encoded by
 * sharp and lose it that way (images/); a logo keeps its exact pixels, so its files are walked and
 * only the metadata blocks are dropped. What the image needs to look the same stays: JPEG's JFIF,
 * ICC profile and Adobe segments, PNG's colour and transparency chunks, GIF's frames and looping.
 * A file whose blocks cannot be walked is refused, never passed on as it is: an image decoder may
 * still show it (and read the EXIF in it), so whatever it carries would reach every site.
 */

/** Each walker's answer: the bytes without metadata, the same bytes when it had none, or `undefined`: not walkable. */
type Walked = Uint8Array | undefined;

/**
 * The file without its metadata (the same bytes when there is none to drop), or `ok: false` when
 * its blocks cannot be walked (truncated, a block length that runs past the end, stray bytes).
 */
export function stripRasterMetadata(bytes: Uint8Array, kind: 'png' | 'jpg' | 'gif'): { ok: true; bytes: Uint8Array } | { ok: false } {
  let out: Walked;
  try {
    out = kind === 'jpg' ? stripJpeg(bytes) : kind === 'png' ? stripPng(bytes) : stripGif(bytes);
  } catch {
    out = undefined;
  }
  return out ? { ok: true, bytes: out } : { ok: false };
}

const ascii = (b: Uint8Array, from: number, length: number) => String.fromCharCode(...b.subarray(from, from + length));

/**
 * JPEG: APP0 (JFIF), APP2 ICC_PROFILE and APP14 (Adobe) are kept; every other APPn and COM go.
 * A marker may follow any number of 0xFF fill bytes (ITU T.81, B.1.1.2), which are dropped too.
 */
function stripJpeg(b: Uint8Array): Walked {
  if (b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  let dropped = false;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return undefined;
    if (b[i + 1] === 0xff) {
      i += 1;
      dropped = true;
      continue;
    }
    const marker = b[i + 1]!;
    // Start of scan: the compressed data is copied as it is, up to the end of the image (EOI, the
    // first 0xFF 0xD9 from here: inside scans a 0xFF byte is followed by 0x00 or a restart marker).
    // What follows it goes: a second picture with an EXIF of its own (MPO), a phone's trailer. A
    // file cut short before EOI keeps what it has, as decoders show it.
    if (marker === 0xda) {
      const eoi = indexOfEoi(b, i + 2);
      parts.push(b.subarray(i, eoi < 0 ? b.length : eoi + 2));
      return dropped || (eoi >= 0 && eoi + 2 < b.length) ? concatBytes(parts) : b;
    }
    // Markers without a length (TEM, RST0-7) stand alone.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    if (length < 2 || i + 2 + length > b.length) return undefined;
    const segment = b.subarray(i, i + 2 + length);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const keep = !isApp && marker !== 0xfe ? true : marker === 0xe0 || marker === 0xee || (marker === 0xe2 && ascii(b, i + 4, 11) === 'ICC_PROFILE');
    if (keep) parts.push(segment);
    else dropped = true;
    i += 2 + length;
  }
  return undefined;
}

/** PNG ancillary chunks kept: colour, transparency, pixel size and animation (APNG). Text, EXIF and times go. */
/** The offset of the first EOI marker (0xFF 0xD9) at or after `from`, or -1. */
function indexOfEoi(b: Uint8Array, from: number): number {
  for (let k = b.indexOf(0xff, from); k >= 0 && k + 1 < b.length; k = b.indexOf(0xff, k + 1)) if (b[k + 1] === 0xd9) return k;
  return -1;
}

const PNG_KEPT = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'acTL', 'fcTL', 'fdAT']);

function stripPng(b: Uint8Array): Walked {
  if (b.length < 8 || ascii(b, 1, 3) !== 'PNG') return undefined;
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  let dropped = false;
  while (i + 12 <= b.length) {
    const length = ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + length;
    if (end > b.length) return undefined;
    // Critical chunks (an upper-case first letter) always stay.
    const critical = type.charCodeAt(0) < 0x61;
    if (critical || PNG_KEPT.has(type)) parts.push(b.subarray(i, end));
    else dropped = true;
    i = end;
    // Anything after IEND (appended data a viewer never shows) goes too.
    if (type === 'IEND') return dropped || end < b.length ? concatBytes(parts) : b;
  }
  return undefined;
}

/** GIF: comment extensions and application extensions other than looping (XMP lives in one) go. */
function stripGif(b: Uint8Array): Walked {
  if (ascii(b, 0, 3) !== 'GIF') return undefined;
  const packed = b[10]!;
  let i = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const parts: Uint8Array[] = [b.subarray(0, i)];
  let dropped = false;
  /** The end of the data sub-blocks starting at `at` (after their 0 terminator). */
  const subBlocks = (at: number) => {
    while (at < b.length && b[at] !== 0) at += 1 + b[at]!;
    if (at >= b.length) throw new Error('truncated');
    return at + 1;
  };
  // The trailer (0x3B) ends the image; anything after it goes. A file that ends, or meets a stray
  // byte, where a block would start is ended there, as browsers and decoders read it: every block
  // before has been walked, and a trailer is added.
  const ended = (at: number) => (b[at] === 0x3b && at + 1 === b.length && !dropped ? b : concatBytes([...parts, Uint8Array.of(0x3b)]));
  for (;;) {
    const introducer = b[i];
    if (introducer === undefined || introducer === 0x3b || (introducer !== 0x2c && introducer !== 0x21)) return ended(i);
    if (introducer === 0x2c) {
      const flags = b[i + 9]!;
      const table = flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0;
      const end = subBlocks(i + 10 + table + 1);
      parts.push(b.subarray(i, end));
      i = end;
      continue;
    }
    const label = b[i + 1]!;
    const end = subBlocks(i + 2);
    const looping = label === 0xff && ['NETSCAPE2.0', 'ANIMEXTS1.0'].includes(ascii(b, i + 3, 11));
    if (label === 0xfe || (label === 0xff && !looping)) dropped = true;
    else parts.push(b.subarray(i, end));
    i = end;
  }
}
