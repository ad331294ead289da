export { Section, Card, type SectionProps, type CardProps } from './section';
