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
  /** The record's version, answered as its ETag and sent back as If-Match. */
  version?: string;
}
