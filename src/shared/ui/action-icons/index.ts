export {
  IconCopy,
  IconRefresh,
  IconSwap,
  IconSwapVertical,
  IconBolt,
  IconTether,
  IconCheckCircle,
  IconCrossCircle,
  IconClock,
  type ActionIconProps,
} from './action-icons';
