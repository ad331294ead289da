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
} from './icons';
export {
  IconCopy,
  IconRefresh,
  IconSwap,
  IconSwapVertical,
  IconBolt,
  IconTether,
  IconCheckCircle,
  IconCrossCircle,
  IconClock, IconSend, IconRequest, IconWithdraw } from './action-icons';
export type { IconProps, ActionIconProps } from './make-icon';
