#!/usr/bin/env node
// `npm run bench -- build` (issue 41 item 2): the sample configs' photos made into every
// derivative clinic-gen makes of them (the same widths, formats and settings: settings.ts) by sharp
// itself, every derivative at once on all cores, the way a script calling sharp directly would.
// The time from loading sharp to the last file, in ms, is printed as JSON. Run as its own process,
// as a build is.
import { readFileSync } from 'node:fs';

const t0 = performance.now();
const { default: sharp } = await import('sharp');
const { jobs } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const bytes = new Map();
const files = await Promise.all(
  jobs.flatMap(({ file, widths, formats }) => {
    if (!bytes.has(file)) bytes.set(file, readFileSync(file));
    return widths.flatMap((width) =>
      Object.entries(formats).map(async ([format, options]) => {
        let img = sharp(bytes.get(file)).autoOrient().resize({ width, withoutEnlargement: true }).toColourspace('srgb');
        if (format === 'jpeg') img = img.flatten({ background: '#ffffff' }).jpeg(options);
        else img = format === 'avif' ? img.avif(options) : img.webp(options);
        return (await img.toBuffer()).length;
      }),
    );
  }),
);
console.log(JSON.stringify({ ms: performance.now() - t0, files: files.length, bytes: files.reduce((a, b) => a + b, 0) }));
