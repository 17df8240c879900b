import type { ReactNode } from 'react';
import type { TwoStepNeeded } from '@/lib/auth';

/**
 * The second step of a login with two-step login on (decision 036), as the inline logins (the
 * storefront's monthly tip, ordering a Podpot) show it: `restart` goes back to the password; `nested`:
 * inside another <form>, so no <form> of its own (see components/inline-login.tsx). Features
 * may not import each other, so the page passes two-step's LoginSecondStep (like lib/checkout-slot.ts).
 */
export type SecondStep = (step: TwoStepNeeded, restart: () => void, nested?: boolean) => ReactNode;
