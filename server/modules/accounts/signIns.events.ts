/** Sign-ins of a user ended (by the user, by staff, by signing out): every instance refuses their tokens and closes their hub connections. */
export interface SignInsEnded {
  type: 'SignInsEnded';
  userId: string;
  signInIds: string[];
}
