import { InitialSchema1700000000000 } from './1700000000000-initial-schema';

/** Every migration in order, listed explicitly (no globs). */
export const ERP_MIGRATIONS = [InitialSchema1700000000000];
