export { OperatorsPage } from './ui/operators-page';
