import { z } from 'zod';
import { pageQuery } from '../../platform/paging';

/** How many competitions, teams or players a page of the library lists. */
export const LIBRARY_PAGE_SIZE = 30;

/** Browsing a catalogue of the library: by games and part of the name, a page at a time. */
export const catalogueQuery = z
  .object({
    /** Catalogue game ids, comma-separated. */
    gameIds: z
      .string()
      .regex(/^\d{1,4}(,\d{1,4}){0,39}$/)
      .transform((ids) => ids.split(',').map(Number))
      .optional(),
    text: z.string().trim().min(1).max(60).optional(),
  })
  .extend(pageQuery({ defaultSize: LIBRARY_PAGE_SIZE, maxSize: 100 }).shape);

export const leagueListQuery = catalogueQuery.extend({
  region: z.string().trim().min(1).max(16).optional(),
});
