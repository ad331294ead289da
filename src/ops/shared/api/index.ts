export { createPagedList } from './paged-list';
export { createConsoleAction } from './console-action';
