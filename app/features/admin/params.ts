/** A page number from the URL: whole numbers from 1 up; anything else is the first page. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}
