#!/usr/bin/env -S node --max-semi-space-size=8
// The flag: V8's young generation at half its default (16 MB a semi-space). A build of 1,000 cities
// makes garbage fast and keeps little; at the default the main thread's young generation alone
// grew to some 48 MB, and the build's peak memory with it (about 255 MB against 212 MB, the same
// time; issue 25). Build worker threads get the same through resourceLimits (src/build/pool.ts).
// React and friends pick their fast production build from NODE_ENV.
process.env.NODE_ENV ??= 'production';
let cli;
try {
  cli = await import('../lib/cli.js');
} catch (err) {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('lib/cli.js')) {
    console.error('clinic-gen is not built yet: run `npm install` (or `npm run build`) in the project folder first.');
    process.exit(1);
  }
  throw err;
}
process.exitCode = await cli.main(process.argv);
