/** The signed-in person as every route and page sees them (read from the session, cached briefly). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'staff';
  emailVerified: boolean;
}
