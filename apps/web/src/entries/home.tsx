import '@/storefront/storefront.css';
import '@/home/home.css';

/*
 * The landing page's own entry (home.html; as the storefront's, decision 021): the server's HTML is the
 * real page, so it paints first; React and the page's code (src/home/boot.tsx) load after that frame and hydrate.
 */
requestAnimationFrame(() => setTimeout(() => void import('@/home/boot')));
