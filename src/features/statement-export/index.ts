export { StatementExport } from './ui/statement-export';
