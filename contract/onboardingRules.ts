/** What comes next for one partner: the onboarding rules that have not fired for it yet (GET /next-partner-forms/upcoming). */
export interface UpcomingPartnerFormsDto {
  partnerId: string;
  partnerName: string;
  /** `after` is the source form's name; `assign` the target's. */
  items: { ruleId: string; after: string; assign: string }[];
}
