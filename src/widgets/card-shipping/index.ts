export { ShippingTracker } from './ui/shipping-tracker';
