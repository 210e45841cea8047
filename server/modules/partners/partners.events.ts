/** A partner was created (onboarding rules will assign its first forms on this). */
export interface PartnerCreated {
  type: 'PartnerCreated';
  partnerId: string;
}
