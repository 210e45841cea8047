export interface PartnerDto {
  id: string;
  name: string;
  email: string;
  type: string;
  address: string;
  phone: string;
  website: string | null;
  contactPhone: string | null;
  /** Soft-deleted: shown disabled in the partner picker. */
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
}
