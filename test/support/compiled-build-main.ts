import { buildIfStale } from './compiled-build';

// Run detached by the e2e setup (global-setup.ts), so that the suite does not wait for the build.
buildIfStale().catch(() => process.exit(1));
