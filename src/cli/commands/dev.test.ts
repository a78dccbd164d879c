import { describe, expect, it } from 'vitest';
import { runMain } from '../../../test/helpers/cli.js';

// Serving, reloading and stopping on a signal are tested on the built binary (test/cli/dev.test.ts).
describe('clinic-gen dev, before it starts', () => {
  it('names a config that is not there, and a bad port', async () => {
    const missing = await runMain(['dev', '--config', 'configs/nowhere.yaml']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('error: config not found: configs/nowhere.yaml\nPass a YAML file such as configs/tampa.yaml (clinic-gen init writes a new one).\n');
    const port = await runMain(['dev', '--config', 'configs/tampa.yaml', '--port', 'http']);
    expect(port.code).toBe(1);
    expect(port.stderr).toBe('error: --port must be a whole number from 0 to 65535, not "http"\n');
  });

  it('has an example in --help', async () => {
    expect((await runMain(['dev', '--help'])).stdout).toMatch(/Examples:\n {2}clinic-gen dev --config configs\/tampa\.yaml/);
  });
});
