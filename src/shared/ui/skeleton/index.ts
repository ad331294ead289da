export { Skeleton, ScreenSkeleton, type SkeletonProps } from './skeleton';
