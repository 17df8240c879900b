import type { ReactNode } from 'react';
import type { TwoStepNeeded } from '@/lib/auth';

/**
 * The second step of a login with two-step login on (decision 036), as the inline logins (the
 * storefront's monthly tip, ordering a Podpot) show it: `restart` goes back to the password. Features
 * may not import each other, so the page passes two-step's LoginSecondStep (like lib/checkout-slot.ts).
 */
export type SecondStep = (step: TwoStepNeeded, restart: () => void) => ReactNode;
