import { useOutletContext } from 'react-router';
import type { BackofficeTipjar } from '@/features/tipjars/api/get-tipjar-by-slug';

/** What the backoffice layout hands its pages: the tip jar of the URL's slug, loaded and found. */
export interface BackofficeOutletContext {
  tipjar: BackofficeTipjar;
}

/** The tip jar of a backoffice page. Only under the backoffice layout, which renders its pages once it has one. */
export function useBackofficeTipjar(): BackofficeTipjar {
  return useOutletContext<BackofficeOutletContext>().tipjar;
}
