/** The onboarding funnel's stages, in the order a partner form passes them. */
export const FUNNEL_STAGES = ['assigned', 'inProgress', 'submitted', 'reopened'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
