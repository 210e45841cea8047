/** The most characters of a form's name the funnel's axis shows (its 120 px wide labels). */
export const FUNNEL_TICK_MAX = 16;
/** Characters kept from a long name's end, where forms of one family differ ("… (EU)", "… v2"). */
const TAIL = 5;

const shortened = (name: string, max: number) => (name.length <= max ? name : `${name.slice(0, max - TAIL - 1).trimEnd()}…${name.slice(-TAIL).trimStart()}`);

/**
 * The funnel's axis labels: each form's name cut in the middle (start and end kept, so "Supplier onboarding (EU)"
 * and "Supplier onboarding (Asia)" stay apart), and any labels still alike numbered in order. The full names are
 * in the chart's tooltip and its table.
 */
export function distinctTickLabels(names: readonly string[], max = FUNNEL_TICK_MAX): string[] {
  const labels = names.map((name) => shortened(name, max));
  const seen = new Map<string, number>();
  const alike = new Map<string, number>();
  for (const label of labels) alike.set(label, (alike.get(label) ?? 0) + 1);
  return labels.map((label) => {
    if (alike.get(label)! < 2) return label;
    const nth = (seen.get(label) ?? 0) + 1;
    seen.set(label, nth);
    return `${shortened(label, max - 3)} #${nth}`;
  });
}
