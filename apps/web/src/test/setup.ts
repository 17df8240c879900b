import { configure } from '@testing-library/dom';
import { afterEach } from 'vitest';
import { cleanup } from '@/test/render';

// Lazy route chunks load on demand; on a busy 2-core CI machine that can take longer than the
// default 1 s of findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
