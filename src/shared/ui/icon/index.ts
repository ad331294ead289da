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
} from './icons';
