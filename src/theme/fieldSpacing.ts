/** How far an outlined field's floating label rises above its border (MUI shrinks it to translate(14px, -9px)). */
export const FLOATING_LABEL_RISE = 9;

/** Room between a helper or error text and the next field's label, with Vietnamese marks stacked above it. */
export const LABEL_CLEARANCE = 3;

/**
 * Fields in forms stack without margins, so a helper text ended where the next field's border began and its
 * floating label (and an error above it) overlapped. The helper text now leaves room for that label.
 */
export const helperTextOverrides = {
  root: { lineHeight: 1.5, marginBottom: FLOATING_LABEL_RISE + LABEL_CLEARANCE },
} as const;
