export { SegmentedControl, type SegmentedControlProps, type SegmentOption } from './segmented-control';
