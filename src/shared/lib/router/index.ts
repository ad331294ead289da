export { navigateFx, useRouterBinding, type NavigateTo } from './navigate';
export { createPageLifecycle, usePageLifecycle } from './page-lifecycle';
