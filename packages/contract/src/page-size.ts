// A paged list's default and largest page size, without zod so the first screen can import them
// (the query schemas are in paging.ts).
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
