import { defineConfig } from 'vitest/config';
import { CorporaReporter } from './support/corpora-reporter.js';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Makes .cards/ from the shared Forge archive before any test file is read (when it is there).
    globalSetup: ['test/support/corpora-setup.ts'],
    // The JSON report is what .ci/run counts; the default reporter is what people read; the
    // corpora reporter prints one line counting the tests skipped for want of ../shared.
    reporters: ['default', new CorporaReporter(), 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
