import type { Locale } from '@podpot/domain/locale';
import { routePath } from '@/config/paths';
import { Landing } from '@/home/landing';
import type { Translate } from '@/storefront/strings';
import { TopBar } from '@/storefront/top-bar';

/** The landing page as its own entry draws it (server.tsx, boot.tsx): the storefront's light top bar and the page. */
export function HomeApp({ t, locale }: { t: Translate; locale: Locale }) {
  return (
    <>
      <TopBar t={t} locale={locale} path={routePath('home')} />
      <main>
        <Landing t={t} locale={locale} />
      </main>
    </>
  );
}
