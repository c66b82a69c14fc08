/** The Inkpilot mark and word, as used in the public header and the dashboard sidebar. */
export function LogoMark({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" fill="#2f4ac0" />
      <path d="M9 23l9-14 5 3-9 14-6 1z" fill="#fff" />
    </svg>
  );
}
