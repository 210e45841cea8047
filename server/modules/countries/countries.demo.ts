/** The demo countries (SEED=demo): where the demo partners are, and their neighbours. */
export const DEMO_COUNTRIES = [
  { code: 'VN', name: 'Việt Nam', region: 'Asia' },
  { code: 'SG', name: 'Singapore', region: 'Asia' },
  { code: 'TH', name: 'Thailand', region: 'Asia' },
  { code: 'JP', name: 'Japan', region: 'Asia' },
  { code: 'DE', name: 'Germany', region: 'Europe' },
  { code: 'US', name: 'United States', region: 'Americas' },
  { code: 'AU', name: 'Australia', region: 'Oceania' },
] as const;
