export { StatementExport } from './ui/statement-export';
export type { StatementAccount } from './model/export';
