import { webProject } from './vitest.config.ts';

/** The web unit tests that replace modules with vi.mock: each file in a module graph of its own. */
export default webProject({ name: 'web-isolated', include: ['src/**/*.isolated.test.{ts,tsx}'] });
