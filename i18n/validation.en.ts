/** Messages of the contract's schemas, shared by the browser and the server. */
export default {
  validation: {
    required: 'This field is required',
    maxLength: 'At most %{max} characters',
    minLength: 'At least %{min} characters',
    email: 'Invalid email. Please enter a valid email',
    phone: 'Invalid phone number',
    website: 'Invalid website address (http:// or https://)',
    id: 'Invalid identifier',
    passwordIsEmail: 'The password may not be your email',
    passwordMismatch: 'The password and confirm password do not match',
    passwordUnchanged: 'The new password must differ from the current one',
    avatarType: 'Only jpeg, jpg, png or gif images are allowed',
    avatarSize: 'The image may be at most 3 MB',
    typeError: 'Invalid value',
    unknownField: 'Unknown field',
    minValue: 'At least %{min}',
    maxValue: 'At most %{max}',
    orderBy: 'Sort by a field name, then asc or desc',
    fallback: 'Lỗi',
  },
};
