export { LimitsSection } from './ui/limits-section';
