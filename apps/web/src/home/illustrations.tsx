/*
 * The landing page's pictures: our own SVG in the brand colours (docs/product.md §9: primary #f28a3d, secondary
 * #4E8381, accent #FBBD51, success #7ED957), drawn inline so they paint with the HTML.
 */

/** A Podpot (the logo's pot) with coins falling in, a microphone and headphones, sound waves behind. */
export function HeroIllustration({ label }: { label: string }) {
  return (
    <svg className="lp-hero-art" viewBox="0 0 400 320" role="img" aria-label={label}>
      <circle cx="200" cy="170" r="140" fill="#fde3c8" />
      <g fill="none" stroke="#4E8381" strokeWidth="6" strokeLinecap="round" opacity="0.5">
        <path d="M70 120a150 150 0 0 0 0 110" />
        <path d="M45 100a185 185 0 0 0 0 150" />
        <path d="M330 120a150 150 0 0 1 0 110" />
        <path d="M355 100a185 185 0 0 1 0 150" />
      </g>
      {/* the pot */}
      <rect x="130" y="150" width="140" height="22" rx="11" fill="#4E8381" />
      <path d="M138 178h124l-12 104a14 14 0 0 1-14 12h-72a14 14 0 0 1-14-12z" fill="#f28a3d" />
      <circle cx="200" cy="230" r="24" fill="#FBBD51" />
      <text
        x="200"
        y="240"
        textAnchor="middle"
        fontSize="30"
        fontWeight="700"
        fill="#a96029"
        fontFamily="system-ui, sans-serif"
      >
        €
      </text>
      {/* coins on their way in */}
      <g fill="#FBBD51" stroke="#c99740" strokeWidth="3">
        <ellipse cx="176" cy="102" rx="16" ry="16" />
        <ellipse cx="226" cy="66" rx="13" ry="13" />
        <ellipse cx="204" cy="128" rx="10" ry="10" />
      </g>
      {/* microphone */}
      <g transform="translate(300 170)">
        <rect x="-14" y="-52" width="28" height="52" rx="14" fill="#4E8381" />
        <path d="M-24 -18v4a24 24 0 0 0 48 0v-4" stroke="#4E8381" strokeWidth="5" fill="none" strokeLinecap="round" />
        <path d="M0 10v22M-16 34h32" stroke="#4E8381" strokeWidth="5" strokeLinecap="round" />
      </g>
      {/* headphones */}
      <g transform="translate(92 178)" fill="none" strokeLinecap="round">
        <path d="M-30 10v-10a30 30 0 0 1 60 0v10" stroke="#4E8381" strokeWidth="6" />
        <rect x="-38" y="4" width="16" height="30" rx="7" fill="#7ED957" />
        <rect x="22" y="4" width="16" height="30" rx="7" fill="#7ED957" />
      </g>
    </svg>
  );
}

const STEP_PATHS = {
  // a magnifying glass over a sound wave
  one: (
    <>
      <circle cx="22" cy="22" r="12" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M31 31l9 9" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      <path d="M16 22h3l2-5 3 10 2-5h3" fill="none" stroke="#f28a3d" strokeWidth="2.5" strokeLinejoin="round" />
    </>
  ),
  // a coin with a plus
  two: (
    <>
      <circle cx="24" cy="24" r="17" fill="#FBBD51" stroke="currentColor" strokeWidth="3" />
      <path d="M24 15v18M15 24h18" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
  // a shield with a check
  three: (
    <>
      <path
        d="M24 5l15 6v11c0 10-6 17-15 21-9-4-15-11-15-21V11z"
        fill="#7ED957"
        stroke="currentColor"
        strokeWidth="3"
      />
      <path d="M17 24l5 5 9-10" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </>
  ),
} as const;

/** The icon of one of the three steps of giving a tip (decorative: the step's title says it). */
export function StepIcon({ step }: { step: keyof typeof STEP_PATHS }) {
  return (
    <svg className="lp-step-icon" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      {STEP_PATHS[step]}
    </svg>
  );
}

/** A check mark for a list of what makers get. */
export function CheckIcon() {
  return (
    <svg className="lp-check" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#7ED957" />
      <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#1b1b1b" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}
