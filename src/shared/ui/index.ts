import './theme/theme.css';

export { Button, LinkButton, buttonClassName, type ButtonProps, type LinkButtonProps, type ButtonVariant } from './button';
export { TextField, type TextFieldProps } from './text-field';
export { Select, type SelectProps, type SelectOption } from './select';
export { CodeInput, type CodeInputProps } from './code-input';
export { Section, Card, type SectionProps, type CardProps } from './section';
export { List, ListItem, type ListItemProps } from './list';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Spinner, type SpinnerProps } from './spinner';
export { Skeleton, ScreenSkeleton, type SkeletonProps } from './skeleton';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorState, type ErrorStateProps } from './error-state';
export { ErrorBoundary, type ErrorBoundaryProps } from './error-boundary';
export { Sheet, type SheetProps } from './sheet';
export { Page, type PageProps } from './page';
export { SegmentedControl, type SegmentedControlProps, type SegmentOption } from './segmented-control';
export { Amount, type AmountProps } from './amount';
export { PaymentSchemeMark, PAYMENT_SCHEME_NAMES, type PaymentSchemeMarkProps } from './payment-scheme-mark';
export { SummaryList, type SummaryListProps, type SummaryRow } from './summary-list';
export { Alert, type AlertProps, type AlertTone } from './alert';
export { notify, preloadToasts, ToastHost, type NotifyOptions, type ToastId } from './toast';
export {
  IconWallet,
  IconCard,
  IconSettings,
  IconArrowLeft,
  IconChevronRight,
  IconTopUp,
  IconGift,
  IconAlert,
  IconInbox,
  type IconProps,
} from './icon';
export { IconCopy, IconRefresh, IconSwap, IconSwapVertical, IconBolt, IconTether, IconCheckCircle, IconCrossCircle, IconClock, type ActionIconProps } from './action-icons';
