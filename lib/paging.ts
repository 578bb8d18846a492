import { z } from 'zod';

/** Which page of a list a caller asks for: pages count from 1. */
export interface PageQuery {
  pageIndex: number;
  pageSize: number;
}

/** One page of a list and how many rows the list has in all: every paged /java answer has this shape. */
export interface Page<T> extends PageQuery {
  list: T[];
  total: number;
}

/** The answer schema of a paged call, for the OpenAPI document and the answer check. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
  });
