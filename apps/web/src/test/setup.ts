import { afterEach } from 'vitest';
import { cleanup } from '@/test/render';

afterEach(() => {
  cleanup();
});
