import { brotliDecompressSync } from 'node:zlib';

/**
 * The tables of a font file, by tag (`head`, `hhea`, `OS/2`, `cmap`, `hmtx`...): enough to read
 * its metrics, for the fallback face that keeps the page from shifting when the web font arrives
 * (fallback.ts), and to measure text on social cards. TrueType/OpenType files and WOFF2 (the web
 * fonts the site serves) are read; a WOFF2 table stored transformed (glyf, loca) is left out, as
 * nothing here needs glyph outlines.
 */
export type SfntTables = Map<string, DataView>;

export type SfntResult = { ok: true; tables: SfntTables } | { ok: false; error: string };

const view = (b: Uint8Array, offset = 0, length = b.byteLength - offset) => new DataView(b.buffer, b.byteOffset + offset, length);
const tagAt = (d: DataView, at: number) => String.fromCharCode(d.getUint8(at), d.getUint8(at + 1), d.getUint8(at + 2), d.getUint8(at + 3));

/** The tables of a TrueType/OpenType or WOFF2 font. */
export function readSfnt(bytes: Uint8Array): SfntResult {
  if (bytes.byteLength < 12) return { ok: false, error: 'too short for a font file' };
  const d = view(bytes);
  const signature = tagAt(d, 0);
  try {
    if (signature === 'wOF2') return readWoff2(bytes, d);
    if (signature === 'OTTO' || signature === 'true' || d.getUint32(0) === 0x00010000) return readPlain(bytes, d);
  } catch (err) {
    return { ok: false, error: `a damaged font file (${(err as Error).message})` };
  }
  return { ok: false, error: 'not a TrueType, OpenType or WOFF2 font' };
}

function readPlain(bytes: Uint8Array, d: DataView): SfntResult {
  const tables: SfntTables = new Map();
  const count = d.getUint16(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const offset = d.getUint32(at + 8);
    const length = d.getUint32(at + 12);
    if (offset + length > bytes.byteLength) return { ok: false, error: 'a table runs past the end of the file' };
    tables.set(tagAt(d, at), view(bytes, offset, length));
  }
  return { ok: true, tables };
}

/** WOFF2 known-table tags, by the index in a table entry's flags (W3C WOFF2, section 5.1). */
const KNOWN_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep', 'CFF ', 'VORG', 'EBDT',
  'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE', 'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH',
  'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt', 'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar',
  'gvar', 'hsty', 'just', 'lcar', 'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
];

function readWoff2(bytes: Uint8Array, d: DataView): SfntResult {
  const count = d.getUint16(12);
  const compressedLength = d.getUint32(20);
  let p = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = d.getUint8(p++);
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('a length longer than five bytes');
  };
  const entries: { tag: string; length: number; transformed: boolean }[] = [];
  for (let i = 0; i < count; i++) {
    const flags = d.getUint8(p++);
    let tag = KNOWN_TAGS[flags & 0x3f]!;
    if ((flags & 0x3f) === 63) {
      tag = tagAt(d, p);
      p += 4;
    }
    const version = flags >> 6;
    const origLength = base128();
    // glyf and loca are transformed unless their version is 3; every other table unless it is 0.
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    entries.push({ tag, length: transformed ? base128() : origLength, transformed });
  }
  const data = new Uint8Array(brotliDecompressSync(bytes.subarray(p, p + compressedLength)));
  const tables: SfntTables = new Map();
  let at = 0;
  for (const e of entries) {
    if (at + e.length > data.byteLength) return { ok: false, error: 'a table runs past the end of the font data' };
    if (!e.transformed) tables.set(e.tag, view(data, at, e.length));
    at += e.length;
  }
  return { ok: true, tables };
}
