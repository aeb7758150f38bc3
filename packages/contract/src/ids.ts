import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (serial) column. */
export const INT4_MAX = 2_147_483_647;

/**
 * The id of a row in a serial table (members, channels, banners, ...) as a request carries it: a
 * positive integer within the column's range, so an id past it is the client's mistake (422), never a
 * query error. Query strings and path parameters are text, hence the coercion.
 */
export const ZRowId = z.coerce.number().int().positive().max(INT4_MAX);
/** The same in a JSON body, where a number must already be a number. */
export const ZRowIdNumber = z.number().int().positive().max(INT4_MAX);
