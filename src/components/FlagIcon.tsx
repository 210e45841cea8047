import type { Language } from '../../contract/http';

/** Inline flags (no icon service): the United Kingdom for English, Vietnam for Vietnamese. */
export function FlagIcon({ language, size = 24 }: { language: Language; size?: number }) {
  const common = { width: size, height: (size * 2) / 3, style: { borderRadius: 3, display: 'block' } } as const;
  if (language === 'vi') {
    return (
      <svg {...common} viewBox="0 0 30 20" aria-hidden="true">
        <rect width="30" height="20" fill="#DA251D" />
        <polygon fill="#FFFF00" points="15,4 16.76,9.43 22.47,9.43 17.85,12.79 19.62,18.21 15,14.86 10.38,18.21 12.15,12.79 7.53,9.43 13.24,9.43" />
      </svg>
    );
  }
  return (
    <svg {...common} viewBox="0 0 60 40" aria-hidden="true">
      <clipPath id="flag-en-clip">
        <rect width="60" height="40" />
      </clipPath>
      <g clipPath="url(#flag-en-clip)">
        <rect width="60" height="40" fill="#012169" />
        <path d="M0,0 L60,40 M60,0 L0,40" stroke="#FFFFFF" strokeWidth="8" />
        <path d="M0,0 L60,40 M60,0 L0,40" stroke="#C8102E" strokeWidth="3" />
        <path d="M30,0 V40 M0,20 H60" stroke="#FFFFFF" strokeWidth="12" />
        <path d="M30,0 V40 M0,20 H60" stroke="#C8102E" strokeWidth="7" />
      </g>
    </svg>
  );
}
