export { AmountSheetFooter, AmountField, SheetStack, SheetLead } from './amount-sheet';
