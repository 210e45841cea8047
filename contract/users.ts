/** DTOs of the accounts API. */
export interface UserDto {
  id: string;
  fullName: string;
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  phoneNumber: string | null;
  partnerId: string | null;
  partnerName: string | null;
  roleId: string | null;
  role: string | null;
  isActive: boolean;
  emailConfirmed: boolean;
  organization: string | null;
  imageUrl: string | null;
  createdAt: string;
  /** Until when the account's sign-in is held after failed attempts (an admin may lift it), or null. */
  heldUntil: string | null;
  /** Since when mail to the account's address bounces (a delivery report said so): nothing is sent to it until cleared. */
  mailBouncedAt: string | null;
  /** True only for a deleted user read by id (react-admin's getMany shows references to them). */
  deleted?: boolean;
  /** The record's version: the ETag of `GET /users/{id}`, sent back in If-Match. */
  version?: string;
}

export interface UserRoleDto {
  roleId: string;
  roleName: string;
  description: string | null;
  enabled: boolean;
}
