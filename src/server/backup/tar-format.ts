/**
 * The tar format of `clinic-gen backup` (docs/backups.md): POSIX ustar, with pax extended headers
 * for what ustar cannot hold (a path past 255 bytes, a link target past 100, a file past 8 GiB).
 * Any tar reads what this writes (`tar -tvf backup.tar`). The reader takes the ustar, pax and GNU
 * variants other tools write and reports every entry as it is, names unchecked: restore decides
 * what it accepts (backup.ts). Written here rather than taken from a package because a backup needs
 * exactly four entry types, and restore must see every raw name to refuse one, not have it
 * sanitized away.
 */

export type TarType = 'file' | 'directory' | 'symlink' | 'hardlink';

export interface TarHeader {
  /** Relative, `/`-separated; a directory's without the trailing `/` (it is added in the archive). */
  path: string;
  type: TarType;
  /** Permission bits (0o644). */
  mode: number;
  /** Seconds since 1970. */
  mtime: number;
  /** Bytes of a file's content; 0 for the other types. */
  size: number;
  /** A symlink's target, or a hard link's earlier entry. */
  linkpath?: string;
}

/** An entry as read back: its header, its raw type flag, and where its content starts in the file. */
export interface TarEntry extends Omit<TarHeader, 'type'> {
  type: TarType | 'other';
  /** The type flag as written ('0', '5', '2', '1', '3' for a character device...). */
  flag: string;
  dataOffset: number;
}

/** The file is not a tar archive, is damaged, or was cut short. */
export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

/** Tar's block: every header, and every entry's content padded, is a multiple of it. */
export const BLOCK = 512;
