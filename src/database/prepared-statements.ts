/** The SQL gateway under its former module name, for the importers that still use it. */
export { directQueries, queryNamed, queryPrepared, queryPreparedNamed } from './sql-gateway';
