export { navigateFx, locationChanged, $location, routeChanged, useRouterBinding, type NavigateTo, type RouteLocation } from './navigate';
export { createPageLifecycle, usePageLifecycle, type PageLifecycle } from './page-lifecycle';
