/**
 * What a server-side session may hold. Later features add their own optional
 * fields here; the browser only ever holds the opaque session id.
 */
export interface SessionData {
  /** Set when a borrower has signed in. */
  customerId?: string;
  firstName?: string;
}
