import { createHash } from 'node:crypto';
import type { WrittenEntry } from './tar-writer.js';

/**
 * A backup's manifest, `clinic-gen-backup.json`, the last entry of the archive (docs/backups.md).
 * From format 2 on it lists every entry of the archive with each file's size and SHA-256, and ends
 * with the SHA-256 of every byte before that line (as PostgreSQL's backup manifest ends with its
 * own checksum): a flipped byte in a file or in the manifest is found without restoring anything.
 * Format 1 (clinic-gen before checksums) has neither; it still restores, unverified.
 */

export const MANIFEST_FILE = 'clinic-gen-backup.json';
/** 2: `entries` and `manifestSha256`, `plaintextMessages`, and every tar header as tar-writer.ts writes it (verify.ts checks each byte). */
export const FORMAT_VERSION = 2;

export interface BackupCounts {
  messages: number;
  cities: number;
  accounts: number;
  /** Sites with a live release. */
  sites: number;
  releases: number;
  /** Files of the releases (a file several releases share counts once a release). */
  files: number;
  uploads: number;
}

/** One entry of the archive as the manifest lists it, in the archive's order. */
export type ManifestEntry = WrittenEntry;

export interface BackupManifest {
  format: 'clinic-gen-backup';
  /** 1 before checksums; FORMAT_VERSION for what this clinic-gen writes. */
  formatVersion: number;
  clinicGenVersion: string;
  /** The database's schema version (its last migration). */
  schemaVersion: number;
  /** When the database was copied: every message committed before then is in the backup. */
  createdAt: string;
  /** The id (a fingerprint, not the key) of the data key the data was written with; null before any server started on it. */
  dataKeyId: string | null;
  databaseBytes: number;
  counts: BackupCounts;
  /** Patients' messages the database holds in clear (stored before messages were sealed at rest). Absent in format 1. */
  plaintextMessages?: number;
  notIncluded: string[];
  /** Every entry of the archive but the manifest, each file with its size and SHA-256. Absent in format 1. */
  entries?: ManifestEntry[];
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
/** The manifest's last line and its end: `  "manifestSha256": "<64 hex>"\n}\n`. */
const TAIL = /^ {2}"manifestSha256": "([0-9a-f]{64})"\n\}\n$/;
const TAIL_BYTES = '  "manifestSha256": "'.length + 64 + '"\n}\n'.length;

/**
 * The manifest's bytes: JSON, one entry a line, ending with `manifestSha256`, the SHA-256 of every
 * byte before its line. It is still one JSON object (`tar -xOf backup.tar clinic-gen-backup.json | jq`).
 */
export function manifestBytes(m: BackupManifest): Buffer {
  const { entries = [], ...head } = m;
  const top = JSON.stringify(head, null, 2);
  const list = entries.map((e) => `    ${JSON.stringify(e)}`).join(',\n');
  const covered = `${top.slice(0, -2)},\n  "entries": [\n${list}\n  ],\n`;
  return Buffer.from(`${covered}  "manifestSha256": "${sha256(covered)}"\n}\n`, 'utf8');
}

export type ManifestRead =
  | { ok: true; manifest: BackupManifest; /** false: format 1, which holds no checksums */ checked: boolean }
  | { ok: false; error: string };

const damaged = (why: string): ManifestRead => ({ ok: false, error: `the manifest (${MANIFEST_FILE}) is damaged: ${why}` });

/**
 * The manifest read back. Its own SHA-256 is checked first, on the bytes as they are, before
 * anything in it is believed: a flipped byte in it (its format number included) is damage, never
 * an older or newer format.
 */
export function readManifest(bytes: Buffer): ManifestRead {
  let parsed: Partial<BackupManifest> | undefined;
  try {
    parsed = JSON.parse(bytes.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    parsed = undefined;
  }
  const newer = typeof parsed?.formatVersion === 'number' && parsed.formatVersion > FORMAT_VERSION ? parsed.formatVersion : undefined;
  const orNewer = newer ? ` (or it is of format ${newer}, made by clinic-gen ${String(parsed?.clinicGenVersion)}: check it with that clinic-gen or newer)` : '';
  const tail = bytes.length > TAIL_BYTES ? TAIL.exec(bytes.subarray(bytes.length - TAIL_BYTES).toString('latin1')) : null;
  if (tail) {
    if (sha256(bytes.subarray(0, bytes.length - TAIL_BYTES)) !== tail[1]) return damaged(`its SHA-256 is not the one written at its end${orNewer}`);
    if (!parsed) return damaged('it is not JSON');
  } else {
    if (!parsed) return damaged(`it is not JSON${bytes.includes('"manifestSha256"') ? '' : ', and holds no SHA-256 of its own'}`);
    if (parsed.format !== 'clinic-gen-backup' || typeof parsed.formatVersion !== 'number') {
      return bytes.includes('"manifestSha256"') ? damaged('its last line, its SHA-256, is not as clinic-gen writes it') : { ok: false, error: `${MANIFEST_FILE} is not a clinic-gen backup's manifest` };
    }
    if (parsed.formatVersion >= 2) return damaged(`its last line, its SHA-256, is missing or changed${orNewer}`);
  }
  const m = parsed as Partial<BackupManifest>;
  if (m.format !== 'clinic-gen-backup' || typeof m.formatVersion !== 'number') return { ok: false, error: `${MANIFEST_FILE} is not a clinic-gen backup's manifest` };
  if (newer) return { ok: false, error: `a backup of format ${newer}, made by clinic-gen ${m.clinicGenVersion ?? '(newer)'}: upgrade clinic-gen to check or restore it` };
  if (!tail) return { ok: true, manifest: m as BackupManifest, checked: false };
  if (!Array.isArray(m.entries) || typeof m.plaintextMessages !== 'number') return damaged('it lists no entries');
  return { ok: true, manifest: m as BackupManifest, checked: true };
}
