import { existsSync } from 'node:fs';

/**
 * Loads `./.env` into the environment (variables already set win). Every entry point (the
 * service and each CLI) imports this module before anything else, because the entities choose
 * their column types from DB_TYPE when they are loaded.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
