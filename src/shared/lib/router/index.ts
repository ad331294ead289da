export { navigateFx, useRouterBinding, type NavigateTo } from './navigate';
export { createPageLifecycle, usePageLifecycle, type PageLifecycle } from './page-lifecycle';
