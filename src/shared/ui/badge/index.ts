export { Badge, type BadgeProps, type BadgeTone } from './badge';
