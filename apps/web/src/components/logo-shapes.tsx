/** The brand mark's shapes in a 100×50 view box: a pot with a coin, plus the name (docs/product.md §9). Plain SVG, no MUI. */
export function LogoShapes({ brand }: { brand: string }) {
  return (
    <>
      <rect x="4" y="8" width="28" height="6" rx="3" fill="#4E8381" />
      <path d="M6 16h24l-3 26a4 4 0 0 1-4 4H13a4 4 0 0 1-4-4z" fill="#f28a3d" />
      <circle cx="18" cy="29" r="6" fill="#FBBD51" />
      <text x="36" y="33" fontSize="15" fontWeight="700" fill="currentColor" fontFamily="system-ui, sans-serif">
        {brand}
      </text>
    </>
  );
}
