export type Role = 'user' | 'expert' | 'anchor' | 'moderator' | 'admin' | 'promoter';

/** Who is calling, as the API and the pages see it. */
export interface SessionUser {
  uid: number;
  username: string;
  roles: Role[];
}

/** Turns a login token into its user; an unknown token fails with 3000, an expired or revoked one with 3001. */
export interface SessionResolver {
  resolve(token: string): Promise<SessionUser>;
}
