#!/usr/bin/env node
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
