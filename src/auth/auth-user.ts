import type { ApiRole } from '@app/erp-db';

/** The logged-in API user as handlers see it. */
export interface AuthUser {
  id: number;
  name: string;
  role: ApiRole;
  /** Matched against the article attribute RESTWEBSHOP; null = sees every article. */
  webshop: string | null;
  /** Matched against the media attribute VERWENDUNG. */
  usage: string | null;
}

/** A user's web-shop value as the service reads it: blank is none. */
export function userWebshop(webshop: string | null): string | null {
  return webshop?.trim() || null;
}
