import { describe, expect, it } from 'vitest';
import { distinctTickLabels, FUNNEL_TICK_MAX } from '../../../../src/pages/home/staff/funnelTickLabels';

describe("the funnel's axis labels", () => {
  it('keeps short names whole', () => {
    expect(distinctTickLabels(['KYC', 'Bank details'])).toEqual(['KYC', 'Bank details']);
  });

  it('cuts long names in the middle, so two of one family stay apart, within the axis width', () => {
    const labels = distinctTickLabels(['Supplier onboarding (EU)', 'Supplier onboarding (Asia)']);
    expect(new Set(labels).size).toBe(2);
    expect(labels[0]).toMatch(/^Supplier.*….*\(EU\)$/);
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(FUNNEL_TICK_MAX);
  });

  it('numbers labels still alike (same start and end)', () => {
    const labels = distinctTickLabels(['Supplier onboarding form A final', 'Supplier onboarding form B final', 'KYC']);
    expect(labels).toHaveLength(3);
    expect(new Set(labels).size).toBe(3);
    expect(labels[0]).toMatch(/#1$/);
    expect(labels[1]).toMatch(/#2$/);
    expect(labels[2]).toBe('KYC');
    for (const label of labels) expect(label.length).toBeLessThanOrEqual(FUNNEL_TICK_MAX);
  });
});
