export { Skeleton, ScreenSkeleton } from './skeleton';
