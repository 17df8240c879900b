import { useOutletContext } from 'react-router';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';

/** What the backoffice layout hands its pages: the tip jar of the URL's slug, loaded and found. */
export interface BackofficeOutletContext {
  tipjar: BackofficeTipjar;
  /** Loads the tip jar again (a payment's outcome may have arrived), and whether that is under way. */
  refresh: () => void;
  refreshing: boolean;
}

/** The tip jar of a backoffice page. Only under the backoffice layout, which renders its pages once it has one. */
export function useBackofficeTipjar(): BackofficeTipjar {
  return useOutletContext<BackofficeOutletContext>().tipjar;
}

/** The backoffice layout's reload of its tip jar (see BackofficeOutletContext). */
export function useBackofficeRefresh(): Pick<BackofficeOutletContext, 'refresh' | 'refreshing'> {
  const { refresh, refreshing } = useOutletContext<BackofficeOutletContext>();
  return { refresh, refreshing };
}
