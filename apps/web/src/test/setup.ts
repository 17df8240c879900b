import { configure } from '@testing-library/dom';
import { afterEach, beforeAll } from 'vitest';
import { i18n } from '@/lib/i18n';
import { cleanup } from '@/test/render';

// Lazy route chunks load on demand; on a busy 2-core CI machine that can take longer than the
// default 1 s of findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// Test files share a worker (isolate off, decision 069): each starts at / in English, whatever the
// file before it left (a route under /nl switches the one i18n instance to Dutch).
beforeAll(async () => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
