import type { PaymentMethodType } from '@podpot/domain';

/* ---------- logos (50x50, docs/product.md §9) ---------- */

function IdealLogo() {
  return (
    <svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="48" height="48" rx="8" fill="#fff" stroke="#cc0066" strokeWidth="2" />
      <rect x="9" y="16" width="5" height="20" fill="#000" />
      <circle cx="11.5" cy="11" r="3" fill="#000" />
      <path d="M18 12h9a12 12 0 0 1 0 24h-9z" fill="#cc0066" />
      <text x="25" y="28" fontSize="9" fontWeight="700" fill="#fff" fontFamily="Arial, sans-serif" textAnchor="middle">
        DEAL
      </text>
    </svg>
  );
}

function BancontactLogo() {
  return (
    <svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="48" height="48" rx="8" fill="#fff" stroke="#1e3764" strokeWidth="2" />
      <path d="M7 28h16l6-8h14l-6 8H21l-6 8H7z" fill="#1e3764" />
      <path d="M7 20h14l-4 6H7z" fill="#005ab9" />
      <path d="M29 20h14l-6 8H25z" fill="#ffd800" />
    </svg>
  );
}

export const PAYMENT_LOGOS: Record<PaymentMethodType, () => React.JSX.Element> = {
  ideal: IdealLogo,
  bcmc: BancontactLogo,
};
