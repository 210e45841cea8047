/** The business calendar and SLA targets card (being written). */
export function ServiceLevelSettingsCard() {
  return null;
}
