export { createPagedList, type ListFilters, type PagedList } from './paged-list';
export { createConsoleAction, type ConsoleAction } from './console-action';
