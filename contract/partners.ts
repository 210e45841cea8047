/** A partner as the API answers it (contract/resources/partners.ts); `deleted` shows it disabled in the partner picker. */
export type { PartnerDto } from './resources/partners';
