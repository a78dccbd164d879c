import { cpSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { packageRoot } from '../config/package-root.js';
import { CODE_DIGEST, codeDigest, recordedDigest } from './site-inputs.js';

const root = packageRoot();
const fonts = join(root, 'src/site/fonts/files');

/** lib/ and the fonts copied, each file's time kept to the millisecond: a package installed elsewhere. */
function packageCopy(): string {
  const copy = tempDir();
  for (const dir of ['lib', 'src/site/fonts/files']) {
    cpSync(join(root, dir), join(copy, dir), { recursive: true });
    for (const name of readdirSync(join(root, dir), { recursive: true }) as string[]) {
      const st = statSync(join(root, dir, name));
      if (st.isFile()) utimesSync(join(copy, dir, name), st.atime, st.mtime);
    }
  }
  return copy;
}

describe("the code's digest recorded by the build of lib/", () => {
  it('is the digest of lib/ and the fonts as they are, wherever the package sits', () => {
    // npm test builds lib/ first (scripts/build.mjs), which writes the record.
    const recorded = JSON.parse(readFileSync(join(root, 'lib', CODE_DIGEST), 'utf8')) as { digest: string };
    expect(recorded.digest).toBe(codeDigest(join(root, 'lib'), fonts).digest);
    expect(recordedDigest(join(root, 'lib'))).toBe(recorded.digest);
    expect(recordedDigest(join(packageCopy(), 'lib'))).toBe(recorded.digest);
  });

  it('is not taken once a module or font changed, or lib/ holds a module it does not list', () => {
    const edited = packageCopy();
    writeFileSync(join(edited, 'lib/cli.js'), `${readFileSync(join(edited, 'lib/cli.js'), 'utf8')}\n// edited\n`);
    expect(recordedDigest(join(edited, 'lib'))).toBeUndefined();
    expect(codeDigest(join(edited, 'lib'), join(edited, 'src/site/fonts/files')).digest).not.toBe(recordedDigest(join(root, 'lib')));

    const extra = packageCopy();
    writeFileSync(join(extra, 'lib/extra.js'), 'export {};\n');
    expect(recordedDigest(join(extra, 'lib'))).toBeUndefined();

    const font = packageCopy();
    writeFileSync(join(font, 'src/site/fonts/files/extra.woff2'), 'not a font');
    expect(recordedDigest(join(font, 'lib'))).toBeUndefined();

    // The same bytes under another time: not taken on trust either.
    const touched = packageCopy();
    const fontFile = readFileSync(join(root, 'lib', CODE_DIGEST), 'utf8').match(/"(src\/site\/fonts\/files\/[^"]+)"/)![1]!;
    utimesSync(join(touched, fontFile), new Date(), new Date(Date.now() - 60_000));
    expect(recordedDigest(join(touched, 'lib'))).toBeUndefined();
  });
});
