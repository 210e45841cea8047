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
}

export interface UserRoleDto {
  roleId: string;
  roleName: string;
  description: string | null;
  enabled: boolean;
}
