import '@/storefront/storefront.css';
import '@/storefront/supporters.css';

/*
 * The storefront's own entry (storefront.html, decision 021): a listener's first visit loads this and
 * React, not the full app. The server's HTML is the real page, so it paints first: React and the page's
 * code (src/storefront/boot.tsx) are fetched after that frame, and hydrate it then.
 */
requestAnimationFrame(() => setTimeout(() => void import('@/storefront/boot')));
